// The convolution "kernel under test": createConvolution in circular mode with a random filter of N
// taps (`--conv-taps M`: M), whatever path it takes at N: the fused kernel (load -> forward FFT -> x H/P -> inverse FFT ->
// store, one pass) where one workgroup holds N, the four-step path beyond (forward column passes,
// the fused rows pass, inverse column passes: 3 passes at 2^16-2^20 with 1024 invocations, 5 at
// 2^22; `plan.passes` says which), Bluestein lengths createFFT's passes. Against
// the cuFFT anchor's three-kernel path of the same name (`conv`: rfft -> x H -> irfft; `c2c_conv`:
// fft -> x H -> ifft). Bytes as the anchor counts them: each signal read once and written once (the
// filter spectrum, read from cache by every workgroup, is not counted). conv2 / c2c_conv2: n x n
// images with n x n taps (the one-kernel 2D path where it fits); the cuFFT anchor has no 2D
// convolution, so they stand alone.
import { createConvolution } from '../src/index.js';
import { rotatingCase } from './buffers.js';
import type { BenchCase, CaseOptions } from './case.js';

export interface ConvolutionCaseSpec {
  /** conv2 / c2c_conv2: n x n images with n x n taps (createConvolution's 2D paths). */
  readonly kind: 'conv' | 'c2c_conv' | 'conv2' | 'c2c_conv2';
  readonly n: number;
  readonly precision: string;
  readonly batch: number;
  /** 1D kinds: the filter's taps (default N). */
  readonly taps?: number;
}

/** Seeded taps in [-1, 1) (timing does not depend on the values; never all zero). */
function filterTaps(count: number): Float32Array {
  const out = new Float32Array(count);
  let s = 0x2545f491;
  for (let i = 0; i < count; i++) {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    out[i] = (s / 0x1_0000_0000) * 2 - 1;
  }
  return out;
}

export async function makeConvolutionCase(device: GPUDevice, spec: ConvolutionCaseSpec, options: CaseOptions = {}): Promise<BenchCase> {
  const precision = spec.precision;
  if (precision !== 'f32' && precision !== 'f16' && precision !== 'f64') throw new Error(`(FFT error) createConvolution takes f16, f32 or f64, not ${precision}`);
  const type = spec.kind === 'conv' || spec.kind === 'conv2' ? 'real' : 'complex';
  const image = spec.kind === 'conv2' || spec.kind === 'c2c_conv2';
  // f16 / f64: the user's buffers hold f16 values or df64 pairs (inputBytes / outputBytes count them); the taps stay a Float32Array.
  const conv = await createConvolution(device, {
    shape: image ? [spec.n, spec.n] : spec.n,
    type,
    mode: 'circular',
    filter: filterTaps((type === 'complex' ? 2 : 1) * (image ? spec.n * spec.n : (spec.taps ?? spec.n))),
    batch: spec.batch,
    ...(precision === 'f32' ? {} : { precision }),
  });
  return rotatingCase(device, spec, conv, options.copies ?? 1);
}
