// f64 reference DFTs for checking FFT results (used by the tests, the examples and the benchmark).
// Exact direct sums for small n; for larger n a radix-2 f64 FFT (powers of two) or f64 Bluestein over it (any n), both accurate to ~1e-15.

export type Complex64 = Float64Array; // interleaved re, im

/** Direct O(n^2) DFT in f64 with exactly reduced twiddle indices. sign = -1 forward, +1 inverse. */
export function directDFT(x: ArrayLike<number>, n: number, sign: -1 | 1): Complex64 {
  const cos = new Float64Array(n);
  const sin = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    cos[k] = Math.cos((2 * Math.PI * k) / n);
    sin[k] = Math.sin((2 * Math.PI * k) / n);
  }
  const out = new Float64Array(2 * n);
  for (let k = 0; k < n; k++) {
    let re = 0;
    let im = 0;
    for (let j = 0; j < n; j++) {
      const t = (j * k) % n;
      const c = cos[t];
      const s = sign * sin[t];
      const xr = x[2 * j];
      const xi = x[2 * j + 1];
      re += xr * c - xi * s;
      im += xr * s + xi * c;
    }
    out[2 * k] = re;
    out[2 * k + 1] = im;
  }
  return out;
}

/**
 * The twiddles of fftPow2InPlace's stages for length n: cos and sin of 2 pi k / len for every stage
 * length len = 2, 4, .., n and k < len / 2, stage after stage. Made once per length (the
 * multidimensional references run one length on every line of an axis: recomputing them took most
 * of a 512^3 reference's minutes); the sign is applied where they are read, which is exact.
 */
function stageTwiddles(n: number): { readonly cos: Float64Array; readonly sin: Float64Array } {
  const hit = twiddleCache.get(n);
  if (hit) return hit;
  const cos = new Float64Array(Math.max(1, n - 1));
  const sin = new Float64Array(Math.max(1, n - 1));
  for (let len = 2, at = 0; len <= n; at += len >> 1, len <<= 1) {
    for (let k = 0; k < len >> 1; k++) {
      cos[at + k] = Math.cos((2 * Math.PI * k) / len);
      sin[at + k] = Math.sin((2 * Math.PI * k) / len);
    }
  }
  const tables = { cos, sin };
  remember(twiddleCache, n, tables, n);
  return tables;
}

/**
 * Tables are kept for a few lengths at a time (an axis, a Bluestein pair and its power of two), and
 * only up to 2^20 points (16 MiB a table): longer transforms are made once per call anyway.
 */
const CACHED_LENGTHS = 4;
const CACHED_MAX = 1 << 20;
const twiddleCache = new Map<number, { readonly cos: Float64Array; readonly sin: Float64Array }>();

function remember<K, V>(cache: Map<K, V>, key: K, value: V, points: number): void {
  if (points > CACHED_MAX) return;
  if (cache.size >= CACHED_LENGTHS) cache.delete(cache.keys().next().value as K);
  cache.set(key, value);
}

function fftPow2InPlace(a: Float64Array, n: number, sign: -1 | 1): void {
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      let t = a[2 * i];
      a[2 * i] = a[2 * j];
      a[2 * j] = t;
      t = a[2 * i + 1];
      a[2 * i + 1] = a[2 * j + 1];
      a[2 * j + 1] = t;
    }
  }
  const { cos, sin } = stageTwiddles(n);
  for (let len = 2, at = 0; len <= n; at += len >> 1, len <<= 1) {
    const half = len >> 1;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < half; k++) {
        const wr = cos[at + k];
        const wi = sign * sin[at + k];
        const u = i + k;
        const v = u + half;
        const xr = a[2 * v] * wr - a[2 * v + 1] * wi;
        const xi = a[2 * v] * wi + a[2 * v + 1] * wr;
        a[2 * v] = a[2 * u] - xr;
        a[2 * v + 1] = a[2 * u + 1] - xi;
        a[2 * u] += xr;
        a[2 * u + 1] += xi;
      }
    }
  }
}

interface BluesteinTables {
  /** The power-of-two length of the convolution. */
  readonly m: number;
  /** The chirp w_j = exp(sign i pi j^2 / n), j < n. */
  readonly wr: Float64Array;
  readonly wi: Float64Array;
  /** The DFT of conj(w) laid out circularly over m. */
  readonly b: Float64Array;
}

/** Bluestein's chirp and its filter's DFT for length n, made once per (n, sign) as stageTwiddles. */
function bluesteinTables(n: number, sign: -1 | 1): BluesteinTables {
  const key = sign * n;
  const hit = bluesteinCache.get(key);
  if (hit) return hit;
  let m = 1;
  while (m < 2 * n - 1) m <<= 1;
  const wr = new Float64Array(n);
  const wi = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const q = (j * j) % (2 * n); // exact reduction keeps the chirp accurate for large j
    wr[j] = Math.cos((Math.PI * q) / n);
    wi[j] = sign * Math.sin((Math.PI * q) / n);
  }
  const b = new Float64Array(2 * m);
  b[0] = wr[0];
  b[1] = -wi[0];
  for (let j = 1; j < n; j++) {
    b[2 * j] = b[2 * (m - j)] = wr[j];
    b[2 * j + 1] = b[2 * (m - j) + 1] = -wi[j];
  }
  fftPow2InPlace(b, m, -1);
  const tables = { m, wr, wi, b };
  remember(bluesteinCache, key, tables, m);
  return tables;
}

const bluesteinCache = new Map<number, BluesteinTables>();

/** f64 DFT of one complex sequence (interleaved) of any length n. */
export function referenceDFT(x: ArrayLike<number>, n: number, sign: -1 | 1): Complex64 {
  if (n <= 64) return directDFT(x, n, sign);
  if ((n & (n - 1)) === 0) {
    const a = new Float64Array(2 * n);
    for (let i = 0; i < 2 * n; i++) a[i] = x[i];
    fftPow2InPlace(a, n, sign);
    return a;
  }
  // Bluestein: X_k = w_k * sum_j (x_j w_j) conj(w_{k-j}), w_j = exp(sign i pi j^2 / n).
  const { m, wr, wi, b } = bluesteinTables(n, sign);
  const a = new Float64Array(2 * m);
  for (let j = 0; j < n; j++) {
    a[2 * j] = x[2 * j] * wr[j] - x[2 * j + 1] * wi[j];
    a[2 * j + 1] = x[2 * j] * wi[j] + x[2 * j + 1] * wr[j];
  }
  fftPow2InPlace(a, m, -1);
  for (let k = 0; k < m; k++) {
    const re = a[2 * k] * b[2 * k] - a[2 * k + 1] * b[2 * k + 1];
    const im = a[2 * k] * b[2 * k + 1] + a[2 * k + 1] * b[2 * k];
    a[2 * k] = re;
    a[2 * k + 1] = im;
  }
  fftPow2InPlace(a, m, 1);
  const out = new Float64Array(2 * n);
  for (let k = 0; k < n; k++) {
    const re = a[2 * k] / m;
    const im = a[2 * k + 1] / m;
    out[2 * k] = re * wr[k] - im * wi[k];
    out[2 * k + 1] = re * wi[k] + im * wr[k];
  }
  return out;
}

/**
 * f64 circular convolution of two complex sequences (interleaved) of length n, h zero-padded to n
 * from its own length: IDFT(DFT(x) DFT(h)) / n through referenceDFT.
 */
export function referenceCircularConvolution(x: ArrayLike<number>, h: ArrayLike<number>, n: number): Float64Array {
  const padded = new Float64Array(2 * n);
  for (let i = 0; i < Math.min(h.length, 2 * n); i++) padded[i] = h[i];
  const [X, H] = [referenceDFT(x, n, -1), referenceDFT(padded, n, -1)];
  const prod = new Float64Array(2 * n);
  for (let k = 0; k < n; k++) {
    prod[2 * k] = X[2 * k] * H[2 * k] - X[2 * k + 1] * H[2 * k + 1];
    prod[2 * k + 1] = X[2 * k] * H[2 * k + 1] + X[2 * k + 1] * H[2 * k];
  }
  return Float64Array.from(referenceDFT(prod, n, 1), (v) => v / n);
}

/** Relative L2 error ||got - want|| / ||want|| over the first `count` values. */
export function relativeL2(got: ArrayLike<number>, want: ArrayLike<number>, count = want.length): number {
  let num = 0;
  let den = 0;
  for (let i = 0; i < count; i++) {
    const d = got[i] - want[i];
    num += d * d;
    den += want[i] * want[i];
  }
  return Math.sqrt(num / (den || 1));
}

/** Error bound that scales like cuFFT's for f32: about 1e-7 * sqrt(log2 n), with head-room. */
export function f32Bound(n: number): number {
  return 1e-7 * Math.sqrt(Math.max(1, Math.log2(n))) * 3;
}
