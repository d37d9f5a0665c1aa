// The gallery's hand-written kernel pairs (cuFFTDx's fft_2d, seed 000's four-step FFT) run here too,
// so that the composition helpers they show (stridedAccessWGSL, fourStepTwiddleWGSL) are checked
// against the f64 reference on every test run, on a device with WebGPU's default limits.
import { describe, expect, it } from 'vitest';
import { fft2dUserKernels } from '../examples/fft2d-user-kernels.js';
import { fourStepUserKernels } from '../examples/four-step-user-kernels.js';
import { testDevice, withErrorScopes } from './support/gpu.js';

// Powers of two up to 2^20: issue 17's bound for createFFT, which these kernel pairs mirror.
const BOUND = 6e-7;

describe('examples: kernel pairs built from two descriptors', () => {
  for (const example of [fft2dUserKernels, fourStepUserKernels]) {
    it(`${example.name}: ${example.summary}`, async () => {
      const { device } = await testDevice();
      const result = await withErrorScopes(device, () => example.run({ device, adapterName: 'test' }));
      expect(result.error).toBeLessThanOrEqual(BOUND);
    });
  }
});
