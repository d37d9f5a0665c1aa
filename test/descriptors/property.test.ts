// Property tests over random operator lists (valid and invalid, any order, from every operator with
// values near the rule boundaries):
//  - an independent oracle of the structural rules (repetition, Thread + block-only operators,
//    direction against type, real-FFT options, f16 batching) agrees with fft(): every list it rejects
//    throws FFTDescriptorError, and nothing else is thrown;
//  - every accepted executable descriptor satisfies the layout invariants of the contract;
//  - the outcome (traits or error text) does not depend on operator order, except for the argument
//    errors that report the first offending argument;
//  - fft(...a).with(...b) is fft(...a, ...b).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AnyOp,
  Block,
  BlockDim,
  type ComplexLayout,
  Direction,
  ElementsPerThread,
  fft,
  FFTDescriptorError,
  type FFTDirection,
  type FFTPrecision,
  FFTsPerBlock,
  type FFTType,
  Limits,
  PROFILES,
  Precision,
  RealFFTOptions,
  type RealMode,
  Size,
  Thread,
  traitsOf,
  Type,
} from '../../src/index.js';

const compose = (ops: readonly AnyOp[]) => fft(...(ops as AnyOp[]));

type Outcome = { ok: true; traits: Record<string, unknown> } | { ok: false; message: string };

function outcome(build: () => ReturnType<typeof compose>): Outcome {
  try {
    return { ok: true, traits: traitsOf(build()) };
  } catch (e) {
    if (!(e instanceof FFTDescriptorError)) throw e;
    expect(e.message.startsWith('(FFT error) ')).toBe(true);
    return { ok: false, message: e.message };
  }
}

const sizes = fc.oneof(
  fc.constantFrom(2, 3, 4, 7, 8, 15, 16, 30, 32, 33, 63, 64, 65, 96, 127, 128, 130, 243, 256, 1000, 1024, 2048, 2049, 4096, 8192),
  fc.integer({ min: 2, max: 12000 }),
);
const operator: fc.Arbitrary<AnyOp> = fc.oneof(
  { arbitrary: sizes.map((n) => Size(n)), weight: 6 },
  { arbitrary: fc.constantFrom<FFTType>('c2c', 'r2c', 'c2r').map((t) => Type(t)), weight: 3 },
  { arbitrary: fc.constantFrom<FFTDirection>('forward', 'inverse').map((d) => Direction(d)), weight: 3 },
  { arbitrary: fc.constantFrom<FFTPrecision>('f16', 'f32', 'f64').map((p) => Precision(p)), weight: 2 },
  { arbitrary: fc.constantFrom(Block(), Thread()), weight: 5 },
  { arbitrary: fc.constantFrom(1, 2, 3, 4, 6, 8, 16, 32, 64).map((e) => ElementsPerThread(e)), weight: 2 },
  { arbitrary: fc.constantFrom(1, 2, 3, 4, 8).map((f) => FFTsPerBlock(f)), weight: 2 },
  { arbitrary: fc.tuple(fc.constantFrom(4, 16, 64, 256, 300), fc.constantFrom(1, 2, 4)).map(([x, y]) => BlockDim(x, y)), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom<ComplexLayout>('natural', 'packed', 'full'), fc.constantFrom<RealMode>('normal', 'folded'))
      .map(([l, m]) => RealFFTOptions(l, m)),
    weight: 2,
  },
  { arbitrary: fc.constantFrom(...PROFILES).map((p) => Limits(p)), weight: 1 },
);
const operatorList = fc.array(operator, { minLength: 1, maxLength: 8 });

/** Lists that are executable more often: Size, an execution operator and a consistent type/direction, shuffled. */
const executableList: fc.Arbitrary<AnyOp[]> = fc
  .record({
    size: fc.oneof(fc.constantFrom(2, 8, 16, 32, 64, 96, 127, 128, 256, 1000, 1024, 4096), fc.integer({ min: 2, max: 4096 })),
    kind: fc.constantFrom('c2c-f', 'c2c-i', 'r2c', 'c2r'),
    execution: fc.constantFrom(Block(), Block(), Thread()),
    extras: fc.subarray([0, 1, 2, 3, 4, 5]),
    precision: fc.constantFrom<FFTPrecision>('f16', 'f32', 'f64'),
    ept: fc.constantFrom(2, 4, 8, 16),
    fpb: fc.constantFrom(2, 4),
    real: fc.tuple(fc.constantFrom<ComplexLayout>('natural', 'packed', 'full'), fc.constantFrom<RealMode>('normal', 'folded')),
    profile: fc.constantFrom(...PROFILES),
    seed: fc.integer(),
  })
  .map((r) => {
    const ops: AnyOp[] = [Size(r.size), r.execution];
    if (r.kind === 'c2c-f') ops.push(Direction('forward'));
    else if (r.kind === 'c2c-i') ops.push(Type('c2c'), Direction('inverse'));
    else ops.push(Type(r.kind as FFTType));
    for (const e of r.extras) {
      if (e === 0) ops.push(Precision(r.precision));
      if (e === 1 && r.execution.value === 'block') ops.push(ElementsPerThread(r.ept));
      if (e === 2 && r.execution.value === 'block') ops.push(FFTsPerBlock(r.fpb));
      if (e === 3 && r.kind.length === 3) ops.push(RealFFTOptions(...r.real));
      if (e === 4) ops.push(Limits(r.profile));
    }
    let s = r.seed;
    for (let i = ops.length - 1; i > 0; i--) {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      const j = s % (i + 1);
      [ops[i], ops[j]] = [ops[j], ops[i]];
    }
    return ops;
  });

/** Independent restatement of the structural rules (no sizes, no Limits): true when fft() must reject. */
function oracleRejects(ops: readonly AnyOp[]): boolean {
  const kinds = ops.map((o) => o.op);
  if (new Set(kinds).size !== kinds.length) return true;
  const get = <K extends AnyOp['op']>(k: K) => ops.find((o) => o.op === k) as Extract<AnyOp, { op: K }> | undefined;
  const type = get('type')?.value ?? 'c2c';
  const direction = get('direction')?.value;
  const execution = get('execution')?.value;
  const size = get('size')?.value;
  const real = get('realFFTOptions')?.value ?? { layout: 'natural', mode: 'normal' };
  const ept = get('elementsPerThread')?.value;
  const fpb = get('fftsPerBlock')?.value;
  if (execution === 'thread' && (ept !== undefined || fpb !== undefined || get('blockDim'))) return true;
  if ((type === 'r2c' && direction === 'inverse') || (type === 'c2r' && direction === 'forward')) return true;
  if (real.mode === 'folded' && type === 'c2c') return true;
  if (size !== undefined && type !== 'c2c') {
    if (real.layout === 'packed' && size % 2 === 1) return true;
    // Folded pairs the reals (Block also needs a half size that runs natively: an engine check, not structural).
    if (real.mode === 'folded' && execution !== undefined && size % 2 === 1) return true;
  }
  if (real.mode === 'folded' && ept !== undefined && ept % 2 === 1) return true;
  if (get('precision')?.value === 'f16' && fpb !== undefined && fpb % 2 === 1) return true;
  return false;
}

describe('random descriptors', () => {
  it('agree with the oracle of the structural rules', () => {
    fc.assert(
      fc.property(fc.oneof(operatorList, executableList), (ops) => {
        const result = outcome(() => compose(ops));
        if (oracleRejects(ops)) expect(result.ok).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('satisfy the layout invariants when executable', () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.oneof(operatorList, executableList), (ops) => {
        const r = outcome(() => compose(ops));
        if (!r.ok || !r.traits.isCompleteExecution) return;
        checked++;
        const t = r.traits as Record<string, number & readonly number[]> & { blockDim: readonly [number, number, number] };
        const [x, y, z] = t.blockDim;
        const limits = (ops.find((o) => o.op === 'limits')?.value as { maxComputeWorkgroupStorageSize: number; maxComputeInvocationsPerWorkgroup: number } | undefined) ?? PROFILES[0];
        // Every element of the input and output is owned by some invocation: t + i * stride.
        expect(t.inputEPT * t.stride).toBeGreaterThanOrEqual(t.inputLength);
        expect(t.outputEPT * t.stride).toBeGreaterThanOrEqual(t.outputLength);
        expect(t.storageSize).toBeGreaterThanOrEqual(Math.max(t.inputEPT, t.outputEPT) / 2);
        expect(x).toBeGreaterThanOrEqual(t.stride);
        expect(y * t.implicitTypeBatching).toBeGreaterThanOrEqual(t.fftsPerBlock);
        expect(t.maxThreadsPerBlock).toBe(x * y * z);
        expect(t.maxThreadsPerBlock).toBeLessThanOrEqual(limits.maxComputeInvocationsPerWorkgroup);
        expect(t.sharedMemorySize).toBeLessThanOrEqual(limits.maxComputeWorkgroupStorageSize);
        expect(t.fftsPerBlock % t.implicitTypeBatching).toBe(0);
        expect(t.workspaceSize > 0).toBe(t.requiresWorkspace as unknown as boolean);
        if (r.traits.execution === 'thread') expect([t.stride, x, y, z, t.sharedMemorySize]).toEqual([1, 1, 1, 1, 0]);
      }),
      { numRuns: 2000 },
    );
    expect(checked).toBeGreaterThan(300);
  });

  it('do not depend on operator order (but for argument errors)', () => {
    fc.assert(
      fc.property(fc.oneof(operatorList, executableList), fc.integer(), (ops, seed) => {
        const shuffled = [...ops];
        let s = seed;
        for (let i = shuffled.length - 1; i > 0; i--) {
          s = (s * 1103515245 + 12345) & 0x7fffffff;
          const j = s % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
        }
        const a = outcome(() => compose(ops));
        const b = outcome(() => compose(shuffled));
        const argumentError = (o: Outcome) => !o.ok && /appears more than once|cannot be combined with (Thread|Block)\(\): a descriptor/.test(o.message);
        if (argumentError(a) || argumentError(b)) return;
        expect(b).toEqual(a);
      }),
      { numRuns: 1000 },
    );
  });

  it('compose through with() exactly as in one call', () => {
    fc.assert(
      fc.property(operatorList, operatorList, (a, b) => {
        const base = outcome(() => compose(a));
        if (!base.ok) return;
        const extended = compose(a) as unknown as { with: (...ops: AnyOp[]) => ReturnType<typeof compose> };
        expect(outcome(() => extended.with(...b))).toEqual(outcome(() => compose([...a, ...b])));
      }),
      { numRuns: 1000 },
    );
  });
});
