// The public, GPU-free view of a convolution plan: the path (one fused kernel or multi-pass), the
// FFT length and shape, and the lengths a caller needs to build a `{ spectrum }` filter (or
// buffers) before creating the plan.
import { planBeyond } from './beyond.js';
import { choosePath, planLimits } from './path.js';
import type { ConvolutionEngine, ConvolutionLimits } from './plan.js';
import type { ConvolutionMode, ConvolutionType } from './types.js';
import { checkOptions } from './validate.js';

export interface ConvolutionShapeQuery {
  /** N, or [ny, nx]. */
  readonly shape: number | readonly number[];
  readonly type: ConvolutionType;
  readonly mode: ConvolutionMode;
  /** M, the filter's taps (1D; required for 'linear' and 'same'). */
  readonly taps?: number;
  /** 2D: the filter's shape [my, mx] (default: the signal's shape). */
  readonly filterShape?: readonly number[];
  /** Whether a pointwise function will replace the multiply (real circular plans then keep a real engine). */
  readonly pointwise?: boolean;
  /** The plan's precision (default 'f32'): f64's fused kernel holds half f32's length; beyond it, f16 and f64 run the 1D four-step path only. */
  readonly precision?: 'f16' | 'f32' | 'f64';
  /**
   * The filter will be given as `{ spectrum, taps }` rather than as taps: a 1D circular plan whose
   * length has a prime factor above 13 then keeps P = N (with the taps it pads to a fast length
   * >= N + M - 1 instead, docs/convolution.md). Default: taps where `taps` is given.
   */
  readonly spectrum?: boolean;
}

export interface ConvolutionLengths {
  /**
   * The 1D fused kernel's engine, or 'multipass' for every other path (docs/convolution.md): the
   * four-step paths (1D, 2D), the one-kernel 2D path, createFFT's passes (Bluestein lengths).
   */
  readonly engine: ConvolutionEngine | 'multipass';
  /** P (2D: Py * Px) */
  readonly fftLength: number;
  /** [P] or [Py, Px] */
  readonly fftShape: readonly number[];
  /** Complex values of the filter spectrum a user gives: P, or P/2 + 1 for real (2D: Py * Px, or Py * (Px/2 + 1)). */
  readonly spectrumLength: number;
  readonly outputLength: number;
  readonly outputShape: readonly number[];
  /**
   * Kernel passes one encode records: 1 (the 1D fused kernel, the one-kernel 2D path); four-step: the
   * column passes each way + the fused rows / columns pass (+ the two rows passes in 2D); otherwise
   * pad + createFFT's forward and inverse passes + crop.
   */
  readonly passes: number;
  /** The fused kernel's signals per workgroup (undefined for multi-pass plans). */
  readonly fftsPerBlock: number | undefined;
  /** The fused kernel's workgroup memory (undefined for multi-pass plans). */
  readonly workgroupBytes: number | undefined;
}

/** What createConvolution(device, ...) will run, from `device.limits` alone (throws the same errors). */
export function convolutionLayout(limits: ConvolutionLimits, query: ConvolutionShapeQuery): ConvolutionLengths {
  const twoD = Array.isArray(query.shape) && query.shape.length === 2;
  const request = checkOptions({
    shape: query.shape,
    type: query.type,
    mode: query.mode,
    batch: 1,
    filterShape: query.filterShape,
    filter: { spectrum: new Float32Array(0), ...(twoD ? {} : { taps: query.taps }) },
    ...(query.precision === undefined ? {} : { precision: query.precision }),
  });
  const path = choosePath({ ...request, pointwise: query.pointwise === true, spectrumFilter: query.spectrum === true }, limits);
  if (path.kind === 'multipass') {
    const l = path.layout;
    const precision = query.precision ?? 'f32';
    const beyond = planBeyond(l, 1, planLimits(limits), query.pointwise === true, precision);
    return {
      engine: 'multipass',
      fftLength: l.fftLength,
      fftShape: l.fftShape,
      spectrumLength: l.spectrumLength,
      outputLength: l.outputLength,
      outputShape: l.outputShape,
      passes: beyond.passes,
      fftsPerBlock: undefined,
      workgroupBytes: undefined,
    };
  }
  const l = path.layout;
  return {
    engine: l.engine,
    fftLength: l.fftLength,
    fftShape: [l.fftLength],
    spectrumLength: l.spectrumLength,
    outputLength: l.outputLength,
    outputShape: [l.outputLength],
    passes: 1,
    fftsPerBlock: l.fftsPerBlock,
    workgroupBytes: l.workgroupBytes,
  };
}
