// f16 (RRII, two FFTs per register) and emulated f64 (df64) C2C kernels on the software driver,
// against the f64 reference on fresh random inputs, outputs poisoned with NaN, forward and inverse
// (both for Block 256, alternating over the other cases).
//   f64: relative L2 <= 1e-13 up to 4096, <= 1e-12 at the largest size; the reference's own error
//        (~1e-16 log n) is checked to be far below (inverse(forward(x)) / n against x).
//   f16: relative L2 within 2x that of idealF16FFT (an FFT rounding only inputs, twiddles and
//        outputs to f16), computed here for the same inputs.
import { describe, expect, it } from 'vitest';
import type { FFTPrecision } from '../../descriptors/model.js';
import { resolvePlan, type DescriptorState } from '../../descriptors/plan.js';
import { testDevice } from '../support/gpu.js';
import { makeSeed } from '../support/random.js';
import {
  batchRelativeL2,
  idealF16FFT,
  packF16,
  packF64,
  randomComplex64,
  references,
  unpackF16,
  unpackF64,
} from '../support/precision.js';
import { referenceDFT } from '../support/reference.js';
import { buildCase, runDispatches, type Api, type Dispatch } from './harness.js';

interface Case {
  readonly label: string;
  readonly state: DescriptorState;
  readonly api: Api;
  /** Workgroups (Block) or register FFTs (Thread). */
  readonly count: number;
}

interface Result {
  readonly label: string;
  readonly error: number;
  readonly bound: number;
}

async function run(precision: FFTPrecision, cases: readonly Case[], seed: number, bound: (n: number, inputs: Float64Array[], sign: -1 | 1, want: Float64Array[]) => number): Promise<Result[]> {
  const { device } = await testDevice();
  const dispatches: Dispatch[] = [];
  const meta: { label: string; n: number; sign: -1 | 1; inputs: Float64Array[] }[] = [];
  // Both directions for the first Block case; elsewhere they alternate from case to case (each kernel
  // is a cold lavapipe compile in CI, and a df64 one costs tens of seconds).
  cases.forEach((c, idx) => {
    const directions = c.label.startsWith('Block Size(256)') ? (['forward', 'inverse'] as const) : ([idx % 2 ? 'inverse' : 'forward'] as const);
    for (const direction of directions) {
      const plan = resolvePlan({ ...c.state, precision, direction });
      const kernel = buildCase({ label: `${c.label} ${direction}`, plan, api: c.api, count: c.count });
      const inputs = randomComplex64(plan.size, kernel.batch, seed + 7919 * idx + (direction === 'inverse' ? 1 : 0));
      dispatches.push({ kernel, input: precision === 'f64' ? packF64(inputs) : packF16(inputs) });
      meta.push({ label: kernel.label, n: plan.size, sign: direction === 'forward' ? -1 : 1, inputs });
    }
  });
  const outs = await runDispatches(device, dispatches);
  return meta.map((m, i) => {
    const got = m.inputs.map((_, b) => (precision === 'f64' ? unpackF64(outs[i], m.n, b) : unpackF16(outs[i], m.n, b)));
    const want = references(m.inputs, m.n, m.sign);
    return { label: m.label, error: batchRelativeL2(got, want), bound: bound(m.n, m.inputs, m.sign, want) };
  });
}

function expectWithin(results: readonly Result[]): void {
  for (const r of results) console.log(`${r.label}: ${r.error.toExponential(2)} (bound ${r.bound.toExponential(2)})`);
  expect(results.filter((r) => !(r.error <= r.bound)).map((r) => `${r.label}: ${r.error.toExponential(2)} > ${r.bound.toExponential(2)}`)).toEqual([]);
}

const f16Bound = (n: number, inputs: Float64Array[], sign: -1 | 1, want: Float64Array[]) =>
  2 * batchRelativeL2(inputs.map((x) => idealF16FFT(x, n, sign)), want);

/** The f64 reference's own error, estimated by a round trip: inverse(forward(x)) / n against x. */
function referenceRoundTrip(n: number, seed: number): number {
  const [x] = randomComplex64(n, 1, seed);
  const back = referenceDFT(referenceDFT(x, n, -1), n, 1).map((v) => v / n);
  return batchRelativeL2([back], [x]);
}

// Few distinct kernels (each costs seconds to compile on lavapipe): per precision the Thread limit and
// a mixed radix with a prime codelet, the Block engine with the complex exchange (256), the split one
// (4096; in parts at the maximum), the workgroup-memory API on a mixed radix, and Bluestein; f16 also
// Rader and a gathered middle stage (kernels/stockham.ts gatherRadices).
const F64_CASES: Case[] = [
  { label: 'Thread Size(30)', state: { size: 30, execution: 'thread' }, api: 'thread', count: 3 },
  { label: 'Thread Size(32)', state: { size: 32, execution: 'thread' }, api: 'thread', count: 3 },
  { label: 'Block Size(256) registers', state: { size: 256, execution: 'block' }, api: 'registers', count: 2 },
  { label: 'Block Size(1000) shared', state: { size: 1000, execution: 'block' }, api: 'shared', count: 2 },
  { label: 'Block Size(127) registers (Bluestein)', state: { size: 127, execution: 'block' }, api: 'registers', count: 2 },
  { label: 'Block Size(4096) registers (max)', state: { size: 4096, execution: 'block' }, api: 'registers', count: 2 },
];

const F16_CASES: Case[] = [
  { label: 'Thread Size(12)', state: { size: 12, execution: 'thread' }, api: 'thread', count: 3 },
  { label: 'Thread Size(64)', state: { size: 64, execution: 'thread' }, api: 'thread', count: 3 },
  { label: 'Block Size(256) registers', state: { size: 256, execution: 'block' }, api: 'registers', count: 2 },
  { label: 'Block Size(1000) shared', state: { size: 1000, execution: 'block' }, api: 'shared', count: 2 },
  { label: 'Block Size(107) registers (Bluestein)', state: { size: 107, execution: 'block' }, api: 'registers', count: 2 },
  // 97 = 96 + 1: two 96-point engine runs between permutations through workgroup memory, f16 registers in between.
  { label: 'Block Size(97) registers (Rader)', state: { size: 97, execution: 'block', fftsPerBlock: 4 }, api: 'registers', count: 2 },
  // 6 x 8 x 3: the radix-8 stage is gathered (E6), its f16 register pairs in the engine's local array.
  { label: 'Block Size(144) registers (gathered stage)', state: { size: 144, execution: 'block' }, api: 'registers', count: 2 },
  // 84 = 4 * 3 * 7, whose primes no E holds: E7 runs 7 x 12, the radix-12 last stage gathered and exchanged back.
  { label: 'Block Size(84) shared (gathered last stage)', state: { size: 84, execution: 'block' }, api: 'shared', count: 2 },
  { label: 'Block Size(4096) registers', state: { size: 4096, execution: 'block' }, api: 'registers', count: 1 },
  { label: 'Block Size(8192) registers (max)', state: { size: 8192, execution: 'block' }, api: 'registers', count: 1 },
];

describe('f64 (df64) C2C', () => {
  it('the f64 reference is far more accurate than the bound', () => {
    for (const n of [30, 127, 1000, 4096]) expect(referenceRoundTrip(n, 17 + n)).toBeLessThan(1e-14);
  });

  it('Thread and Block, both APIs, Bluestein, up to the maximum', { timeout: 600_000 }, async () => {
    const seed = makeSeed();
    console.log(`f64 seed ${seed}`);
    expectWithin(await run('f64', F64_CASES, seed, (n) => (n <= 4096 ? 1e-13 : 1e-12)));
  });
});

describe('f16 (RRII) C2C', () => {
  it('Thread and Block, both APIs, Bluestein, up to the maximum', { timeout: 600_000 }, async () => {
    const seed = makeSeed();
    console.log(`f16 seed ${seed}`);
    expectWithin(await run('f16', F16_CASES, seed, f16Bound));
  });
});
