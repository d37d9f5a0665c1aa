// What the convolution plans beyond the fused kernel share around their passes: the GPU objects a
// plan owns (destroyed together, on failure or by destroy()), the check of the creation's error
// scope, and the check of encode()'s buffers.
import { checkIOBuffers } from '../host/checks.js';
import type { ConvolutionBuffers } from './types.js';

/** The objects a plan owns, and the buffers it creates (labelled after the plan, at least 16 bytes). */
export function ownedResources(device: GPUDevice, label: string) {
  const made: { destroy(): void }[] = [];
  const own = <T extends { destroy(): void }>(g: T): T => {
    made.push(g);
    return g;
  };
  const buffer = (size: number, usage: number, name: string): GPUBuffer =>
    own(device.createBuffer({ size: Math.max(16, size), usage, label: `${label} ${name}` }));
  const uniform = (data: BufferSource, name: string): GPUBuffer => {
    const b = buffer(data.byteLength, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST, name);
    device.queue.writeBuffer(b, 0, data);
    return b;
  };
  const destroyAll = () => {
    for (const m of made) m.destroy();
  };
  return { own, buffer, uniform, destroyAll };
}

/** Pops the validation scope pushed before the plan's GPU work and throws what it caught. */
export async function checkCreated(device: GPUDevice): Promise<void> {
  const creationError = await device.popErrorScope();
  if (creationError) throw new Error(`webfftdx: createConvolution: GPU validation error while creating the plan: ${creationError.message}`);
}

/** encode()'s buffers, checked; `canInPlace` false: input and output must differ. */
export function convolutionIO(
  buffers: ConvolutionBuffers,
  bytes: { readonly inputBytes: number; readonly outputBytes: number },
  l: { readonly mode: string; readonly outputLength: number; readonly signalLength: number },
  canInPlace: boolean,
): { input: GPUBuffer; output: GPUBuffer; inPlace: boolean } {
  const io = checkIOBuffers(buffers, bytes.inputBytes, bytes.outputBytes);
  if (io.inPlace && !canInPlace) {
    throw new Error(
      `webfftdx: convolution encode: mode '${l.mode}' writes ${l.outputLength} points per signal from ${l.signalLength}: it cannot run in place; pass an output buffer`,
    );
  }
  return io;
}
