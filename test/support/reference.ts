// The f64 reference lives in the library (src/reference.ts) so examples and users can check results too.
export * from '../../src/reference.js';

/** The issues' accuracy bound for f32: 3e-7 for powers of two up to 4096, 1e-6 for every other size. */
export function accuracyBound(n: number): number {
  return (n & (n - 1)) === 0 && n <= 4096 ? 3e-7 : 1e-6;
}
