// createConvolution's own checks, all before anything reaches the GPU: the options and the filter
// (taps or spectrum) against the shape. What every plan shares (buffers, run() data, batch, device,
// destroyed plans) is src/host/'s.
import { checkBatch } from '../host/checks.js';
import { pointwiseSignature } from './kernel.js';
import type { MultiPassLayout } from './multipass-plan.js';
import type { ConvolutionRequest } from './plan.js';
import type { ConvolutionMode, ConvolutionOptions, ConvolutionType, FilterSpectrum } from './types.js';

const TYPES: readonly ConvolutionType[] = ['real', 'complex'];
const MODES: readonly ConvolutionMode[] = ['circular', 'linear', 'same'];

function fail(message: string): never {
  throw new Error(`webfftdx: createConvolution: ${message}`);
}

function isSpectrum(filter: unknown): filter is FilterSpectrum {
  return typeof filter === 'object' && filter !== null && !ArrayBuffer.isView(filter) && 'spectrum' in filter;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (ArrayBuffer.isView(value)) return value.constructor.name;
  if (Array.isArray(value)) return 'an Array';
  return typeof value;
}

function checkFinite(data: ArrayLike<number>, what: string): void {
  for (let i = 0; i < data.length; i++) {
    if (!Number.isFinite(data[i])) fail(`${what} has a non-finite value (${data[i]}) at index ${i}`);
  }
}

/**
 * Checks the options that do not depend on the device and returns the request to plan: shape,
 * type, mode, batch, the filter's type, length and values, the pointwise function's presence.
 */
export function checkOptions(options: ConvolutionOptions): ConvolutionRequest {
  if (typeof options !== 'object' || options === null) fail(`options must be an object, got ${describe(options)}`);
  const { type, mode, batch, filter, pointwise } = options;
  const precision = checkPrecision(options.precision);
  // f64 plans take their filter as Float64Array too (taps or spectrum), f32 ones as Float32Array only.
  const isFilterArray = (v: unknown): v is Float32Array | Float64Array => v instanceof Float32Array || (precision === 'f64' && v instanceof Float64Array);
  const arrays = precision === 'f64' ? 'a Float32Array or Float64Array' : 'a Float32Array';
  if (!TYPES.includes(type)) fail(`type must be 'real' or 'complex', got ${JSON.stringify(type)}`);
  if (!MODES.includes(mode)) fail(`mode must be 'circular', 'linear' or 'same', got ${JSON.stringify(mode)}`);
  const shape = checkShape(options.shape);
  const filterShape = checkFilterShape(options.filterShape, shape);
  checkBatch(batch);
  if (pointwise !== undefined) {
    if (typeof pointwise !== 'string') fail(`pointwise must be a WGSL string, got ${describe(pointwise)}`);
    if (!/\bfn\s+pointwise\s*\(/.test(pointwise)) {
      fail(`pointwise must define ${pointwiseSignature(precision === 'f64' ? 'f64' : 'f32')}${precision === 'f64' ? ' (df64 values: (re_hi, im_hi, re_lo, im_lo))' : ''}`);
    }
  }
  const twoD = shape.length === 2;
  const n = shape.reduce((a, b) => a * b, 1);
  const perTap = type === 'complex' ? 2 : 1;
  let taps: number | undefined;
  if (filter === undefined) {
    if (pointwise === undefined) fail('a filter is required (taps as a Float32Array, or { spectrum }) unless pointwise is given');
    if (mode !== 'circular') fail(`mode '${mode}' needs the filter's length: pass the taps, or { spectrum, taps }`);
  } else if (isSpectrum(filter)) {
    if (!isFilterArray(filter.spectrum)) fail(`filter.spectrum must be ${arrays}, got ${describe(filter.spectrum)}`);
    checkFinite(filter.spectrum, 'filter.spectrum');
    if (twoD) {
      if (filter.taps !== undefined) fail(`a 2D plan takes the filter's shape from filterShape, not filter.taps (got ${JSON.stringify(filter.taps)})`);
      taps = product(filterShape!);
    } else if (filter.taps !== undefined) {
      if (!Number.isInteger(filter.taps) || filter.taps < 1) fail(`filter.taps must be a positive integer, got ${JSON.stringify(filter.taps)}`);
      taps = filter.taps;
    } else if (mode !== 'circular') {
      fail(`mode '${mode}' with a spectrum needs filter.taps (the filter's length sets the output length and the FFT length)`);
    }
  } else {
    if (!isFilterArray(filter)) {
      fail(`filter must be ${arrays} of taps or { spectrum }, got ${describe(filter)}`);
    }
    if (filter.length === 0) fail('filter has no taps');
    if (filter.length % perTap !== 0) {
      fail(`a complex filter is interleaved re/im, so its length must be even; got ${filter.length} floats`);
    }
    checkFinite(filter, 'filter');
    taps = filter.length / perTap;
    if (twoD && taps !== product(filterShape!)) {
      const given = options.filterShape === undefined ? ' (the default: the signal\'s shape)' : '';
      fail(
        `filter has ${filter.length} floats; filterShape [${filterShape!.join(', ')}]${given} needs ${product(filterShape!)} taps ` +
          `(${perTap * product(filterShape!)} floats${type === 'complex' ? ', interleaved re/im' : ''}, row-major)`,
      );
    }
  }
  if (twoD) {
    if (mode === 'circular' && (filterShape![0] > shape[0] || filterShape![1] > shape[1])) {
      fail(
        `filterShape [${filterShape!.join(', ')}] is larger than the [${shape.join(', ')}] signal along an axis: circular convolution needs ` +
          `my <= ny and mx <= nx (use mode 'linear')`,
      );
    }
  } else if (mode === 'circular' && taps !== undefined && taps > n) {
    fail(`the filter has ${taps} taps, longer than the ${n}-point signal: circular convolution needs at most N taps (use mode 'linear')`);
  }
  const resolvedFilterShape = twoD ? (taps === undefined ? undefined : filterShape) : taps === undefined ? undefined : [taps];
  return {
    type,
    mode,
    signalLength: n,
    filterLength: taps,
    shape,
    filterShape: resolvedFilterShape,
    ...(precision === 'f64' ? { precision: 'f64' as const } : {}),
    ...(filter !== undefined && isSpectrum(filter) ? { spectrumFilter: true } : {}),
  };
}

/**
 * The precision of a convolution plan: 'f32' (default), 'f16' (f16 signals and outputs, f32
 * arithmetic and spectrum) or 'f64' (df64 throughout), on every path.
 */
export function checkPrecision(precision: unknown): 'f16' | 'f32' | 'f64' {
  if (precision === undefined || precision === 'f32' || precision === 'f16' || precision === 'f64') return precision ?? 'f32';
  fail(`precision must be 'f16', 'f32' or 'f64', got ${JSON.stringify(precision)}`);
}

function product(shape: readonly number[]): number {
  return shape.reduce((a, b) => a * b, 1);
}

/** `n`, `[n]` or `[ny, nx]`, every length an integer >= 2; returned as an array. */
function checkShape(shape: unknown): number[] {
  const dims = Array.isArray(shape) ? shape : [shape];
  if (Array.isArray(shape) && (shape.length < 1 || shape.length > 2)) {
    fail(`shape [${shape.join(', ')}]: ${shape.length}D convolution is not supported (1D: the signal length, 2D: [ny, nx])`);
  }
  for (const d of dims) {
    if (typeof d !== 'number' || !Number.isInteger(d) || d < 2) {
      const what = dims.length === 2 ? `shape [ny, nx] needs integer lengths >= 2, got ${JSON.stringify(shape)}` : `shape must be an integer signal length >= 2, got ${JSON.stringify(d)}`;
      fail(what);
    }
  }
  return dims as number[];
}

/** 2D: filterShape [my, mx] (default: the signal's shape); 1D takes none. */
function checkFilterShape(filterShape: unknown, shape: readonly number[]): number[] | undefined {
  if (shape.length === 1) {
    if (filterShape !== undefined) fail(`filterShape is for 2D plans; a 1D plan takes the filter's length from the taps (or filter.taps)`);
    return undefined;
  }
  if (filterShape === undefined) return [...shape];
  if (!Array.isArray(filterShape) || filterShape.length !== 2 || filterShape.some((d) => typeof d !== 'number' || !Number.isInteger(d) || d < 1)) {
    fail(`filterShape must be [my, mx] with positive integer lengths, got ${JSON.stringify(filterShape)}`);
  }
  return [...filterShape] as number[];
}

/** The spectrum given by the user must have exactly the plan's length. */
export function checkSpectrumLength(spectrum: ArrayLike<number>, spectrumLength: number, fftLength: number, type: ConvolutionType): void {
  if (spectrum.length !== 2 * spectrumLength) {
    const what = type === 'real' ? `P/2 + 1 = ${spectrumLength}` : `P = ${spectrumLength}`;
    fail(
      `filter.spectrum has ${spectrum.length} floats; this plan's FFT length is P = ${fftLength}, so it needs ${what} complex values ` +
        `(${2 * spectrumLength} floats, interleaved re/im)`,
    );
  }
}

/** A multi-pass plan's spectrum given by the user: one signal's spectrum of the FFT shape (numpy's fftn / rfftn layout). */
export function checkSpectrumShape(spectrum: ArrayLike<number>, l: MultiPassLayout): void {
  if (spectrum.length === 2 * l.spectrumLength) return;
  if (l.fftShape.length === 1) {
    checkSpectrumLength(spectrum, l.spectrumLength, l.fftLength, l.type);
    return;
  }
  const [py, px] = l.fftShape;
  const what = l.type === 'real' ? `Py x (Px/2 + 1) = ${py} x ${l.spectrumShape[1]}` : `Py x Px = ${py} x ${px}`;
  fail(
    `filter.spectrum has ${spectrum.length} floats; this plan's FFT shape is [${py}, ${px}], so it needs ${what} = ${l.spectrumLength} complex values ` +
      `(${2 * l.spectrumLength} floats, interleaved re/im, row-major: ${l.type === 'real' ? 'np.fft.rfft2' : 'np.fft.fft2'} of the taps zero-padded to [${py}, ${px}])`,
  );
}
