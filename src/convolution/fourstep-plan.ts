// Pure planning of the four-step convolution (no GPU): seed 000's trick for 1D lengths beyond one
// workgroup. createFFT's forward split V = L_1 x ... x L_p runs p - 1 column passes (FFT down the
// columns, then the four-step twiddle) and a final pass (row FFTs written to the transposed, natural
// positions). A convolution needs no natural order in between, so:
//
//   forward column passes 1 .. p-1 (as createFFT's; the first reads the signal, zero beyond N)
//   -> ONE fused rows pass: row FFT, pointwise with the filter spectrum H stored in the same order,
//      inverse row FFT, stored in place (no transposition)
//   -> inverse column passes p-1 .. 1 (twiddle conjugated on the load, then the inverse FFT; the last
//      writes only the kept outputs)
//
// 2(p - 1) + 1 passes instead of 2p (+ 2 for pad and crop). Why it is exact: call F' the forward
// passes without the final transposition, F' = Pi F with Pi a permutation. Then
// F^-1 D F = F'^-1 (Pi D Pi^-1) F': the multiply by H in natural order becomes the multiply by H
// permuted the same way (H computed by the same passes), and F'^-1 = (1/V) F'^H is the adjoint of
// each pass in reverse order: the adjoint of "column FFT, then twiddle w" is "twiddle conj(w), then
// inverse column FFT" (kernels/any-shape/pass.ts twiddleAt 'load'), the adjoint of the row FFT the
// inverse row FFT. The 1/V is folded into H.
//
// Where the spectrum lies: after the column passes, element m of row r (rows of L_p contiguous
// values, r = k_1 (L_2 ... L_(p-1)) + ... + k_(p-1), k_i the output index of pass i) holds the
// sequence whose L_p-point FFT gives, at k, the natural frequency k_1 + L_1 k_2 + ... +
// (L_1 ... L_(p-1)) k: what createFFT's final pass would write there (naturalIndex below).
import { tableCollector, UNBOUNDED, type ColumnsPass } from '../any-shape/passes.js';
import { COLUMNS, basePassCost, basePassShape, columnPassShape, splitLength, type PassPrecision, type PassShape, type PlanLimits } from '../any-shape/pass-split.js';
import { hasPlainStages, stockhamEPTs } from '../../descriptors/capabilities.js';
import type { FFTPlan } from '../../descriptors/model.js';
import { heuristicTuning } from '../../descriptors/tuning.js';
import { divisors, largestPrimeFactor } from '../../descriptors/sizes.js';
import { naturalIndex } from '../../kernels/any-shape/digit-order.js';
import { engineRadices, stageRadices } from '../../kernels/stockham.js';
import { PASS_FLAGS, type PassParams } from '../../kernels/any-shape/pass.js';
import type { SpectrumRows } from './kernel.js';
import type { MultiPassLayout } from './multipass-plan.js';
import { BeyondFusedKernel, largestFusedLength, planConvolution, PREFETCHED_REGISTERS, type ConvolutionLayout, type ConvolutionLimits } from './plan.js';

export interface FourStepLayout {
  /** The FFT length's split L_1 .. L_p: the column pass lengths, then the row length (fourStepSplit). */
  readonly factors: readonly number[];
  /** The fused rows kernel: circular C2C convolution layout of L_p points (the one-workgroup kernel). */
  readonly rowsLayout: ConvolutionLayout;
  readonly rows: SpectrumRows;
  /** The forward column passes 1 .. p-1, in order. */
  readonly forward: readonly ColumnsPass[];
  /** The inverse column passes, in the order they run (p-1 .. 1). */
  readonly inverse: readonly ColumnsPass[];
  /**
   * Real signals two at a time (plain multiply: the filter is real, so conv(a + i b, h) = conv(a, h)
   * + i conv(b, h)): signal 2s as the real part, 2s + 1 as the imaginary part of complex signal s.
   */
  readonly pairs: boolean;
  /** Complex signals the passes run: the batch, or ceil(batch / 2) in pairs. */
  readonly signals: number;
  /**
   * The first forward pass for the filter spectrum when the taps do not fit in signal 0's place
   * (more taps than signal points: linear mode): one signal of V values (a kernel of its own).
   */
  readonly tapsFirst: ColumnsPass | undefined;
  /** The passes' arithmetic: f32 (f32 and f16 plans) or df64 (f64 plans: every pass, the scratch buffer and the spectrum in df64). */
  readonly precision: PassPrecision;
  /**
   * The column passes' tables binding (interleaved complex f64): f64 plans' engine stage twiddles
   * (their params' `engineTable` offsets); empty for f32, whose engines compute them.
   */
  readonly tables: Float64Array;
}

/** Passes per encode: p - 1 forward column passes, the fused rows pass, p - 1 inverse column passes. */
export function fourStepPassCount(f: FourStepLayout): number {
  return f.forward.length + 1 + f.inverse.length;
}

/** The natural frequency index of spectrum position `pos` (row-major rows of L_p) of a four-step plan. */
export function rowsNaturalIndex(rows: SpectrumRows, pos: number): number {
  return naturalIndex(rows.radices, rows.total, rows.total / rows.perSignal, pos);
}

/**
 * Relative time of the fused rows pass of length R, in the units of basePassCost (a 128-point column pass
 * = 1): the one-workgroup convolution kernel's rate (1D c2c_conv on an H200: 0.77 x copy at
 * 256-1024, 0.60 at 4096, 0.29 at 16384, against 0.95 for a 128-point column pass), fitted to the
 * four-step convolutions of bench/NOTES.md run 34.
 */
function rowsPassCost(R: number): number {
  return R <= 1024 ? 1.23 : R <= 2048 ? 1.36 : R <= 4096 ? 1.59 : R <= 8192 ? 2.4 : 3.3;
}

/**
 * V = (column pass lengths) x (row length): the fewest column passes (each at most what a 16-column
 * pass workgroup holds, createFFT's splitLength), then (f32 arithmetic) the lowest estimated time,
 * each column length twice (forward and inverse) by basePassCost (the shapes of basePassShape, which these passes run) and the fused row by rowsPassCost, then
 * the smallest largest length. Rows are contiguous and the fused kernel holds a whole row per
 * workgroup (complex up to 8192 points under the default limits, 16384 with 32 KiB), so the row may
 * be longer than a column pass. Measured on an H200 (run 34): 2^18 as 128 x 2048 ran complex 1102 GB/s
 * against 945 for 512 x 512 (the smallest-largest-length rule before) and 1072 for 256 x 1024; 2^20 as
 * 256 x 4096 950 against 840 for 1024 x 1024. df64 passes keep the smallest largest length (not measured).
 */
function fourStepSplit(V: number, limits: PlanLimits & ConvolutionLimits, precision: PassPrecision): { columns: number[]; rowsLayout: ConvolutionLayout } | undefined {
  const maxRow = largestFusedLength('complex', limits, precision);
  const candidates: { columns: number[]; row: number }[] = [];
  for (const row of divisors(V)) {
    // Rows in plain stages only: the fitted costs and the measured splits are theirs.
    if (row < 2 || row >= V || row > maxRow || largestPrimeFactor(row) > 13 || !hasPlainStages(row, precision)) continue;
    const columns = splitLength(V / row, limits, precision, false, basePassCost);
    if (columns) candidates.push({ columns, row });
  }
  const time = (c: { columns: number[]; row: number }) => (precision === 'f32' ? c.columns.reduce((t, L) => t + 2 * basePassCost(L), rowsPassCost(c.row)) : 0);
  const cost = (c: { columns: number[]; row: number }) => [c.columns.length, time(c), Math.max(c.row, ...c.columns), c.row];
  candidates.sort((a, b) => {
    const [x, y] = [cost(a), cost(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || x[3] - y[3];
  });
  for (const c of candidates) {
    try {
      const rowsLayout = planConvolution(
        { type: 'complex', mode: 'circular', signalLength: c.row, filterLength: undefined, pointwise: true, ...(precision === 'f64' ? { precision } : {}) },
        limits,
        // f32 rows read their slice of the filter spectrum into registers before the forward FFT: all of
        // it up to 2048 points (2^18: +0.8 % on an H100, +1.1 % on an H200, run 56), the first 8 of 32
        // registers at 4096 (2^20, 2^22: +1.4-3 % on an H100, +2-3.6 % on an H200, where the whole slice lost
        // 2-2.4 %; run 67); df64 not measured.
        precision === 'f32' && c.row <= 2048 ? { prefetchSpectrum: true } : precision === 'f32' && c.row === 4096 ? { prefetchRegisters: PREFETCHED_REGISTERS } : {},
      );
      if (rowsLayout.engine === 'c2c') return { columns: c.columns, rowsLayout };
    } catch (e) {
      if (!(e instanceof BeyondFusedKernel)) throw e;
    }
  }
  return undefined;
}

/**
 * The shape of a column pass of length L: basePassShape, which the split and the rows kernel were
 * tuned with (run 34), except that 1024-point passes take createFFT's measured shape where the limits
 * hold it (2^22: +3 % complex on both GPUs, real +4.6 % on an H200, bench/NOTES.md run 60); shorter
 * ones measured no faster with it (run 57).
 */
function columnShape(L: number, limits: PlanLimits, precision: PassPrecision): PassShape {
  return (L >= 1024 ? columnPassShape(L, limits, precision, 'column') : basePassShape(L, limits, precision))!;
}

/**
 * The passes of the f32 four-step convolution of length V and its estimated relative time
 * (multipass-plan.ts's PaddedLengthCost), undefined where the four-step path does not run V. The
 * time, for plans of one column pass each way: V x (0.148 per radix stage of
 * its column passes + 0.226 per radix stage of its rows kernel's FFT + 0.02 per register of that FFT
 * - 0.25 per power-of-two column pass, which runs the measured power-of-two shapes, + 0.395 where V
 * has at most one factor 2). Stage counts and registers, not the lengths, set the speed of lengths of
 * equal pass count (a rows FFT of 810 as 30 x 3 x 3 x 3 in 30 registers against 686 as 14 x 7 x 7 in
 * 14). Fitted by least squares to 46 7-smooth lengths near 10^5, 2^16, 2^17, 2^18 and 2^20 (c2c_conv
 * on an H200, one process per length; R^2 0.71); fitted without each of those five groups in turn, it
 * picked within 2 % of the group's fastest length every time (bench/NOTES.md run 69). The times of
 * plans with more column passes are not comparable (none was fitted): compare passes first. Undefined
 * too under limits below the 48 KiB / 1024 invocations it was fitted with: smaller workgroups run
 * other rows and column shapes, not timed at these lengths.
 */
export function fourStepLengthCost(V: number, limits: PlanLimits & ConvolutionLimits): { passes: number; time: number } | undefined {
  if (limits.maxComputeWorkgroupStorageSize < FITTED_WORKGROUP_BYTES || limits.maxComputeInvocationsPerWorkgroup < FITTED_INVOCATIONS) return undefined;
  // Planning the rows kernel generates its WGSL (10-30 ms a length): a plan weighs 13 lengths, and
  // plans of one shape are often made again.
  const key = `${V} ${limits.maxComputeWorkgroupStorageSize} ${limits.maxComputeInvocationsPerWorkgroup} ${limits.maxComputeWorkgroupSizeX} ${limits.maxComputeWorkgroupSizeY} ${limits.subgroups === true}`;
  if (lengthCosts.has(key)) return lengthCosts.get(key);
  const cost = estimateLengthCost(V, limits);
  lengthCosts.set(key, cost);
  return cost;
}

const lengthCosts = new Map<string, { passes: number; time: number } | undefined>();

/** The limits fourStepLengthCost was fitted under (Dawn on the H200). */
const FITTED_WORKGROUP_BYTES = 49152;
const FITTED_INVOCATIONS = 1024;

/**
 * The rows FFT's stage count and registers as the estimate was fitted with them: the plan's own where
 * its E holds every prime of the row (plain stages, as every row of run 69 ran), else those of the
 * heuristic's plain shape that a tuning entry's E without every prime replaced (runs 85-86). Such
 * entries run fewer stages but gained 3-30 % as C2C kernels, far less than the model's weight of a
 * stage: counted as they run, 2^20 + 2 padded to 1049760 (rows of 1620 at E18, radices 18, 10, 9),
 * which ran 9 % (complex) and 5 % (real) slower per point than 1053696 and 1058400 on an H200
 * (bench/NOTES.md run 86).
 */
function fittedRowShape(rows: FFTPlan, limits: PlanLimits & ConvolutionLimits): { stages: number; registers: number } {
  const plain = stockhamEPTs(rows.execSize, 'f32').includes(rows.execEPT);
  const heuristic = plain ? undefined : heuristicTuning(rows.execSize, 'f32', limits);
  if (!heuristic) return { stages: engineRadices(rows.execSize, rows.execEPT, rows.exchangeParts).length, registers: rows.execEPT };
  return { stages: stageRadices(rows.execSize, heuristic.ept, heuristic.parts ?? 1).length, registers: heuristic.ept };
}

function estimateLengthCost(V: number, limits: PlanLimits & ConvolutionLimits): { passes: number; time: number } | undefined {
  const split = fourStepSplit(V, limits, 'f32');
  if (!split) return undefined;
  let columnStages = 0;
  let powerOfTwoColumns = 0;
  for (const L of split.columns) {
    const shape = columnShape(L, limits, 'f32');
    columnStages += stageRadices(L, shape.ept, shape.parts).length;
    if ((L & (L - 1)) === 0) powerOfTwoColumns++;
  }
  const { stages: rowStages, registers: rowRegisters } = fittedRowShape(split.rowsLayout.forward.plan, limits);
  const singlyEven = V % 4 !== 0 ? 1 : 0;
  const time = V * (0.148 * columnStages + 0.226 * rowStages + 0.02 * rowRegisters - 0.25 * powerOfTwoColumns + 0.395 * singlyEven);
  return { passes: 2 * split.columns.length + 1, time };
}

/**
 * The four-step plan of a 1D multi-pass layout under these limits, or undefined where it does not
 * apply (2D, a length createFFT splits with Bluestein, a row length the fused kernel does not run).
 */
export function planFourStep(
  l: MultiPassLayout,
  batch: number,
  limits: PlanLimits & ConvolutionLimits,
  pointwise = false,
  precision: PassPrecision = 'f32',
): FourStepLayout | undefined {
  if (l.fftShape.length !== 1) return undefined;
  const V = l.fftLength;
  const split = fourStepSplit(V, limits, precision);
  if (!split) return undefined;
  const { columns, rowsLayout } = split;
  const factors = [...columns, rowsLayout.fftLength];
  const Lp = rowsLayout.fftLength;
  const real = l.type === 'real';
  const N = l.signalLength;
  const rows: SpectrumRows = { perSignal: V / Lp, radices: columns, total: V, realSignal: real };
  const pairs = real && !pointwise;
  const signals = pairs ? Math.ceil(batch / 2) : batch;
  // f64: the column passes' engines read their stage twiddles from the tables binding (createFFT's passes do too).
  const tables = tableCollector();

  // Column pass i of the forward split (createFFT's viewPasses, 1D: elements of one FFT W apart).
  const column = (
    i: number,
    direction: 'forward' | 'inverse',
    edge: { readonly signals: number; readonly block: number; readonly valid: number; readonly pairs: boolean; readonly wrap?: number } | undefined,
  ): ColumnsPass => {
    const before = columns.slice(0, i).reduce((a, b) => a * b, 1);
    const L = columns[i];
    const W = V / before / L;
    const shape = columnShape(L, limits, precision);
    const forward = direction === 'forward';
    const first = i === 0;
    // Forward: the first pass reads the signals (zero beyond `valid`); inverse: the last writes the outputs.
    // Pairs: the first forward pass reads two real signals per block, the last inverse writes two.
    const paired = first && (forward ? edge?.pairs === true : pairs);
    const engineTable = precision === 'f64' ? tables.engine(L, shape.ept, shape.parts) : undefined;
    const params: Omit<PassParams, 'groupsX' | 'groups' | 'inBase' | 'outBase'> = {
      count: (edge?.signals ?? signals) * before * W,
      width: W,
      inner: 1,
      inBlock: forward && first && edge ? (paired ? 2 : 1) * edge.block : L * W,
      outBlock: !forward && first ? (paired ? 2 : 1) * l.outputLength : L * W,
      ...(paired ? { realPairs: { offset: forward ? N : l.outputLength, signals: batch } } : {}),
      inValid: forward && first && edge ? edge.valid : UNBOUNDED,
      ...(forward && first && edge?.wrap ? { inWrap: { length: edge.block, prefix: edge.wrap } } : {}),
      outValid: !forward && first ? l.outputLength : UNBOUNDED,
      outOffset: !forward && first ? l.outputOffset[0] : 0,
      mirror: V,
      twLength: L * W,
      digits: [],
      inTable: 0,
      outTable: 0,
      flags: forward ? 0 : PASS_FLAGS.conjugateInput | PASS_FLAGS.conjugateOutput,
      ...(engineTable !== undefined ? { engineTable } : {}),
    };
    const input = forward && first && real ? 'real' : 'complex';
    const output = !forward && first && real ? 'real' : 'complex';
    const what = forward
      ? `forward ${L}-point FFTs down ${params.count} columns (elements ${W} apart) of the ${V}-point ${paired ? 'complex signals (two real signals each: real and imaginary parts)' : real ? 'real signals' : 'complex signals'}, ` +
        `then the four-step twiddles w_${L * W}${first && params.inValid < V ? `; reads the ${params.inValid} ${real ? 'reals' : 'complex values'} of each signal, zero beyond (the padding)` : ''}` +
        (params.inWrap ? `, the signal's last ${params.inWrap.prefix} values in front (circular through linear)` : '')
      : `conjugate four-step twiddles w_${L * W}, then inverse ${L}-point FFTs down ${params.count} columns (elements ${W} apart)` +
        (first ? `; writes ${l.outputLength} ${real ? 'real ' : ''}outputs per signal${params.outOffset ? ` (linear outputs from ${params.outOffset})` : ''}` : '');
    return {
      op: 'pass',
      what,
      direction,
      shape,
      spec: {
        size: L,
        ept: shape.ept,
        exchange: shape.exchange,
        parts: shape.parts,
        columns: COLUMNS,
        input,
        output,
        kind: 'column',
        twiddle: true,
        ...(forward ? {} : { twiddleAt: 'load' as const }),
        stagedInput: false,
        ...(precision === 'f64' ? { precision } : {}),
      },
      params,
      io: {
        inElements: forward && first && edge ? (paired ? batch : edge.signals) * edge.block : signals * V,
        inReal: input === 'real',
        outElements: !forward && first ? (paired ? batch : signals) * l.outputLength : signals * V,
        outReal: output === 'real',
        inPlaceSafe: input === 'complex' && output === 'complex' && params.inBlock === params.outBlock,
      },
    };
  };
  const forward = columns.map((_, i) => column(i, 'forward', i === 0 ? { signals, block: N, valid: N + l.wrap, pairs, wrap: l.wrap } : undefined));
  const inverse = columns.map((_, i) => column(i, 'inverse', undefined)).reverse();
  const taps = l.filterLength;
  // The taps take a first pass of their own where they are longer than a signal, or where the signals' wraps.
  const tapsFirst = taps !== undefined && (taps > N || l.wrap > 0) ? column(0, 'forward', { signals: 1, block: V, valid: V, pairs: false }) : undefined;
  return { factors, rowsLayout, rows, forward, inverse, tapsFirst, pairs, signals, precision, tables: tables.data() };
}
