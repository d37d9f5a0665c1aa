// The FFT "kernel under test": the library's batched FFT for a descriptor built with the public
// operators, targeting the device's actual limits (as a user tuning for that device would, e.g.
// 48 KiB of workgroup memory on NVIDIA through Vulkan).
import { Block, Direction, fft, Limits, Precision, RealFFTOptions, Size, Type, type FFTLimits } from '../src/index.js';
import { C2C_ROWS_PASS_MAX } from '../src/any-shape/passes.js';
import { makeAnyShapeCase } from './any-shape-case.js';
import { makeBatchedCase, type FFTCaseSpec } from './batched-case.js';
import type { BenchCase, CaseOptions } from './case.js';

export type { FFTCaseSpec } from './batched-case.js';

/** The device's actual limits as FFT Limits (what a user tuning for that device would pass). */
export function deviceLimits(device: GPUDevice): FFTLimits {
  return {
    maxComputeWorkgroupStorageSize: device.limits.maxComputeWorkgroupStorageSize,
    maxComputeInvocationsPerWorkgroup: device.limits.maxComputeInvocationsPerWorkgroup,
    subgroups: device.features.has('subgroups'),
  };
}

/** The descriptor a case measures; throws FFTDescriptorError when the engine does not support it. */
export function benchDescriptor(device: GPUDevice, spec: FFTCaseSpec) {
  const type = spec.kind === 'r2c_folded' ? 'r2c' : spec.kind === 'c2r_folded' ? 'c2r' : spec.kind;
  const mode = spec.kind.endsWith('_folded') ? 'folded' : 'normal';
  return fft(
    Size(spec.n),
    Type(type),
    Direction(type === 'c2r' ? 'inverse' : 'forward'),
    RealFFTOptions('natural', mode),
    Precision(spec.precision),
    Block(),
    Limits(deviceLimits(device)),
  );
}

/**
 * The case for a spec: the batched one-workgroup kernel of the descriptor; createFFT for 2D images
 * (fft2), for C2C lengths beyond one workgroup (the descriptor refuses them) and for C2C f32 lengths
 * beyond C2C_ROWS_PASS_MAX (createFFT's passes beat the batched kernel there), in the spec's precision.
 */
export function makeFFTCase(device: GPUDevice, spec: FFTCaseSpec | (Omit<FFTCaseSpec, 'kind'> & { kind: 'fft2' | 'rfft2' | 'irfft2' }), options: CaseOptions = {}): Promise<BenchCase> {
  if (spec.kind === 'fft2' || spec.kind === 'rfft2' || spec.kind === 'irfft2') return makeAnyShapeCase(device, { kind: spec.kind, n: spec.n, batch: spec.batch, precision: spec.precision }, options);
  const fft = spec as FFTCaseSpec;
  // Longer C2C f32 rows: createFFT's two passes, faster than the batched kernel's (src/any-shape/passes.ts).
  if (fft.kind === 'c2c' && fft.precision === 'f32' && fft.n > C2C_ROWS_PASS_MAX) return makeAnyShapeCase(device, { kind: 'c2c', n: fft.n, batch: fft.batch, precision: fft.precision }, options);
  let desc;
  try {
    desc = benchDescriptor(device, fft);
  } catch (e) {
    if (fft.kind === 'c2c') return makeAnyShapeCase(device, { kind: 'c2c', n: fft.n, batch: fft.batch, precision: fft.precision }, options);
    throw e;
  }
  return makeBatchedCase(device, desc, fft, options);
}
