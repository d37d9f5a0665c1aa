// Circular convolutions whose length has a prime factor above 13, given their taps, run as linear
// convolutions of the signal with its last M - 1 values in front (src/convolution/plan.ts
// circularPrefix): one fused kernel where the padded length fits one workgroup, the four-step path's
// 3 passes beyond, instead of createFFT's Bluestein passes. Against f64 direct circular sums, on a
// default-limits device, outputs poisoned with NaN, 5 signals against one filter, filters of 1, 3 and
// N taps; in place; f16 and f64 on the fused kernel; the window kernel's wrap (createFFT's passes
// path, where the four-step split is missing) on its own. A pointwise function or a { spectrum }
// filter keeps P = N (Bluestein): multipass.test.ts covers those.
import { describe, expect, it } from 'vitest';
import { convolutionLayout, createConvolution, type Convolution, type ConvolutionType } from '../../src/index.js';
import { windowKernel, windowParams, WINDOW_BINDINGS, ELEMENTWISE_WORKGROUP } from '../../src/convolution/multipass-kernels.js';
import { batchedReference, convolutionError, directConvolution, fftConvolution } from '../support/convolution.js';
import { runDispatch, testDevice, withErrorScopes } from '../support/gpu.js';
import { makeSeed, randomFloats } from '../support/random.js';
import { runPoisoned } from './harness.js';

const seed = makeSeed();
const BATCH = 5;
const BOUND = 1e-6;

async function plan(options: Parameters<typeof createConvolution>[1]): Promise<Convolution> {
  const { device } = await testDevice();
  return withErrorScopes(device, () => createConvolution(device, options));
}

interface Case {
  readonly type: ConvolutionType;
  readonly n: number;
  /** Taps, each with the FFT length and the kernels the plan must have. */
  readonly filters: readonly { readonly m: number; readonly p: number }[];
  readonly kernels: readonly string[];
}

const N1 = 2 ** 16 + 3; // a prime beyond one workgroup
const CASES: readonly Case[] = [
  // Fused: complex P = the measured length the rates rate fastest >= N + M - 1 (fused-rates.ts: 100, 100, 256), real the
  // next power of two (folded).
  { type: 'complex', n: 97, filters: [{ m: 1, p: 100 }, { m: 3, p: 100 }, { m: 97, p: 256 }], kernels: ['fused'] },
  { type: 'real', n: 97, filters: [{ m: 3, p: 128 }, { m: 97, p: 256 }], kernels: ['fused'] },
  // 2^16 + 3: the four-step path at the linear plan's length (65610 = 2 3^8 5), 3 passes instead of Bluestein's 8 / 10.
  // M = N: 131077 outputs -> P = 131220 = 2^2 3^8 5.
  { type: 'complex', n: N1, filters: [{ m: 1, p: 65610 }, { m: 3, p: 65610 }, { m: 64, p: 65610 }, { m: N1, p: 131220 }], kernels: ['forward-column', 'fused-rows', 'inverse-column'] },
  { type: 'real', n: N1, filters: [{ m: 3, p: 65610 }, { m: 64, p: 65610 }, { m: N1, p: 131220 }], kernels: ['forward-column', 'fused-rows', 'inverse-column'] },
];

describe(`createConvolution, circular through a linear convolution (seed ${seed})`, () => {
  for (const c of CASES) {
    it(`${c.type} circular N=${c.n}, M=${c.filters.map((f) => f.m).join('/')}`, async () => {
      const { device } = await testDevice();
      const complex = c.type === 'complex';
      const per = complex ? 2 : 1;
      const x = randomFloats(per * c.n * BATCH, seed + c.n);
      for (const { m, p } of c.filters) {
        const h = randomFloats(per * m, seed + 7 * m + 1);
        const conv = await plan({ shape: c.n, type: c.type, mode: 'circular', filter: h, batch: BATCH });
        expect(conv.passes.map((q) => q.kernel)).toEqual(c.kernels);
        if (m > 1) expect(conv.passes[0].does).toMatch(new RegExp(`last ${m - 1}.* in front \\(circular through linear\\)`));
        expect(conv.fftLength).toBe(p);
        expect(conv.outputLength).toBe(c.n);
        expect(convolutionLayout(device.limits, { shape: c.n, type: c.type, mode: 'circular', taps: m })).toMatchObject({ fftLength: p, passes: c.kernels.length });
        // Direct sums where they are cheap, else the f64 FFT convolution (multipass.test.ts checks it against direct sums).
        const reference = c.n * m <= 2e7 ? directConvolution : fftConvolution;
        const want = batchedReference(x, BATCH, (s) => reference(s, h, complex, 'circular'));
        expect(convolutionError(await runPoisoned(device, conv, x), want, x, h), `M = ${m}, P = ${p}`).toBeLessThanOrEqual(BOUND);
        if (m === c.filters[c.filters.length - 1].m) {
          expect(convolutionError(await runPoisoned(device, conv, x, true), want, x, h), `M = ${m} in place`).toBeLessThanOrEqual(BOUND);
        }
        conv.destroy();
      }
    });
  }

  it('a { spectrum } filter or a pointwise function keeps P = N (createFFT\'s Bluestein passes)', () => {
    const limits = { maxComputeWorkgroupStorageSize: 16384, maxComputeInvocationsPerWorkgroup: 256 };
    const query = { shape: 97, type: 'complex', mode: 'circular', taps: 3 } as const;
    expect(convolutionLayout(limits, query)).toMatchObject({ engine: 'c2c', fftLength: 100, passes: 1 });
    expect(convolutionLayout(limits, { ...query, spectrum: true })).toMatchObject({ engine: 'multipass', fftLength: 97 });
    expect(convolutionLayout(limits, { ...query, pointwise: true })).toMatchObject({ engine: 'multipass', fftLength: 97 });
    // 2D keeps its Bluestein axes too.
    expect(convolutionLayout(limits, { shape: [37, 16], type: 'complex', mode: 'circular', filterShape: [3, 3] })).toMatchObject({ fftShape: [37, 16] });
  });

  it('the window kernel pads a 1D signal with its last floats wrapped in front (createFFT\'s passes path)', async () => {
    const { device } = await testDevice();
    // 3 signals of 7 complex values (14 floats) into 12-value rows: 2 values wrapped in front, 10 - 9 = 1 zero after.
    const [batch, n, wrap, p] = [3, 7, 2, 12];
    const src = Float32Array.from({ length: batch * 2 * n }, (_, i) => i + 1);
    // runDispatch binds by index: the window kernel's bindings are src 0, dst 1, params 2.
    expect(WINDOW_BINDINGS).toEqual({ src: 0, dst: 1, params: 2 });
    const [, out] = await runDispatch(device, {
      code: windowKernel('f32'),
      workgroups: [Math.ceil((batch * 2 * p) / ELEMENTWISE_WORKGROUP)],
      bindings: [
        { data: src, kind: 'read-only-storage' },
        { size: batch * 2 * p * 4, read: true },
        { data: windowParams(batch, { rows: 1, cols: 2 * p }, { rows: 1, cols: 2 * n }, 0, 0, Math.ceil((batch * 2 * p) / ELEMENTWISE_WORKGROUP), 2 * wrap), kind: 'uniform' },
      ],
    });
    const want = new Float32Array(batch * 2 * p);
    for (let b = 0; b < batch; b++) {
      for (let i = 0; i < n + wrap; i++) {
        const j = (i - wrap + n) % n;
        want[2 * (b * p + i)] = src[2 * (b * n + j)];
        want[2 * (b * p + i) + 1] = src[2 * (b * n + j) + 1];
      }
    }
    expect(Array.from(out!)).toEqual(Array.from(want));
  });
});
