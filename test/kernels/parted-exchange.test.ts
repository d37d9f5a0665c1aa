// The engine's parted exchange (BlockEngineSpec.parts): the workgroup buffer holds N / parts
// elements per FFT slot and each exchange moves the parts one after the other, which on an H200
// lets more workgroups share a multiprocessor (bench/NOTES.md). Plans reach it through
// `exchangeParts` (test/kernels/parted-plans.test.ts); these kernels exercise the engine directly
// from addBlockEngine, with the register layout of the Block API, against the f64 reference.
import { describe, expect, it } from 'vitest';
import { resolvePlan } from '../../descriptors/plan.js';
import { Definitions } from '../../kernels/definitions.js';
import { addBlockEngine, engineBarriers, engineOutputPosition, engineRadices, engineStagesProblem, gatherRadices, stageRadices, type ExchangeMode } from '../../kernels/stockham.js';
import type { WGSLModule } from '../../kernels/types.js';
import { testDevice } from '../support/gpu.js';
import { makeSeed, randomFloats } from '../support/random.js';
import { alternateDirections, bound, maxError, registersKernel, runDispatches, type BuiltCase, type Dispatch } from './harness.js';

const LIMITS = { maxComputeWorkgroupStorageSize: 65536, maxComputeInvocationsPerWorkgroup: 1024, subgroups: false };

interface PartedCase {
  readonly n: number;
  readonly ept: number;
  readonly slots: number;
  readonly exchange: Exclude<ExchangeMode, 'none'>;
  readonly parts: number;
  /** BlockEngineSpec.twiddlesAtUse: product twiddles formed where their input is multiplied. */
  readonly twiddlesAtUse?: boolean;
}

/** A module whose execute is the parted engine (buffer of n * slots / parts elements), in a registers kernel. */
function partedCase(c: PartedCase, direction: 'forward' | 'inverse'): BuiltCase {
  const plan = resolvePlan({ size: c.n, execution: 'block', elementsPerThread: c.ept, fftsPerBlock: c.slots, direction, limits: LIMITS });
  const defs = new Definitions();
  const smem = 'parted_smem';
  const execute = addBlockEngine(defs, {
    prefix: 'parted',
    size: c.n,
    ept: c.ept,
    storage: plan.storageSize,
    sign: direction === 'forward' ? -1 : 1,
    slots: c.slots,
    exchange: c.exchange,
    smem,
    parts: c.parts,
    twiddlesAtUse: c.twiddlesAtUse,
  });
  const elements = (c.n * c.slots) / c.parts;
  const decl = `var<workgroup> ${smem}: array<${c.exchange === 'complex' ? 'vec2<f32>' : 'f32'}, ${elements}>;`;
  const module: WGSLModule = {
    directives: '',
    code: `${decl}\n\n${defs.toString()}`,
    execute,
    sharedMemory: smem,
    sharedMemoryDeclaration: decl,
    sharedData: '',
    sharedDataDeclaration: '',
    plan,
  };
  const label = `parted ${c.n} E${c.ept} ${c.exchange} ${c.parts} parts ${c.slots} slot(s)${c.twiddlesAtUse ? ' twiddles at use' : ''} ${direction}`;
  return { label, plan, api: 'registers', count: 2, module, code: registersKernel(module), workgroups: 2, batch: 2 * c.slots };
}

describe('parted exchange and gathered stages (engine options)', () => {
  it('stage radices keep every exchanged stage a multiple of the parts', () => {
    expect(stageRadices(8192, 32, 2)).toEqual([16, 16, 32]);
    expect(stageRadices(4096, 16, 2)).toEqual([8, 8, 4, 16]);
    expect(stageRadices(6561, 27, 3)).toEqual([9, 9, 3, 27]);
    expect(stageRadices(2187, 9, 3)).toEqual([3, 3, 3, 3, 3, 9]);
    expect(stageRadices(1000, 20, 2)).toEqual([10, 5, 20]);
    expect(stageRadices(4096, 16)).toEqual([16, 16, 16]);
    expect(engineBarriers(8192, 32, 'split', 2)).toEqual(16);
    expect(() => stageRadices(1000, 20, 3)).toThrow();
  });

  it('one-part engines gather middle stages whose radix does not divide E where that saves stages', () => {
    expect(gatherRadices(1920, 30)).toEqual([30, 32, 2]);
    expect(gatherRadices(10000, 20)).toEqual([20, 25, 20]);
    expect(gatherRadices(3600, 30)).toEqual([30, 8, 15]);
    // Nothing to gain: every radix already divides E, or no shorter sequence keeps 3/4 of the slots busy.
    expect(gatherRadices(4096, 16)).toBeUndefined();
    expect(gatherRadices(1000, 20)).toBeUndefined();
    expect(engineRadices(1920, 30)).toEqual([30, 32, 2]);
    expect(engineRadices(1920, 30, 5)).toEqual(stageRadices(1920, 30, 5));
    expect(engineBarriers(1920, 30, 'complex')).toEqual(4);
  });

  it('lengths whose primes no E holds gather their later stages, the last one exchanged back to the register layout', () => {
    // 84 = 4 * 3 * 7 and 1001 = 7 * 11 * 13: no E <= 32 holds every prime, so there are no plain stages.
    expect(() => stageRadices(84, 12)).toThrow();
    expect(gatherRadices(84, 12)).toEqual([12, 7]);
    expect(gatherRadices(1001, 11)).toEqual([11, 13, 7]);
    // An exchange after each stage, the gathered last one's included: 2 x 2 and 3 x 4 (split) barriers.
    expect(engineBarriers(84, 12, 'complex')).toEqual(4);
    expect(engineBarriers(1001, 11, 'split')).toEqual(12);
    // Lengths with plain stages never end on a gathered one (their measured engines stay as they are).
    expect(gatherRadices(4096, 16)).toBeUndefined();
    expect(gatherRadices(6561, 27)).toBeUndefined();
  });

  it('matches the f64 reference (forward and inverse alternating from case to case)', { timeout: 600_000 }, async () => {
    const { device } = await testDevice();
    const seed = makeSeed();
    const cases: PartedCase[] = [
      { n: 8192, ept: 32, slots: 1, exchange: 'split', parts: 2 },
      { n: 4096, ept: 16, slots: 1, exchange: 'complex', parts: 2 },
      { n: 2048, ept: 16, slots: 1, exchange: 'complex', parts: 2 },
      { n: 6561, ept: 27, slots: 1, exchange: 'split', parts: 3 },
      { n: 1000, ept: 20, slots: 1, exchange: 'complex', parts: 2 },
      { n: 256, ept: 8, slots: 2, exchange: 'complex', parts: 4 },
      // A user's ElementsPerThread(9) at 2187 takes the table entry's buffer: radices capped at 3 (3^5 x 9).
      { n: 2187, ept: 9, slots: 1, exchange: 'complex', parts: 3 },
      // Gathered middle stages (one part; block.test's default shapes gather at 112, 144 and 224 too):
      // 30 x 32 x 2 (60 radix-32 butterflies on 64 invocations), 30 x 4 x 2 in two slots, split
      // (eight radix-4 butterflies per invocation, the last partial).
      { n: 1920, ept: 30, slots: 1, exchange: 'complex', parts: 1 },
      { n: 240, ept: 30, slots: 2, exchange: 'split', parts: 1 },
      // Gathered last stages and the exchange after them (lengths no E holds every prime of): 12 x 7
      // in two slots, 11 x 13 x 7 (both later stages gathered), 14 x 15 split (one partial butterfly).
      { n: 84, ept: 12, slots: 2, exchange: 'complex', parts: 1 },
      { n: 1001, ept: 11, slots: 1, exchange: 'complex', parts: 1 },
      { n: 210, ept: 14, slots: 1, exchange: 'split', parts: 1, twiddlesAtUse: true },
      // Product twiddles formed at their use (TuningEntry.twiddlesAtUse): 2187's last radix-27 stage
      // (one set shared by the invocation's one butterfly), 1000's radix-5 and radix-20 stages, and
      // 240's gathered radix-4 stage, whose butterflies each have their own k.
      { n: 2187, ept: 27, slots: 1, exchange: 'complex', parts: 3, twiddlesAtUse: true },
      { n: 1000, ept: 20, slots: 1, exchange: 'complex', parts: 2, twiddlesAtUse: true },
      { n: 240, ept: 30, slots: 2, exchange: 'split', parts: 1, twiddlesAtUse: true },
    ];
    const dispatches: Dispatch[] = [];
    const meta: { label: string; n: number; sign: -1 | 1; input: Float32Array; batch: number }[] = [];
    // One direction per case, alternating (both with WEBFFTDX_FULL=1): harness.ts alternateDirections.
    alternateDirections(cases).forEach((c, idx) => {
      for (const direction of c.directions ?? (['forward', 'inverse'] as const)) {
        const kernel = partedCase(c, direction);
        const input = randomFloats(2 * kernel.batch * c.n, seed + 7919 * idx + (direction === 'inverse' ? 1 : 0));
        dispatches.push({ kernel, input });
        meta.push({ label: kernel.label, n: c.n, sign: direction === 'forward' ? -1 : 1, input, batch: kernel.batch });
      }
    });
    const outs = await runDispatches(device, dispatches);
    const bad = meta
      .map((m, i) => ({ ...m, error: maxError(m.input, outs[i], m.n, m.batch, m.sign) }))
      .filter((m) => !(m.error <= bound(m.n)))
      .map((m) => `${m.label}: ${m.error.toExponential(2)} > ${bound(m.n)}`);
    expect(bad).toEqual([]);
  });
});

describe('phased engines (BlockEngineSpec.phases): which stage sequences the engine takes (pure)', () => {
  it('the radices must complete each axis in turn, divide E, and keep every parted exchange inside its part', () => {
    expect(engineStagesProblem({ size: 4096, ept: 32, parts: 2, radices: [16, 4, 16, 4], phases: [64, 64] })).toBeUndefined();
    expect(engineStagesProblem({ size: 4096, ept: 32, radices: [16, 8, 32], phases: [64, 64] })).toMatch(/do not complete the phases/);
    expect(engineStagesProblem({ size: 4096, ept: 32, parts: 2, radices: [32, 2, 32, 2], phases: [64, 64] })).toMatch(/in 2 part/);
    expect(engineStagesProblem({ size: 4096, ept: 16, radices: [64, 64], phases: [64, 64] })).toMatch(/radix 64/);
  });
  it('the last stage of a 2D engine leaves its outputs in runs of nx / R_last (engineOutputPosition)', () => {
    const spec = { prefix: 'p', size: 4096, ept: 32, storage: 32, sign: -1, slots: 1, exchange: 'complex', smem: 's', parts: 2, radices: [16, 4, 16, 4], phases: [64, 64] } as const;
    const out = engineOutputPosition(spec);
    expect(out.lines('t')).toEqual(['let out_base = (t >> 4u) * 64u + (t & 15u);']);
    // Register i = m + r * per (per = E / R = 8) of butterfly m: output r sits Ns = 16 further on.
    expect(out.position('t', 1)).toBe('out_base + 512u');
    expect(out.position('t', 8)).toBe('out_base + 16u');
    // A 1D engine leaves the natural layout.
    expect(engineOutputPosition({ ...spec, radices: undefined, phases: undefined, parts: 1 }).position('t', 3)).toBe('t + 384u');
  });
});
