// createConvolution beyond the fused kernel, against f64 references, on a default-limits device (16 KiB,
// 256 invocations: the fused kernel stops at complex 8192 / real 16384 there):
// - the four-step path (1D lengths createFFT splits without Bluestein: forward column passes, the fused
//   rows pass, inverse column passes; 2D: rows, the column axis's passes around the fused column pass,
//   rows), the pad and crop in the first and last passes: 1D 65610 (2^16 + 3 linear and same), 2^18 and 2^19,
//   2D 64², 100 x 60 and 512², with the pass counts asserted (docs/convolution.md's table);
// - createFFT's passes with the pointwise function in the inverse's load callback where the four-step
//   path does not apply: 97 circular with a { spectrum } filter or a pointwise function, 2D [37, 16]
//   circular (Bluestein; given the taps, 1D circular prime lengths run as linear convolutions:
//   circular-prefix.test.ts).
// Circular, linear and same, real and complex; filters of 1, 3, 64 and N taps; 5 signals against one
// filter; pointwise functions (correlation; gains by formula on the natural frequency index, which a
// wrong digit order fails); { spectrum } filters (permuted on the host); outputs poisoned with NaN;
// ||y - y_ref|| / (||x|| ||h||) <= 1e-6. Every (type, FFT shape) compiles its own pass kernels (a few
// seconds each on lavapipe), so filters, modes and the pointwise tests share FFT shapes wherever the
// matrix allows. 56 s with a cold shader cache (MESA_SHADER_CACHE_DIR an empty folder,
// vitest.config.ts's lavapipe settings, load average 2.5 from other jobs; about 15 s of it the
// Bluestein 2^16 + 3 cases, since moved to circular-prefix.test.ts's four-step plans), 27 s warm
// (2-core VM, 2026-11-24).
// WEBFFTDX_FULL=1 adds 2^22.
import { describe, expect, it } from 'vitest';
import { convolutionLayout, createConvolution, type Convolution, type ConvolutionMode, type ConvolutionType } from '../../src/index.js';
import { referenceFFTN, referenceRFFTN } from '../../src/reference-nd.js';
import {
  batchedReference,
  convolutionError,
  directConvolution,
  directConvolution2D,
  directConvolutionAt,
  directCorrelation,
  fftConvolution,
} from '../support/convolution.js';
import { FULL } from '../support/full.js';
import { testDevice, withErrorScopes } from '../support/gpu.js';
import { makeSeed, randomFloats } from '../support/random.js';
import { CORRELATION_WGSL, runPoisoned } from './harness.js';

const seed = makeSeed();
const BATCH = 5;
const BOUND = 1e-6;
/** Above this many multiply-adds per signal, the reference is the f64 FFT convolution (plus direct spot checks). */
const DIRECT_WORK = 2e7;

async function plan(options: Parameters<typeof createConvolution>[1]): Promise<Convolution> {
  const { device } = await testDevice();
  return withErrorScopes(device, () => createConvolution(device, options));
}

/**
 * The four-step path (1D lengths createFFT splits without Bluestein): p - 1 forward column passes,
 * the fused rows pass, p - 1 inverse column passes; no pad or crop pass (fused into the first and
 * last), `passes` in all.
 */
function expectFourStep(conv: Convolution, passes: number): void {
  const columns = (passes - 1) / 2;
  expect(conv.passes.map((p) => p.kernel)).toEqual([...Array(columns).fill('forward-column'), 'fused-rows', ...Array(columns).fill('inverse-column')]);
  expect(conv.passes.find((p) => p.kernel === 'fused-rows')?.does).toMatch(/no transposition/);
  expect(conv.code).toMatch(/conv_natural/);
  // f32 rows read their slice of the filter spectrum into registers before the forward FFT (4096-point rows: part of it).
  expect(conv.code).toMatch(/conv_h\[0\] = conv_spectrum\[/);
}

/**
 * The 2D four-step path: the rows' forward FFTs, the column axis's forward column passes, the fused
 * column pass, the inverse column passes, the rows' inverse FFTs; no pad, crop or multiply pass.
 */
function expectFourStep2D(conv: Convolution, passes: number): void {
  const columns = (passes - 3) / 2;
  expect(conv.passes.map((p) => p.kernel)).toEqual(['rows-forward', ...Array(columns).fill('forward-column'), 'fused-columns', ...Array(columns).fill('inverse-column'), 'rows-inverse']);
  expect(conv.passes.find((p) => p.kernel === 'fused-columns')?.does).toMatch(/no transposition/);
  expect(conv.code).toMatch(/conv_natural/);
}

/**
 * Complex FFT shapes the phased engine holds (kernels/any-shape/one-pass-engine.ts) take one kernel
 * (forward engine, pointwise, inverse engine), not the four-step path's 3 passes.
 */
function expectEngineKernel(conv: Convolution): void {
  expect(conv.passes.map((p) => p.kernel)).toEqual(['fused-2d']);
  expect(conv.passes[0].does).toMatch(/Stockham engine phased by axis/);
  expect(conv.code).toMatch(/a convolution: forward engine, pointwise, inverse engine/);
}

/** Every pass of the plan is a multi-pass one (no fused kernel), with the pad and crop where the mode needs them. */
function expectMultiPass(conv: Convolution, mode: ConvolutionMode): void {
  const kinds = conv.passes.map((p) => p.kernel);
  expect(kinds).not.toContain('fused');
  // The multiply is fused into the inverse's first pass: no pass of its own.
  expect(conv.passes.find((p) => p.kernel === 'inverse')?.does).toMatch(/fused into its reads/);
  expect(conv.code).toMatch(/fn pointwise/);
  expect(kinds.includes('pad')).toBe(mode !== 'circular');
  expect(kinds.includes('crop')).toBe(mode !== 'circular');
}

interface Case1D {
  readonly type: ConvolutionType;
  readonly mode: ConvolutionMode;
  readonly n: number;
  /** Filter lengths run on plans of the same FFT length (the same kernels). */
  readonly taps: readonly number[];
  /** The FFT length the plans must have. */
  readonly p: number;
  /** Passes per encode under the default limits; odd: the four-step path (forward columns, fused rows, inverse columns). */
  readonly passes: number;
  /** Signals (default BATCH). */
  readonly batch?: number;
  /** Four-step path: registers of the rows pass that read their spectrum slice before the forward FFT (default: all). */
  readonly prefetched?: number;
}

const N1 = 2 ** 16 + 3; // 65539, a prime
const N2 = 2 ** 18;

const CASES_1D: readonly Case1D[] = [
  // Linear and same pad to 65610 = 2 3^8 5 (the next 7-smooth length >= N + M - 1; under these limits
  // no estimate picks another: bench/NOTES.md run 69).
  { type: 'complex', mode: 'linear', n: N1, taps: [64], p: 65610, passes: 3 },
  { type: 'complex', mode: 'same', n: N1, taps: [3], p: 65610, passes: 3 },
  { type: 'real', mode: 'same', n: N1, taps: [64], p: 65610, passes: 3 },
  { type: 'real', mode: 'linear', n: N1, taps: [3], p: 65610, passes: 3 },
  // 2^18: beyond one workgroup (real 16384 is the fused limit here). Linear with 1 tap: P = N, the circular plan's FFTs.
  { type: 'real', mode: 'circular', n: N2, taps: [64, N2], p: N2, passes: 3 },
  { type: 'real', mode: 'linear', n: N2, taps: [1], p: N2, passes: 3 },
  { type: 'complex', mode: 'circular', n: N2, taps: [3], p: N2, passes: 3 },
  // 2^19 = 128 x 4096: 4096-point rows read the first 8 registers' spectrum before the forward FFT, the rest after it.
  { type: 'complex', mode: 'circular', n: 2 * N2, taps: [3], p: 2 * N2, passes: 3, batch: 2, prefetched: 8 },
  // More taps than signal points: the filter spectrum's first pass reads one 2^18-point signal of its own.
  { type: 'real', mode: 'linear', n: 100, taps: [N2 - 99], p: N2, passes: 3 },
  // 2^22 (WEBFFTDX_FULL=1 only: 100 s on lavapipe with a cold shader cache and LLVM's optimisations, 13 s warm; errors 3.7e-7 and 3.2e-7, 2026-11-24).
  ...(FULL
    ? [
        // One signal: 5 x 2^22 complex values exceed the default 128 MiB storage binding.
        { type: 'complex', mode: 'circular', n: 2 ** 22, taps: [64], p: 2 ** 22, passes: 5, batch: 1 } as const,
        { type: 'real', mode: 'linear', n: 2 ** 22, taps: [3], p: 4214784, passes: 5, batch: 1 } as const,
      ]
    : []),
];

describe(`createConvolution, multi-pass path (seed ${seed})`, () => {
  for (const c of CASES_1D) {
    it(`1D ${c.type} ${c.mode} N=${c.n}, M=${c.taps.join('/')}`, async () => {
      const { device } = await testDevice();
      const complex = c.type === 'complex';
      const per = complex ? 2 : 1;
      const batch = c.batch ?? BATCH;
      const x = randomFloats(per * c.n * batch, seed + c.n);
      for (const m of c.taps) {
        const h = randomFloats(per * m, seed + 7 * m + 1);
        const conv = await plan({ shape: c.n, type: c.type, mode: c.mode, filter: h, batch });
        if (c.passes % 2) {
          expectFourStep(conv, c.passes);
          if (c.prefetched !== undefined) expect(conv.code).toContain(`var conv_h: array<vec2<f32>, ${c.prefetched}>;`);
          // Real signals with the plain multiply run two at a time (real and imaginary parts of one complex signal).
          expect(conv.passes[0].does.includes('two real signals each')).toBe(c.type === 'real');
        } else expectMultiPass(conv, c.mode);
        expect(conv.fftLength).toBe(c.p);
        expect(conv.passes).toHaveLength(c.passes);
        expect(convolutionLayout(device.limits, { shape: c.n, type: c.type, mode: c.mode, taps: m }).passes).toBe(c.passes);
        expect(conv.outputLength).toBe(c.mode === 'linear' ? c.n + m - 1 : c.n);
        const y = await runPoisoned(device, conv, x);
        const direct = c.n * m <= DIRECT_WORK;
        const want = batchedReference(x, batch, (s) => (direct ? directConvolution : fftConvolution)(s, h, complex, c.mode));
        expect(convolutionError(y, want, x, h), `M = ${m}, P = ${conv.fftLength}`).toBeLessThanOrEqual(BOUND);
        if (!direct) {
          // The f64 FFT reference itself against direct sums, at a few outputs of the last signal.
          const last = x.subarray(per * c.n * (batch - 1));
          const offset = per * conv.outputLength * (batch - 1);
          for (const k of [0, 1, c.n >> 1, conv.outputLength - 1]) {
            const [re, im] = directConvolutionAt(last, h, complex, c.mode, k);
            expect(Math.abs(want[offset + per * k] - re)).toBeLessThan(1e-9 * Math.sqrt(m));
            if (complex) expect(Math.abs(want[offset + per * k + 1] - im)).toBeLessThan(1e-9 * Math.sqrt(m));
          }
        }
        conv.destroy();
      }
    }, c.n >= 2 ** 22 ? 600_000 : undefined);
  }

  it('1D pointwise: circular cross-correlation x * conj(h) on the four-step path (real 2^18)', async () => {
    const h = randomFloats(64, seed + 21);
    const conv = await plan({
      shape: N2,
      type: 'real',
      mode: 'circular',
      filter: h,
      batch: BATCH,
      pointwise: CORRELATION_WGSL,
    });
    expectFourStep(conv, 3);
    const x = randomFloats(N2 * BATCH, seed + 22);
    const { device } = await testDevice();
    const y = await runPoisoned(device, conv, x);
    const want = batchedReference(x, BATCH, (s) => directCorrelation(s, h, false));
    expect(convolutionError(y, want, x, h)).toBeLessThanOrEqual(BOUND);
    conv.destroy();
  });

  // A gain by formula, without a filter: a Gaussian of the signed frequency k' times (-i)^k (a shift by V / 4, exact
  // in f32) times (signal + 1). It tells k from V - k and from any other permutation of the spectrum's order.
  const gainWGSL = (v: number) => /* wgsl */ `
    fn pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32> {
      let k = select(f32(index), f32(index) - ${v}.0, index > ${v / 2}u) / ${v / 16}.0;
      let g = h.x * exp(-k * k) * f32(fft + 1u);
      let r = index % 4u;
      let y = select(select(select(x, vec2<f32>(x.y, -x.x), r == 1u), -x, r == 2u), vec2<f32>(-x.y, x.x), r == 3u);
      return y * g;
    }`;
  for (const type of ['complex', 'real'] as const) {
    it(`1D pointwise without a filter on the four-step path: the natural frequency index (${type} 2^18${type === 'real' ? ', the half spectrum' : ''})`, async () => {
      const { device } = await testDevice();
      const complex = type === 'complex';
      const conv = await plan({ shape: N2, type, mode: 'circular', batch: BATCH, pointwise: gainWGSL(N2) });
      expectFourStep(conv, 3);
      const x = randomFloats((complex ? 2 : 1) * N2 * BATCH, seed + 51);
      const asComplex = complex ? x : Float64Array.from({ length: 2 * N2 * BATCH }, (_, i) => (i % 2 === 0 ? x[i / 2] : 0));
      const spectrum = referenceFFTN(asComplex, [N2], BATCH, -1);
      const rot = [
        [1, 0],
        [0, -1],
        [-1, 0],
        [0, 1],
      ];
      for (let b = 0; b < BATCH; b++) {
        for (let k = 0; k < N2; k++) {
          const ks = (k > N2 / 2 ? k - N2 : k) / (N2 / 16);
          const g = (Math.exp(-ks * ks) * (b + 1)) / N2;
          const [c, d] = rot[k % 4];
          const i = 2 * (b * N2 + k);
          const [re, im] = [spectrum[i], spectrum[i + 1]];
          spectrum[i] = g * (re * c - im * d);
          spectrum[i + 1] = g * (re * d + im * c);
        }
      }
      const back = referenceFFTN(spectrum, [N2], BATCH, 1);
      const want = complex ? back : Float64Array.from({ length: N2 * BATCH }, (_, i) => back[2 * i]);
      expect(convolutionError(await runPoisoned(device, conv, x), want, x, [BATCH])).toBeLessThanOrEqual(BOUND);
      conv.destroy();
    });
  }

  it("createFFT's passes where a circular prime length keeps P = N (97, Bluestein): a { spectrum } filter (complex), a pointwise correlation (real)", async () => {
    const { device } = await testDevice();
    const n = 97;
    for (const type of ['complex', 'real'] as const) {
      const complex = type === 'complex';
      const per = complex ? 2 : 1;
      const h = randomFloats(per * 3, seed + 71);
      const padded = new Float64Array(2 * n);
      if (complex) padded.set(h);
      else h.forEach((v, j) => (padded[2 * j] = v));
      // numpy's fft(h, 97) / rfft(h, 97): 97 or 49 complex values.
      const spectrum = Float32Array.from(referenceFFTN(padded, [n], 1, -1).subarray(0, complex ? 2 * n : 2 * (n >> 1) + 2));
      const conv = complex
        ? await plan({ shape: n, type, mode: 'circular', filter: { spectrum }, batch: BATCH })
        : await plan({
            shape: n,
            type,
            mode: 'circular',
            filter: h,
            batch: BATCH,
            pointwise: CORRELATION_WGSL,
          });
      expectMultiPass(conv, 'circular');
      expect(conv.fftLength).toBe(n);
      expect(conv.passes).toHaveLength(2);
      const x = randomFloats(per * n * BATCH, seed + 72);
      const want = batchedReference(x, BATCH, (s) => (complex ? directConvolution(s, h, true, 'circular') : directCorrelation(s, h, false)));
      expect(convolutionError(await runPoisoned(device, conv, x), want, x, h), type).toBeLessThanOrEqual(BOUND);
      conv.destroy();
    }
  });

  it('1D { spectrum } on the four-step path (np.fft.fft / rfft of the padded taps, permuted on the host) and in place (2^18 circular)', async () => {
    const { device } = await testDevice();
    for (const type of ['complex', 'real'] as const) {
      const complex = type === 'complex';
      const per = complex ? 2 : 1;
      const m = 64;
      const h = randomFloats(per * m, seed + 61);
      const padded = new Float64Array(per * N2);
      padded.set(h);
      const spectrum = Float32Array.from(complex ? referenceFFTN(padded, [N2], 1, -1) : referenceRFFTN(padded, [N2], 1));
      const conv = await plan({ shape: N2, type, mode: 'circular', filter: { spectrum }, batch: BATCH });
      expectFourStep(conv, 3);
      const x = randomFloats(per * N2 * BATCH, seed + 62);
      const want = batchedReference(x, BATCH, (sig) => fftConvolution(sig, h, complex, 'circular'));
      expect(convolutionError(await runPoisoned(device, conv, x, true), want, x, h), type).toBeLessThanOrEqual(BOUND);
      conv.destroy();
    }
  });

  interface Case2D {
    readonly type: ConvolutionType;
    readonly mode: ConvolutionMode;
    readonly shape: readonly [number, number];
    readonly filters: readonly (readonly [number, number])[];
    /** What convolutionLayout chose for the padded shapes (the 7-smooth shape >= the full one with the fewest passes). */
    readonly fftShape: readonly [number, number];
    /** Passes per encode under the default limits (the 2D four-step path: 3 where the column axis is one pass). */
    readonly passes: number;
    /** Complex FFT shapes the phased engine holds: one kernel, not the four-step path. */
    readonly engineKernel?: true;
    /** The plan's kernels, where the path is neither of those two (one-kernel real 2D, createFFT's passes). */
    readonly kernels?: readonly string[];
  }
  const CASES_2D: readonly Case2D[] = [
    // filterShape left out for the full-size filter: the default is the signal's shape.
    { type: 'complex', mode: 'circular', shape: [64, 64], filters: [[64, 64], [3, 3], [1, 1]], fftShape: [64, 64], passes: 1, engineKernel: true },
    { type: 'real', mode: 'linear', shape: [64, 64], filters: [[3, 3]], fftShape: [72, 70], passes: 3 },
    { type: 'real', mode: 'same', shape: [64, 64], filters: [[5, 3]], fftShape: [72, 70], passes: 3 },
    { type: 'real', mode: 'same', shape: [100, 60], filters: [[5, 7]], fftShape: [108, 70], passes: 3 },
    { type: 'complex', mode: 'linear', shape: [100, 60], filters: [[3, 64]], fftShape: [108, 125], passes: 3 },
    { type: 'real', mode: 'circular', shape: [512, 512], filters: [[3, 3]], fftShape: [512, 512], passes: 5 },
    // A filter taller than the signal: its spectrum's rows pass reads the taps on the FFT shape (the signals' pass pads [8, 30]).
    { type: 'real', mode: 'linear', shape: [8, 30], filters: [[20, 3]], fftShape: [27, 32], passes: 3 },
    // The rest of issue 18's 2D matrix: each shape circular and linear, real and complex.
    { type: 'real', mode: 'circular', shape: [64, 64], filters: [[3, 3], [64, 64]], fftShape: [64, 64], passes: 1, kernels: ['fused-2d'] },
    { type: 'complex', mode: 'linear', shape: [64, 64], filters: [[3, 3]], fftShape: [72, 70], passes: 3 },
    { type: 'complex', mode: 'circular', shape: [100, 60], filters: [[3, 3], [100, 60]], fftShape: [100, 60], passes: 3 },
    { type: 'real', mode: 'circular', shape: [100, 60], filters: [[1, 1], [100, 60]], fftShape: [100, 60], passes: 3 },
    { type: 'real', mode: 'linear', shape: [100, 60], filters: [[5, 7]], fftShape: [108, 70], passes: 3 },
    { type: 'complex', mode: 'circular', shape: [512, 512], filters: [[3, 3]], fftShape: [512, 512], passes: 4, kernels: ['forward', 'forward', 'inverse', 'inverse'] },
    { type: 'real', mode: 'linear', shape: [512, 512], filters: [[3, 3]], fftShape: [525, 540], passes: 5 },
    { type: 'complex', mode: 'same', shape: [512, 512], filters: [[5, 5]], fftShape: [525, 525], passes: 5 },
  ];
  for (const c of CASES_2D) {
    it(`2D ${c.type} ${c.mode} [${c.shape.join(', ')}], filters ${c.filters.map((f) => f.join('x')).join(', ')}`, async () => {
      const { device } = await testDevice();
      const complex = c.type === 'complex';
      const per = complex ? 2 : 1;
      const points = c.shape[0] * c.shape[1];
      const x = randomFloats(per * points * BATCH, seed + points);
      for (const f of c.filters) {
        const h = randomFloats(per * f[0] * f[1], seed + 3 * f[0] + f[1]);
        const isDefault = f[0] === c.shape[0] && f[1] === c.shape[1];
        const conv = await plan({ shape: c.shape, type: c.type, mode: c.mode, filter: h, batch: BATCH, ...(isDefault ? {} : { filterShape: f }) });
        if (c.kernels) expect(conv.passes.map((p) => p.kernel)).toEqual(c.kernels);
        else if (c.engineKernel) expectEngineKernel(conv);
        else expectFourStep2D(conv, c.passes);
        expect(conv.fftShape).toEqual(c.fftShape);
        expect(convolutionLayout(device.limits, { shape: c.shape, type: c.type, mode: c.mode, filterShape: f }).passes).toBe(c.passes);
        const outShape = c.mode === 'linear' ? [c.shape[0] + f[0] - 1, c.shape[1] + f[1] - 1] : [...c.shape];
        expect(conv.outputShape).toEqual(outShape);
        const y = await runPoisoned(device, conv, x);
        const want = batchedReference(x, BATCH, (s) => directConvolution2D(s, h, c.shape, f, complex, c.mode));
        expect(convolutionError(y, want, x, h), `filter ${f.join('x')}`).toBeLessThanOrEqual(BOUND);
        conv.destroy();
      }
    });
  }

  it('2D four-step with a split column axis (real circular [512, 512]: 32 x 16): { spectrum } permuted on the host, a pointwise on the natural index', async () => {
    const { device } = await testDevice();
    const n = 512;
    const shape = [n, n] as const;
    // { spectrum }: np.fft.rfft2 of 3 x 3 taps zero-padded to [512, 512] (the kernels of the '[512, 512]' case above).
    const f = [3, 3] as const;
    const h = randomFloats(9, seed + 71);
    const padded = new Float64Array(n * n);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) padded[i * n + j] = h[i * 3 + j];
    const spectrum = Float32Array.from(referenceRFFTN(padded, [n, n], 1));
    const conv = await plan({ shape, type: 'real', mode: 'circular', filter: { spectrum }, filterShape: f, batch: BATCH });
    expectFourStep2D(conv, 5);
    const x = randomFloats(n * n * BATCH, seed + 72);
    const want = batchedReference(x, BATCH, (sig) => directConvolution2D(sig, h, shape, f, false, 'circular'));
    expect(convolutionError(await runPoisoned(device, conv, x, true), want, x, h)).toBeLessThanOrEqual(BOUND);
    conv.destroy();
    // A gain by formula: a Gaussian of the signed frequencies times (-i)^ky (exact, and it tells ky from any permutation of the rows).
    const [sy, sx] = [40, 25];
    const gain = await plan({
      shape,
      type: 'real',
      mode: 'circular',
      batch: BATCH,
      pointwise: /* wgsl */ `
        fn pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32> {
          let ky = index / ${n / 2 + 1}u;
          let y = select(f32(ky), f32(ky) - ${n}.0, ky > ${n / 2}u) / ${sy}.0;
          let xf = f32(index % ${n / 2 + 1}u) / ${sx}.0;
          let r = ky % 4u;
          let v = select(select(select(x, vec2<f32>(x.y, -x.x), r == 1u), -x, r == 2u), vec2<f32>(-x.y, x.x), r == 3u);
          return v * (h.x * exp(-(y * y + xf * xf)) * f32(fft + 1u));
        }`,
    });
    expectFourStep2D(gain, 5);
    const full = referenceFFTN(Float64Array.from({ length: 2 * n * n * BATCH }, (_, i) => (i % 2 === 0 ? x[i / 2] : 0)), [n, n], BATCH, -1);
    const signed = (k: number) => (k > n / 2 ? k - n : k);
    const rot = [
      [1, 0],
      [0, -1],
      [-1, 0],
      [0, 1],
    ];
    for (let b = 0; b < BATCH; b++) {
      for (let ky = 0; ky < n; ky++) {
        for (let kx = 0; kx < n; kx++) {
          const g = (Math.exp(-((signed(ky) / sy) ** 2 + (signed(kx) / sx) ** 2)) * (b + 1)) / (n * n);
          const [c, d] = rot[ky % 4];
          const i = 2 * ((b * n + ky) * n + kx);
          const [re, im] = [full[i], full[i + 1]];
          full[i] = g * (re * c - im * d);
          full[i + 1] = g * (re * d + im * c);
        }
      }
    }
    const back = referenceFFTN(full, [n, n], BATCH, 1);
    const wantGain = Float64Array.from({ length: n * n * BATCH }, (_, i) => back[2 * i]);
    expect(convolutionError(await runPoisoned(device, gain, x), wantGain, x, [BATCH])).toBeLessThanOrEqual(BOUND);
    gain.destroy();
  });

  it("2D circular with a Bluestein axis ([37, 16] complex): createFFT's passes, the multiply in the inverse's first reads", async () => {
    const { device } = await testDevice();
    const shape = [37, 16] as const;
    const f = [3, 3] as const;
    const h = randomFloats(2 * 9, seed + 81);
    const conv = await plan({ shape, type: 'complex', mode: 'circular', filter: h, filterShape: f, batch: BATCH });
    expectMultiPass(conv, 'circular');
    expect(conv.passes).toHaveLength(convolutionLayout(device.limits, { shape, type: 'complex', mode: 'circular', filterShape: f }).passes);
    const x = randomFloats(2 * 37 * 16 * BATCH, seed + 82);
    const want = batchedReference(x, BATCH, (sig) => directConvolution2D(sig, h, shape, f, true, 'circular'));
    expect(convolutionError(await runPoisoned(device, conv, x), want, x, h)).toBeLessThanOrEqual(BOUND);
    conv.destroy();
  });

  it('2D { spectrum } (np.fft.rfft2 of the taps zero-padded to the FFT shape) and in place (same mode)', async () => {
    const { device } = await testDevice();
    // The plan shape of 'real same [64, 64]' above: FFT shape [72, 70], the same kernels.
    const shape = [64, 64] as const;
    const f = [5, 3] as const;
    expect(convolutionLayout(device.limits, { shape, type: 'real', mode: 'same', filterShape: f })).toMatchObject({ fftShape: [72, 70], spectrumLength: 72 * 36 });
    const h = randomFloats(f[0] * f[1], seed + 31);
    const padded = new Float64Array(72 * 70);
    for (let i = 0; i < f[0]; i++) for (let j = 0; j < f[1]; j++) padded[i * 70 + j] = h[i * f[1] + j];
    const spectrum = Float32Array.from(referenceRFFTN(padded, [72, 70], 1));
    expect(spectrum.length).toBe(2 * 72 * 36);
    const conv = await plan({ shape, type: 'real', mode: 'same', filter: { spectrum }, filterShape: f, batch: BATCH });
    const x = randomFloats(64 * 64 * BATCH, seed + 32);
    const want = batchedReference(x, BATCH, (s) => directConvolution2D(s, h, shape, f, false, 'same'));
    expect(convolutionError(await runPoisoned(device, conv, x, true), want, x, h)).toBeLessThanOrEqual(BOUND);
    // run() gives the same.
    expect(convolutionError(await withErrorScopes(device, () => conv.run(x)), want, x, h)).toBeLessThanOrEqual(BOUND);
    conv.destroy();
  });

  it('2D pointwise without a filter (a Gaussian by formula on the row-major index ky * Px + kx), in place (complex circular [64, 64])', async () => {
    const { device } = await testDevice();
    const n = 64;
    // Different widths per axis, so that a transposed index fails.
    const [sy, sx] = [9, 4];
    // The FFT shape of '2D complex circular [64, 64]' above (the phased engine's one kernel, the user's pointwise between its directions).
    const conv = await plan({
      shape: [n, n],
      type: 'complex',
      mode: 'circular',
      batch: BATCH,
      pointwise: /* wgsl */ `
        fn signed(k: u32) -> f32 { return select(f32(k), f32(k) - ${n}.0, k > ${n / 2}u); }
        fn pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32> {
          let ky = signed(index / ${n}u) / ${sy}.0;
          let kx = signed(index % ${n}u) / ${sx}.0;
          return x * (h.x * exp(-(ky * ky + kx * kx)) * f32(fft + 1u));
        }`,
    });
    expectEngineKernel(conv);
    const x = randomFloats(2 * n * n * BATCH, seed + 41);
    const spectrum = referenceFFTN(x, [n, n], BATCH, -1);
    const signed = (k: number) => (k > n / 2 ? k - n : k);
    for (let b = 0; b < BATCH; b++) {
      for (let ky = 0; ky < n; ky++) {
        for (let kx = 0; kx < n; kx++) {
          const g = (Math.exp(-((signed(ky) / sy) ** 2 + (signed(kx) / sx) ** 2)) * (b + 1)) / (n * n);
          const i = 2 * ((b * n + ky) * n + kx);
          spectrum[i] *= g;
          spectrum[i + 1] *= g;
        }
      }
    }
    const want = referenceFFTN(spectrum, [n, n], BATCH, 1);
    // No filter norm: scale by ||x|| alone (the gain is at most BATCH).
    expect(convolutionError(await runPoisoned(device, conv, x, true), want, x, [BATCH])).toBeLessThanOrEqual(BOUND);
    conv.destroy();
  });
});
