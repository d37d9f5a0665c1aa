// A benchmark case around createFFT (src/any-shape): large 1D C2C lengths one workgroup cannot hold
// (kind c2c beyond the Block FFT limit) and 2D C2C n x n images (kind fft2, as the cuFFT anchor's
// torch.fft.fft2; rfft2 / irfft2 their R2C / C2R), out of place or in place (C2C), on the device's actual limits, in
// any of createFFT's precisions.
import { createFFT, makeWorkspace } from '../src/index.js';
import { rotatingCase } from './buffers.js';
import type { BenchCase, CaseOptions } from './case.js';

export interface AnyShapeCaseSpec {
  readonly kind: 'c2c' | 'fft2' | 'rfft2' | 'irfft2';
  /** 1D length, or the side of the n x n image. */
  readonly n: number;
  readonly batch: number;
  /** Default f32; f64 (df64) and f16 (needs shader-f16) as createFFT takes them. */
  readonly precision?: 'f16' | 'f32' | 'f64';
}

export async function makeAnyShapeCase(device: GPUDevice, spec: AnyShapeCaseSpec, options: CaseOptions = {}): Promise<BenchCase> {
  const shape = spec.kind === 'c2c' ? [spec.n] : [spec.n, spec.n];
  const precision = spec.precision ?? 'f32';
  const type = spec.kind === 'rfft2' ? 'r2c' : spec.kind === 'irfft2' ? 'c2r' : 'c2c';
  const plan = await createFFT(device, { shape, type, direction: type === 'c2r' ? 'inverse' : 'forward', precision, batch: spec.batch, ...(options.tuning ? { tuning: options.tuning } : {}) });
  for (const p of plan.passes) {
    if (p.tuning?.method === 'measure') console.log(`    tuning (${p.what}): ${p.tuning.timings.map((t) => `E${t.elementsPerThread} ${t.ms.toFixed(4)} ms`).join(', ')}`);
  }
  const workspace = makeWorkspace(device, plan);
  // As for every case: the bytes a one-pass kernel must move (the passes move more; that is the point).
  return rotatingCase(device, { ...spec, precision }, plan, options.copies ?? 1, workspace, options.placement);
}
