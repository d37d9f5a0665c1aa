// The public vocabulary of createConvolution: options, the plan object and its pass descriptions.
import type { FFTPlan } from '../../descriptors/model.js';
import type { Float16ArrayType } from '../host/f16-data.js';

export type ConvolutionType = 'real' | 'complex';

/**
 * - `circular`: y[n] = sum_m h[m] x[(n - m) mod N], N outputs (the filter is zero-padded to N).
 * - `linear`: the full linear convolution, N + M - 1 outputs (numpy's and scipy's mode 'full').
 * - `same`: the N outputs of the linear convolution centred as scipy.signal.convolve(x, h, 'same')
 *   and numpy.convolve for N >= M: y_same[n] = y_linear[n + floor((M - 1) / 2)].
 */
export type ConvolutionMode = 'circular' | 'linear' | 'same';

/**
 * The filter's spectrum given directly: the unnormalised forward DFT of the taps zero-padded to
 * `fftLength` (numpy: `np.fft.fft(h, P)` for complex, `np.fft.rfft(h, P)` for real), interleaved
 * re/im, `2 * spectrumLength` floats (P complex values, or P/2 + 1 for real). createConvolution
 * folds the inverse's 1/P into it. `convolutionLayout` says P before any GPU work.
 */
export interface FilterSpectrum {
  readonly spectrum: Float32Array;
  /** Taps M of the filter the spectrum belongs to: required for 'linear' and 'same' (they set the output length). */
  readonly taps?: number;
}

/** A filter spectrum in f64 (precision 'f64' plans): as FilterSpectrum, the values a Float64Array. */
export interface FilterSpectrum64 {
  readonly spectrum: Float64Array;
  readonly taps?: number;
}

export interface ConvolutionOptions {
  /** Signal length N (a number, or `[n]`), or `[ny, nx]` for 2D (row-major, x innermost). */
  readonly shape: number | readonly number[];
  /**
   * 2D only: the filter's shape `[my, mx]` (row-major taps, my * mx of them). Default: the signal's
   * shape. Circular plans need my <= ny and mx <= nx. 1D plans take M from the taps (or filter.taps).
   */
  readonly filterShape?: readonly number[];
  readonly type: ConvolutionType;
  readonly mode: ConvolutionMode;
  /**
   * The taps in the signal domain (Float32Array: M reals, or M complex values interleaved re/im),
   * whose spectrum is computed once on the GPU when the plan is created, or `{ spectrum }`.
   * May be left out when `pointwise` is given and the mode is 'circular': `h` is then (1/P, 0).
   */
  readonly filter?: Float32Array | FilterSpectrum | Float64Array | FilterSpectrum64;
  /** Signals per encode; the filter applies to each. */
  readonly batch: number;
  /**
   * 'f32' (default) or 'f16': signals and outputs are f16 (`run()` takes a Float16Array, Uint16Array
   * of bits or Float32Array rounded to f16, and returns the same kind; buffers hold 2 bytes per
   * value), the FFTs, the filter spectrum (computed on the host in f64 from Float32Array taps) and
   * `pointwise` stay f32; needs the device feature 'shader-f16'. 'f64': df64 FFTs and multiply
   * (pairs of f32, ~1e-14), signals and outputs as Float64Array in `run()` (buffers: vec4<f32> =
   * (re_hi, im_hi, re_lo, im_lo) per complex value, vec2<f32> = (hi, lo) per real), the filter as
   * Float64Array (or Float32Array) taps or spectrum, its spectrum computed on the host in f64;
   * `pointwise` in df64 (below). Both run on every path (docs/convolution.md "Precision").
   */
  readonly precision?: 'f16' | 'f32' | 'f64';
  /**
   * WGSL replacing the spectral multiply: `fn pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32>`
   * with `fft` the signal in the batch, `index` the frequency k (0 <= k < P complex, 0 <= k <= P/2 real),
   * `x` the signal's spectrum X_k, `h` the stored filter spectrum H_k / P. The default is x * h.
   * Helper functions may be included; identifiers starting with `conv_` are reserved. f64 plans:
   * `fn pointwise(fft: u32, index: u32, x: vec4<f32>, h: vec4<f32>) -> vec4<f32>`, df64 values
   * (re_hi, im_hi, re_lo, im_lo), with the helpers df64_cmul(a, b), df64_dadd(a, b), df64_dsub(a, b)
   * and df64_dscale(x, c: vec2<f32>) defined by the kernel (identifiers starting with `df64_` are reserved there).
   */
  readonly pointwise?: string;
}

/** What one kernel pass of a plan does: the fused kernel, or one pass of the multi-pass path. */
export type ConvolutionPass = FusedConvolutionPass | MultiPassConvolutionPass;

/**
 * One pass of the multi-pass path (sizes beyond one workgroup, Bluestein lengths, 2D):
 * - 1D lengths createFFT splits without Bluestein (the four-step path, docs/convolution.md):
 *   'forward-column' (forward FFTs down the columns and the four-step twiddles; the first reads the
 *   signals, zero-padded), 'fused-rows' (the forward's last FFTs on contiguous rows, the pointwise
 *   multiply, the inverse row FFTs, in place: the spectrum never in natural order), 'inverse-column'
 *   (conjugate twiddles and inverse FFTs down the columns; the last writes the kept outputs);
 * - 2D shapes whose FFT rows one workgroup holds (unless createFFT's one-pass kernel takes fewer):
 *   'rows-forward' (the rows' forward FFTs, zero-padding as it reads), 'forward-column' (the column
 *   axis's four-step passes but the last), 'fused-columns' (the last column FFTs, the pointwise
 *   multiply, the inverse column FFTs, in place), 'inverse-column', 'rows-inverse' (the rows' inverse
 *   FFTs, storing the kept outputs);
 * - 2D FFT shapes createFFT's one-pass kernel holds: 'fused-2d' (one workgroup per signal: rows,
 *   columns, pointwise, columns, rows; one kernel);
 * - otherwise: 'pad' (zero-pad the signals to the FFT shape), 'forward' / 'inverse' (one pass of
 *   createFFT's plans; the inverse's first reads the spectrum through the pointwise function, x H / P
 *   by default), 'crop' (the outputs).
 */
export interface MultiPassConvolutionPass {
  readonly kernel: 'pad' | 'forward' | 'inverse' | 'crop' | 'forward-column' | 'fused-rows' | 'inverse-column' | 'rows-forward' | 'fused-columns' | 'rows-inverse' | 'fused-2d';
  /** One line: what the pass computes. */
  readonly does: string;
  readonly workgroups: readonly [number, number, number];
}

/** The fused kernel's pass. */
export interface FusedConvolutionPass {
  /** 'fused': load -> forward FFT -> pointwise -> inverse FFT -> store, one kernel. */
  readonly kernel: 'fused';
  /** One line: what the pass computes. */
  readonly does: string;
  readonly workgroups: readonly [number, number, number];
  readonly workgroupSize: readonly [number, number, number];
  /** Bytes of workgroup memory the kernel declares. */
  readonly workgroupBytes: number;
  /** The forward and inverse FFTs' plans (same register layout: stride, elements per invocation, slots). */
  readonly forward: FFTPlan;
  readonly inverse: FFTPlan;
}

export interface ConvolutionBuffers {
  /** `batch` signals back to back (N reals, or N complex values interleaved). Needs STORAGE usage. */
  readonly input: GPUBuffer;
  /**
   * `batch` outputs back to back (outputLength each). Defaults to `input` (in place), which only
   * 'circular' and 'same' allow (the output is as long as the input). Needs STORAGE usage.
   */
  readonly output?: GPUBuffer;
}

export interface Convolution {
  readonly type: ConvolutionType;
  readonly mode: ConvolutionMode;
  readonly batch: number;
  /** The signal's shape: [N] or [ny, nx]. */
  readonly shape: readonly number[];
  /** N: points per input signal (2D: ny * nx). */
  readonly signalLength: number;
  /** M: filter taps (2D: my * mx; undefined for a circular plan given only a spectrum or a pointwise function). */
  readonly filterLength: number | undefined;
  /** The filter's shape ([M] or [my, mx]; undefined where filterLength is). */
  readonly filterShape: readonly number[] | undefined;
  /** P: the FFT length (N for circular; a fast length >= N + M - 1 otherwise). 2D: Py * Px. */
  readonly fftLength: number;
  /** The FFT shape: [P] or [Py, Px]. */
  readonly fftShape: readonly number[];
  /** Points per output signal: N (circular, same) or N + M - 1 (linear). 2D: the product of outputShape. */
  readonly outputLength: number;
  /** [outputLength] or, 2D, [ny, nx] (circular, same) or [ny + my - 1, nx + mx - 1] (linear). */
  readonly outputShape: readonly number[];
  readonly inputBytes: number;
  readonly outputBytes: number;
  /** One entry per kernel pass an encode records (one where the fused kernel applies). */
  readonly passes: readonly ConvolutionPass[];
  /** The fused kernel's WGSL (out of place); multi-pass plans: the inverse FFT's first pass (with the pointwise function). */
  readonly code: string;
  encode(pass: GPUComputePassEncoder, buffers: ConvolutionBuffers): void;
  /**
   * Convenience: uploads `signals` (batch x N reals, or interleaved complex), runs, reads back batch x
   * outputLength. f16 plans round a Float32Array to f16 and return the f16 results as a Float32Array;
   * they also take a Float16Array or a Uint16Array of f16 bits and return the same kind. f64 plans
   * take and return Float64Array.
   */
  run(signals: Float32Array): Promise<Float32Array>;
  run(signals: Float64Array): Promise<Float64Array>;
  run(signals: Float16ArrayType): Promise<Float16ArrayType>;
  run(signals: Uint16Array): Promise<Uint16Array>;
  destroy(): void;
}
