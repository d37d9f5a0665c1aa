// The stage twiddle table of a batched kernel (WGSLOptions.twiddleTable, kernels/twiddle-table.ts):
// which plans use one, and its buffer. Shared by createBatchedFFT and createFFT's rows pass, which
// run the same kernel.
import type { WGSLModule, WGSLOptions } from '../../kernels/types.js';
import { TWIDDLE_TABLE_BINDING } from './kernel.js';

/**
 * The wgsl() option that makes a batched kernel of this precision read its stage twiddles from a
 * table: f64 only (+14-23 % on an H100 at 256-4096, bench/NOTES.md run 49; f32 measured slower).
 */
export function twiddleTableOption(precision: string): Pick<WGSLOptions, 'twiddleTable'> {
  return precision === 'f64' ? { twiddleTable: { group: 0, binding: TWIDDLE_TABLE_BINDING } } : {};
}

/** The module's twiddle table uploaded to a new storage buffer (undefined when it reads none), and its bind group entry. */
export function uploadTwiddleTable(device: GPUDevice, module: WGSLModule, label: string): { buffer: GPUBuffer; entry: GPUBindGroupEntry } | undefined {
  const data = module.twiddleTable?.data;
  if (!data) return undefined;
  const buffer = device.createBuffer({ size: data.byteLength, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST, label: `${label} twiddle table` });
  device.queue.writeBuffer(buffer, 0, data);
  return { buffer, entry: { binding: module.twiddleTable!.binding, resource: { buffer } } };
}
