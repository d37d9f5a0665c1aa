// Checks of createFFT's own options, before anything reaches the GPU: the shape, type, direction,
// precision and layout. Checks every host plan shares (batch, buffers, host arrays, device limits,
// the plan's life) are in src/host/.
import type { FFTDirection, FFTType } from '../../descriptors/model.js';
import { checkCallbackSignature } from '../host/callbacks.js';

export const MAX_AXES = 3;

/** The shape as an array of axis lengths, outermost first; throws a clear Error for anything else. */
export function normalizeShape(shape: unknown): number[] {
  const axes = typeof shape === 'number' ? [shape] : Array.isArray(shape) ? [...(shape as unknown[])] : undefined;
  if (!axes) throw new Error(`webfftdx: createFFT shape must be a number or an array of 1 to ${MAX_AXES} numbers, got ${describe(shape)}`);
  if (axes.length < 1 || axes.length > MAX_AXES) {
    throw new Error(`webfftdx: createFFT shape has ${axes.length} axes; 1 to ${MAX_AXES} are supported ([n], [ny, nx], [nz, ny, nx])`);
  }
  axes.forEach((n, i) => {
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 2) {
      throw new Error(`webfftdx: createFFT shape axis ${i} is ${describe(n)}; every axis length must be an integer >= 2`);
    }
  });
  return axes as number[];
}

function describe(v: unknown): string {
  if (typeof v === 'string') return `the string "${v}"`;
  if (Array.isArray(v)) return `[${v.map(describe).join(', ')}]`;
  return String(v);
}

export function checkType(type: unknown): FFTType {
  if (type === 'c2c' || type === 'r2c' || type === 'c2r') return type;
  throw new Error(`webfftdx: createFFT type must be 'c2c', 'r2c' or 'c2r', got ${describe(type)}`);
}

export function checkDirection(type: FFTType, direction: unknown): FFTDirection {
  if (direction === undefined && type !== 'c2c') return type === 'r2c' ? 'forward' : 'inverse';
  if (direction !== 'forward' && direction !== 'inverse') {
    throw new Error(`webfftdx: createFFT direction must be 'forward' or 'inverse', got ${describe(direction)}`);
  }
  if (type === 'r2c' && direction !== 'forward') throw new Error(`webfftdx: an r2c FFT is forward; got direction '${direction}'`);
  if (type === 'c2r' && direction !== 'inverse') throw new Error(`webfftdx: a c2r FFT is inverse; got direction '${direction}'`);
  return direction;
}

export type AnyShapePrecision = 'f16' | 'f32' | 'f64';

export function checkPrecision(precision: unknown): AnyShapePrecision {
  if (precision === undefined) return 'f32';
  if (precision === 'f16' || precision === 'f32' || precision === 'f64') return precision;
  throw new Error(`webfftdx: createFFT precision must be 'f16', 'f32' or 'f64', got ${describe(precision)}`);
}

export function checkLayout(layout: unknown): 'natural' {
  if (layout === undefined || layout === 'natural') return 'natural';
  throw new Error(
    `webfftdx: createFFT supports the 'natural' layout of real FFTs (numpy's rfftn: [..., nx / 2 + 1] complex values); got ${describe(layout)}`,
  );
}

/**
 * The element types a callback sees on each side of a transform type: complex `vec2<f32>`, real
 * `f32`; f64 the df64 layout (complex `vec4<f32>`, real `vec2<f32>` = (hi, lo)); f16 `vec2<f16>`, `f16`
 * (as createBatchedFFT's callbacks).
 */
export function callbackElementTypes(type: FFTType, precision: AnyShapePrecision = 'f32'): { input: string; output: string } {
  const [complex, real] = precision === 'f64' ? ['vec4<f32>', 'vec2<f32>'] : precision === 'f16' ? ['vec2<f16>', 'f16'] : ['vec2<f32>', 'f32'];
  return { input: type === 'r2c' ? real : complex, output: type === 'c2r' ? real : complex };
}

/**
 * A load or store callback of createFFT: WGSL text defining `fn load(fft: u32, index: u32) -> E` or
 * `fn store(fft: u32, index: u32, value: E)` with E the side's element type (src/host/callbacks.ts).
 */
export function checkCallback(text: unknown, which: 'load' | 'store', type: FFTType, precision: AnyShapePrecision = 'f32'): string | undefined {
  const elem = callbackElementTypes(type, precision)[which === 'load' ? 'input' : 'output'];
  return checkCallbackSignature(text, which, elem, `createFFT's ${which} callback of a ${type}${precision === 'f32' ? '' : ` ${precision}`} FFT`);
}
