// createConvolution's f64 plans on a device whose fma rounds once (hasExactFma mocked to true:
// lavapipe's fma rounds twice, so these kernels are built and compiled here but never run): the
// one-kernel 2D path and createFFT's passes take the fma df64 products in their FFTs and in the df64
// pointwise helpers (no Veltkamp splits), and the WGSL compiles. (The fused kernel, the 1D four-step
// and the 2D fused column pass are checked on their generated WGSL in f64.test.ts,
// fourstep-precision.test.ts and one-kernel-2d-precision.test.ts.)
import { describe, expect, it, vi } from 'vitest';
import { createConvolution } from '../../src/index.js';
import { testDevice, withErrorScopes } from '../support/gpu.js';

vi.mock('../../src/host/fma.js', () => ({ hasExactFma: async () => true }));

describe("createConvolution precision 'f64' with exactFma (mocked device answer)", () => {
  const pointwise = 'fn pointwise(fft: u32, index: u32, x: vec4<f32>, h: vec4<f32>) -> vec4<f32> { return df64_cmul(x, h); }';
  it('one-kernel 2D [16, 32] and createFFT\'s passes (97, Bluestein): fma products, no splits, valid WGSL', async () => {
    const { device } = await testDevice();
    const base = { type: 'complex', mode: 'circular', batch: 1, precision: 'f64', pointwise } as const;
    const plans = await withErrorScopes(device, async () => [
      await createConvolution(device, { ...base, shape: [16, 32], filterShape: [2, 2], filter: new Float64Array(8).fill(0.25) }),
      await createConvolution(device, { ...base, shape: 97, filter: new Float64Array(6).fill(0.25) }),
    ]);
    expect(plans[0].passes.map((p) => p.kernel)).toEqual(['fused-2d']);
    expect(plans[1].passes.some((p) => p.kernel === 'inverse')).toBe(true);
    for (const conv of plans) {
      expect(conv.code).toContain('fma(');
      expect(conv.code).toContain('fn df64_cmul(');
      expect(conv.code).not.toContain('_dsplit(');
      conv.destroy();
    }
  });
});
