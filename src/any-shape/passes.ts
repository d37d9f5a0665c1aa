// Pass planning of createFFT (pure: no GPU): which passes over global memory a shape takes, with the
// parameters of each. docs/any-shape.md explains the decomposition; in short:
// - a 2D / 3D transform that one workgroup holds (its values in workgroup memory, every axis a native
//   Block FFT within the invocations) is one pass (kernels/any-shape/one-pass.ts); otherwise
// - every axis is transformed on its own (A transforms of length L whose elements lie B apart);
// - an innermost axis that one workgroup holds runs as one batched row pass (createBatchedFFT);
// - any other axis is split L = L_1 x ... x L_p into lengths a workgroup of 16 columns (8 or 4 where
//   that saves a pass or measured faster: planSplit) holds, one pass each (kernels/any-shape/pass.ts):
//   p - 1 column passes with the four-step twiddles, then the final pass, which writes the
//   transposed output positions;
// - a length that does not split so (a large prime factor) runs Bluestein over a power of two M >= 2L - 1,
//   itself split as above, with the chirp and the kernel's spectrum fused into the first and last passes.
// Precision: every function takes the plan's arithmetic, 'f32' or 'f64' (df64 registers of 16 bytes:
// half the values per workgroup buffer); an f16 plan is planned as 'f32' (its passes compute in f32).
import { resolvePlan } from '../../descriptors/plan.js';
import { stockhamEPTs } from '../../descriptors/capabilities.js';
import type { FFTDirection, FFTLimits, FFTPlan, FFTType } from '../../descriptors/model.js';
import { Block, Direction, Limits, Precision, Size, Type } from '../../descriptors/operators.js';
import { PASS_FLAGS, type PassInput, type PassKernelSpec, type PassOutput, type PassParams } from '../../kernels/any-shape/pass.js';
import type { OnePassEngineShape } from '../../kernels/any-shape/one-pass-engine.js';
import { fft } from '../fft.js';
import { bluesteinTables } from './tables.js';
import { engineTwiddleTable } from '../../kernels/stockham.js';
import { twiddleTableValues } from '../../kernels/twiddle-table.js';
import { onePassEngineShape } from './one-pass-engine-plan.js';
import {
  basePassCost,
  basePassShape,
  columnPassShape,
  COLUMNS,
  passCost,
  planSplit,
  registerBytes,
  type AxisSplit,
  type PassKind,
  type PassPrecision,
  type PassShape,
  type PlanLimits,
} from './pass-split.js';

/**
 * Plans in basePassShape's shapes (C2R) take passes of fewer than COLUMNS columns only where that
 * saves a pass, and only passes at least this long: irfft2 2048² ran 5.7 % (H200) and 7.8 % (H100)
 * faster with its 2048-point columns in one pass of 8 than in two of 16, 512² under the default
 * limits 8 % slower in one pass of 8 (bench/NOTES.md runs 40, 43).
 */
const BASE_NARROW_MIN_LENGTH = 2048;

/** The split of an axis of length n as axisPasses runs it (see AxisRequest's baseShapes and wideOnly). */
function axisSplit(req: AxisRequest, n: number, limits: PlanLimits, precision: PassPrecision): AxisSplit | undefined {
  const stagedFinal = req.B === 1;
  if (req.wideOnly) return planSplit(n, limits, precision, stagedFinal, req.baseShapes ? basePassCost : passCost, false);
  if (!req.baseShapes) return planSplit(n, limits, precision, stagedFinal, passCost, true);
  const wide = planSplit(n, limits, precision, stagedFinal, basePassCost, false);
  const narrow = planSplit(n, limits, precision, stagedFinal, basePassCost, true, BASE_NARROW_MIN_LENGTH);
  return narrow && (!wide || narrow.factors.length < wide.factors.length) ? narrow : wide;
}

/** Marks "no limit" for inValid / outValid. */
export const UNBOUNDED = 0xffffffff;

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
   * ran 6-15 % slower on an H100 at 256²-1024² and 13 % at 256² on an H200, bench/NOTES.md run 38),
   * and passes of fewer columns only from BASE_NARROW_MIN_LENGTH points.
   */
  readonly baseShapes?: boolean;
  /** Keep COLUMNS columns per pass (planShape's `wideOnly`). */
  readonly wideOnly?: boolean;
}

/**
 * A table made when the plan's tables are read: Bluestein's take seconds on the host for long axes,
 * and a plan refused for its buffer sizes (checked before the tables are read) never builds them.
 */
export interface DeferredTable {
  /** Complex elements. */
  readonly elements: number;
  /** The interleaved complex f64 values, `2 * elements` of them. */
  make(): Float64Array;
}

export interface PlannedTables {
  /** Appends a table (interleaved complex f64, now or deferred) and returns its offset in complex elements. */
  add(data: Float64Array | DeferredTable): number;
  /**
   * The offset of the stage twiddle table of an f64 pass engine (length, elements per invocation,
   * exchange parts), appended once per engine shape; undefined for an engine without twiddles (one
   * stage). Absent where the passes bind no such tables (the convolution's own passes), whose
   * engines then compute their twiddles.
   */
  engine?(size: number, ept: number, parts: number): number | undefined;
}

function rowsFit(L: number, type: FFTType, direction: FFTDirection, limits: FFTLimits, precision: PassPrecision): boolean {
  try {
    fft(Size(L), Type(type), Direction(direction), Precision(precision), Block(), Limits(limits));
    return true;
  } catch {
    return false;
  }
}

/**
 * The longest C2C f32 row the rows pass takes when two passes could run it instead. A longer row does not
 * fit one multiprocessor's registers (32768 points = 1024 invocations x 32 registers): createBatchedFFT
 * runs it in two phases through the L2 cache at 0.38-0.40 x copy, where createFFT's two column passes
 * (32 x 1024) measured 26 % faster on an H100 and 8 % on an H200; at 16384 the rows pass is 1.9 x /
 * 1.7 x faster than two passes (bench/NOTES.md run 55).
 */
export const C2C_ROWS_PASS_MAX = 16384;

/** Whether a C2C f32 axis the rows pass could hold runs faster as at most two column passes (C2C_ROWS_PASS_MAX). */
function passesBeatRows(L: number, type: FFTType, precision: PassPrecision): boolean {
  return type === 'c2c' && precision === 'f32' && L > C2C_ROWS_PASS_MAX;
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
  columns: readonly number[] = factors.map(() => COLUMNS),
  tables?: PlannedTables,
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
    const shape = (baseShapes && columns[i] === COLUMNS ? basePassShape(L, limits, precision, kind) : columnPassShape(L, limits, precision, kind, columns[i]))!;
    const input: PassInput = isFirst ? first.input : 'complex';
    const inputTable = isFirst && first.table !== undefined;
    let flags = 0;
    if (isFirst && first.hermitian) flags |= PASS_FLAGS.hermitian;
    if (isFirst && sign > 0) flags |= PASS_FLAGS.conjugateInput;
    if (inputTable) flags |= PASS_FLAGS.inputTable;
    if (isFinal && sign > 0) flags |= PASS_FLAGS.conjugateOutput;
    if (isFinal && last.table !== undefined) flags |= PASS_FLAGS.outputTable;
    // f64 engines read their stage twiddles from the tables binding where the plan provides them.
    const engineTable = precision === 'f64' ? tables?.engine?.(L, shape.ept, shape.parts) : undefined;
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
          ...(engineTable !== undefined ? { engineTable } : {}),
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
          ...(engineTable !== undefined ? { engineTable } : {}),
        },
        io: { inElements, inReal: input === 'real', outElements: A * last.len * B, outReal: last.output === 'real', inPlaceSafe: sameIO },
      });
    }
    before *= L;
  }
  return passes;
}

/** The passes of one axis transform. */
export function axisPasses(req: AxisRequest, limits: PlanLimits, tables: PlannedTables, precision: PassPrecision = 'f32'): PlannedPass[] {
  const { A, L, B, direction, real } = req;
  const sign: -1 | 1 = direction === 'forward' ? -1 : 1;
  const h = Math.floor(L / 2) + 1;
  const label = `axis ${req.axis} (length ${L}${real ? `, ${real}` : ''})`;
  const type: FFTType = real ?? 'c2c';
  const rows = B === 1 && rowsFit(L, type, direction, limits, precision);
  // A split is planned only where the rows pass cannot run the axis or may lose to two passes.
  const split = rows && !passesBeatRows(L, type, precision) ? undefined : axisSplit(req, L, limits, precision);
  if (rows && !(split && split.factors.length <= 2)) {
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
  if (split) return viewPasses(label, A, B, L, split.factors, sign, first, last, limits, precision, req.baseShapes, split.columns, tables);

  // Bluestein: X_k = c_k sum_j (x_j c_j) conj(c_(k - j)), c_j = exp(sign i pi j^2 / L), as a cyclic
  // convolution of length M: forward M-point FFT of x c (zero padded), times H = FFT_M(conj(c)) / M,
  // inverse M-point FFT, times c. Chirp and H are host-computed f64 tables (rounded to f32, or df64 pairs).
  let M = 1;
  while (M < 2 * L - 1) M *= 2;
  const mSplit = axisSplit(req, M, limits, precision);
  if (!mSplit) throw new Error(`webfftdx: no pass split for the Bluestein length ${M} of axis length ${L}`);
  let made: ReturnType<typeof bluesteinTables> | undefined;
  const bluestein = () => (made ??= bluesteinTables(L, M, sign));
  const chirpAt = tables.add({ elements: L, make: () => bluestein().chirp });
  const kernelAt = tables.add({ elements: M, make: () => bluestein().kernel });
  const blabel = `${label}, Bluestein over ${M}`;
  const forward = viewPasses(`${blabel}, forward ${M}`, A, B, M, mSplit.factors, -1, { ...first, table: chirpAt }, { output: 'complex', len: M, valid: M, table: kernelAt }, limits, precision, req.baseShapes, mSplit.columns, tables);
  const inverse = viewPasses(`${blabel}, inverse ${M}`, A, B, M, mSplit.factors, 1, { input: 'complex', len: M, valid: M, mirror: M }, { ...last, table: chirpAt }, limits, precision, req.baseShapes, mSplit.columns, tables);
  return [...forward, ...inverse];
}

export interface ShapePlan {
  readonly passes: readonly PlannedPass[];
  /** The passes' tables (Bluestein's, f64 engines' stage twiddles), interleaved complex f64 (empty when none): the host rounds them to the passes' precision. */
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

/**
 * The tables of a plan's passes, appended one after the other into one binding (interleaved
 * complex f64), with each f64 engine shape's stage twiddle table appended once; `data()` is the
 * whole (the host rounds it to the passes' precision).
 */
export function tableCollector(): Required<PlannedTables> & { data(): Float64Array } {
  const parts: DeferredTable[] = [];
  let elements = 0;
  let all: Float64Array | undefined;
  const engines = new Map<string, number | undefined>();
  const add = (data: Float64Array | DeferredTable): number => {
    if (all) throw new Error('internal: a table added after the tables were read');
    const at = elements;
    const part = data instanceof Float64Array ? { elements: data.length / 2, make: () => data } : data;
    parts.push(part);
    elements += part.elements;
    return at;
  };
  return {
    add,
    engine(size, ept, exchangeParts) {
      const key = `${size} ${ept} ${exchangeParts}`;
      if (!engines.has(key)) {
        const layout = engineTwiddleTable({ size, ept, parts: exchangeParts });
        engines.set(key, layout.length > 0 ? add(twiddleTableValues(layout, -1)) : undefined);
      }
      return engines.get(key);
    },
    /** Every table, in the order added (made once, on the first call). */
    data() {
      if (all) return all;
      all = new Float64Array(elements * 2);
      let at = 0;
      for (const p of parts) {
        const values = p.make();
        if (values.length !== 2 * p.elements) throw new Error(`internal: a table of ${p.elements} complex values made ${values.length / 2}`);
        all.set(values, at);
        at += values.length;
      }
      return all;
    },
  };
}

/**
 * All passes of a transform of `shape` (outermost first), `batch` of them. `wideOnly`: every pass at
 * COLUMNS columns (what the convolution's padded-length choice counts, src/convolution/multipass-plan.ts).
 */
export function planShape(shape: readonly number[], type: FFTType, direction: FFTDirection, batch: number, limits: PlanLimits, precision: PassPrecision = 'f32', wideOnly = false): ShapePlan {
  const r = shape.length;
  const nx = shape[r - 1];
  const h = Math.floor(nx / 2) + 1;
  const tables = tableCollector();
  const complexShape = type === 'c2c' ? [...shape] : [...shape.slice(0, r - 1), h];
  const axisRequest = (axis: number, dims: readonly number[], real?: 'r2c' | 'c2r'): AxisRequest => ({
    axis,
    A: batch * dims.slice(0, axis).reduce((x, y) => x * y, 1),
    L: shape[axis],
    B: dims.slice(axis + 1).reduce((x, y) => x * y, 1),
    direction,
    ...(real ? { real } : {}),
    ...(wideOnly ? { wideOnly } : {}),
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
  const total = shape.reduce((x, y) => x * y, 1);
  const half = complexShape.reduce((x, y) => x * y, 1);
  return {
    passes,
    // Read after the plan's buffer sizes are checked (createFFT): the tables are made then.
    get tables() {
      return tables.data();
    },
    inputElements: type === 'c2r' ? half : total,
    outputElements: type === 'r2c' ? half : total,
  };
}
