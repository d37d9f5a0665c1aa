// The engine shape and the length split of createFFT's passes (pure: no GPU): how many FFTs (columns)
// a pass runs per workgroup, in which engine shape (elements per invocation, exchange, parts: measured
// ones where the limits hold them), and how an axis length splits into passes (the fewest, then the
// cheapest by measured pass costs). ./passes.ts builds the passes from these; docs/any-shape.md
// ("Why 2 passes stop at 2^18") and bench/NOTES.md runs 29-43 hold the measurements.
import { stockhamEPTs, supportedParts } from '../../descriptors/capabilities.js';
import type { FFTDirection, FFTLimits } from '../../descriptors/model.js';
import { Block, Direction, ElementsPerThread, FFTsPerBlock, Limits, Precision, Size, Type } from '../../descriptors/operators.js';
import { divisors } from '../../descriptors/sizes.js';
import { passEngineBytes } from '../../kernels/any-shape/pass.js';
import type { ExchangeMode } from '../../kernels/stockham.js';
import { fft } from '../fft.js';

/** The arithmetic of a plan's passes: f16 plans compute in f32 (docs/precision.md). */
export type PassPrecision = 'f32' | 'f64';

/** Bytes of one complex register of that arithmetic. */
export function registerBytes(precision: PassPrecision): number {
  return precision === 'f64' ? 16 : 8;
}

/** FFTs (columns) per workgroup of a pass: runs of 16 consecutive complex values (128 bytes) per access. */
export const COLUMNS = 16;

/**
 * Fewer columns per workgroup, for passes longer than COLUMNS columns hold (planSplit): runs of 8
 * (64 bytes) hold twice as long a pass per workgroup (2^21-2^22 in two passes where 16 columns take
 * three, a 2048-point column axis in one pass instead of two), runs of 4 (32 bytes, one memory
 * sector) four times. Measured end to end on an H200 (bench/NOTES.md run 39), against the plans of 16
 * columns: 2^21 +12 %, 2^22 +16 %, 2048² +22 %; under WebGPU's default limits 2^17 +18 %, 2^18
 * +14 %, 512² +25 %, 1024² (4 columns) +14 %; per pass (run 40) 2^20 +7 %, default limits 2^19 +10 %.
 */
export const NARROW_COLUMNS = [8, 4] as const;

/**
 * Fewest columns of an axis whose final pass is staged (1D): staged finals of 4 columns ran 1500 GB/s
 * (1024 points, default limits, H200), and 2^19-2^20 in two such passes 2-4 % slower than in three
 * of 16 columns (bench/NOTES.md run 39).
 */
const MIN_STAGED_COLUMNS = 8;

/** Largest elements per invocation of a pass engine: 16 columns x 16 complex values stay in registers. */
const MAX_PASS_EPT = 16;

export interface PassShape {
  readonly size: number;
  readonly ept: number;
  readonly exchange: ExchangeMode;
  readonly parts: number;
  /** FFTs per workgroup (adjacent columns): COLUMNS, or one of NARROW_COLUMNS (planSplit). */
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
export function passShape(L: number, limits: PlanLimits, precision: PassPrecision = 'f32'): PassShape | undefined {
  const key = `${L}:${limits.maxComputeWorkgroupStorageSize}:${limits.maxComputeInvocationsPerWorkgroup}:${limits.maxComputeWorkgroupSizeY}:${precision}`;
  const hit = shapeCache.get(key);
  if (hit !== undefined) return hit ?? undefined;
  const epts = stockhamEPTs(L, precision).filter((e) => e <= MAX_PASS_EPT);
  const ordered = [...epts.filter((e) => e >= 8).sort((a, b) => a - b), ...epts.filter((e) => e < 8).sort((a, b) => b - a)];
  let found: PassShape | undefined;
  for (const ept of ordered) {
    // One value per invocation needs no exchange; otherwise the fewest parts, complex before split.
    const candidates: EngineShape[] =
      L === ept ? [{ ept, exchange: 'none', parts: 1 }] : supportedParts(L, ept).flatMap((parts) => (['complex', 'split'] as const).map((exchange) => ({ ept, exchange, parts })));
    const fit = candidates.find((c) => shapeFits(L, c, COLUMNS, limits, precision));
    if (fit) {
      found = { size: L, columns: COLUMNS, ...fit };
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
function measuredPassShape(L: number, kind: PassKind): EngineShape | undefined {
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

/** A measured shape of a pass of fewer than COLUMNS columns, with its cost (passCost's unit) per kind. */
interface NarrowShape extends EngineShape {
  /** Cost as a column pass (reads and writes columns; also a 2D final pass). */
  readonly column: number;
  /** Cost as a staged 1D final pass. */
  readonly staged: number;
}

/**
 * The shapes of passes of fewer than COLUMNS columns that were measured, in order of preference (the
 * first that fits the limits runs); a length and column count without one runs no such pass. Measured
 * on an H200 (bench/NOTES.md runs 39-42):
 * - with 1024 invocations, pass-probe: 2048 points of 8 in E32 complex/4 at 2517 / 2784 GB/s (column /
 *   staged; 33 KB), against 1705 / 1787 for passShape's E16 split/2 (so a device with 32 KiB keeps
 *   three passes at 2^21-2^22: with that shape two passes ran 15-29 % slower, run 42); staged 1024 of
 *   8 in E16 complex/2 2807;
 * - under the default limits, solved from end-to-end times of two-pass plans (the default-limits
 *   probe builds its kernels with 48 KiB and disagreed with them): 512 points of 8 in E32 complex/4
 *   1.22 both kinds, 256-point columns of 8 in E16 complex/2 1.07, 1024-point columns of 4 in E16
 *   split/2 1.62.
 * Costs not measured are 2 (such a pass only runs where it saves a pass). Left out as measured slower:
 * 4096-point passes of 4 columns (1326-1476 GB/s in every shape tried: two of them lose to three passes
 * of 16 at 2^23-2^24), and 10^5 as 400 (4 columns) x 250 (8) (5 % slower than three passes of 16).
 * Other lengths (e.g. 1000, 1536) were not measured and keep 16 columns.
 */
const NARROW_SHAPES: Readonly<Record<string, readonly NarrowShape[]>> = {
  '8:256': [{ ept: 16, exchange: 'complex', parts: 2, column: 1.07, staged: 2 }],
  '8:512': [{ ept: 32, exchange: 'complex', parts: 4, column: 1.22, staged: 1.22 }],
  '8:1024': [{ ept: 16, exchange: 'complex', parts: 2, column: 2, staged: 1.42 }],
  '8:2048': [{ ept: 32, exchange: 'complex', parts: 4, column: 1.58, staged: 1.43 }],
  '4:1024': [{ ept: 16, exchange: 'split', parts: 2, column: 1.62, staged: 2 }],
};

/** The measured shape a pass of `columns` (< COLUMNS) L-point FFTs runs under these limits, if any. */
function narrowShape(L: number, columns: number, limits: PlanLimits, precision: PassPrecision): NarrowShape | undefined {
  if (precision !== 'f32') return undefined;
  return NARROW_SHAPES[`${columns}:${L}`]?.find((s) => shapeFits(L, s, columns, limits, precision));
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
  if (columns !== COLUMNS) {
    const narrow = narrowShape(L, columns, limits, precision);
    return narrow && { size: L, columns, ept: narrow.ept, exchange: narrow.exchange, parts: narrow.parts };
  }
  const measured = precision === 'f32' ? measuredPassShape(L, kind) : undefined;
  return measured && shapeFits(L, measured, columns, limits, precision) ? { size: L, columns, ...measured } : basePassShape(L, limits, precision, kind);
}

/**
 * The shapes before run 38, which C2R plans (AxisRequest.baseShapes: irfft2 ran 6-15 % slower with
 * the measured shapes) and the convolution's four-step passes below 1024 points (whose split and rows
 * kernel were tuned with them, run 34; the measured shapes made its 2^20 6 % slower) keep:
 * passShape's, except that 128- and 256-point f32 passes that read columns exchange in 2 parts where
 * they would in one (run 29: the one-part exchange, 33 KiB per workgroup of 16 columns, left too few
 * workgroups per SM; 256-point column passes +17-19 %, 256² columns +29 %, 128² +27 %).
 */
export function basePassShape(L: number, limits: PlanLimits, precision: PassPrecision = 'f32', kind: PassKind = 'column'): PassShape | undefined {
  const shape = passShape(L, limits, precision);
  if (!shape || kind === 'staged' || precision !== 'f32' || (L !== 128 && L !== 256) || shape.exchange !== 'complex' || shape.parts !== 1) return shape;
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

/** passCost of a pass in basePassShape's shapes (runs 29-30), for the splits of the plans that run them (16 columns). */
export function basePassCost(L: number, stagedFinal = false): number {
  return (stagedFinal ? [1, 1.58, 1.58, 1.52] : [1, 1.26, 1.59, 1.54])[costBucket(L)];
}

/** The cost of a pass of COLUMNS columns: its length, whether it is a staged final pass. */
export type PassCostFn = (L: number, stagedFinal: boolean) => number;

/**
 * How a pass of length L runs: the most columns per workgroup that fit (COLUMNS, else, where `narrow`,
 * the first of NARROW_COLUMNS with a measured shape in NARROW_SHAPES that fits; never fewer than
 * MIN_STAGED_COLUMNS for a staged final pass), with the cost of a narrow one. Undefined when none fits.
 */
function passColumns(L: number, limits: PlanLimits, precision: PassPrecision, staged: boolean, narrow: boolean, narrowMin: number): { columns: number; narrowCost?: number } | undefined {
  if (passShape(L, limits, precision)) return { columns: COLUMNS };
  if (!narrow || L < narrowMin) return undefined;
  for (const columns of NARROW_COLUMNS) {
    if (staged && columns < MIN_STAGED_COLUMNS) continue;
    const shape = narrowShape(L, columns, limits, precision);
    if (shape) return { columns, narrowCost: staged ? shape.staged : shape.column };
  }
  return undefined;
}

/** A split of an axis into passes: their lengths in pass order and each pass's columns per workgroup. */
export interface AxisSplit {
  readonly factors: number[];
  readonly columns: number[];
}

/**
 * Splits n into the fewest pass lengths, each pass at the most columns per workgroup that fit
 * (passColumns; fewer than COLUMNS only where `narrow`, in NARROW_SHAPES' f32 shapes), then the
 * cheapest by `cost`, in pass order (the last is the final pass; `stagedFinal`: it reads rows through
 * workgroup memory, as 1D final passes do; `narrowMin`: no pass shorter than that takes fewer columns).
 * Undefined when n has a factor no pass takes. Equal costs:
 * the smaller largest length, in descending order (the rule before the costs). Measured on an H200
 * (run 30): 2^16 as 128 x 512 (a 128-point column pass, a 512-point staged final) ran 1522 GB/s
 * against 1385 for 256 x 256, 2^18 as 256 x 1024 1411 against 1250 for 512 x 512. Fewer columns:
 * bench/NOTES.md runs 39-42 (2^21-2^22 and 2048² with 48 KiB / 1024 invocations, 2^17-2^19, 512² and
 * 1024² under the default limits).
 */
export function planSplit(n: number, limits: PlanLimits, precision: PassPrecision, stagedFinal: boolean, cost: PassCostFn, narrow: boolean, narrowMin = 0): AxisSplit | undefined {
  const fits = (m: number) => passColumns(m, limits, precision, false, narrow, narrowMin) !== undefined;
  // Fewest factors of m (memoised), each accepted by some pass.
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
  let best: { split: AxisSplit; cost: number; max: number } | undefined;
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
      const staged = (i: number) => stagedFinal && i === factors.length - 1 && factors.length > 1;
      const runs = factors.map((L, i) => passColumns(L, limits, precision, staged(i), narrow, narrowMin));
      if (runs.some((r) => r === undefined)) continue;
      const time = factors.reduce((t, L, i) => t + (runs[i]!.narrowCost ?? cost(L, staged(i))), 0);
      if (!best || time < best.cost - 1e-9 || (Math.abs(time - best.cost) <= 1e-9 && max < best.max)) best = { split: { factors, columns: runs.map((r) => r!.columns) }, cost: time, max };
    }
  };
  // A count whose every split needs a staged final the limits refuse (fewer columns than
  // MIN_STAGED_COLUMNS) takes one more pass.
  for (let k = count; !best && k <= count + 2; k++) visit(n, k, n, []);
  return best?.split;
}

/** planSplit's pass lengths at COLUMNS columns per workgroup (the convolution's four-step paths). */
export function splitLength(n: number, limits: PlanLimits, precision: PassPrecision = 'f32', stagedFinal = false, cost: PassCostFn = passCost): number[] | undefined {
  return planSplit(n, limits, precision, stagedFinal, cost, false)?.factors;
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
