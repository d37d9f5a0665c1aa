// Pure planning of the multi-pass convolution (no GPU): the FFT shape, the spectrum's shape, the
// zero-padding and the crop, for the requests one fused kernel cannot run (1D lengths beyond one
// workgroup or needing Bluestein, every 2D shape). The passes themselves are createFFT's
// (src/any-shape/) plus the pad and crop kernel of ./multipass-kernels.ts.
import { largestPrimeFactor, nextPowerOfTwo } from '../../descriptors/sizes.js';
import { planShape } from '../any-shape/passes.js';
import type { PassPrecision, PlanLimits } from '../any-shape/pass-split.js';
import { circularPrefix, type ConvolutionRequest } from './plan.js';
import type { Convolution, ConvolutionMode, ConvolutionType } from './types.js';

export interface MultiPassLayout {
  readonly type: ConvolutionType;
  readonly mode: ConvolutionMode;
  /** The signal's shape: [N] or [ny, nx]. */
  readonly shape: readonly number[];
  /** [M] or [my, mx]; undefined for a circular plan without taps. */
  readonly filterShape: readonly number[] | undefined;
  /** P per axis: the signal's shape (circular) or a fast length >= n + m - 1 per axis (linear, same, circular with `wrap`). */
  readonly fftShape: readonly number[];
  /** Complex values per axis of one signal's spectrum: fftShape, with P_x / 2 + 1 innermost for real (numpy's rfftn). */
  readonly spectrumShape: readonly number[];
  readonly outputShape: readonly number[];
  /** Per axis: output index i is linear output i + outputOffset ('same': floor((m - 1) / 2); circular with `wrap`: m - 1; else 0). */
  readonly outputOffset: readonly number[];
  /**
   * 1D circular through a linear convolution (plan.ts circularPrefix): padded element i < N + wrap
   * is the signal's element (i - wrap) mod N, and the outputs are linear outputs wrap .. wrap + N - 1; else 0.
   */
  readonly wrap: number;
  readonly signalLength: number;
  readonly filterLength: number | undefined;
  /** Products of the shapes above. */
  readonly fftLength: number;
  readonly spectrumLength: number;
  readonly outputLength: number;
  /** The signals are zero-padded into a scratch buffer first (linear, same). */
  readonly pad: boolean;
  /** The outputs are cropped from the inverse's result (linear, same). */
  readonly crop: boolean;
}

const product = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);

/** What a plan beyond the fused kernel reports of its layout (Convolution's shape fields), the same on every path. */
export function layoutFields(l: MultiPassLayout): Pick<Convolution, 'type' | 'mode' | 'shape' | 'signalLength' | 'filterLength' | 'filterShape' | 'fftLength' | 'fftShape' | 'outputLength' | 'outputShape'> {
  const { type, mode, shape, signalLength, filterLength, filterShape, fftLength, fftShape, outputLength, outputShape } = l;
  return { type, mode, shape, signalLength, filterLength, filterShape, fftLength, fftShape, outputLength, outputShape };
}

/**
 * The smallest length >= n with no prime factor above 7 (scipy's next_fast_len): createFFT splits
 * such lengths into passes without Bluestein. `even` (the innermost axis of a real plan) keeps the
 * half spectrum at P/2 + 1 with a real Nyquist term, as the fused path's real plans have it.
 */
export function nextFastLength(n: number, even = false): number {
  for (let p = Math.max(2, n); ; p++) {
    if ((!even || p % 2 === 0) && largestPrimeFactor(p) <= 7) return p;
  }
}

/** Candidate FFT lengths of one axis tried: the first few 7-smooth lengths >= the full length, and the power of two. */
const CANDIDATES = 12;

/**
 * The passes and estimated relative time (any unit, compared only with itself) of a 1D convolution
 * of padded length p, or undefined where no estimate applies: path.ts passes the four-step path's
 * (fourStepLengthCost), since this module sits below it.
 */
export type PaddedLengthCost = (p: number) => { readonly passes: number; readonly time: number } | undefined;

/**
 * The padded FFT shape of a linear / same plan: per axis the 7-smooth length >= n + m - 1 whose
 * createFFT plan takes the fewest passes of 16 columns under these limits (e.g. 2^20 + 4095 pads to
 * 2^21, 3 passes each way, not to the nearer 1053696 = 2^10 3 7^3, 4 passes each way); among those,
 * in 1D with a `cost`, the one it rates clearly cheapest (see cheapest), else the shortest. Lengths
 * of equal pass count differ by up to 1.5 x in speed: 2^18 + 2 pads to 274400 = 2^5 5^2 7^3 (756
 * GB/s on an H200), not to the shortest, 262440 = 2^3 3^8 5 (506 GB/s; bench/NOTES.md run 69). Axes
 * are chosen innermost first, the others at their nearest fast length meanwhile.
 */
function paddedShape(full: readonly number[], type: ConvolutionType, limits: PlanLimits, cost?: PaddedLengthCost): number[] {
  const last = full.length - 1;
  const even = (a: number) => type === 'real' && a === last;
  const shape = full.map((f, a) => nextFastLength(f, even(a)));
  // Passes of 16 columns (planShape's wideOnly): the four-step paths, which run most padded lengths,
  // split their columns so; counting createFFT's narrower passes would pick longer transforms (69120
  // for 65602 outputs instead of 65610) for passes the four-step path does not save.
  const passes = (s: readonly number[]) => planShape(s, type === 'complex' ? 'c2c' : 'r2c', 'forward', 1, limits, 'f32', true).passes.length;
  const costOf: PaddedLengthCost = full.length === 1 && cost ? cost : () => undefined;
  for (let a = last; a >= 0; a--) {
    const candidates: number[] = [];
    for (let p = shape[a]; candidates.length < CANDIDATES; p = nextFastLength(p + 1, even(a))) candidates.push(p);
    const pow2 = nextPowerOfTwo(full[a]);
    if (!candidates.includes(pow2)) candidates.push(pow2);
    const counts = candidates.sort((x, y) => x - y).map((p) => passes(shape.map((v, i) => (i === a ? p : v))));
    const least = Math.min(...counts);
    const fewest = candidates.filter((_, i) => counts[i] === least);
    shape[a] = cheapest(fewest, costOf);
  }
  return shape;
}

/**
 * Of lengths of equal createFFT pass count (ascending), the shortest unless the cost gives another
 * fewer passes, or as many in at most MARGIN of the shortest's time: the estimate's ratios to the
 * shortest were off by up to 17 % on an H200 (204800 rated 1.05, measured 1.18), while every length
 * it rated 0.59-0.69 measured 0.68-0.81 (bench/NOTES.md run 69).
 */
function cheapest(lengths: readonly number[], costOf: PaddedLengthCost): number {
  const base = costOf(lengths[0]);
  if (base === undefined) return lengths[0];
  let best = { p: lengths[0], ...base };
  for (const p of lengths.slice(1)) {
    const c = costOf(p);
    if (c !== undefined && (c.passes < best.passes || (c.passes === best.passes && c.time < best.time))) best = { p, ...c };
  }
  return best.passes < base.passes || best.time <= MARGIN * base.time ? best.p : lengths[0];
}

/** The estimated time, relative to the shortest length's, below which a longer padded length is taken. */
const MARGIN = 0.8;

/** Plans the multi-pass convolution of a validated request under these limits (they decide the padded FFT shape). */
export function planMultiPass(req: ConvolutionRequest, limits: PlanLimits, cost?: PaddedLengthCost): MultiPassLayout {
  const shape = req.shape ?? [req.signalLength];
  const filterShape = req.filterShape;
  const last = shape.length - 1;
  const wrap = circularPrefix(req);
  // Circular plans keep P = N, but those through a linear convolution (circularPrefix).
  const circular = req.mode === 'circular' && wrap === undefined;
  const full = circular ? shape : shape.map((n, a) => n + filterShape![a] - 1);
  const fftShape = circular ? [...shape] : paddedShape(full, req.type, limits, cost);
  const spectrumShape = req.type === 'real' ? fftShape.map((p, a) => (a === last ? Math.floor(p / 2) + 1 : p)) : [...fftShape];
  const outputShape = req.mode === 'linear' ? [...full] : [...shape];
  const outputOffset = req.mode === 'same' ? filterShape!.map((m) => (m - 1) >> 1) : wrap !== undefined ? [wrap] : shape.map(() => 0);
  return {
    type: req.type,
    mode: req.mode,
    shape,
    filterShape,
    fftShape,
    spectrumShape,
    outputShape,
    outputOffset,
    signalLength: product(shape),
    filterLength: filterShape === undefined ? undefined : product(filterShape),
    fftLength: product(fftShape),
    spectrumLength: product(spectrumShape),
    outputLength: product(outputShape),
    pad: !circular,
    crop: !circular,
    wrap: wrap ?? 0,
  };
}

/**
 * Kernel passes an encode records under these limits: pad, createFFT's forward passes, its inverse
 * passes (the pointwise multiply fused into the first), crop (pure: createFFT's planner, no GPU).
 */
export function multiPassCount(l: MultiPassLayout, limits: PlanLimits, batch = 1, precision: PassPrecision = 'f32'): number {
  const complex = l.type === 'complex';
  const forward = planShape(l.fftShape, complex ? 'c2c' : 'r2c', 'forward', batch, limits, precision).passes.length;
  const inverse = planShape(l.fftShape, complex ? 'c2c' : 'c2r', 'inverse', batch, limits, precision).passes.length;
  return (l.pad ? 1 : 0) + forward + inverse + (l.crop ? 1 : 0);
}
