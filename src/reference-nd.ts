// f64 references for createFFT (tests, examples): numpy's fftn / rfftn / irfftn (unnormalised) built from the 1D f64
// reference (O(n log n) for every length) applied along each axis.
import { referenceDFT } from './reference.js';

/** In-place f64 DFT along `axis` of interleaved complex data of `shape` (row-major). */
function dftAlong(data: Float64Array, shape: readonly number[], axis: number, sign: -1 | 1): void {
  const L = shape[axis];
  const inner = shape.slice(axis + 1).reduce((a, b) => a * b, 1);
  const outer = shape.slice(0, axis).reduce((a, b) => a * b, 1);
  const line = new Float64Array(2 * L);
  for (let a = 0; a < outer; a++) {
    for (let b = 0; b < inner; b++) {
      const base = a * L * inner + b;
      for (let l = 0; l < L; l++) {
        line[2 * l] = data[2 * (base + l * inner)];
        line[2 * l + 1] = data[2 * (base + l * inner) + 1];
      }
      const out = referenceDFT(line, L, sign);
      for (let l = 0; l < L; l++) {
        data[2 * (base + l * inner)] = out[2 * l];
        data[2 * (base + l * inner) + 1] = out[2 * l + 1];
      }
    }
  }
}

/** fftn of `batch` complex transforms of `shape` (sign -1 forward, +1 inverse, unnormalised). */
export function referenceFFTN(x: ArrayLike<number>, shape: readonly number[], batch: number, sign: -1 | 1): Float64Array {
  const data = Float64Array.from(x as ArrayLike<number>);
  const full = [batch, ...shape];
  for (let axis = 1; axis < full.length; axis++) dftAlong(data, full, axis, sign);
  return data;
}

/** rfftn: reals of `shape` -> complex [..., nx / 2 + 1]. */
export function referenceRFFTN(x: ArrayLike<number>, shape: readonly number[], batch: number): Float64Array {
  const total = batch * shape.reduce((a, b) => a * b, 1);
  const c = new Float64Array(2 * total);
  for (let i = 0; i < total; i++) c[2 * i] = x[i];
  const spectrum = referenceFFTN(c, shape, batch, -1);
  const nx = shape[shape.length - 1];
  const h = Math.floor(nx / 2) + 1;
  const rows = total / nx;
  const out = new Float64Array(2 * rows * h);
  for (let r = 0; r < rows; r++) out.set(spectrum.subarray(2 * r * nx, 2 * (r * nx + h)), 2 * r * h);
  return out;
}

/** irfftn (unnormalised): complex [..., nx / 2 + 1] -> reals of `shape`, as numpy (inverse along the outer axes, then irfft). */
export function referenceIRFFTN(x: ArrayLike<number>, shape: readonly number[], batch: number): Float64Array {
  const r = shape.length;
  const nx = shape[r - 1];
  const h = Math.floor(nx / 2) + 1;
  const half = [batch, ...shape.slice(0, r - 1), h];
  const data = Float64Array.from(x as ArrayLike<number>);
  for (let axis = 1; axis < half.length - 1; axis++) dftAlong(data, half, axis, 1);
  const rows = data.length / 2 / h;
  const out = new Float64Array(rows * nx);
  const line = new Float64Array(2 * nx);
  for (let row = 0; row < rows; row++) {
    for (let k = 0; k < nx; k++) {
      const src = k < h ? k : nx - k;
      line[2 * k] = data[2 * (row * h + src)];
      line[2 * k + 1] = k < h ? data[2 * (row * h + src) + 1] : -data[2 * (row * h + src) + 1];
    }
    const t = referenceDFT(line, nx, 1);
    for (let k = 0; k < nx; k++) out[row * nx + k] = t[2 * k];
  }
  return out;
}
