// The user's buffers of a convolution plan per precision (every path: the fused kernel and the
// four-step passes read and write the same layouts): f32 4 bytes per value; f16 2 (IEEE binary16,
// each buffer rounded up to whole 4-byte words); f64 8 (a df64 pair (hi, lo), kernels/df64-layout.ts).
// run()'s conversions: f16 takes a Float16Array / Uint16Array of bits / Float32Array rounded to f16
// and returns the same kind (src/host/f16-data.ts); f64 takes and returns Float64Array.
import { checkFloat32Data, checkFloat64Data } from '../host/checks.js';
import { complexFromDF64, complexToDF64, realFromDF64, realToDF64 } from '../../kernels/df64-layout.js';
import { f16Download, f16Upload } from '../host/f16-data.js';
import type { ConvolutionType } from './types.js';

export type ConvolutionPrecision = 'f16' | 'f32' | 'f64';

/** Bytes of a buffer of `values` floats (reals, or re and im of complex values). */
export function ioBytes(values: number, precision: ConvolutionPrecision): number {
  if (precision === 'f16') return Math.ceil(values / 2) * 4;
  return values * (precision === 'f64' ? 8 : 4);
}

/** run()'s input as the upload (f32 words), checked: `values` floats, described as `what` in errors. */
export function uploadData(signals: Float32Array | Float64Array | Uint16Array, values: number, what: string, precision: ConvolutionPrecision, type: ConvolutionType): Float32Array<ArrayBuffer> {
  if (precision === 'f16') return new Float32Array(f16Upload(signals, values, what).buffer as ArrayBuffer);
  if (precision === 'f64') return (type === 'complex' ? complexToDF64 : realToDF64)(checkFloat64Data(signals, values, what)) as Float32Array<ArrayBuffer>;
  return checkFloat32Data(signals, values, what) as Float32Array<ArrayBuffer>;
}

/** The downloaded output words as run()'s result (`values` floats; f16: the kind of array `given` was). */
export function downloadData(out: Float32Array, values: number, given: Float32Array | Float64Array | Uint16Array, precision: ConvolutionPrecision, type: ConvolutionType): Float32Array | Float64Array | Uint16Array {
  if (precision === 'f64') return (type === 'complex' ? complexFromDF64 : realFromDF64)(out);
  if (precision === 'f16') return f16Download(new Uint16Array(out.buffer, out.byteOffset, values), given) as Float32Array | Uint16Array;
  return out;
}
