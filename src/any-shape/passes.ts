// Pass planning of createFFT (pure: no GPU): which passes over global memory a shape takes, with the
// parameters of each. docs/any-shape.md explains the decomposition; in short:
// - a 2D / 3D transform that one workgroup holds (its values in workgroup memory, every axis a native
//   Block FFT within the invocations) is one pass (kernels/any-shape/one-pass.ts); otherwise
// - every axis is transformed on its own (A transforms of length L whose elements lie B apart);
// - an innermost axis that one workgroup holds runs as one batched row pass (createBatchedFFT);
// - any other axis is split L = L_1 x ... x L_p into lengths a 16-column workgroup holds, one pass
//   each (kernels/any-shape/pass.ts): p - 1 column passes with the four-step twiddles, then the final
//   pass, which writes the transposed output positions;
// - a length that does not split so (a large prime factor) runs Bluestein over a power of two M >= 2L - 1,
//   itself split as above, with the chirp and the kernel's spectrum fused into the first and last passes.
// Precision: every function takes the plan's arithmetic, 'f32' or 'f64' (df64 registers of 16 bytes:
// half the values per workgroup buffer); an f16 plan is planned as 'f32' (its passes compute in f32).
import { stockhamEPTs, supportedParts } from '../../descriptors/capabilities.js';
import { fft } from '../fft.js';
import type { FFTDirection, FFTLimits, FFTPlan, FFTType } from '../../descriptors/model.js';

/** The arithmetic of a plan's passes: f16 plans compute in f32 (docs/precision.md). */
export type PassPrecision = 'f32' | 'f64';

/** Bytes of one complex register of that arithmetic. */
export function registerBytes(precision: PassPrecision): number {
  return precision === 'f64' ? 16 : 8;
}
import { Block, Direction, ElementsPerThread, FFTsPerBlock, Limits, Precision, Size, Type } from '../../descriptors/operators.js';
import { resolvePlan } from '../../descriptors/plan.js';
import { divisors } from '../../descriptors/sizes.js';
import { PASS_FLAGS, passEngineBytes, type PassInput, type PassKernelSpec, type PassOutput, type PassParams } from '../../kernels/any-shape/pass.js';
import type { ExchangeMode } from '../../kernels/stockham.js';
import { bluesteinTables } from './tables.js';
import { onePassEngineShape } from './one-pass-engine-plan.js';
import type { OnePassEngineShape } from '../../kernels/any-shape/one-pass-engine.js';

/** FFTs (columns) per workgroup of a pass: runs of 16 consecutive complex values (128 bytes) per access. */
export const COLUMNS = 16;

/**
 * Fewer columns per workgroup, for an axis that takes fewer passes with them than with COLUMNS
 * (axisSplit): runs of 8 (64 bytes) hold twice as long a pass per workgroup (2^21-2^22 in two passes
 * where 16 columns take three, a 2048-point column axis in one pass instead of two), runs of 4
 * (32 bytes, one memory sector) four times. Measured end to end on an H200 (bench/NOTES.md run 39),
 * against the plans of 16 columns: 2^21 +12 %, 2^22 +16 %, 2048² +22 %; under WebGPU's default
 * limits 2^17 +18 %, 2^18 +14 %, 512² +25 %, 1024² (4 columns) +14 %.
 */
export const NARROW_COLUMNS = [8, 4] as const;

/**
 * Longest pass of fewer than COLUMNS columns: 4096-point passes of 4 columns (2^23-2^24 in two passes)
 * ran 1326-1476 GB/s on an H200 in every shape tried (bench/NOTES.md run 39), so two of them are
 * slower than three passes of 16 columns (1171 GB/s end to end at 2^24).
 */
const MAX_NARROW_LENGTH = 2048;

/**
 * Fewest columns of an axis whose final pass is staged (1D): staged finals of 4 columns ran 1500 GB/s
 * (1024 points, default limits, H200), and 2^19-2^20 in two such passes 2-4 % slower than in three
 * of 16 columns (bench/NOTES.md run 39).
 */
const MIN_STAGED_COLUMNS = 8;

/** Largest elements per invocation of a pass engine: 16 columns x 16 complex values stay in registers. */
const MAX_PASS_EPT = 16;

/** Marks "no limit" for inValid / outValid. */
export const UNBOUNDED = 0xffffffff;

export interface PassShape {
  readonly size: number;
  readonly ept: number;
  readonly exchange: ExchangeMode;
  readonly parts: number;
  /** FFTs per workgroup (adjacent columns): COLUMNS, or one of NARROW_COLUMNS where that saves a pass. */
  readonly columns: number;
}

/** A pass shape without its length and columns (what the measured table and the search produce). */
type EngineShape = Omit<PassShape, 'size' | 'columns'>;

export interface PlanLimits extends FFTLimits {
  readonly maxComputeWorkgroupSizeX: number;
  readonly maxComputeWorkgroupSizeY: number;
}

const shapeCache = new Map<string, PassShape | null>();

/**
 * How a pass runs COLUMNS FFTs of length L in one workgroup under these limits, or undefined when it
 * cannot: elements per invocation (8 or more where the invocations allow, at most 16), then the
 * complex exchange in the fewest parts that fit, else the split one.
 */
export function passShape(L: number, limits: PlanLimits, precision: PassPrecision = 'f32', columns = COLUMNS): PassShape | undefined {
  const key = `${L}:${limits.maxComputeWorkgroupStorageSize}:${limits.maxComputeInvocationsPerWorkgroup}:${limits.maxComputeWorkgroupSizeY}:${precision}:${columns}`;
  const hit = shapeCache.get(key);
  if (hit !== undefined) return hit ?? undefined;
  const epts = stockhamEPTs(L, precision).filter((e) => e <= MAX_PASS_EPT);
  const ordered = [...epts.filter((e) => e >= 8).sort((a, b) => a - b), ...epts.filter((e) => e < 8).sort((a, b) => b - a)];
  let found: PassShape | undefined;
  for (const ept of ordered) {
    // One value per invocation needs no exchange; otherwise the fewest parts, complex before split.
    const candidates: EngineShape[] =
      L === ept ? [{ ept, exchange: 'none', parts: 1 }] : supportedParts(L, ept).flatMap((parts) => (['complex', 'split'] as const).map((exchange) => ({ ept, exchange, parts })));
    const fit = candidates.find((c) => shapeFits(L, c, columns, limits, precision));
    if (fit) {
      found = { size: L, columns, ...fit };
      break;
    }
  }
  shapeCache.set(key, found ?? null);
  return found;
}

/** How a pass reads and writes: 'column' (reads and writes columns, four-step twiddle), 'final' (the last pass of an axis with later axes: columns, no twiddle), 'staged' (a 1D final pass: rows read through workgroup memory, transposed writes). */
export type PassKind = 'column' | 'final' | 'staged';

/**
 * The engine shape measured fastest for an f32 pass of COLUMNS power-of-two FFTs, per length and
 * kind, where the device's limits allow it (else passShape's). Measured on an H200 and an H100
 * (bench/NOTES.md run 38: pass-probe over every shape that fits 48 KiB / 1024 invocations, one
 * process each): 16 values per invocation and the complex exchange in 4 parts (2 at 128) were the
 * fastest or within 3 % of it on both devices at every length and kind, 32 values for 1024-point
 * passes that do not twiddle. Against passShape's shapes (8 values, fewest parts), H200: 256-point
 * columns +21 %, 512 +38 %, 1024 +8 %; 2D columns 256 +17 %, 512 +41 %, 1024 +18 %; staged 1024
 * +23 %, staged 128 +6 %. Few invocations per FFT with a small exchange buffer keep more workgroups
 * resident; 16-32 values per invocation halve the stages. Staged 256 and 512 were not measured.
 * 32- and 64-point passes that read columns (run 39): E8 with the complex exchange in 2 parts rather
 * than 1, 64-point columns +4-10 % on the H200 (staged finals not measured).
 */
function measuredPassShape(L: number, kind: PassKind, columns: number): EngineShape | undefined {
  if (columns !== COLUMNS) return measuredNarrowShape(L, columns);
  switch (L) {
    case 32:
    case 64:
      return kind === 'staged' ? undefined : { ept: 8, exchange: 'complex', parts: 2 };
    case 128:
      return { ept: 16, exchange: 'complex', parts: 2 };
    case 256:
    case 512:
      return kind === 'staged' ? undefined : { ept: 16, exchange: 'complex', parts: 4 };
    case 1024:
      return { ept: kind === 'column' ? 16 : 32, exchange: 'complex', parts: 4 };
    default:
      return undefined;
  }
}

/**
 * The same for passes of 8 columns (H200, bench/NOTES.md run 39, pass-probe), against passShape's:
 * - 2048 points (two-pass 2^21-2^22, 2048² 's columns; 48 KiB): E32, complex exchange in 4 parts,
 *   2517 / 2784 GB/s (column / staged final) against 1705 / 1787 for E16 split in 2 parts;
 * - 1024-point staged finals (2^21): E16, complex in 2 parts, 2807 against 1676 for E8 split in 1;
 * - WebGPU's default limits (2^17-2^18 in two passes): 256 points E16 complex in 2 parts, 3193
 *   against 2785 (E8 split in 1); 512 points E32 complex in 4 parts, 2805 / 1819 (column / staged)
 *   against 2544 / 1710 (E16 split in 2).
 * Passes of 4 columns keep passShape's (the only ones tried that ran faster than it).
 */
function measuredNarrowShape(L: number, columns: number): EngineShape | undefined {
  if (columns !== 8) return undefined;
  switch (L) {
    case 256:
    case 1024:
      return { ept: 16, exchange: 'complex', parts: 2 };
    case 512:
    case 2048:
      return { ept: 32, exchange: 'complex', parts: 4 };
    default:
      return undefined;
  }
}

/** Whether a pass of `columns` L-point FFTs in this shape fits the limits (and the engine runs it). */
function shapeFits(L: number, shape: EngineShape, columns: number, limits: PlanLimits, precision: PassPrecision): boolean {
  const stride = L / shape.ept;
  return (
    Number.isInteger(stride) &&
    stockhamEPTs(L, precision).includes(shape.ept) &&
    (shape.exchange === 'none' ? stride === 1 : supportedParts(L, shape.ept).includes(shape.parts)) &&
    stride * columns <= limits.maxComputeInvocationsPerWorkgroup &&
    stride <= limits.maxComputeWorkgroupSizeY &&
    passEngineBytes(L, columns, shape.exchange, shape.parts, registerBytes(precision)) <= limits.maxComputeWorkgroupStorageSize
  );
}

/**
 * The shape a pass of this kind runs: the measured one (f32, where it fits the limits), else
 * basePassShape's.
 */
export function columnPassShape(L: number, limits: PlanLimits, precision: PassPrecision = 'f32', kind: PassKind = 'column', columns = COLUMNS): PassShape | undefined {
  const measured = precision === 'f32' ? measuredPassShape(L, kind, columns) : undefined;
  return measured && shapeFits(L, measured, columns, limits, precision) ? { size: L, columns, ...measured } : basePassShape(L, limits, precision, kind, columns);
}

/**
 * The shapes before run 38, which C2R plans (AxisRequest.baseShapes: irfft2 ran 6-15 % slower with
 * the measured shapes) and the convolution's four-step passes (whose split and rows kernel were tuned
 * with them, run 34; the measured shapes made its 2^20 6 % slower) keep:
 * passShape's, except that 128- and 256-point f32 passes that read columns exchange in 2 parts where
 * they would in one (run 29: the one-part exchange, 33 KiB per workgroup of 16 columns, left too few
 * workgroups per SM; 256-point column passes +17-19 %, 256² columns +29 %, 128² +27 %).
 */
export function basePassShape(L: number, limits: PlanLimits, precision: PassPrecision = 'f32', kind: PassKind = 'column', columns = COLUMNS): PassShape | undefined {
  const shape = passShape(L, limits, precision, columns);
  if (!shape || columns !== COLUMNS || kind === 'staged' || precision !== 'f32' || (L !== 128 && L !== 256) || shape.exchange !== 'complex' || shape.parts !== 1) return shape;
  return supportedParts(L, shape.ept).includes(2) ? { ...shape, parts: 2 } : shape;
}

/**
 * Relative time of one pass of length L over the same data (1: a 128-point column pass, about the
 * copy kernel's rate), from the H200's pass timings with the shapes columnPassShape picks
 * (bench/NOTES.md run 38): column passes 256 / 512 / 1024 at 1.07 / 1.12 / 1.45, staged final passes
 * 128 and 1024 at 1.28 / 1.26; staged 256 and 512 (passShape's shapes, not re-measured) at run 29's
 * 1.62. Only compares splits of equal pass count.
 */
export function passCost(L: number, stagedFinal: boolean): number {
  return (stagedFinal ? [1.28, 1.62, 1.62, 1.26] : [1, 1.07, 1.12, 1.45])[costBucket(L)];
}

/** The length classes of the cost tables: up to 128, 256, 512, 1024. */
function costBucket(L: number): number {
  return L <= 128 ? 0 : L <= 256 ? 1 : L <= 512 ? 2 : 3;
}

/** passCost of a pass in basePassShape's shapes (runs 29-30), for the splits of the plans that run them. */
export function basePassCost(L: number, stagedFinal = false): number {
  return (stagedFinal ? [1, 1.58, 1.58, 1.52] : [1, 1.26, 1.59, 1.54])[costBucket(L)];
}

/**
 * Splits n into the fewest pass lengths (passShape accepts each), then the cheapest by passCost,
 * in pass order (the last is the final pass; `stagedFinal`: it reads rows through workgroup memory,
 * as 1D final passes do). Undefined when n has a factor no pass takes. Equal costs: the smaller
 * largest length, in descending order (the rule before the costs). Measured on an H200 (run 30): 2^16 as 128 x 512 (a 128-point column pass,
 * a 512-point staged final) ran 1522 GB/s against 1385 for 256 x 256, 2^18 as 256 x 1024 1411 against
 * 1250 for 512 x 512.
 */
export function splitLength(
  n: number,
  limits: PlanLimits,
  precision: PassPrecision = 'f32',
  stagedFinal = false,
  cost: (L: number, stagedFinal: boolean) => number = passCost,
  columns = COLUMNS,
): number[] | undefined {
  const fits = (m: number) => (columns === COLUMNS || m <= MAX_NARROW_LENGTH) && passShape(m, limits, precision, columns) !== undefined;
  // Fewest factors of m (memoised), each accepted by passShape.
  const fewestMemo = new Map<number, number>();
  const fewest = (m: number): number => {
    const hit = fewestMemo.get(m);
    if (hit !== undefined) return hit;
    let out = fits(m) ? 1 : Infinity;
    if (out > 1) for (const d of divisors(m)) if (d >= 2 && d < m && fits(d)) out = Math.min(out, 1 + fewest(m / d));
    fewestMemo.set(m, out);
    return out;
  };
  const count = fewest(n);
  if (!Number.isFinite(count)) return undefined;
  // Every non-increasing list of `count` accepted factors of n; each ordered with its cheapest final.
  let best: { factors: number[]; cost: number; max: number } | undefined;
  const visit = (m: number, left: number, max: number, acc: number[]): void => {
    if (left === 1) {
      if (m <= max && fits(m)) consider([...acc, m]);
      return;
    }
    for (const d of divisors(m)) if (d >= 2 && d <= max && d < m && fits(d) && fewest(m / d) <= left - 1) visit(m / d, left - 1, d, [...acc, d]);
  };
  // Ties (equal cost): the smaller largest length, then the smallest length last (descending order).
  const consider = (sorted: number[]): void => {
    const max = sorted[0];
    for (let f = sorted.length - 1; f >= 0; f--) {
      const factors = [...sorted.slice(0, f), ...sorted.slice(f + 1), sorted[f]];
      const time = factors.reduce((c, L, i) => c + cost(L, stagedFinal && i === factors.length - 1 && factors.length > 1), 0);
      if (!best || time < best.cost - 1e-9 || (Math.abs(time - best.cost) <= 1e-9 && max < best.max)) best = { factors, cost: time, max };
    }
  };
  visit(n, count, n, []);
  return best?.factors;
}

/** The descriptor a pass's engine follows (FFTsPerBlock = its columns), when the descriptor rules accept the shape. */
export function passDescriptor(shape: PassShape, direction: FFTDirection, limits: FFTLimits, precision: PassPrecision = 'f32'): unknown {
  try {
    const ops = [Size(shape.size), Type('c2c'), Direction(direction), Precision(precision), Block(), ElementsPerThread(shape.ept), FFTsPerBlock(shape.columns), Limits(limits)];
    return (fft as (...o: unknown[]) => unknown)(...ops);
  } catch {
    return undefined;
  }
}

/** A batched row pass: `batch` contiguous FFTs run by createBatchedFFT (one workgroup holds each). */
export interface RowsPass {
  readonly op: 'rows';
  readonly what: string;
  readonly type: FFTType;
  readonly direction: FFTDirection;
  readonly length: number;
  readonly batch: number;
  readonly io: PassIO;
}

/** A pass of kernels/any-shape/pass.ts. */
export interface ColumnsPass {
  readonly op: 'pass';
  readonly what: string;
  /** The direction of the pass's transform (the kernel runs forward and conjugates for inverse). */
  readonly direction: FFTDirection;
  readonly shape: PassShape;
  readonly spec: Omit<PassKernelSpec, 'inPlace' | 'maxWorkgroupBytes'>;
  readonly params: Omit<PassParams, 'groupsX' | 'groups' | 'inBase' | 'outBase'>;
  readonly io: PassIO;
}

/**
 * A whole 2D or 3D transform per workgroup, in one pass over global memory
 * (kernels/any-shape/one-pass.ts): every axis's Block FFTs in turn, in registers and one workgroup
 * buffer of the transform's complex values.
 */
export interface OnePass {
  readonly op: 'one-pass';
  readonly what: string;
  readonly type: FFTType;
  readonly direction: FFTDirection;
  readonly shape: readonly number[];
  /** Transforms (one workgroup each). */
  readonly batch: number;
  /** plans[k]: the Block FFTs along axis k (the innermost of the plan's type, the others c2c). */
  readonly plans: readonly FFTPlan[];
  /** Invocations of the kernel's (one-dimensional) workgroup: the largest axis's. */
  readonly invocations: number;
  readonly io: PassIO;
  /**
   * C2C only: the whole transform as one Stockham engine phased by axis
   * (kernels/any-shape/one-pass-engine.ts) in this shape; `plans` then only describe the axes.
   */
  readonly engine?: OnePassEngineShape;
}

export type PlannedPass = RowsPass | ColumnsPass | OnePass;

/** What a pass reads and writes: element counts (complex or real values) and whether it may run in place. */
export interface PassIO {
  readonly inElements: number;
  readonly inReal: boolean;
  readonly outElements: number;
  readonly outReal: boolean;
  readonly inPlaceSafe: boolean;
}

/** One axis transform: A transforms of length L, elements B apart. */
export interface AxisRequest {
  readonly axis: number;
  readonly A: number;
  readonly L: number;
  readonly B: number;
  readonly direction: FFTDirection;
  /** The real kind this axis runs as, if any (innermost axis of r2c / c2r). */
  readonly real?: 'r2c' | 'c2r';
  /**
   * Run basePassShape's shapes, not the measured ones (C2R plans: with the measured shapes irfft2
   * ran 6-15 % slower on an H100 at 256²-1024² and 13 % at 256² on an H200, bench/NOTES.md run 38).
   */
  readonly baseShapes?: boolean;
}

export interface PlannedTables {
  /** Appends a table (interleaved complex f64) and returns its offset in complex elements. */
  add(data: Float64Array): number;
}

function rowsFit(L: number, type: FFTType, direction: FFTDirection, limits: FFTLimits, precision: PassPrecision): boolean {
  try {
    fft(Size(L), Type(type), Direction(direction), Precision(precision), Block(), Limits(limits));
    return true;
  } catch {
    return false;
  }
}

interface FirstSide {
  readonly input: PassInput;
  /** The input is the non-redundant half of Hermitian sequences of length `mirror` (C2R). */
  readonly hermitian?: boolean;
  /** Axis length of the source buffer (L, or n / 2 + 1 for Hermitian input). */
  readonly len: number;
  readonly valid: number;
  readonly mirror: number;
  readonly table?: number;
}

interface LastSide {
  readonly output: PassOutput;
  readonly len: number;
  readonly valid: number;
  readonly table?: number;
}

/**
 * The passes of a length-V transform of A x B sequences (elements B apart) split as `factors`: column
 * passes, then the final one. `first` says how the first pass reads the caller's data, `last` how
 * the final pass writes.
 */
function viewPasses(
  label: string,
  A: number,
  B: number,
  V: number,
  factors: readonly number[],
  sign: -1 | 1,
  first: FirstSide,
  last: LastSide,
  limits: PlanLimits,
  precision: PassPrecision,
  baseShapes = false,
  columns = COLUMNS,
): ColumnsPass[] {
  const p = factors.length;
  const passes: ColumnsPass[] = [];
  const direction: FFTDirection = sign < 0 ? 'forward' : 'inverse';
  let before = 1;
  for (let i = 0; i < p; i++) {
    const L = factors[i];
    const isFirst = i === 0;
    const isFinal = i === p - 1;
    // Final passes of several read rows through workgroup memory (staged); the others read columns.
    const staged = isFinal && B === 1 && p > 1;
    const kind: PassKind = staged ? 'staged' : isFinal ? 'final' : 'column';
    const shape = (baseShapes ? basePassShape : columnPassShape)(L, limits, precision, kind, columns)!;
    const input: PassInput = isFirst ? first.input : 'complex';
    const inputTable = isFirst && first.table !== undefined;
    let flags = 0;
    if (isFirst && first.hermitian) flags |= PASS_FLAGS.hermitian;
    if (isFirst && sign > 0) flags |= PASS_FLAGS.conjugateInput;
    if (inputTable) flags |= PASS_FLAGS.inputTable;
    if (isFinal && sign > 0) flags |= PASS_FLAGS.conjugateOutput;
    if (isFinal && last.table !== undefined) flags |= PASS_FLAGS.outputTable;
    const inBlock = isFirst ? first.len * B : isFinal ? V * B : L * (V / before / L) * B;
    const inElements = isFirst ? A * first.len * B : A * V * B;
    const common = {
      size: L,
      ept: shape.ept,
      exchange: shape.exchange,
      parts: shape.parts,
      columns: shape.columns,
      input,
      precision,
    } as const;
    if (!isFinal) {
      const M = V / before / L;
      const W = M * B;
      const sameIO = input === 'complex' && !inputTable && inBlock === L * W;
      passes.push({
        op: 'pass',
        what: `${label}: ${L}-point ${direction} FFTs down ${A * before * W} columns (elements ${W} apart), four-step twiddles w_${L * M}`,
        direction,
        shape,
        spec: { ...common, kind: 'column', twiddle: true, output: 'complex', stagedInput: false },
        params: {
          count: A * before * W,
          width: W,
          inner: B,
          inBlock,
          outBlock: L * W,
          inValid: isFirst ? first.valid : UNBOUNDED,
          outValid: UNBOUNDED,
          mirror: first.mirror,
          twLength: L * M,
          digits: [],
          inTable: inputTable ? first.table! : 0,
          outTable: 0,
          flags,
        },
        io: { inElements, inReal: input === 'real', outElements: A * V * B, outReal: false, inPlaceSafe: sameIO },
      });
    } else {
      const W = (V / L) * B;
      const digits: { radix: number; stride: number }[] = [];
      let done = 1;
      for (let d = 0; d < p - 1; d++) {
        done *= factors[d];
        digits.push({ radix: factors[d], stride: V / done });
      }
      const outBlock = last.len * B;
      const sameIO = p === 1 && input === 'complex' && last.output === 'complex' && inBlock === outBlock;
      passes.push({
        op: 'pass',
        what:
          p === 1
            ? `${label}: ${L}-point ${direction} FFTs down ${A * W} columns (elements ${B} apart)`
            : `${label}: ${L}-point ${direction} FFTs of ${A * W} ${staged ? 'rows (staged through workgroup memory)' : `columns (elements ${B} apart)`}, written to the transposed positions`,
        direction,
        shape,
        spec: { ...common, kind: 'final', twiddle: false, output: last.output, stagedInput: staged },
        params: {
          count: A * W,
          width: W,
          inner: B,
          inBlock,
          outBlock,
          inValid: isFirst ? first.valid : UNBOUNDED,
          outValid: last.valid,
          mirror: first.mirror,
          twLength: 0,
          digits,
          inTable: inputTable ? first.table! : 0,
          outTable: last.table ?? 0,
          flags,
        },
        io: { inElements, inReal: input === 'real', outElements: A * last.len * B, outReal: last.output === 'real', inPlaceSafe: sameIO },
      });
    }
    before *= L;
  }
  return passes;
}

/**
 * The pass lengths of an axis of length n and the columns per workgroup they run with: the fewest
 * passes over COLUMNS and, where `narrow` (f32 plans in the measured shapes; C2R plans keep their
 * base shapes and COLUMNS, not measured narrower), NARROW_COLUMNS; the most columns among equals.
 */
export function axisSplit(
  n: number,
  limits: PlanLimits,
  precision: PassPrecision,
  stagedFinal: boolean,
  cost: (L: number, stagedFinal: boolean) => number,
  narrow = true,
): { factors: number[]; columns: number } | undefined {
  let best: { factors: number[]; columns: number } | undefined;
  for (const columns of precision === 'f32' && narrow ? [COLUMNS, ...NARROW_COLUMNS] : [COLUMNS]) {
    if (stagedFinal && columns < MIN_STAGED_COLUMNS) continue;
    const factors = splitLength(n, limits, precision, stagedFinal, cost, columns);
    if (factors && (!best || factors.length < best.factors.length)) best = { factors, columns };
  }
  return best;
}

/** The passes of one axis transform. */
export function axisPasses(req: AxisRequest, limits: PlanLimits, tables: PlannedTables, precision: PassPrecision = 'f32'): PlannedPass[] {
  const { A, L, B, direction, real } = req;
  const sign: -1 | 1 = direction === 'forward' ? -1 : 1;
  const h = Math.floor(L / 2) + 1;
  const label = `axis ${req.axis} (length ${L}${real ? `, ${real}` : ''})`;
  const type: FFTType = real ?? 'c2c';
  if (B === 1 && rowsFit(L, type, direction, limits, precision)) {
    const inLen = real === 'c2r' ? h : L;
    const outLen = real === 'r2c' ? h : L;
    return [
      {
        op: 'rows',
        what: `${label}: ${A} contiguous ${L}-point ${type} ${direction} FFTs, one workgroup each (createBatchedFFT)`,
        type,
        direction,
        length: L,
        batch: A,
        io: { inElements: A * inLen, inReal: real === 'r2c', outElements: A * outLen, outReal: real === 'c2r', inPlaceSafe: type === 'c2c' },
      },
    ];
  }
  const first: FirstSide =
    real === 'r2c'
      ? { input: 'real', len: L, valid: L, mirror: L }
      : real === 'c2r'
        ? { input: 'complex', hermitian: true, len: h, valid: L, mirror: L }
        : { input: 'complex', len: L, valid: L, mirror: L };
  const last: LastSide =
    real === 'r2c' ? { output: 'complex', len: h, valid: h } : real === 'c2r' ? { output: 'real', len: L, valid: L } : { output: 'complex', len: L, valid: L };
  const splitCost = req.baseShapes ? basePassCost : passCost;
  const split = axisSplit(L, limits, precision, B === 1, splitCost, !req.baseShapes);
  if (split) return viewPasses(label, A, B, L, split.factors, sign, first, last, limits, precision, req.baseShapes, split.columns);

  // Bluestein: X_k = c_k sum_j (x_j c_j) conj(c_(k - j)), c_j = exp(sign i pi j^2 / L), as a cyclic
  // convolution of length M: forward M-point FFT of x c (zero padded), times H = FFT_M(conj(c)) / M,
  // inverse M-point FFT, times c. Chirp and H are host-computed f64 tables (rounded to f32, or df64 pairs).
  let M = 1;
  while (M < 2 * L - 1) M *= 2;
  const mSplit = axisSplit(M, limits, precision, B === 1, splitCost, !req.baseShapes);
  if (!mSplit) throw new Error(`webfftdx: no pass split for the Bluestein length ${M} of axis length ${L}`);
  const { chirp, kernel } = bluesteinTables(L, M, sign);
  const chirpAt = tables.add(chirp);
  const kernelAt = tables.add(kernel);
  const blabel = `${label}, Bluestein over ${M}`;
  const forward = viewPasses(`${blabel}, forward ${M}`, A, B, M, mSplit.factors, -1, { ...first, table: chirpAt }, { output: 'complex', len: M, valid: M, table: kernelAt }, limits, precision, req.baseShapes, mSplit.columns);
  const inverse = viewPasses(`${blabel}, inverse ${M}`, A, B, M, mSplit.factors, 1, { input: 'complex', len: M, valid: M, mirror: M }, { ...last, table: chirpAt }, limits, precision, req.baseShapes, mSplit.columns);
  return [...forward, ...inverse];
}

export interface ShapePlan {
  readonly passes: readonly PlannedPass[];
  /** The Bluestein tables, interleaved complex f64 (empty when none): the host rounds them to the passes' precision. */
  readonly tables: Float64Array;
  /** Elements of one transform's input and output (reals for the real side of r2c / c2r). */
  readonly inputElements: number;
  readonly outputElements: number;
}

/** Largest elements per invocation the one-pass kernel takes (register pressure, as MAX_PASS_EPT's reasoning). */
const MAX_ONE_PASS_EPT = 32;

/**
 * The Block plan of one axis of the one-pass kernel: `slots` FFTs of length L (`type`) with the
 * complex exchange in one part, so that its workgroup buffer (L x slots complex values) is the
 * kernel's data buffer (every axis and the data share one buffer: the sum would not fit). The
 * descriptor's tuned elements per invocation first, then the others from the smallest, within the
 * invocations limit. Undefined when no Stockham plan fits (Bluestein lengths stay multi-pass).
 */
function onePassAxis(L: number, type: FFTType, slots: number, direction: FFTDirection, limits: PlanLimits, precision: PassPrecision): FFTPlan | undefined {
  const fftLimits: FFTLimits = {
    maxComputeWorkgroupStorageSize: limits.maxComputeWorkgroupStorageSize,
    maxComputeInvocationsPerWorkgroup: limits.maxComputeInvocationsPerWorkgroup,
    subgroups: false,
  };
  const maxInvocations = Math.min(limits.maxComputeInvocationsPerWorkgroup, limits.maxComputeWorkgroupSizeX);
  const epts = [undefined, ...stockhamEPTs(L, precision).filter((e) => e <= MAX_ONE_PASS_EPT).sort((a, b) => a - b)];
  for (const ept of epts) {
    let plan: FFTPlan;
    try {
      plan = resolvePlan({
        size: L,
        type,
        direction,
        precision,
        execution: 'block',
        fftsPerBlock: slots,
        limits: fftLimits,
        exchange: 'complex',
        exchangeParts: 1,
        ...(ept === undefined ? {} : { elementsPerThread: ept }),
      });
    } catch {
      continue;
    }
    if (plan.algorithm !== 'stockham' || plan.execEPT > MAX_ONE_PASS_EPT || plan.stride * slots > maxInvocations) continue;
    if (plan.exchange === 'split' || plan.exchangeParts !== 1) continue;
    return plan;
  }
  return undefined;
}

/**
 * The one-pass plan of a 2D or 3D shape when one workgroup holds the whole transform under these
 * limits (its complex values in workgroup memory, every axis's Block FFTs within the invocations),
 * else undefined. C2C and R2C transform the innermost axis first (R2C: then the other axes on the
 * nx / 2 + 1 columns of the half spectrum), C2R last.
 */
export function onePass(shape: readonly number[], type: FFTType, direction: FFTDirection, batch: number, limits: PlanLimits, precision: PassPrecision = 'f32'): OnePass | undefined {
  const r = shape.length;
  if (r < 2 || r > 3) return undefined;
  const nx = shape[r - 1];
  const w = type === 'c2c' ? nx : Math.floor(nx / 2) + 1;
  const dims = [...shape.slice(0, r - 1), w];
  const full = shape.reduce((a, b) => a * b, 1);
  const half = dims.reduce((a, b) => a * b, 1);
  // The rows' exchange holds all the values as complex ones (real rows run an nx-point complex engine).
  const bytes = full * registerBytes(precision);
  if (bytes > limits.maxComputeWorkgroupStorageSize) return undefined;
  const plans: FFTPlan[] = [];
  for (let k = r - 1; k >= 0; k--) {
    const plan = onePassAxis(shape[k], k === r - 1 ? type : 'c2c', half / dims[k], direction, limits, precision);
    if (!plan) return undefined;
    plans[k] = plan;
  }
  const invocations = Math.max(...plans.map((p) => p.stride * p.fftsPerBlock));
  const order = Array.from({ length: r }, (_, i) => (type === 'c2r' ? i : r - 1 - i));
  const steps = order.map((k) =>
    k === r - 1
      ? `${half / dims[k]} ${nx}-point ${type} ${direction} FFTs (rows)`
      : `${half / dims[k]} ${shape[k]}-point ${direction} FFTs along axis ${k}${type === 'c2c' ? '' : ' (half spectrum)'}`,
  );
  return {
    op: 'one-pass',
    what: `[${shape.join(', ')}] ${type} in one pass: ${batch} transform(s), one workgroup each: ${steps.join(', then ')}, in registers and ${bytes} bytes of workgroup memory`,
    type,
    direction,
    shape: [...shape],
    batch,
    plans,
    invocations,
    io: {
      inElements: batch * (type === 'c2r' ? half : full),
      inReal: type === 'r2c',
      outElements: batch * (type === 'r2c' ? half : full),
      outReal: type === 'c2r',
      inPlaceSafe: type === 'c2c',
    },
  };
}

/**
 * The Block plan of each axis's FFT (the innermost of `type`, the others C2C), which a phased
 * engine's OnePass reports (its kernel runs their stages as its phases); undefined where a length
 * has no plan under these limits.
 */
function axisPlans(shape: readonly number[], type: FFTType, direction: FFTDirection, limits: PlanLimits, precision: PassPrecision): FFTPlan[] | undefined {
  const fftLimits: FFTLimits = { maxComputeWorkgroupStorageSize: limits.maxComputeWorkgroupStorageSize, maxComputeInvocationsPerWorkgroup: limits.maxComputeInvocationsPerWorkgroup, subgroups: false };
  try {
    return shape.map((L, k) => resolvePlan({ size: L, type: k === shape.length - 1 ? type : 'c2c', direction, precision, execution: 'block', limits: fftLimits }));
  } catch {
    return undefined;
  }
}

/**
 * Most exchanges a phased engine may take. Measured on an H100 (bench/NOTES.md run 31): up to 3
 * exchanges the engine runs at 0.85-0.97 x copy (16² to 128², 16³, 64 x 96); 32³ in 5 exchanges of 4
 * split parts (1024 invocations) at 0.32 x, so it keeps its per-axis passes.
 */
const MAX_ENGINE_EXCHANGES = 4;

/**
 * The phased-engine plan of a 2D or 3D C2C shape (kernels/any-shape/one-pass-engine.ts), or undefined
 * where no engine shape fits these limits, it takes more than two stages per axis (mixed lengths
 * whose radices share no small E: the axis-by-axis kernel exchanges less there) or more than
 * MAX_ENGINE_EXCHANGES exchanges. `naturalOutput`: the engine exchanges after its last stage too
 * (a convolution's forward engine, src/convolution/onepass-2d-plan.ts).
 */
export function onePassEngine(shape: readonly number[], direction: FFTDirection, batch: number, limits: PlanLimits, precision: PassPrecision = 'f32', naturalOutput = false): OnePass | undefined {
  const r = shape.length;
  if (r < 2 || r > 3) return undefined;
  const engine = onePassEngineShape(shape, limits, precision, naturalOutput);
  if (!engine || engine.radices.length > 2 * r || engine.radices.length - (naturalOutput ? 0 : 1) > MAX_ENGINE_EXCHANGES) return undefined;
  const full = shape.reduce((a, b) => a * b, 1);
  const plans = axisPlans(shape, 'c2c', direction, limits, precision);
  if (!plans) return undefined;
  const stride = full / engine.ept;
  return {
    op: 'one-pass',
    what:
      `[${shape.join(', ')}] c2c in one pass: ${batch} transform(s), ${engine.slots} per workgroup, each one ${full}-point Stockham engine phased by axis ` +
      `(${stride} invocations x ${engine.ept} values, radices ${engine.radices.join(' x ')}, outermost axis first), ${engine.exchange} exchange in ${engine.parts} part(s)`,
    type: 'c2c',
    direction,
    shape: [...shape],
    batch,
    plans,
    invocations: stride * engine.slots,
    io: { inElements: batch * full, inReal: false, outElements: batch * full, outReal: false, inPlaceSafe: true },
    engine,
  };
}

/**
 * The phased-engine plan of a 2D or 3D R2C shape with an even innermost axis
 * (kernels/any-shape/one-pass-engine-real.ts): the C2C engine of [.., nx / 2], one transform per
 * workgroup, the whole half-size spectrum in its one-part buffer. Same rules as onePassEngine; f32
 * arithmetic only (f64 plans and C2R take the axis-by-axis kernel: bench/NOTES.md run 35).
 */
export function onePassEngineR2C(shape: readonly number[], batch: number, limits: PlanLimits, precision: PassPrecision = 'f32'): OnePass | undefined {
  const r = shape.length;
  const nx = shape[r - 1];
  if (r < 2 || r > 3 || nx % 2 !== 0 || precision !== 'f32') return undefined;
  const halfShape = [...shape.slice(0, -1), nx / 2];
  const type = 'r2c';
  const engine = onePassEngineShape(halfShape, limits, precision, true, { oneSlot: true, wholeBuffer: true });
  if (!engine || engine.radices.length > 2 * r || engine.radices.length > MAX_ENGINE_EXCHANGES) return undefined;
  const direction: FFTDirection = 'forward';
  const plans = axisPlans(shape, type, direction, limits, precision);
  if (!plans) return undefined;
  const full = shape.reduce((a, b) => a * b, 1);
  const half = (full / nx) * (nx / 2 + 1);
  const stride = full / 2 / engine.ept;
  return {
    op: 'one-pass',
    what:
      `[${shape.join(', ')}] ${type} in one pass: ${batch} transform(s), one per workgroup, each the [${halfShape.join(', ')}] C2C Stockham engine phased by axis ` +
      `on the pairs of real values (${stride} invocations x ${engine.ept} values, radices ${engine.radices.join(' x ')}), ${engine.exchange} exchange in ${engine.parts} part(s)`,
    type,
    direction,
    shape: [...shape],
    batch,
    plans,
    invocations: stride,
    io: { inElements: batch * full, inReal: true, outElements: batch * half, outReal: false, inPlaceSafe: false },
    engine,
  };
}

/** All passes of a transform of `shape` (outermost first), `batch` of them. */
export function planShape(shape: readonly number[], type: FFTType, direction: FFTDirection, batch: number, limits: PlanLimits, precision: PassPrecision = 'f32'): ShapePlan {
  const r = shape.length;
  const nx = shape[r - 1];
  const h = Math.floor(nx / 2) + 1;
  const parts: Float64Array[] = [];
  let tableElements = 0;
  const tables: PlannedTables = {
    add(data) {
      const at = tableElements;
      parts.push(data);
      tableElements += data.length / 2;
      return at;
    },
  };
  const complexShape = type === 'c2c' ? [...shape] : [...shape.slice(0, r - 1), h];
  const axisRequest = (axis: number, dims: readonly number[], real?: 'r2c' | 'c2r'): AxisRequest => ({
    axis,
    A: batch * dims.slice(0, axis).reduce((x, y) => x * y, 1),
    L: shape[axis],
    B: dims.slice(axis + 1).reduce((x, y) => x * y, 1),
    direction,
    ...(real ? { real } : {}),
  });
  const passes: PlannedPass[] = [];
  const engineFirst = type === 'c2c' ? onePassEngine(shape, direction, batch, limits, precision) : type === 'r2c' ? onePassEngineR2C(shape, batch, limits, precision) : undefined;
  const one = engineFirst ?? onePass(shape, type, direction, batch, limits, precision);
  if (one) {
    const full = shape.reduce((a, b) => a * b, 1);
    const half = (full / nx) * h;
    return { passes: [one], tables: new Float64Array(0), inputElements: type === 'c2r' ? half : full, outputElements: type === 'r2c' ? half : full };
  }
  const others = Array.from({ length: r - 1 }, (_, i) => r - 2 - i); // inner to outer
  if (type === 'c2r') {
    for (const axis of others) passes.push(...axisPasses({ ...axisRequest(axis, complexShape), baseShapes: true }, limits, tables, precision));
    passes.push(...axisPasses({ ...axisRequest(r - 1, complexShape, 'c2r'), baseShapes: true }, limits, tables, precision));
  } else {
    passes.push(...axisPasses(axisRequest(r - 1, shape, type === 'r2c' ? 'r2c' : undefined), limits, tables, precision));
    for (const axis of others) passes.push(...axisPasses(axisRequest(axis, complexShape), limits, tables, precision));
  }
  const all = new Float64Array(tableElements * 2);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  const total = shape.reduce((x, y) => x * y, 1);
  const half = complexShape.reduce((x, y) => x * y, 1);
  return {
    passes,
    tables: all,
    inputElements: type === 'c2r' ? half : total,
    outputElements: type === 'r2c' ? half : total,
  };
}
