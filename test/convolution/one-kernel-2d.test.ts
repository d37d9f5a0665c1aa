// createConvolution's one-kernel 2D path (FFT shapes createFFT's one-pass kernels hold: one workgroup
// per signal runs the forward transform, the pointwise multiply and the inverse; complex layouts as
// the phased engine, kernels/any-shape/one-pass-engine.ts, real ones axis by axis,
// kernels/any-shape/one-pass.ts, both with `convolution`) against f64 direct convolutions, on a
// default-limits device: complex circular [32, 64] (out of place and in place), complex linear
// [30, 60] (zero-padding and crop in the engine kernel's load and store), real circular [32, 64] and
// real same [30, 60] through the engine with two real signals per complex transform (3 signals: the
// last transform has one; a { spectrum } extended to the full spectrum on the host), real linear
// [30, 40] and real same [30, 40] with a { spectrum } filter (FFT shape [32, 48], axis by axis), a
// pointwise gain by formula on the row-major index ky * Sx + kx; 3 signals; outputs poisoned with
// NaN; ||y - y_ref|| / (||x|| ||h||) <= 1e-6. 9 kernels (one per plan shape and mode, two in place,
// one with the pointwise function).
import { describe, expect, it } from 'vitest';
import { convolutionLayout, createConvolution, type Convolution } from '../../src/index.js';
import { referenceFFTN, referenceRFFTN } from '../../src/reference-nd.js';
import { batchedReference, convolutionError, directConvolution2D } from '../support/convolution.js';
import { testDevice, withErrorScopes } from '../support/gpu.js';
import { makeSeed, randomFloats } from '../support/random.js';
import { runPoisoned } from './harness.js';

const seed = makeSeed();
const BATCH = 3;
const BOUND = 1e-6;

async function plan(options: Parameters<typeof createConvolution>[1]): Promise<Convolution> {
  const { device } = await testDevice();
  const conv = await withErrorScopes(device, () => createConvolution(device, options));
  // One pass over global memory, and convolutionLayout says so before any GPU work.
  expect(conv.passes.map((p) => p.kernel)).toEqual(['fused-2d']);
  const query = { shape: options.shape, type: options.type, mode: options.mode, ...(options.filterShape ? { filterShape: options.filterShape } : {}) };
  expect(convolutionLayout(device.limits, query).passes).toBe(1);
  return conv;
}

describe(`createConvolution, one-kernel 2D (seed ${seed})`, () => {
  it('complex circular [32, 64]: 3 x 5 and 32 x 64 filters, out of place and in place', async () => {
    const { device } = await testDevice();
    const shape = [32, 64] as const;
    const x = randomFloats(2 * 32 * 64 * BATCH, seed + 1);
    for (const f of [
      [3, 5],
      [32, 64],
    ] as const) {
      const h = randomFloats(2 * f[0] * f[1], seed + f[0]);
      const conv = await plan({ shape, type: 'complex', mode: 'circular', filter: h, filterShape: f, batch: BATCH });
      expect(conv.fftShape).toEqual([32, 64]);
      expect(conv.passes[0].does).toMatch(/Stockham engine phased by axis/);
      const want = batchedReference(x, BATCH, (s) => directConvolution2D(s, h, shape, f, true, 'circular'));
      expect(convolutionError(await runPoisoned(device, conv, x), want, x, h), `${f}`).toBeLessThanOrEqual(BOUND);
      expect(convolutionError(await runPoisoned(device, conv, x, true), want, x, h), `${f} in place`).toBeLessThanOrEqual(BOUND);
      conv.destroy();
    }
  });

  it('complex linear [30, 60], 3 x 5 taps (FFT shape [32, 64]): the phased engine with zero-padding and crop', async () => {
    const { device } = await testDevice();
    const shape = [30, 60] as const;
    const f = [3, 5] as const;
    const x = randomFloats(2 * 30 * 60 * BATCH, seed + 4);
    const h = randomFloats(2 * 15, seed + 5);
    const conv = await plan({ shape, type: 'complex', mode: 'linear', filter: h, filterShape: f, batch: BATCH });
    expect(conv.fftShape).toEqual([32, 64]);
    expect(conv.outputShape).toEqual([32, 64]);
    expect(conv.passes[0].does).toMatch(/Stockham engine phased by axis/);
    const want = batchedReference(x, BATCH, (s) => directConvolution2D(s, h, shape, f, true, 'linear'));
    expect(convolutionError(await runPoisoned(device, conv, x), want, x, h)).toBeLessThanOrEqual(BOUND);
    conv.destroy();
  });

  it('real circular [32, 64] (5 x 3 taps) and same [30, 60] (3 x 5, a { spectrum }): two signals per engine transform, an odd batch', async () => {
    const { device } = await testDevice();
    const f = [5, 3] as const;
    const h = randomFloats(15, seed + 6);
    const x = randomFloats(32 * 64 * BATCH, seed + 7);
    const circular = await plan({ shape: [32, 64], type: 'real', mode: 'circular', filter: h, filterShape: f, batch: BATCH });
    expect(circular.passes[0].does).toMatch(/one workgroup per two real signals/);
    const want = batchedReference(x, BATCH, (s) => directConvolution2D(s, h, [32, 64], f, false, 'circular'));
    expect(convolutionError(await runPoisoned(device, circular, x), want, x, h)).toBeLessThanOrEqual(BOUND);
    expect(convolutionError(await runPoisoned(device, circular, x, true), want, x, h), 'in place').toBeLessThanOrEqual(BOUND);
    circular.destroy();
    // 'same' with 3 x 5 taps given as the half spectrum of the padded taps (np.fft.rfft2): extended to the full spectrum on the host.
    const g = [3, 5] as const;
    const k = randomFloats(15, seed + 9);
    const padded = new Float64Array(32 * 64);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 5; j++) padded[i * 64 + j] = k[i * 5 + j];
    const spectrum = Float32Array.from(referenceRFFTN(padded, [32, 64], 1));
    const y = randomFloats(30 * 60 * BATCH, seed + 8);
    const same = await plan({ shape: [30, 60], type: 'real', mode: 'same', filter: { spectrum }, filterShape: g, batch: BATCH });
    expect(same.fftShape).toEqual([32, 64]);
    expect(same.passes[0].does).toMatch(/one workgroup per two real signals/);
    const wantSame = batchedReference(y, BATCH, (s) => directConvolution2D(s, k, [30, 60], g, false, 'same'));
    expect(convolutionError(await runPoisoned(device, same, y), wantSame, y, k)).toBeLessThanOrEqual(BOUND);
    same.destroy();
  });

  it('real linear and same [30, 40] (FFT shape [32, 48]): taps, then a { spectrum } (np.fft.rfft2 of the padded taps)', async () => {
    const { device } = await testDevice();
    const shape = [30, 40] as const;
    const f = [3, 3] as const;
    const x = randomFloats(30 * 40 * BATCH, seed + 2);
    const h = randomFloats(9, seed + 3);
    const linear = await plan({ shape, type: 'real', mode: 'linear', filter: h, filterShape: f, batch: BATCH });
    expect(linear.fftShape).toEqual([32, 48]);
    expect(linear.passes[0].does).not.toMatch(/Stockham engine/);
    expect(linear.outputShape).toEqual([32, 42]);
    const wantLinear = batchedReference(x, BATCH, (s) => directConvolution2D(s, h, shape, f, false, 'linear'));
    expect(convolutionError(await runPoisoned(device, linear, x), wantLinear, x, h)).toBeLessThanOrEqual(BOUND);
    linear.destroy();
    const padded = new Float64Array(32 * 48);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) padded[i * 48 + j] = h[i * 3 + j];
    const spectrum = Float32Array.from(referenceRFFTN(padded, [32, 48], 1));
    const same = await plan({ shape, type: 'real', mode: 'same', filter: { spectrum }, filterShape: f, batch: BATCH });
    const wantSame = batchedReference(x, BATCH, (s) => directConvolution2D(s, h, shape, f, false, 'same'));
    expect(convolutionError(await runPoisoned(device, same, x), wantSame, x, h)).toBeLessThanOrEqual(BOUND);
    same.destroy();
  });

  it('pointwise without a filter: a gain by formula on the row-major index ky * 64 + kx (complex circular [32, 64])', async () => {
    const { device } = await testDevice();
    const [ny, nx] = [32, 64];
    const [sy, sx] = [5, 9];
    const conv = await plan({
      shape: [ny, nx],
      type: 'complex',
      mode: 'circular',
      batch: BATCH,
      pointwise: /* wgsl */ `
        fn signed(k: u32, n: u32) -> f32 { return select(f32(k), f32(k) - f32(n), k > n / 2u); }
        fn pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32> {
          let ky = signed(index / ${nx}u, ${ny}u) / ${sy}.0;
          let kx = signed(index % ${nx}u, ${nx}u) / ${sx}.0;
          // (-i)^ky: tells ky from -ky.
          let r = (index / ${nx}u) % 4u;
          let v = select(select(select(x, vec2<f32>(x.y, -x.x), r == 1u), -x, r == 2u), vec2<f32>(-x.y, x.x), r == 3u);
          return v * (h.x * exp(-(ky * ky + kx * kx)) * f32(fft + 1u));
        }`,
    });
    const x = randomFloats(2 * ny * nx * BATCH, seed + 4);
    const spectrum = referenceFFTN(x, [ny, nx], BATCH, -1);
    const signed = (k: number, n: number) => (k > n / 2 ? k - n : k);
    const rot = [
      [1, 0],
      [0, -1],
      [-1, 0],
      [0, 1],
    ];
    for (let b = 0; b < BATCH; b++) {
      for (let ky = 0; ky < ny; ky++) {
        for (let kx = 0; kx < nx; kx++) {
          const g = (Math.exp(-((signed(ky, ny) / sy) ** 2 + (signed(kx, nx) / sx) ** 2)) * (b + 1)) / (ny * nx);
          const [c, d] = rot[ky % 4];
          const i = 2 * ((b * ny + ky) * nx + kx);
          const [re, im] = [spectrum[i], spectrum[i + 1]];
          spectrum[i] = g * (re * c - im * d);
          spectrum[i + 1] = g * (re * d + im * c);
        }
      }
    }
    const want = referenceFFTN(spectrum, [ny, nx], BATCH, 1);
    expect(convolutionError(await runPoisoned(device, conv, x), want, x, [BATCH])).toBeLessThanOrEqual(BOUND);
    conv.destroy();
  });
});
