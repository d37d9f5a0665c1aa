// The df64 data layout in buffers, shared by the generators (the Bluestein workspace) and the host
// plans (Precision('f64') input and output): the kernels hold an f64 value as a double-float
// pair of f32 (kernels/arith.ts), complex elements as vec4<f32> = (re_hi, im_hi, re_lo, im_lo),
// real elements (R2C input, C2R output) as vec2<f32> = (hi, lo).
// hi = f32(v), lo = f32(v - hi): 48 significant bits (relative rounding <= 2^-48 of |v|, plus
// denormal loss below ~1e-38 * 2^24; f32's exponent range bounds magnitudes at ~3e38).

/** Interleaved complex f64 (re, im, re, im, ...) to the df64 buffer layout. */
export function complexToDF64(data: Float64Array): Float32Array {
  const out = new Float32Array(2 * data.length);
  for (let j = 0; j < data.length / 2; j++) {
    for (let c = 0; c < 2; c++) {
      const v = data[2 * j + c];
      const hi = Math.fround(v);
      out[4 * j + c] = hi;
      out[4 * j + 2 + c] = v - hi;
    }
  }
  return out;
}

/** The df64 buffer layout back to interleaved complex f64 (hi + lo is exact in f64). */
export function complexFromDF64(buf: Float32Array): Float64Array {
  const out = new Float64Array(buf.length / 2);
  for (let j = 0; j < buf.length / 4; j++) {
    out[2 * j] = buf[4 * j] + buf[4 * j + 2];
    out[2 * j + 1] = buf[4 * j + 1] + buf[4 * j + 3];
  }
  return out;
}

/** f64 reals to the df64 buffer layout of real data: vec2<f32> = (hi, lo) per value. */
export function realToDF64(data: Float64Array): Float32Array {
  const out = new Float32Array(2 * data.length);
  for (let j = 0; j < data.length; j++) {
    const hi = Math.fround(data[j]);
    out[2 * j] = hi;
    out[2 * j + 1] = data[j] - hi;
  }
  return out;
}

/** The df64 layout of real data back to f64 reals. */
export function realFromDF64(buf: Float32Array): Float64Array {
  const out = new Float64Array(buf.length / 2);
  for (let j = 0; j < out.length; j++) out[j] = buf[2 * j] + buf[2 * j + 1];
  return out;
}
