// Host-computed tables of the Bluestein passes (f64; the host rounds them once to f32 or splits them
// into df64 hi/lo pairs): the chirp
// c_j = exp(sign i pi j^2 / L) and the spectrum of the convolution kernel, H = FFT_M(conj(c)) / M.
import { fftPow2F64 } from '../../kernels/host-fft.js';

export interface BluesteinTables {
  /** c_j for j < L, interleaved complex. */
  readonly chirp: Float64Array;
  /** H_k for k < M, interleaved complex (the 1 / M of the inverse FFT folded in). */
  readonly kernel: Float64Array;
}

export function bluesteinTables(L: number, M: number, sign: -1 | 1): BluesteinTables {
  const cr = new Float64Array(L);
  const ci = new Float64Array(L);
  const twoL = 2 * L;
  for (let j = 0; j < L; j++) {
    // j^2 mod 2L exactly (j^2 is an exact double below 2^53), so the angle stays accurate for large j.
    const q = j < 94906265 ? (j * j) % twoL : Number((BigInt(j) * BigInt(j)) % BigInt(twoL));
    cr[j] = Math.cos((Math.PI * q) / L);
    ci[j] = sign * Math.sin((Math.PI * q) / L);
  }
  const chirp = new Float64Array(2 * L);
  for (let j = 0; j < L; j++) {
    chirp[2 * j] = cr[j];
    chirp[2 * j + 1] = ci[j];
  }
  const h = new Float64Array(2 * M);
  h[0] = cr[0];
  h[1] = -ci[0];
  for (let j = 1; j < L; j++) {
    h[2 * j] = h[2 * (M - j)] = cr[j];
    h[2 * j + 1] = h[2 * (M - j) + 1] = -ci[j];
  }
  fftPow2F64(h, M, -1);
  const kernel = new Float64Array(2 * M);
  for (let k = 0; k < 2 * M; k++) kernel[k] = h[k] / M;
  return { chirp, kernel };
}
