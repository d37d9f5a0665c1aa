// Pure planning of the multi-pass convolution (no GPU): the FFT shape, the spectrum's shape, the
// zero-padding and the crop, for the requests one fused kernel cannot run (1D lengths beyond one
// workgroup or needing Bluestein, every 2D shape). The passes themselves are createFFT's
// (src/any-shape/) plus the pad, pointwise and crop kernels of ./multipass-kernels.ts.
import { largestPrimeFactor } from '../../descriptors/sizes.js';
import type { ConvolutionRequest } from './plan.js';
import type { ConvolutionMode, ConvolutionType } from './types.js';

export interface MultiPassLayout {
  readonly type: ConvolutionType;
  readonly mode: ConvolutionMode;
  /** The signal's shape: [N] or [ny, nx]. */
  readonly shape: readonly number[];
  /** [M] or [my, mx]; undefined for a circular plan without taps. */
  readonly filterShape: readonly number[] | undefined;
  /** P per axis: the signal's shape (circular) or a fast length >= n + m - 1 per axis. */
  readonly fftShape: readonly number[];
  /** Complex values per axis of one signal's spectrum: fftShape, with P_x / 2 + 1 innermost for real (numpy's rfftn). */
  readonly spectrumShape: readonly number[];
  readonly outputShape: readonly number[];
  /** Per axis: output index i is linear output i + outputOffset ('same': floor((m - 1) / 2); else 0). */
  readonly outputOffset: readonly number[];
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

/** Plans the multi-pass convolution of a validated request. */
export function planMultiPass(req: ConvolutionRequest): MultiPassLayout {
  const shape = req.shape ?? [req.signalLength];
  const filterShape = req.filterShape;
  const last = shape.length - 1;
  const circular = req.mode === 'circular';
  const full = circular ? shape : shape.map((n, a) => n + filterShape![a] - 1);
  const fftShape = circular ? [...shape] : full.map((f, a) => nextFastLength(f, req.type === 'real' && a === last));
  const spectrumShape = req.type === 'real' ? fftShape.map((p, a) => (a === last ? Math.floor(p / 2) + 1 : p)) : [...fftShape];
  const outputShape = req.mode === 'linear' ? [...full] : [...shape];
  const outputOffset = req.mode === 'same' ? filterShape!.map((m) => (m - 1) >> 1) : shape.map(() => 0);
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
  };
}
