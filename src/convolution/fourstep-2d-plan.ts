// Pure planning of the 2D four-step convolution (no GPU): shapes [ny, nx] whose FFT rows one
// workgroup holds. createFFT's 2D transform is a rows pass, then the column axis (one pass, or a
// four-step split of Py: column passes and a final pass), each way; the convolution needs neither
// the forward's column output in natural order nor a pass of its own for the multiply, so:
//
//   rows pass, forward (createBatchedFFT's kernel; linear / same: a load callback zero-pads)
//   -> forward column passes of Py's split but the last (four-step twiddles), in place
//   -> ONE fused column pass: the last factor's forward FFTs down 16 adjacent columns, the pointwise
//      multiply with the filter spectrum (stored in the same order), the inverse FFTs, in place
//   -> inverse column passes (conjugate twiddles on the load), in place
//   -> rows pass, inverse (linear / same: a store callback writes only the kept outputs)
//
// 2 + 2(p - 1) + 1 passes where createFFT's forward and inverse take 2 + 2p (and pad / crop 2 more).
// The algebra is the 1D path's (./fourstep-plan.ts) on the column axis, with Sx columns (Px complex,
// Px / 2 + 1 for real: the rows pass is an R2C / C2R) in place of one.
import { axisPasses, UNBOUNDED, type ColumnsPass, type RowsPass } from '../any-shape/passes.js';
import { basePassCost, COLUMNS, basePassShape, splitLength, type PassPrecision, type PlanLimits } from '../any-shape/pass-split.js';
import { PASS_FLAGS, type PassParams } from '../../kernels/any-shape/pass.js';
import { multiPassCount, type MultiPassLayout } from './multipass-plan.js';

export interface FourStep2DLayout {
  /** Py's split L_1 .. L_p (createFFT's: the fewest passes, descending); the last is the fused pass's. */
  readonly factors: readonly number[];
  readonly rowsForward: RowsPass;
  readonly rowsInverse: RowsPass;
  /** The forward column passes 1 .. p-1. */
  readonly forward: readonly ColumnsPass[];
  /** The fused column pass (its kernel's convolve part comes with the pointwise, at plan creation). */
  readonly fused: ColumnsPass;
  /** The inverse column passes, in the order they run. */
  readonly inverse: readonly ColumnsPass[];
  /** WGSL load callback of the forward rows pass (linear / same: zero beyond the signal), or undefined. */
  readonly padLoad: string | undefined;
  /** WGSL store callback of the inverse rows pass (linear / same: the kept outputs only), or undefined. */
  readonly cropStore: string | undefined;
  /** Spectrum columns Sx (Px, or Px / 2 + 1 for real). */
  readonly columns: number;
  /** The passes' arithmetic: f32 (f32 and f16 plans) or df64 (f64 plans). */
  readonly precision: PassPrecision;
}

export function fourStep2DPassCount(f: FourStep2DLayout): number {
  return 2 + f.forward.length + 1 + f.inverse.length;
}

const noTables = { add: () => 0 };

/**
 * The 2D four-step plan of a multi-pass layout under these limits, or undefined where it does not
 * apply (1D; FFT rows beyond one workgroup; a column length createFFT runs through Bluestein) or
 * takes more passes than createFFT's plans (shapes its one-pass kernel holds). On a tie (real 512²
 * under the default limits, whose R2C columns take one pass of 8 columns) the four-step path: its
 * fused kernel was measured, the narrow R2C / C2R pair inside a convolution was not.
 */
export function planFourStep2D(l: MultiPassLayout, batch: number, limits: PlanLimits, precision: PassPrecision = 'f32'): FourStep2DLayout | undefined {
  if (l.fftShape.length !== 2) return undefined;
  const [Py, Px] = l.fftShape;
  const real = l.type === 'real';
  const Sx = l.spectrumShape[1];
  const rows = (direction: 'forward' | 'inverse') =>
    axisPasses({ axis: 1, A: batch * Py, L: Px, B: 1, direction, ...(real ? { real: direction === 'forward' ? ('r2c' as const) : ('c2r' as const) } : {}) }, limits, noTables, precision);
  const rf = rows('forward');
  const ri = rows('inverse');
  if (rf.length !== 1 || rf[0].op !== 'rows' || ri.length !== 1 || ri[0].op !== 'rows') return undefined;
  const factors = splitLength(Py, limits, precision, false, basePassCost);
  if (!factors) return undefined;
  const p = factors.length;
  if (2 * p + 1 > multiPassCount(l, limits, batch)) return undefined;
  const Lp = factors[p - 1];
  const columnSplit = factors.slice(0, -1);

  const base = (L: number) => {
    const shape = basePassShape(L, limits, precision)!;
    return {
      size: L,
      ept: shape.ept,
      exchange: shape.exchange,
      parts: shape.parts,
      columns: COLUMNS,
      input: 'complex' as const,
      output: 'complex' as const,
      stagedInput: false,
      ...(precision === 'f64' ? { precision } : {}),
      shape,
    };
  };
  const io = { inElements: batch * Py * Sx, inReal: false, outElements: batch * Py * Sx, outReal: false, inPlaceSafe: true };
  const column = (i: number, direction: 'forward' | 'inverse'): ColumnsPass => {
    const before = columnSplit.slice(0, i).reduce((a, b) => a * b, 1);
    const L = columnSplit[i];
    const M = Py / before / L;
    const W = M * Sx;
    const forward = direction === 'forward';
    const params: Omit<PassParams, 'groupsX' | 'groups' | 'inBase' | 'outBase'> = {
      count: batch * before * W,
      width: W,
      inner: Sx,
      inBlock: L * W,
      outBlock: L * W,
      inValid: UNBOUNDED,
      outValid: UNBOUNDED,
      mirror: Py,
      twLength: L * M,
      digits: [],
      inTable: 0,
      outTable: 0,
      flags: forward ? 0 : PASS_FLAGS.conjugateInput | PASS_FLAGS.conjugateOutput,
    };
    const { shape, ...spec } = base(L);
    return {
      op: 'pass',
      what: forward
        ? `forward ${L}-point FFTs down ${params.count} columns (elements ${W} apart) of the [${Py}, ${Sx}] spectra, then the four-step twiddles w_${L * M}`
        : `conjugate four-step twiddles w_${L * M}, then inverse ${L}-point FFTs down ${params.count} columns (elements ${W} apart)`,
      direction,
      shape,
      spec: { ...spec, kind: 'column', twiddle: true, ...(forward ? {} : { twiddleAt: 'load' as const }) },
      params,
      io,
    };
  };
  const { shape: fusedShape, ...fusedSpec } = base(Lp);
  const fused: ColumnsPass = {
    op: 'pass',
    what:
      `${batch * (Py / Lp) * Sx} columns of ${Lp} points (elements ${Sx} apart): the forward's last ${Lp}-point FFTs, the spectrum left in ` +
      `the columns' digit-reversed order -> pointwise with the stored filter spectrum (same order, 1/${Py * Px} folded in) -> inverse ` +
      `${Lp}-point FFTs, in place, no transposition`,
    direction: 'forward',
    shape: fusedShape,
    spec: { ...fusedSpec, kind: 'column', twiddle: false },
    params: {
      count: batch * (Py / Lp) * Sx,
      width: Sx,
      inner: Sx,
      inBlock: Lp * Sx,
      outBlock: Lp * Sx,
      inValid: UNBOUNDED,
      outValid: UNBOUNDED,
      mirror: Lp,
      twLength: 0,
      digits: [],
      inTable: 0,
      outTable: 0,
      flags: PASS_FLAGS.conjugateOutput,
    },
    io,
  };
  const forward = columnSplit.map((_, i) => column(i, 'forward'));
  const inverse = columnSplit.map((_, i) => column(i, 'inverse')).reverse();

  const { padLoad, cropStore } = padAndCropWGSL(l, 'fft_in', 'fft_out', precision);
  return { factors, rowsForward: rf[0], rowsInverse: ri[0], forward, fused, inverse, padLoad, cropStore, columns: Sx, precision };
}

/**
 * The zero-padding and the crop of a 2D linear / same plan as createFFT-style callbacks on the FFT
 * shape [Py, Px] (`index` flat row-major in one transform): `load` reads the [ny, nx] signal (zero
 * beyond), `store` writes only the kept outputs; undefined where the shapes are equal (circular).
 * `input` / `output` name the kernel's bindings the callbacks address.
 */
export function padAndCropWGSL(
  l: MultiPassLayout,
  input: string,
  output: string,
  precision: 'f16' | 'f32' | 'f64' = 'f32',
): { padLoad: string | undefined; cropStore: string | undefined } {
  const [Py, Px] = l.fftShape;
  const [ny, nx] = l.shape;
  const real = l.type === 'real';
  // The buffers' element (f16: the user's f16 values; f64: df64 (hi, lo) reals, vec4<f32> complex values).
  const elem = { f16: real ? 'f16' : 'vec2<f16>', f32: real ? 'f32' : 'vec2<f32>', f64: real ? 'vec2<f32>' : 'vec4<f32>' }[precision];
  const zero = precision === 'f32' ? (real ? '0.0f' : 'vec2<f32>(0.0f)') : `${elem}(0.0)`;
  const padLoad =
    ny < Py || nx < Px
      ? /* wgsl */ `// webfftdx convolution: the [${ny}, ${nx}] signal zero-padded to [${Py}, ${Px}] as it is read.
fn load(fft: u32, index: u32) -> ${elem} {
  let y = index / ${Px}u;
  let x = index - y * ${Px}u;
  if (y < ${ny}u && x < ${nx}u) { return ${input}[fft * ${ny * nx}u + y * ${nx}u + x]; }
  return ${zero};
}`
      : undefined;
  const [oy, ox] = l.outputOffset;
  const [outY, outX] = l.outputShape;
  const cropStore =
    outY !== Py || outX !== Px
      ? /* wgsl */ `// webfftdx convolution: the [${outY}, ${outX}] outputs from (${oy}, ${ox}) of the [${Py}, ${Px}] result, as they are written.
fn store(fft: u32, index: u32, value: ${elem}) {
  let y = index / ${Px}u - ${oy}u;
  let x = index % ${Px}u - ${ox}u;
  if (y < ${outY}u && x < ${outX}u) { ${output}[fft * ${outY * outX}u + y * ${outX}u + x] = value; }
}`
      : undefined;
  return { padLoad, cropStore };
}
