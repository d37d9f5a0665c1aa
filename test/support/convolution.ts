// f64 direct convolutions (O(N M) sums, no FFT), 1D and 2D: the reference of createConvolution's
// tests and examples; and an f64 FFT convolution for long signals with long filters, spot-checked
// against direct sums. Complex data are interleaved re/im; real data are one value per point.
import { referenceDFT } from '../../src/reference.js';

export type ConvolutionKind = 'circular' | 'linear' | 'same';

/**
 * y = x * h for one signal: 'circular' y[n] = sum_m h[m] x[(n - m) mod N] (N outputs), 'linear'
 * y[n] = sum_m h[m] x[n - m] (N + M - 1 outputs), 'same' the linear outputs floor((M - 1) / 2) ..
 * + N - 1 (scipy.signal.convolve(x, h, 'same')). `complex` reads and writes interleaved pairs.
 */
export function directConvolution(x: ArrayLike<number>, h: ArrayLike<number>, complex: boolean, mode: ConvolutionKind): Float64Array {
  const c = complex ? 2 : 1;
  const n = x.length / c;
  const m = h.length / c;
  const full = mode === 'circular' ? n : n + m - 1;
  const re = new Float64Array(full);
  const im = new Float64Array(full);
  for (let j = 0; j < m; j++) {
    const hr = h[c * j];
    const hi = complex ? h[c * j + 1] : 0;
    for (let i = 0; i < n; i++) {
      const k = mode === 'circular' ? (i + j) % n : i + j;
      const xr = x[c * i];
      const xi = complex ? x[c * i + 1] : 0;
      re[k] += xr * hr - xi * hi;
      im[k] += xr * hi + xi * hr;
    }
  }
  const offset = mode === 'same' ? (m - 1) >> 1 : 0;
  const count = mode === 'same' ? n : full;
  const out = new Float64Array(c * count);
  for (let k = 0; k < count; k++) {
    out[c * k] = re[k + offset];
    if (complex) out[c * k + 1] = im[k + offset];
  }
  return out;
}

/** Circular cross-correlation c[n] = sum_m x[(n + m) mod N] conj(h[m]) (h zero-padded to N). */
export function directCorrelation(x: ArrayLike<number>, h: ArrayLike<number>, complex: boolean): Float64Array {
  const c = complex ? 2 : 1;
  const n = x.length / c;
  const m = h.length / c;
  const out = new Float64Array(c * n);
  for (let k = 0; k < n; k++) {
    let re = 0;
    let im = 0;
    for (let j = 0; j < m; j++) {
      const i = (k + j) % n;
      const xr = x[c * i];
      const xi = complex ? x[c * i + 1] : 0;
      const hr = h[c * j];
      const hi = complex ? -h[c * j + 1] : 0;
      re += xr * hr - xi * hi;
      im += xr * hi + xi * hr;
    }
    out[c * k] = re;
    if (complex) out[c * k + 1] = im;
  }
  return out;
}

/** `batch` signals of equal length back to back, each through `reference` (the same filter). */
export function batchedReference(x: ArrayLike<number>, batch: number, reference: (signal: ArrayLike<number>) => Float64Array): Float64Array {
  const len = x.length / batch;
  const parts: Float64Array[] = [];
  for (let b = 0; b < batch; b++) parts.push(reference(Array.prototype.slice.call(x, b * len, (b + 1) * len)));
  const out = new Float64Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function norm(v: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return Math.sqrt(s);
}

/**
 * ||y - y_ref|| / (||x|| ||h||) over the whole batch. Why this scale: the FFT path's error is
 * about eps * log(P) * ||x|| * max_k |H_k| (the forward's error, amplified by the multiply, carried
 * through the inverse), and for the random signals of the tests ||y_ref|| is close to ||x|| ||h||
 * (Parseval: the mean of |H_k|^2 is ||h||^2), so it reads as a relative error; unlike
 * ||y - y_ref|| / ||y_ref|| it stays meaningful when the filter cancels most of the signal.
 */
export function convolutionError(y: ArrayLike<number>, want: ArrayLike<number>, x: ArrayLike<number>, h: ArrayLike<number>): number {
  if (y.length !== want.length) throw new Error(`output has ${y.length} values, the reference ${want.length}`);
  let d = 0;
  for (let i = 0; i < want.length; i++) d += (y[i] - want[i]) ** 2;
  return Math.sqrt(d) / (norm(x) * norm(h));
}

/**
 * 2D y = x * h for one image of `shape` [ny, nx] and a filter of `filterShape` [my, mx] (row-major,
 * complex interleaved): 'circular' y[a, b] = sum h[i, j] x[(a - i) mod ny, (b - j) mod nx]; 'linear'
 * (ny + my - 1) x (nx + mx - 1) outputs (scipy.signal.convolve2d 'full'); 'same' the linear outputs
 * from (floor((my - 1) / 2), floor((mx - 1) / 2)), ny x nx of them (convolve2d 'same'). Direct sums, f64.
 */
export function directConvolution2D(
  x: ArrayLike<number>,
  h: ArrayLike<number>,
  shape: readonly [number, number],
  filterShape: readonly [number, number],
  complex: boolean,
  mode: ConvolutionKind,
): Float64Array {
  const c = complex ? 2 : 1;
  const [ny, nx] = shape;
  const [my, mx] = filterShape;
  const [fy, fx] = mode === 'circular' ? [ny, nx] : [ny + my - 1, nx + mx - 1];
  const re = new Float64Array(fy * fx);
  const im = new Float64Array(fy * fx);
  for (let i = 0; i < my; i++) {
    for (let j = 0; j < mx; j++) {
      const hr = h[c * (i * mx + j)];
      const hi = complex ? h[c * (i * mx + j) + 1] : 0;
      if (hr === 0 && hi === 0) continue;
      for (let a = 0; a < ny; a++) {
        const ya = mode === 'circular' ? (a + i) % ny : a + i;
        for (let b = 0; b < nx; b++) {
          const k = ya * fx + (mode === 'circular' ? (b + j) % nx : b + j);
          const xr = x[c * (a * nx + b)];
          const xi = complex ? x[c * (a * nx + b) + 1] : 0;
          re[k] += xr * hr - xi * hi;
          im[k] += xr * hi + xi * hr;
        }
      }
    }
  }
  const [oy, ox] = mode === 'same' ? [(my - 1) >> 1, (mx - 1) >> 1] : [0, 0];
  const [cy, cx] = mode === 'same' ? [ny, nx] : [fy, fx];
  const out = new Float64Array(c * cy * cx);
  for (let a = 0; a < cy; a++) {
    for (let b = 0; b < cx; b++) {
      const k = (a + oy) * fx + b + ox;
      out[c * (a * cx + b)] = re[k];
      if (complex) out[c * (a * cx + b) + 1] = im[k];
    }
  }
  return out;
}

/**
 * The same result as directConvolution (1D), computed in f64 through FFTs (referenceDFT: exact
 * Bluestein for any length) instead of O(N M) sums: for the long signals with long filters whose
 * direct sum would take minutes. Its own error is ~1e-15, far below the f32 bounds checked with it;
 * the tests that use it also compare a sample of outputs with direct sums (directConvolutionAt).
 */
export function fftConvolution(x: ArrayLike<number>, h: ArrayLike<number>, complex: boolean, mode: ConvolutionKind): Float64Array {
  const c = complex ? 2 : 1;
  const n = x.length / c;
  const m = h.length / c;
  const p = mode === 'circular' ? n : n + m - 1;
  const pad = (v: ArrayLike<number>, len: number) => {
    const out = new Float64Array(2 * p);
    for (let i = 0; i < len; i++) {
      out[2 * i] = v[c * i];
      out[2 * i + 1] = complex ? v[c * i + 1] : 0;
    }
    return out;
  };
  const X = referenceDFT(pad(x, n), p, -1);
  const H = referenceDFT(pad(h, m), p, -1);
  for (let k = 0; k < p; k++) {
    const re = X[2 * k] * H[2 * k] - X[2 * k + 1] * H[2 * k + 1];
    const im = X[2 * k] * H[2 * k + 1] + X[2 * k + 1] * H[2 * k];
    X[2 * k] = re / p;
    X[2 * k + 1] = im / p;
  }
  const y = referenceDFT(X, p, 1);
  const offset = mode === 'same' ? (m - 1) >> 1 : 0;
  const count = mode === 'same' ? n : p;
  const out = new Float64Array(c * count);
  for (let k = 0; k < count; k++) {
    out[c * k] = y[2 * (k + offset)];
    if (complex) out[c * k + 1] = y[2 * (k + offset) + 1];
  }
  return out;
}

/** Output k of directConvolution (one direct sum, f64): spot checks of fftConvolution. */
export function directConvolutionAt(x: ArrayLike<number>, h: ArrayLike<number>, complex: boolean, mode: ConvolutionKind, k: number): [number, number] {
  const c = complex ? 2 : 1;
  const n = x.length / c;
  const m = h.length / c;
  const at = k + (mode === 'same' ? (m - 1) >> 1 : 0);
  let re = 0;
  let im = 0;
  for (let j = 0; j < m; j++) {
    let i = at - j;
    if (mode === 'circular') i = ((i % n) + n) % n;
    else if (i < 0 || i >= n) continue;
    const xr = x[c * i];
    const xi = complex ? x[c * i + 1] : 0;
    const hr = h[c * j];
    const hi = complex ? h[c * j + 1] : 0;
    re += xr * hr - xi * hi;
    im += xr * hi + xi * hr;
  }
  return [re, im];
}
