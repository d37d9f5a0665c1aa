// Checks of createFFT's input, before anything reaches the GPU: the options, the shape, the device's
// limits, buffers and typed arrays. Kept in one module so that the shared host checks (src/host/,
// being extracted from createBatchedFFT) can replace the generic ones here.
import type { FFTDirection, FFTType } from '../../descriptors/model.js';

/** The WebGPU limits createFFT reads; every GPUDevice has them. */
export interface AnyShapeLimits {
  readonly maxComputeWorkgroupStorageSize: number;
  readonly maxComputeInvocationsPerWorkgroup: number;
  readonly maxComputeWorkgroupsPerDimension: number;
  readonly maxStorageBufferBindingSize: number;
  readonly maxBufferSize: number;
  readonly maxComputeWorkgroupSizeX: number;
  readonly maxComputeWorkgroupSizeY: number;
  readonly minStorageBufferOffsetAlignment: number;
}

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

export function checkBatch(batch: unknown): number {
  if (batch === undefined) return 1;
  if (typeof batch !== 'number' || !Number.isInteger(batch) || batch < 1) {
    throw new Error(`webfftdx: createFFT batch must be a positive integer, got ${describe(batch)}`);
  }
  return batch;
}

export function checkLayout(layout: unknown): 'natural' {
  if (layout === undefined || layout === 'natural') return 'natural';
  throw new Error(
    `webfftdx: createFFT supports the 'natural' layout of real FFTs (numpy's rfftn: [..., nx / 2 + 1] complex values); got ${describe(layout)}`,
  );
}

/** Bytes a single buffer may have on this device: the smaller of maxStorageBufferBindingSize and maxBufferSize. */
export function maxBufferBytes(limits: AnyShapeLimits): number {
  return Math.min(limits.maxStorageBufferBindingSize, limits.maxBufferSize);
}

/** Throws when a buffer the plan needs is beyond the device's limits. */
export function checkBufferFits(what: string, bytes: number, limits: AnyShapeLimits): void {
  const max = maxBufferBytes(limits);
  if (bytes > max) {
    const which = limits.maxStorageBufferBindingSize <= limits.maxBufferSize ? 'maxStorageBufferBindingSize' : 'maxBufferSize';
    throw new Error(
      `webfftdx: the ${what} needs ${bytes} bytes, beyond the device's ${which} of ${max} bytes (request higher limits on the device, or a smaller shape or batch)`,
    );
  }
}

/** Throws unless `buffer` is a GPUBuffer of at least `bytes` bytes with STORAGE usage. */
export function checkBuffer(what: string, buffer: GPUBuffer | undefined, bytes: number): asserts buffer is GPUBuffer {
  if (!buffer || typeof buffer !== 'object' || typeof (buffer as GPUBuffer).size !== 'number') {
    throw new Error(`webfftdx: the ${what} must be a GPUBuffer, got ${describe(buffer)}`);
  }
  if (buffer.size < bytes) throw new Error(`webfftdx: the ${what} has ${buffer.size} bytes; this FFT needs ${bytes}`);
  if ((buffer.usage & GPUBufferUsage.STORAGE) === 0) {
    throw new Error(`webfftdx: the ${what} lacks GPUBufferUsage.STORAGE (usage ${buffer.usage}); the FFT binds it as a storage buffer`);
  }
}

/** Throws unless `data` is a Float32Array of exactly `floats` values. */
export function checkHostData(data: unknown, floats: number, describeLayout: string): asserts data is Float32Array {
  if (!(data instanceof Float32Array)) {
    const name = data === null || data === undefined ? String(data) : ((data as object).constructor?.name ?? typeof data);
    throw new Error(`webfftdx: run() takes a Float32Array (${describeLayout}), got ${name}`);
  }
  if (data.length !== floats) throw new Error(`webfftdx: run() expects ${floats} floats (${describeLayout}), got ${data.length}`);
}

/** Throws once a plan has been destroyed. */
export function checkAlive(destroyed: boolean): void {
  if (destroyed) throw new Error('webfftdx: this FFT plan was destroyed');
}
