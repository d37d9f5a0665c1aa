// f64 (df64) real FFTs on the software driver against the f64 reference (src/reference.ts) on fresh
// random inputs with all 53 bits random, outputs poisoned with NaN: R2C, C2R (the imaginary parts
// of X_0 / X_(N/2) and the full layout's upper half random, which must be ignored) and C2R(R2C(x))
// = N x, every layout x mode in Thread and Block execution, both Block APIs, Bluestein and the
// largest sizes. Relative L2 per FFT <= 1e-13 up to 4096 and <= 1e-12 above (issue 19); the
// reference's own error is checked to be far below that (its round trip).
// Few distinct kernels (a df64 kernel is a slow cold compile on lavapipe): each layout x mode once
// per execution, spread over sizes that take different paths (local and distributed twiddles, the
// complex and split exchanges, the packed broadcast of Bluestein, execute_shared);
// WEBFFTDX_FULL=1 adds Size(4096) (the normal maximum) and the split mirror pass in one part.
import { describe, expect, it } from 'vitest';
import type { FFTPlan } from '../../descriptors/model.js';
import type { DescriptorState } from '../../descriptors/plan.js';
import { complexToDF64, realFromDF64, complexFromDF64, realToDF64 } from '../../kernels/df64-layout.js';
import { referenceDFT, relativeL2 } from '../../src/reference.js';
import { runKernelChain } from '../support/chain.js';
import { FULL } from '../support/full.js';
import { testDevice } from '../support/gpu.js';
import { makeSeed, rng } from '../support/random.js';
import { buildKernelF64, scalarsF64 } from './f64-harness.js';
import { c2rReference, r2cReference, type Api, type BuiltKernel } from './harness.js';

interface F64Case {
  readonly label: string;
  readonly state: Omit<DescriptorState, 'type' | 'direction' | 'precision'>;
  readonly api: Api;
  readonly count: number;
}

/** Random f64 values in [-1, 1) with all 53 bits random. */
function random64(count: number, seed: number): Float64Array {
  const r = rng(seed);
  return Float64Array.from({ length: count }, () => 2 * (r() + r() * 2 ** -32) - 1);
}

/** f64 values of one side (reals, or interleaved complex) to the df64 buffer layout, and back. */
const pack = (plan: FFTPlan, side: 'input' | 'output', v: Float64Array) =>
  (side === 'input' ? plan.inputType : plan.outputType) === 'real' ? realToDF64(v) : complexToDF64(v);
const unpack = (plan: FFTPlan, side: 'input' | 'output', b: Float32Array) =>
  (side === 'input' ? plan.inputType : plan.outputType) === 'real' ? realFromDF64(b) : complexFromDF64(b);
/** f64 values of one element of a side. */
const values = (plan: FFTPlan, side: 'input' | 'output') => ((side === 'input' ? plan.inputType : plan.outputType) === 'real' ? 1 : 2);

interface Check {
  readonly label: string;
  readonly error: number;
  readonly bound: number;
}

async function checkCases(cases: readonly F64Case[], seed: number): Promise<Check[]> {
  const { device } = await testDevice();
  const dispatches: { kernel: BuiltKernel; input: Float32Array | { from: number } }[] = [];
  const checks: { label: string; index: number; per: number; got: (o: Float32Array) => Float64Array; want: Float64Array[]; n: number }[] = [];
  cases.forEach((c, idx) => {
    const r2c = buildKernelF64(`${c.label} r2c`, { ...c.state, type: 'r2c' }, c.api, c.count);
    const c2r = buildKernelF64(`${c.label} c2r`, { ...c.state, type: 'c2r' }, c.api, c.count);
    const n = r2c.plan.size;
    const batch = r2c.batch;
    const inR = r2c.plan.inputLength * values(r2c.plan, 'input');
    const inC = c2r.plan.inputLength * values(c2r.plan, 'input');
    const x = random64(batch * inR, seed + 7919 * idx);
    const spectrum = random64(batch * inC, seed + 7919 * idx + 1);
    const slice = (v: Float64Array, per: number, b: number) => v.subarray(per * b, per * (b + 1));
    const ffts = (v: Float64Array, per: number) => Array.from({ length: batch }, (_, b) => slice(v, per, b));
    dispatches.push({ kernel: r2c, input: pack(r2c.plan, 'input', x) });
    checks.push({ label: r2c.label, index: dispatches.length - 1, per: r2c.plan.outputLength * 2, n, got: (o) => unpack(r2c.plan, 'output', o), want: ffts(x, inR).map((v) => r2cReference(v, r2c.plan)) });
    dispatches.push({ kernel: c2r, input: pack(c2r.plan, 'input', spectrum) });
    checks.push({ label: c2r.label, index: dispatches.length - 1, per: c2r.plan.outputLength * values(c2r.plan, 'output'), n, got: (o) => unpack(c2r.plan, 'output', o), want: ffts(spectrum, inC).map((v) => c2rReference(v, c2r.plan)) });
    dispatches.push({ kernel: c2r, input: { from: dispatches.length - 2 } });
    checks.push({ label: `${c.label} c2r(r2c(x))`, index: dispatches.length - 1, per: inR, n, got: (o) => unpack(c2r.plan, 'output', o), want: ffts(x, inR).map((v) => v.map((s) => s * n)) });
  });
  const outs = await runKernelChain(device, dispatches, (k) => k.batch * k.plan.outputLength * scalarsF64(k.plan, 'output') * 4);
  return checks.map((c) => {
    const all = c.got(outs[c.index]);
    let worst = 0;
    c.want.forEach((w, b) => {
      const e = relativeL2(all.subarray(c.per * b, c.per * (b + 1)), w);
      worst = Math.max(worst, Number.isNaN(e) ? Infinity : e);
    });
    return { label: c.label, error: worst, bound: c.n <= 4096 ? 1e-13 : 1e-12 };
  });
}

async function expectCasesPass(cases: readonly F64Case[]): Promise<void> {
  const seed = makeSeed();
  const t0 = performance.now();
  const checks = await checkCases(cases, seed);
  for (const c of checks) console.log(`${c.label}: ${c.error.toExponential(2)} (bound ${c.bound})`);
  console.log(`seed ${seed}: ${checks.length} checks in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  expect(checks.filter((c) => !(c.error <= c.bound)).map((c) => `${c.label}: ${c.error.toExponential(2)} > ${c.bound} (seed ${seed})`)).toEqual([]);
}

const block = (size: number, layout: 'natural' | 'packed' | 'full', mode: 'normal' | 'folded', api: Api = 'registers', note = ''): F64Case => ({
  label: `Block ${api} ${size} ${layout} ${mode}${note}`,
  state: { size, layout, mode, execution: 'block' },
  api,
  count: size > 1000 ? 1 : 2,
});
const thread = (size: number, layout: 'natural' | 'packed' | 'full', mode: 'normal' | 'folded'): F64Case => ({
  label: `Thread ${size} ${layout} ${mode}`,
  state: { size, layout, mode, execution: 'thread' },
  api: 'thread',
  count: 37,
});

/** The f64 reference's own error, by a round trip of a real signal through the complex reference. */
function referenceRoundTrip(n: number, seed: number): number {
  const x = random64(2 * n, seed);
  const back = referenceDFT(referenceDFT(x, n, -1), n, 1).map((v) => v / n);
  return relativeL2(back, x);
}

describe('f64 (df64) real FFTs', () => {
  it('the f64 reference is far more accurate than the bounds', () => {
    for (const n of [16, 30, 68, 1000, 4096, 8192]) expect(referenceRoundTrip(n, 23 + n)).toBeLessThan(1e-14);
  });

  it('Thread: every layout x mode (16, 30)', { timeout: 600_000 }, async () => {
    await expectCasesPass([
      thread(16, 'natural', 'normal'),
      thread(16, 'packed', 'folded'),
      thread(16, 'full', 'folded'),
      thread(30, 'packed', 'normal'),
      thread(30, 'natural', 'folded'),
      thread(30, 'full', 'normal'),
    ]);
  });

  it('Block: both APIs, the complex exchange, Bluestein (64, 68, 256, 1000)', { timeout: 900_000 }, async () => {
    await expectCasesPass([
      block(64, 'full', 'normal'),
      block(64, 'natural', 'folded'),
      block(68, 'packed', 'normal', 'registers', ' (Bluestein)'),
      block(256, 'packed', 'folded', 'shared'),
      block(1000, 'natural', 'normal', 'shared'),
    ]);
  });

  // The folded mirror pass through the split exchange in 2 parts (the only new distributed code the
  // 4096 cases below do not add to): the largest f64 real size at the default Limits.
  it('Block: the folded maximum 8192 (split exchange in 2 parts)', { timeout: 900_000 }, async () => {
    await expectCasesPass([block(8192, 'full', 'folded')]);
  });

  // Four more cold df64 compiles of the 4096-point engine (minutes on lavapipe): the normal maximum
  // and the split mirror pass in one part.
  it.runIf(FULL)('Block: 4096, the normal maximum, and packed folded (WEBFFTDX_FULL=1)', { timeout: 900_000 }, async () => {
    await expectCasesPass([block(4096, 'natural', 'normal'), block(4096, 'packed', 'folded')]);
  });
});
