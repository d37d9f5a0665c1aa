// createBatchedFFT's `tuning: 'measure'` (FFTW_MEASURE's idea): the tuning tables were measured on one
// GPU, and another GPU may run a neighbouring shape faster (an H100 runs 2187 points 2.9 % faster with
// 9 elements per invocation than with the H200's 27; bench/NOTES.md run 94), while Dawn's adapter
// information names the driver, not the GPU. So the plan times the table's shape and its neighbours
// on the device it is given, keeps the fastest, and remembers the choice for that device.
//
// Only the shape a descriptor leaves open is measured: a Block descriptor without ElementsPerThread,
// FFTsPerBlock or BlockDim. Each candidate is that descriptor with another ElementsPerThread (and its
// suggested FFTs per block), i.e. a descriptor the user could have written, so the device functions,
// traits and accuracy of the chosen shape are the ones its own descriptor has.
import { ElementsPerThread, type AnyOp } from '../../descriptors/operators.js';
import { supportedBlockEPTs } from '../../descriptors/plan.js';
import { raderEPTs } from '../../descriptors/rader.js';
import type { FFTPlan } from '../../descriptors/model.js';
import { planLabel } from '../../descriptors/plan-label.js';
import { planOf, type CodeGenerating, type FFTWorkspace } from '../host/workspace.js';
import { cacheOf } from '../host/pipelines.js';
import { timeEncode } from '../host/timing.js';

/** How a batched plan's shape was chosen. */
export type TuningMethod = 'table' | 'measure' | 'descriptor';

export interface ShapeTiming {
  /** The descriptor's ElementsPerThread for this candidate (logical: reals in folded mode). */
  readonly elementsPerThread: number;
  readonly fftsPerBlock: number;
  /** Best median time per transform of the whole batch, milliseconds (GPU timestamps where the device has them). */
  readonly ms: number;
}

export interface TuningReport {
  /**
   * 'table': the tuning table's shape (the default); 'measure': the fastest of `timings`;
   * 'descriptor': measure was asked for but the descriptor fixes its shape (ElementsPerThread,
   * FFTsPerBlock or BlockDim given, Thread execution, or `fftsPerBlock: 'descriptor'`).
   */
  readonly method: TuningMethod;
  /** The candidates timed on this device, the table's shape first; empty unless measured (or cached: the first plan's timings). */
  readonly timings: readonly ShapeTiming[];
}

/** What measure needs of a descriptor: its operators and `with` (every `fft(...)` descriptor has them). */
interface Reshapable extends CodeGenerating {
  readonly ops: readonly { readonly op: string }[];
  with(...ops: readonly AnyOp[]): CodeGenerating;
}

const SHAPE_OPS = new Set(['elementsPerThread', 'fftsPerBlock', 'blockDim']);

/** Whether the descriptor (whose plan is `plan`) leaves its shape to the tables, so that measure may choose another. */
function shapeIsOpen(desc: CodeGenerating, plan: FFTPlan): desc is Reshapable {
  if (!('ops' in desc) || !('with' in desc)) return false;
  return !(desc as Reshapable).ops.some((o) => SHAPE_OPS.has(o.op)) && plan.execution === 'block';
}

/** The accepted values of createBatchedFFT's and createFFT's `tuning`, checked before anything reaches the GPU. */
export function checkTuning(tuning: unknown, helper: 'createBatchedFFT' | 'createFFT'): 'table' | 'measure' {
  if (tuning === undefined || tuning === 'table' || tuning === 'measure') return tuning ?? 'table';
  throw new Error(`webfftdx: ${helper}'s tuning must be 'table' or 'measure', not ${JSON.stringify(tuning)}`);
}

/**
 * A candidate switches from the table's shape only when it is faster by more than this: timings
 * of one shape differ by up to about 0.5 % from run to run (bench/NOTES.md runs 13 and 94), and the
 * table's shape is what every other GPU measured so far preferred.
 */
const SWITCH_MARGIN = 0.01;

/** Timing rounds over all candidates (interleaved, so that clock changes hit every candidate alike), and samples per round. */
const ROUNDS = 3;
const SAMPLES = 3;
/** A sample should last about this long, so that dispatch overhead does not rank the shapes (dispatches per sample at most MAX_DISPATCHES). */
const SAMPLE_MS = 1;
const MAX_DISPATCHES = 32;

/**
 * The logical ElementsPerThread values worth timing: the table's and its neighbours in the list the
 * descriptor accepts (one smaller, one larger), smallest first with the table's value leading.
 */
export function candidateEPTs(plan: FFTPlan): number[] {
  const scale = plan.elementsPerThread / plan.execEPT;
  const list =
    plan.algorithm === 'rader'
      ? raderEPTs(plan.size, plan.precision, plan.limits)
      : supportedBlockEPTs(plan.execSize, plan.algorithm, plan.precision);
  const i = list.indexOf(plan.execEPT);
  if (i < 0) return [plan.elementsPerThread];
  const near = [list[i - 1], list[i + 1]].filter((e): e is number => e !== undefined);
  return [plan.execEPT, ...near].map((e) => e * scale);
}

/** A candidate built by the caller (createBatchedFFT's own build), with what timing needs. */
export interface BuiltCandidate {
  readonly plan: FFTPlan;
  readonly inputBytes: number;
  readonly outputBytes: number;
  encode(pass: GPUComputePassEncoder, buffers: { input: GPUBuffer; output: GPUBuffer; workspace?: FFTWorkspace }): void;
  destroy(): void;
}

/** A shape measure chose: for which plan (the table's plan, its limits and the caller's key: batch, callbacks), and the timings behind it. */
export interface RememberedShape {
  readonly key: string;
  readonly elementsPerThread: number;
  readonly timings: readonly ShapeTiming[];
}

/** The shape chosen per device and key, with the timings behind it. */
const chosen = new WeakMap<GPUDevice, Map<string, { readonly ept: number; readonly timings: readonly ShapeTiming[] }>>();

/** Every shape measure chose (or was given) on this device, for exportTuning. */
export function rememberedShapes(device: GPUDevice): RememberedShape[] {
  return [...cacheOf(chosen, device)].map(([key, v]) => ({ key, elementsPerThread: v.ept, timings: v.timings }));
}

/** Takes shapes chosen elsewhere (importTuning): a later plan of the same key uses them instead of timing. */
export function rememberShapes(device: GPUDevice, shapes: readonly RememberedShape[]): void {
  const cache = cacheOf(chosen, device);
  for (const s of shapes) cache.set(s.key, { ept: s.elementsPerThread, timings: s.timings });
}

/** Uniform random f32 values in [-1, 1): timing data that is neither zero nor special. */
function scratchData(bytes: number): Float32Array<ArrayBuffer> {
  const data = new Float32Array(bytes / 4);
  let s = 0x9e3779b9;
  for (let i = 0; i < data.length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    data[i] = s / 2 ** 31 - 1;
  }
  return data;
}

/** Times the candidates on the device, out of place on scratch buffers of the plan's size: the best median per candidate, ms. */
async function timeCandidates(
  device: GPUDevice,
  candidates: readonly BuiltCandidate[],
  workspaces: readonly FFTWorkspace[],
): Promise<number[]> {
  const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST;
  const inputBytes = Math.max(...candidates.map((c) => c.inputBytes));
  const outputBytes = Math.max(...candidates.map((c) => c.outputBytes));
  const input = device.createBuffer({ size: Math.max(16, inputBytes), usage, label: 'webfftdx tuning input' });
  const output = device.createBuffer({ size: Math.max(16, outputBytes), usage, label: 'webfftdx tuning output' });
  try {
    device.queue.writeBuffer(input, 0, scratchData(input.size));
    const encoders = candidates.map((c, k) => (pass: GPUComputePassEncoder) => c.encode(pass, { input, output, workspace: workspaces[k] }));
    const probe = await timeEncode(device, encoders[0], { warmup: 1, repeats: 1, dispatches: 1 });
    const dispatches = Math.max(1, Math.min(MAX_DISPATCHES, Math.ceil(SAMPLE_MS / Math.max(probe.ms, 1e-3))));
    const best = candidates.map(() => Infinity);
    for (let round = 0; round < ROUNDS; round++) {
      for (let k = 0; k < candidates.length; k++) {
        const t = await timeEncode(device, encoders[k], { warmup: 1, repeats: SAMPLES, dispatches });
        best[k] = Math.min(best[k], t.ms);
      }
    }
    return best;
  } finally {
    input.destroy();
    output.destroy();
  }
}

/** The index of the shape to keep: the table's (0) unless another is faster by more than SWITCH_MARGIN. */
export function pickShape(ms: readonly number[]): number {
  let pick = 0;
  for (let k = 1; k < ms.length; k++) if (ms[k] < ms[pick] * (pick === 0 ? 1 - SWITCH_MARGIN : 1)) pick = k;
  return pick;
}

/**
 * Builds the batched plan of `desc` in the shape that runs fastest on this device: the table's shape
 * and its neighbours, each built by `build` (which checks everything as for any plan), timed, the
 * losers destroyed; also the descriptor of the kept shape. A descriptor that fixes its shape is built as
 * it is. The choice is remembered per device for the table's plan and `key` (what else makes the
 * kernel: the batch, callbacks).
 */
export async function measuredBuild<T extends BuiltCandidate>(
  device: GPUDevice,
  desc: CodeGenerating,
  key: string,
  build: (desc: CodeGenerating) => Promise<T>,
  makeWorkspaceFor: (desc: CodeGenerating) => FFTWorkspace,
): Promise<{ built: T; desc: CodeGenerating; tuning: TuningReport }> {
  const tablePlan = planOf(desc);
  if (!shapeIsOpen(desc, tablePlan)) return { built: await build(desc), desc, tuning: { method: 'descriptor', timings: [] } };
  const cache = cacheOf(chosen, device);
  const fullKey = [planLabel(tablePlan), JSON.stringify(tablePlan.limits), key].join('|');
  const withEPT = (ept: number): CodeGenerating => (ept === tablePlan.elementsPerThread ? desc : desc.with(ElementsPerThread(ept)));
  const candidates = candidateEPTs(tablePlan);
  const known = cache.get(fullKey);
  // An imported shape is taken only if measure could have chosen it (wisdom from another version or build is timed afresh).
  if (known && candidates.includes(known.ept)) {
    const kept = withEPT(known.ept);
    return { built: await build(kept), desc: kept, tuning: { method: 'measure', timings: known.timings } };
  }
  const built: T[] = [];
  const descs: CodeGenerating[] = [];
  const workspaces: FFTWorkspace[] = [];
  try {
    for (const [k, ept] of candidates.entries()) {
      const candidate = withEPT(ept);
      try {
        built.push(await build(candidate));
      } catch (e) {
        // The table's shape must build (its errors are the plan's); a neighbour that does not fit this device is not a candidate.
        if (k === 0) throw e;
        continue;
      }
      descs.push(candidate);
      workspaces.push(makeWorkspaceFor(candidate));
    }
    const ms = await timeCandidates(device, built, workspaces);
    const pick = pickShape(ms);
    const timings = built.map((b, k) => ({ elementsPerThread: b.plan.elementsPerThread, fftsPerBlock: b.plan.fftsPerBlock, ms: ms[k] }));
    cache.set(fullKey, { ept: built[pick].plan.elementsPerThread, timings });
    const winner = built[pick];
    for (const b of built) if (b !== winner) b.destroy();
    return { built: winner, desc: descs[pick], tuning: { method: 'measure', timings } };
  } catch (e) {
    for (const b of built) b.destroy();
    throw e;
  } finally {
    for (const w of workspaces) w.destroy();
  }
}
