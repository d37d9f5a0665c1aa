// Checks of createFFT's own options, before anything reaches the GPU: the shape, type, direction,
// precision and layout. Checks every host plan shares (batch, buffers, host arrays, device limits,
// the plan's life) are in src/host/.
import type { FFTDirection, FFTType } from '../../descriptors/model.js';

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

export function checkPrecision(precision: unknown): 'f32' {
  if (precision === undefined || precision === 'f32') return 'f32';
  if (precision === 'f16' || precision === 'f64') {
    throw new Error(
      `webfftdx: createFFT generates f32 kernels only; Precision('${precision}') needs the ${precision} multi-pass kernels, which are not built yet (use createBatchedFFT with an fft(...) descriptor for one-workgroup ${precision} FFTs)`,
    );
  }
  throw new Error(`webfftdx: createFFT precision must be 'f32', got ${describe(precision)}`);
}

export function checkLayout(layout: unknown): 'natural' {
  if (layout === undefined || layout === 'natural') return 'natural';
  throw new Error(
    `webfftdx: createFFT supports the 'natural' layout of real FFTs (numpy's rfftn: [..., nx / 2 + 1] complex values); got ${describe(layout)}`,
  );
}
