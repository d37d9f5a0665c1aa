// f64 direct convolutions (O(N M) sums, no FFT): the reference of createConvolution's tests and
// examples. Complex data are interleaved re/im; real data are one value per point.

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
