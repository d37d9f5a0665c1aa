// createConvolution's own checks, all before anything reaches the GPU: the options and the filter
// (taps or spectrum) against the shape. What every plan shares (buffers, run() data, batch, device,
// destroyed plans) is src/host/'s.
import { checkBatch } from '../host/checks.js';
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

function checkFinite(data: Float32Array, what: string): void {
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
  const { shape, type, mode, batch, filter, pointwise } = options;
  if (!TYPES.includes(type)) fail(`type must be 'real' or 'complex', got ${JSON.stringify(type)}`);
  if (!MODES.includes(mode)) fail(`mode must be 'circular', 'linear' or 'same', got ${JSON.stringify(mode)}`);
  if (Array.isArray(shape)) {
    if (shape.length === 1) return checkOptions({ ...options, shape: shape[0] });
    fail(
      `shape [${shape.join(', ')}]: ${shape.length}D convolution is not built yet (1D only: pass the signal length as a number)`,
    );
  }
  if (typeof shape !== 'number' || !Number.isInteger(shape) || shape < 2) {
    fail(`shape must be an integer signal length >= 2, got ${JSON.stringify(shape)}`);
  }
  checkBatch(batch);
  if (pointwise !== undefined) {
    if (typeof pointwise !== 'string') fail(`pointwise must be a WGSL string, got ${describe(pointwise)}`);
    if (!/\bfn\s+pointwise\s*\(/.test(pointwise)) {
      fail('pointwise must define fn pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32>');
    }
  }
  const n = shape;
  const perTap = type === 'complex' ? 2 : 1;
  let taps: number | undefined;
  if (filter === undefined) {
    if (pointwise === undefined) fail('a filter is required (taps as a Float32Array, or { spectrum }) unless pointwise is given');
    if (mode !== 'circular') fail(`mode '${mode}' needs the filter's length: pass the taps, or { spectrum, taps }`);
  } else if (isSpectrum(filter)) {
    if (!(filter.spectrum instanceof Float32Array)) fail(`filter.spectrum must be a Float32Array, got ${describe(filter.spectrum)}`);
    checkFinite(filter.spectrum, 'filter.spectrum');
    if (filter.taps !== undefined) {
      if (!Number.isInteger(filter.taps) || filter.taps < 1) fail(`filter.taps must be a positive integer, got ${JSON.stringify(filter.taps)}`);
      taps = filter.taps;
    } else if (mode !== 'circular') {
      fail(`mode '${mode}' with a spectrum needs filter.taps (the filter's length sets the output length and the FFT length)`);
    }
  } else {
    if (!(filter instanceof Float32Array)) {
      fail(`filter must be a Float32Array of taps or { spectrum }, got ${describe(filter)}`);
    }
    if (filter.length === 0) fail('filter has no taps');
    if (filter.length % perTap !== 0) {
      fail(`a complex filter is interleaved re/im, so its length must be even; got ${filter.length} floats`);
    }
    checkFinite(filter, 'filter');
    taps = filter.length / perTap;
  }
  if (mode === 'circular' && taps !== undefined && taps > n) {
    fail(`the filter has ${taps} taps, longer than the ${n}-point signal: circular convolution needs at most N taps (use mode 'linear')`);
  }
  return { type, mode, signalLength: n, filterLength: taps };
}

/** The spectrum given by the user must have exactly the plan's length. */
export function checkSpectrumLength(spectrum: Float32Array, spectrumLength: number, fftLength: number, type: ConvolutionType): void {
  if (spectrum.length !== 2 * spectrumLength) {
    const what = type === 'real' ? `P/2 + 1 = ${spectrumLength}` : `P = ${spectrumLength}`;
    fail(
      `filter.spectrum has ${spectrum.length} floats; this plan's FFT length is P = ${fftLength}, so it needs ${what} complex values ` +
        `(${2 * spectrumLength} floats, interleaved re/im)`,
    );
  }
}
