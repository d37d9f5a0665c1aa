// createConvolution against an f64 direct convolution, on a device with WebGPU's default limits
// (16 KiB of workgroup memory, 256 invocations): circular, linear and same; real (pairs, folded and
// normal-mode engines) and complex; filters of 1, 3, 64 and N taps; 5 signals against one filter;
// outputs poisoned with NaN; error ||y - y_ref|| / (||x|| ||h||) <= 1e-6 (test/support/convolution.ts
// says why this scale). Every distinct (type, mode, N, M) is its own kernel (a software-Vulkan compile
// of two FFTs, about 10 s at 4096 cold with the suite's compile settings, 2026-11-28), so the default run
// samples the matrix: circular plans share one kernel across their filters, so every type, length
// (16, 100, 256, 1000, 4096) and filter length (1, 3, 64, N) runs circular; linear / same plans read N,
// M and the crop from uniforms (one kernel per padded length P), so each (type, length) runs one filter.
// WEBFFTDX_FULL=1 runs the whole matrix (type x mode x N in 16, 100, 256, 1000, 4096 x M in 1, 3, 64, N).
import { describe, expect, it } from 'vitest';
import { createConvolution, type ConvolutionMode, type ConvolutionType } from '../../src/index.js';
import { referenceDFT } from '../../src/reference.js';
import { batchedReference, convolutionError, directConvolution, directCorrelation } from '../support/convolution.js';
import { FULL } from '../support/full.js';
import { testDevice, withErrorScopes } from '../support/gpu.js';
import { makeSeed, randomFloats } from '../support/random.js';
import { CORRELATION_WGSL, runPoisoned } from './harness.js';

const seed = makeSeed();
const BATCH = 5;
const BOUND = 1e-6;

interface Case {
  readonly type: ConvolutionType;
  readonly mode: ConvolutionMode;
  readonly n: number;
  /** Filter lengths run against the same plan shape (one kernel for circular plans). */
  readonly taps: readonly number[];
}

const SAMPLE: readonly Case[] = [
  // circular: one kernel per (type, N), every filter length of the issue against it
  { type: 'complex', mode: 'circular', n: 16, taps: [1, 3, 16] },
  { type: 'real', mode: 'circular', n: 16, taps: [1, 3, 16] },
  { type: 'complex', mode: 'circular', n: 100, taps: [1, 3, 64, 100] },
  { type: 'real', mode: 'circular', n: 100, taps: [1, 3, 64, 100] }, // pairs engine, 100-point C2C
  { type: 'complex', mode: 'circular', n: 256, taps: [1, 3, 64, 256] },
  { type: 'real', mode: 'circular', n: 256, taps: [1, 3, 64, 256] }, // pairs engine, 256-point C2C
  { type: 'complex', mode: 'circular', n: 1000, taps: [1, 3, 64, 1000] },
  { type: 'real', mode: 'circular', n: 1000, taps: [1, 3, 64, 1000] }, // pairs engine (two signals per 1000-point C2C), odd batch
  { type: 'complex', mode: 'circular', n: 4096, taps: [1, 3, 64, 4096] },
  { type: 'real', mode: 'circular', n: 4096, taps: [1, 3, 64, 4096] },
  { type: 'real', mode: 'circular', n: 10000, taps: [3, 64] }, // beyond the pairs engine: folded, a 5000-point engine in one kernel
  // linear: one kernel per padded length P, so one filter length per (type, N)
  { type: 'complex', mode: 'linear', n: 16, taps: [16] }, // 31 outputs, P = 32
  { type: 'real', mode: 'linear', n: 16, taps: [4] }, // 19 outputs: odd, stored as scalars
  { type: 'complex', mode: 'linear', n: 100, taps: [3] }, // P = 108 (2^2 3^3)
  { type: 'real', mode: 'linear', n: 100, taps: [64] }, // P = 256 (folded: 128-point engine)
  { type: 'complex', mode: 'linear', n: 256, taps: [1] }, // P = N = 256
  { type: 'real', mode: 'linear', n: 256, taps: [256] },
  { type: 'complex', mode: 'linear', n: 1000, taps: [64] },
  { type: 'real', mode: 'linear', n: 1000, taps: [3] },
  { type: 'complex', mode: 'linear', n: 4096, taps: [4096] },
  { type: 'real', mode: 'linear', n: 4096, taps: [64] }, // 4159 outputs, P = 4374 (folded: a 2187-point engine, not 4096)
  { type: 'complex', mode: 'same', n: 100, taps: [3] }, // P = 108, outputs 1 .. 100
  { type: 'real', mode: 'same', n: 127, taps: [4] }, // odd N and odd crop: scalar loads and stores, P = 256
];

function fullMatrix(): Case[] {
  const out: Case[] = [];
  for (const type of ['real', 'complex'] as const) {
    for (const n of [16, 100, 256, 1000, 4096]) {
      out.push({ type, mode: 'circular', n, taps: [1, 3, 64, n].filter((m) => m <= n) });
      for (const m of [1, 3, 64, n]) out.push({ type, mode: 'linear', n, taps: [m] });
      out.push({ type, mode: 'same', n, taps: [Math.min(64, n)] });
    }
  }
  return out;
}

function caseName(c: Case): string {
  return `${c.type} ${c.mode} N=${c.n}, M=${c.taps.join('/')}`;
}

describe(`createConvolution on a default-limits device (seed ${seed})`, () => {
  for (const c of FULL ? fullMatrix() : SAMPLE) {
    it(caseName(c), async () => {
      const { device } = await testDevice();
      const complex = c.type === 'complex';
      const x = randomFloats((complex ? 2 : 1) * c.n * BATCH, seed + c.n);
      for (const m of c.taps) {
        const h = randomFloats((complex ? 2 : 1) * m, seed + 7 * m + 1);
        const conv = await withErrorScopes(device, () => createConvolution(device, { shape: c.n, type: c.type, mode: c.mode, filter: h, batch: BATCH }));
        expect(conv.passes).toHaveLength(1);
        expect(conv.outputLength).toBe(c.mode === 'linear' ? c.n + m - 1 : c.n);
        const y = await runPoisoned(device, conv, x);
        const want = batchedReference(x, BATCH, (s) => directConvolution(s, h, complex, c.mode));
        const error = convolutionError(y, want, x, h);
        expect(error, `M = ${m}, P = ${conv.fftLength}`).toBeLessThanOrEqual(BOUND);
        conv.destroy();
      }
    });
  }

  it('takes the spectrum directly ({ spectrum }, the unnormalised DFT of the zero-padded taps)', async () => {
    const { device } = await testDevice();
    // Shapes of the sample above (the same kernels): complex circular 16, real linear 16 with 4 taps (P = 32, rfft layout),
    // real circular 16 (pairs engine: the P/2 + 1 values extended to the Hermitian spectrum on the host).
    for (const [type, mode, n, m] of [['complex', 'circular', 16, 3], ['real', 'linear', 16, 4], ['real', 'circular', 16, 3]] as const) {
      const complex = type === 'complex';
      const h = randomFloats((complex ? 2 : 1) * m, seed + 11);
      const p = mode === 'circular' ? n : 32;
      const padded = new Float64Array(2 * p);
      for (let j = 0; j < m; j++) {
        padded[2 * j] = h[complex ? 2 * j : j];
        padded[2 * j + 1] = complex ? h[2 * j + 1] : 0;
      }
      const spectrum = Float32Array.from(referenceDFT(padded, p, -1).subarray(0, complex ? 2 * p : 2 * (p / 2 + 1)));
      const conv = await createConvolution(device, { shape: n, type, mode, filter: { spectrum, taps: m }, batch: BATCH });
      expect(conv.fftLength).toBe(p);
      const x = randomFloats((complex ? 2 : 1) * n * BATCH, seed + 12);
      const y = await runPoisoned(device, conv, x);
      const want = batchedReference(x, BATCH, (s) => directConvolution(s, h, complex, mode));
      expect(convolutionError(y, want, x, h)).toBeLessThanOrEqual(BOUND);
      conv.destroy();
    }
  });

  it('runs circular plans in place (output defaults to the input buffer)', async () => {
    const { device } = await testDevice();
    const h = randomFloats(2 * 3, seed + 13);
    const conv = await createConvolution(device, { shape: 16, type: 'complex', mode: 'circular', filter: h, batch: BATCH });
    const x = randomFloats(2 * 16 * BATCH, seed + 14);
    const y = await runPoisoned(device, conv, x, true);
    const want = batchedReference(x, BATCH, (s) => directConvolution(s, h, true, 'circular'));
    expect(convolutionError(y, want, x, h)).toBeLessThanOrEqual(BOUND);
    // run() (upload, encode out of place, read back) gives the same values.
    const z = await withErrorScopes(device, () => conv.run(x));
    expect(convolutionError(z, want, x, h)).toBeLessThanOrEqual(BOUND);
    conv.destroy();
  });

  it('pointwise: circular cross-correlation, x * conj(h) (real: each signal through the folded engine, or the normal one at odd N)', async () => {
    const { device } = await testDevice();
    const h = randomFloats(64, seed + 15);
    for (const [n, engine] of [
      [1000, /folded: 500-point/],
      [375, /normal/],
    ] as const) {
      const conv = await createConvolution(device, {
        shape: n,
        type: 'real',
        mode: 'circular',
        filter: h,
        batch: BATCH,
        pointwise: CORRELATION_WGSL,
      });
      expect(conv.passes[0].does).toMatch(engine);
      const x = randomFloats(n * BATCH, seed + 16);
      const y = await withErrorScopes(device, () => conv.run(x));
      const want = batchedReference(x, BATCH, (s) => directCorrelation(s, h, false));
      expect(convolutionError(y, want, x, h), `N = ${n}`).toBeLessThanOrEqual(BOUND);
      conv.destroy();
    }
  });

  it('pointwise: complex circular cross-correlation, and the product written out in linear and same mode', async () => {
    const { device } = await testDevice();
    const correlate = /* wgsl */ `
      fn pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32> {
        return vec2<f32>(x.x * h.x + x.y * h.y, x.y * h.x - x.x * h.y);
      }`;
    const multiply = /* wgsl */ `
      fn pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32> {
        return vec2<f32>(x.x * h.x - x.y * h.y, x.x * h.y + x.y * h.x);
      }`;
    const cases = [
      { n: 256, m: 64, mode: 'circular', pointwise: correlate, reference: (s: ArrayLike<number>, h: Float32Array) => directCorrelation(s, h, true) },
      { n: 100, m: 3, mode: 'linear', pointwise: multiply, reference: (s: ArrayLike<number>, h: Float32Array) => directConvolution(s, h, true, 'linear') },
      { n: 100, m: 3, mode: 'same', pointwise: multiply, reference: (s: ArrayLike<number>, h: Float32Array) => directConvolution(s, h, true, 'same') },
    ] as const;
    for (const c of cases) {
      const h = randomFloats(2 * c.m, seed + 18);
      const conv = await withErrorScopes(device, () => createConvolution(device, { shape: c.n, type: 'complex', mode: c.mode, filter: h, batch: BATCH, pointwise: c.pointwise }));
      const x = randomFloats(2 * c.n * BATCH, seed + 19);
      const y = await runPoisoned(device, conv, x);
      const want = batchedReference(x, BATCH, (s) => c.reference(s, h));
      expect(convolutionError(y, want, x, h), `${c.mode} N = ${c.n}, M = ${c.m}`).toBeLessThanOrEqual(BOUND);
      conv.destroy();
    }
  });

  it('pointwise without a filter: a Gaussian by formula, scaled by the signal index', async () => {
    const { device } = await testDevice();
    const n = 64;
    const sigma = 6;
    const conv = await createConvolution(device, {
      shape: n,
      type: 'complex',
      mode: 'circular',
      batch: BATCH,
      // h is (1/P, 0) without a filter; k above P/2 are the negative frequencies k - P.
      pointwise: /* wgsl */ `
        fn gauss(k: u32) -> f32 {
          let s = select(f32(k), f32(k) - ${n}.0, k > ${n / 2}u) / ${sigma}.0;
          return exp(-s * s);
        }
        fn pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32> {
          return x * (h.x * gauss(index) * f32(fft + 1u));
        }`,
    });
    const x = randomFloats(2 * n * BATCH, seed + 17);
    const y = await withErrorScopes(device, () => conv.run(x));
    const want = new Float64Array(2 * n * BATCH);
    for (let b = 0; b < BATCH; b++) {
      const spectrum = referenceDFT(x.subarray(2 * n * b, 2 * n * (b + 1)), n, -1);
      for (let k = 0; k < n; k++) {
        const s = (k > n / 2 ? k - n : k) / sigma;
        const g = (Math.exp(-s * s) * (b + 1)) / n;
        spectrum[2 * k] *= g;
        spectrum[2 * k + 1] *= g;
      }
      want.set(referenceDFT(spectrum, n, 1), 2 * n * b);
    }
    // No filter norm here: scale by ||x|| alone (the Gaussian's peak gain is 1 per unit of the index factor).
    expect(convolutionError(y, want, x, [BATCH])).toBeLessThanOrEqual(BOUND);
    conv.destroy();
  });
});
