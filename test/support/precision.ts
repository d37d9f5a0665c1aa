// Host-side data of the f16 and f64 tests: packing FFTs into the registers' buffer layout, the f16
// "ideal" FFT that rounds only its inputs, twiddles and outputs, and aggregate errors.
import { f16Round } from '../../kernels/f16.js';
import { referenceDFT } from '../../src/reference.js';
import { rng } from './random.js';

/** `count` FFTs of length n, interleaved complex f64 in [-1, 1), with all 53 bits random. */
export function randomComplex64(n: number, count: number, seed: number): Float64Array[] {
  const r = rng(seed);
  return Array.from({ length: count }, () => Float64Array.from({ length: 2 * n }, () => 2 * (r() + r() * 2 ** -32) - 1));
}

/** df64 buffer (vec4<f32> = re_hi, im_hi, re_lo, im_lo per element) of FFTs laid end to end. */
export function packF64(ffts: readonly Float64Array[]): Float32Array {
  const n = ffts[0].length / 2;
  const out = new Float32Array(4 * n * ffts.length);
  ffts.forEach((x, b) => {
    for (let j = 0; j < n; j++) {
      for (let c = 0; c < 2; c++) {
        const v = x[2 * j + c];
        const hi = Math.fround(v);
        out[4 * (b * n + j) + c] = hi;
        out[4 * (b * n + j) + 2 + c] = v - hi;
      }
    }
  });
  return out;
}

/** FFT b of a df64 buffer of `count` FFTs of `length` elements, as interleaved f64. */
export function unpackF64(buf: Float32Array, length: number, b: number): Float64Array {
  const out = new Float64Array(2 * length);
  for (let j = 0; j < length; j++) {
    const o = 4 * (b * length + j);
    out[2 * j] = buf[o] + buf[o + 2];
    out[2 * j + 1] = buf[o + 1] + buf[o + 3];
  }
  return out;
}

/**
 * RRII buffer (vec4 = re_a, re_b, im_a, im_b per element, values rounded to f16, stored as f32) of
 * FFT pairs (2p, 2p + 1) laid end to end; `ffts.length` is even.
 */
export function packF16(ffts: readonly Float64Array[]): Float32Array {
  const n = ffts[0].length / 2;
  const out = new Float32Array(2 * n * ffts.length);
  for (let p = 0; p < ffts.length / 2; p++) {
    const [a, b] = [ffts[2 * p], ffts[2 * p + 1]];
    for (let j = 0; j < n; j++) {
      const o = 4 * (p * n + j);
      out[o] = f16Round(a[2 * j]);
      out[o + 1] = f16Round(b[2 * j]);
      out[o + 2] = f16Round(a[2 * j + 1]);
      out[o + 3] = f16Round(b[2 * j + 1]);
    }
  }
  return out;
}

/** FFT b (pair b >> 1, lane b & 1) of an RRII buffer, as interleaved f64. */
export function unpackF16(buf: Float32Array, length: number, b: number): Float64Array {
  const out = new Float64Array(2 * length);
  const [p, lane] = [b >> 1, b & 1];
  for (let j = 0; j < length; j++) {
    const o = 4 * (p * length + j);
    out[2 * j] = buf[o + lane];
    out[2 * j + 1] = buf[o + 2 + lane];
  }
  return out;
}

/**
 * The f16 yardstick: an FFT computed in f64 that rounds only its inputs, its twiddles and its outputs
 * to f16 (radix 2 for powers of two, else a direct DFT with rounded twiddles).
 */
export function idealF16FFT(x: Float64Array, n: number, sign: -1 | 1): Float64Array {
  const a = x.map(f16Round);
  // Rounded twiddles w_n^k, k < n; w_len^k = w_n^(k n / len) for the radix-2 stages.
  const table = new Float64Array(2 * n);
  for (let k = 0; k < n; k++) {
    table[2 * k] = f16Round(Math.cos((2 * Math.PI * k) / n));
    table[2 * k + 1] = f16Round(sign * Math.sin((2 * Math.PI * k) / n));
  }
  const tw = (k: number, len: number): [number, number] => {
    const i = ((k % len) * n) / len;
    return [table[2 * i], table[2 * i + 1]];
  };
  let out: Float64Array;
  if ((n & (n - 1)) === 0) {
    out = Float64Array.from(a);
    for (let i = 1, j = 0; i < n; i++) {
      let bit = n >> 1;
      for (; j & bit; bit >>= 1) j ^= bit;
      j ^= bit;
      if (i < j) for (const c of [0, 1]) [out[2 * i + c], out[2 * j + c]] = [out[2 * j + c], out[2 * i + c]];
    }
    for (let len = 2; len <= n; len <<= 1) {
      const half = len >> 1;
      for (let i = 0; i < n; i += len) {
        for (let k = 0; k < half; k++) {
          const [wr, wi] = tw(k, len);
          const [u, v] = [i + k, i + k + half];
          const xr = out[2 * v] * wr - out[2 * v + 1] * wi;
          const xi = out[2 * v] * wi + out[2 * v + 1] * wr;
          out[2 * v] = out[2 * u] - xr;
          out[2 * v + 1] = out[2 * u + 1] - xi;
          out[2 * u] += xr;
          out[2 * u + 1] += xi;
        }
      }
    }
  } else {
    out = new Float64Array(2 * n);
    for (let k = 0; k < n; k++) {
      let [re, im] = [0, 0];
      for (let j = 0; j < n; j++) {
        const [c, s] = tw(j * k, n);
        re += a[2 * j] * c - a[2 * j + 1] * s;
        im += a[2 * j] * s + a[2 * j + 1] * c;
      }
      out[2 * k] = re;
      out[2 * k + 1] = im;
    }
  }
  return out.map(f16Round);
}

/** Relative L2 error over a whole batch: sqrt(sum |got - want|^2 / sum |want|^2); NaN counts as Infinity. */
export function batchRelativeL2(got: readonly Float64Array[], want: readonly Float64Array[]): number {
  let num = 0;
  let den = 0;
  got.forEach((g, b) => {
    for (let i = 0; i < g.length; i++) {
      const d = g[i] - want[b][i];
      num += d * d;
      den += want[b][i] * want[b][i];
    }
  });
  const e = Math.sqrt(num / den);
  return Number.isNaN(e) ? Infinity : e;
}

/** The f64 reference of each FFT. */
export function references(ffts: readonly Float64Array[], n: number, sign: -1 | 1): Float64Array[] {
  return ffts.map((x) => referenceDFT(x, n, sign));
}
