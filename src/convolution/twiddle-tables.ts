// The f64 convolution kernels' FFTs read their stage twiddles from tables (WGSLOptions.twiddleTable,
// kernels/twiddle-table.ts), as createBatchedFFT's f64 kernels do: the forward FFT's at one binding,
// the inverse's at the next. Shared by the one-kernel path (create.ts) and the four-step rows pass.
import { generateModule } from '../../kernels/module.js';
import type { WGSLModule } from '../../kernels/types.js';
import { uploadTwiddleTable } from '../batched/twiddle-table.js';
import { FORWARD_TWIDDLE_BINDING, INVERSE_TWIDDLE_BINDING } from './kernel.js';
import { FWD_PREFIX, INV_PREFIX } from './plan.js';

interface FFTPair {
  readonly forward: WGSLModule;
  readonly inverse: WGSLModule;
}

/**
 * The pair's modules regenerated (same names and workgroup buffers) for a df64 kernel: with the fma
 * df64 products where the device's fma rounds once, and reading their twiddles from tables.
 */
export function df64Pair<L extends FFTPair>(layout: L, exactFma: boolean): L {
  const again = (m: WGSLModule, prefix: string, binding: number) =>
    generateModule(m.plan, { prefix, sharedMemory: m.sharedMemory, ...(exactFma ? { exactFma } : {}), twiddleTable: { group: 0, binding } });
  return { ...layout, forward: again(layout.forward, FWD_PREFIX, FORWARD_TWIDDLE_BINDING), inverse: again(layout.inverse, INV_PREFIX, INVERSE_TWIDDLE_BINDING) };
}

/** The pair's twiddle tables uploaded: their buffers (to destroy with the plan) and bind group entries. */
export function uploadPairTables(device: GPUDevice, layout: FFTPair, label: string): { buffers: GPUBuffer[]; entries: GPUBindGroupEntry[] } {
  const tables = [uploadTwiddleTable(device, layout.forward, `${label} forward`), uploadTwiddleTable(device, layout.inverse, `${label} inverse`)].filter((t) => t !== undefined);
  return { buffers: tables.map((t) => t.buffer), entries: tables.map((t) => t.entry) };
}
