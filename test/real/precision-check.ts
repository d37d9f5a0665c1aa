// The f64 and f16 real-FFT checks: R2C on random reals, C2R on a random spectrum (the imaginary parts
// of X_0 / X_(N/2) and the full layout's upper half random, which must be ignored) and C2R(R2C(x))
// against N x, all cases in one submission, outputs poisoned with NaN, inputs random f64 with all
// 53 bits random.
//   f64: largest per-FFT relative L2 against the f64 reference, <= 1e-13 up to 4096, <= 1e-12 above.
//   f16: relative L2 over the batch within 2x that of the same transform computed by idealF16FFT
//        (an FFT rounding only inputs, twiddles and outputs to f16), for the same inputs.
import { expect } from 'vitest';
import type { FFTPlan } from '../../descriptors/model.js';
import type { DescriptorState } from '../../descriptors/plan.js';
import { complexFromDF64, complexToDF64, realFromDF64, realToDF64 } from '../../kernels/df64-layout.js';
import { f16Round } from '../../kernels/f16.js';
import { relativeL2 } from '../../src/reference.js';
import { runKernelChain } from '../support/chain.js';
import { testDevice } from '../support/gpu.js';
import { batchRelativeL2, idealF16FFT } from '../support/precision.js';
import { makeSeed, rng } from '../support/random.js';
import { c2rReference, r2cReference, type Api, type BuiltKernel } from './harness.js';
import { buildKernelWide, scalarsWide } from './precision-harness.js';

export type WidePrecision = 'f64' | 'f16';

export interface WideCase {
  readonly label: string;
  readonly state: Omit<DescriptorState, 'type' | 'direction' | 'precision'>;
  readonly api: Api;
  /** Workgroups (Block) or invocations (Thread). */
  readonly count: number;
}

/** Random f64 values in [-1, 1) with all 53 bits random. */
export function random64(count: number, seed: number): Float64Array {
  const r = rng(seed);
  return Float64Array.from({ length: count }, () => 2 * (r() + r() * 2 ** -32) - 1);
}

const isReal = (plan: FFTPlan, side: 'input' | 'output') => (side === 'input' ? plan.inputType : plan.outputType) === 'real';
/** f64 values per element of a side, per FFT. */
const values = (plan: FFTPlan, side: 'input' | 'output') => (isReal(plan, side) ? 1 : 2);

/** The FFTs of a side (each `length` elements) as the test buffer: df64 (f64) or RRII pairs rounded to f16. */
function pack(precision: WidePrecision, plan: FFTPlan, side: 'input' | 'output', ffts: readonly Float64Array[]): Float32Array {
  const real = isReal(plan, side);
  if (precision === 'f64') {
    const all = new Float64Array(ffts.reduce((n, f) => n + f.length, 0));
    ffts.forEach((f, b) => all.set(f, b * f.length));
    return real ? realToDF64(all) : complexToDF64(all);
  }
  const per = ffts[0].length;
  const out = new Float32Array(2 * per * (ffts.length / 2));
  for (let p = 0; p < ffts.length / 2; p++) {
    for (let lane = 0; lane < 2; lane++) {
      const f = ffts[2 * p + lane];
      for (let j = 0; j < per / values(plan, side); j++) {
        if (real) out[2 * (p * per + j) + lane] = f16Round(f[j]);
        else {
          const o = 4 * (p * (per / 2) + j);
          out[o + lane] = f16Round(f[2 * j]);
          out[o + 2 + lane] = f16Round(f[2 * j + 1]);
        }
      }
    }
  }
  return out;
}

/** FFT b of a test buffer whose FFTs have `per` f64 values each. */
function unpack(precision: WidePrecision, plan: FFTPlan, side: 'input' | 'output', buf: Float32Array, per: number, b: number): Float64Array {
  const real = isReal(plan, side);
  if (precision === 'f64') {
    const all = real ? realFromDF64(buf) : complexFromDF64(buf);
    return all.slice(per * b, per * (b + 1));
  }
  const [p, lane] = [b >> 1, b & 1];
  const out = new Float64Array(per);
  for (let j = 0; j < per / values(plan, side); j++) {
    if (real) out[j] = buf[2 * (p * per + j) + lane];
    else {
      const o = 4 * (p * (per / 2) + j);
      out[2 * j] = buf[o + lane];
      out[2 * j + 1] = buf[o + 2 + lane];
    }
  }
  return out;
}

export interface WideCheck {
  readonly label: string;
  readonly error: number;
  readonly bound: number;
}

async function checkCases(precision: WidePrecision, cases: readonly WideCase[], seed: number): Promise<WideCheck[]> {
  const { device } = await testDevice();
  const dispatches: { kernel: BuiltKernel; input: Float32Array | { from: number } }[] = [];
  interface Pending {
    label: string;
    index: number;
    plan: FFTPlan;
    side: 'input' | 'output';
    per: number;
    want: Float64Array[];
    ideal: () => Float64Array[];
    n: number;
  }
  const checks: Pending[] = [];
  const ideal = (x: Float64Array, n: number, sign: -1 | 1) => idealF16FFT(x, n, sign);
  cases.forEach((c, idx) => {
    const r2c = buildKernelWide(`${c.label} r2c`, { ...c.state, type: 'r2c' }, precision, c.api, c.count);
    const c2r = buildKernelWide(`${c.label} c2r`, { ...c.state, type: 'c2r' }, precision, c.api, c.count);
    const n = r2c.plan.size;
    const batch = r2c.batch;
    const inR = r2c.plan.inputLength * values(r2c.plan, 'input');
    const inC = c2r.plan.inputLength * values(c2r.plan, 'input');
    const xs = Array.from({ length: batch }, (_, b) => random64(inR, seed + 7919 * idx + 2 * b));
    const spectra = Array.from({ length: batch }, (_, b) => random64(inC, seed + 7919 * idx + 2 * b + 1));
    dispatches.push({ kernel: r2c, input: pack(precision, r2c.plan, 'input', xs) });
    checks.push({
      label: r2c.label, index: dispatches.length - 1, plan: r2c.plan, side: 'output', per: r2c.plan.outputLength * 2, n,
      want: xs.map((x) => r2cReference(x, r2c.plan)),
      ideal: () => xs.map((x) => r2cReference(x, r2c.plan, ideal)),
    });
    dispatches.push({ kernel: c2r, input: pack(precision, c2r.plan, 'input', spectra) });
    checks.push({
      label: c2r.label, index: dispatches.length - 1, plan: c2r.plan, side: 'output', per: c2r.plan.outputLength * values(c2r.plan, 'output'), n,
      want: spectra.map((v) => c2rReference(v, c2r.plan)),
      ideal: () => spectra.map((v) => c2rReference(v, c2r.plan, ideal)),
    });
    dispatches.push({ kernel: c2r, input: { from: dispatches.length - 2 } });
    checks.push({
      label: `${c.label} c2r(r2c(x))`, index: dispatches.length - 1, plan: c2r.plan, side: 'output', per: inR, n,
      want: xs.map((x) => x.map((s) => s * n)),
      ideal: () => xs.map((x) => c2rReference(r2cReference(x, r2c.plan, ideal), c2r.plan, ideal)),
    });
  });
  const outs = await runKernelChain(device, dispatches, (k) => (k.batch / k.plan.implicitTypeBatching) * k.plan.outputLength * scalarsWide(k.plan, 'output') * 4);
  return checks.map((c) => {
    const got = c.want.map((_, b) => unpack(precision, c.plan, c.side, outs[c.index], c.per, b));
    if (precision === 'f16') return { label: c.label, error: batchRelativeL2(got, c.want), bound: 2 * batchRelativeL2(c.ideal(), c.want) };
    const worst = Math.max(...got.map((g, b) => {
      const e = relativeL2(g, c.want[b]);
      return Number.isNaN(e) ? Infinity : e;
    }));
    return { label: c.label, error: worst, bound: c.n <= 4096 ? 1e-13 : 1e-12 };
  });
}

/** Runs the cases in one submission (seed logged) and expects every error within its bound. */
export async function expectWideCasesPass(precision: WidePrecision, cases: readonly WideCase[]): Promise<void> {
  const seed = makeSeed();
  const t0 = performance.now();
  const checks = await checkCases(precision, cases, seed);
  for (const c of checks) console.log(`${c.label}: ${c.error.toExponential(2)} (bound ${c.bound.toExponential(2)})`);
  console.log(`${precision} seed ${seed}: ${checks.length} checks in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  expect(checks.filter((c) => !(c.error <= c.bound)).map((c) => `${c.label}: ${c.error.toExponential(2)} > ${c.bound.toExponential(2)} (seed ${seed})`)).toEqual([]);
}

type Layout = 'natural' | 'packed' | 'full';
type Mode = 'normal' | 'folded';

export const blockCase = (size: number, layout: Layout, mode: Mode, api: Api = 'registers', note = ''): WideCase => ({
  label: `Block ${api} ${size} ${layout} ${mode}${note}`,
  state: { size, layout, mode, execution: 'block' },
  api,
  count: size > 1000 ? 1 : 2,
});

export const threadCase = (size: number, layout: Layout, mode: Mode): WideCase => ({
  label: `Thread ${size} ${layout} ${mode}`,
  state: { size, layout, mode, execution: 'thread' },
  api: 'thread',
  count: 37,
});

/** Every layout x mode in Thread execution at 16 and 30 (one kernel each): the f16 and f64 tests' first sample. */
export const THREAD_LAYOUT_MODES: readonly WideCase[] = [
  threadCase(16, 'natural', 'normal'),
  threadCase(16, 'packed', 'folded'),
  threadCase(16, 'full', 'folded'),
  threadCase(30, 'packed', 'normal'),
  threadCase(30, 'natural', 'folded'),
  threadCase(30, 'full', 'normal'),
];

/** Block: both APIs, the complex and split exchanges, Bluestein (64, 68, 256, 1000): the f16 and f64 tests' second sample. */
export const BLOCK_APIS_AND_PATHS: readonly WideCase[] = [
  blockCase(64, 'full', 'normal'),
  blockCase(64, 'natural', 'folded'),
  blockCase(68, 'packed', 'normal', 'registers', ' (Bluestein)'),
  blockCase(256, 'packed', 'folded', 'shared'),
  blockCase(1000, 'natural', 'normal', 'shared'),
  // The split exchange: execute_shared runs its own engine (complex exchange) on its own buffer.
  { ...blockCase(256, 'natural', 'normal', 'shared', ' (split: own engine)'), state: { size: 256, layout: 'natural', mode: 'normal', execution: 'block', exchange: 'split' } },
];
