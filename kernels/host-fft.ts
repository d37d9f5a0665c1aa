// f64 FFT on the host, for precomputing workspaces (the Bluestein filter). Radix-2, in place,
// power-of-two lengths, twiddles from exactly reduced integer angles.

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
