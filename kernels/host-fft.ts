// f64 FFT on the host, for precomputing workspaces (the Bluestein filter, Rader's kernel spectrum):
// radix-2 in place for powers of two, Bluestein over one for other lengths, angles reduced exactly.

/** In-place forward (sign -1) or inverse (+1) unnormalised DFT of interleaved complex data, n a power of two. */
export function fftPow2F64(a: Float64Array, n: number, sign: -1 | 1): void {
  if ((n & (n - 1)) !== 0) throw new Error(`webfftdx: host FFT length ${n} is not a power of two`);
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      for (const o of [0, 1]) {
        const t = a[2 * i + o];
        a[2 * i + o] = a[2 * j + o];
        a[2 * j + o] = t;
      }
    }
  }
  const cos = new Float64Array(n / 2);
  const sin = new Float64Array(n / 2);
  for (let k = 0; k < n / 2; k++) {
    cos[k] = Math.cos((2 * Math.PI * k) / n);
    sin[k] = sign * Math.sin((2 * Math.PI * k) / n);
  }
  for (let len = 2; len <= n; len <<= 1) {
    const half = len >> 1;
    const step = n / len;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < half; k++) {
        const wr = cos[k * step];
        const wi = sin[k * step];
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

/** The chirp w_j = exp(sign i pi j^2 / n), j < n, in f64 (j^2 reduced mod 2n exactly). Interleaved. */
export function bluesteinChirp(n: number, sign: -1 | 1): Float64Array {
  const w = new Float64Array(2 * n);
  for (let j = 0; j < n; j++) {
    const q = Number((BigInt(j) * BigInt(j)) % BigInt(2 * n));
    // cos/sin of pi q / n with q in [0, 2n): exact axes stay exact.
    let c: number;
    let s: number;
    if (q === 0) [c, s] = [1, 0];
    else if (2 * q === n) [c, s] = [0, 1];
    else if (q === n) [c, s] = [-1, 0];
    else if (2 * q === 3 * n) [c, s] = [0, -1];
    else [c, s] = [Math.cos((Math.PI * q) / n), Math.sin((Math.PI * q) / n)];
    w[2 * j] = c;
    w[2 * j + 1] = sign * s;
  }
  return w;
}

/**
 * The unnormalised DFT (sign -1 forward, +1 inverse) of interleaved complex data of any length n >= 1.
 * src/reference.ts has its own (cached) f64 Bluestein: the tests' oracle stays independent of the
 * code that fills the workspaces it checks.
 */
export function dftF64(x: Float64Array, n: number, sign: -1 | 1): Float64Array {
  if ((n & (n - 1)) === 0) {
    const a = Float64Array.from(x.subarray(0, 2 * n));
    fftPow2F64(a, n, sign);
    return a;
  }
  // X_k = w_k sum_j (x_j w_j) conj(w_(k-j)) with w_j = exp(sign i pi j^2 / n), over b >= 2n - 1.
  let b = 1;
  while (b < 2 * n - 1) b *= 2;
  const w = bluesteinChirp(n, sign);
  const a = new Float64Array(2 * b);
  const h = new Float64Array(2 * b);
  for (let j = 0; j < n; j++) {
    a[2 * j] = x[2 * j] * w[2 * j] - x[2 * j + 1] * w[2 * j + 1];
    a[2 * j + 1] = x[2 * j] * w[2 * j + 1] + x[2 * j + 1] * w[2 * j];
    for (const at of j === 0 ? [0] : [j, b - j]) {
      h[2 * at] = w[2 * j];
      h[2 * at + 1] = -w[2 * j + 1];
    }
  }
  fftPow2F64(a, b, -1);
  fftPow2F64(h, b, -1);
  for (let k = 0; k < b; k++) {
    const [ar, ai, hr, hi] = [a[2 * k], a[2 * k + 1], h[2 * k], h[2 * k + 1]];
    a[2 * k] = ar * hr - ai * hi;
    a[2 * k + 1] = ar * hi + ai * hr;
  }
  fftPow2F64(a, b, 1);
  const out = new Float64Array(2 * n);
  for (let k = 0; k < n; k++) {
    const [cr, ci] = [a[2 * k] / b, a[2 * k + 1] / b];
    out[2 * k] = cr * w[2 * k] - ci * w[2 * k + 1];
    out[2 * k + 1] = cr * w[2 * k + 1] + ci * w[2 * k];
  }
  return out;
}
