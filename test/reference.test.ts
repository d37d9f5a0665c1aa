// The f64 reference must itself be right: its fast paths agree with the exact direct sum.
import { describe, expect, it } from 'vitest';
import { directDFT, referenceDFT, relativeL2 } from '../src/reference.js';
import { makeSeed, randomFloats } from './support/random.js';

describe('f64 reference DFT', () => {
  const seed = makeSeed();
  for (const n of [1, 2, 3, 17, 64, 65, 128, 97, 1000, 1009, 2048]) {
    it(`n=${n}: fast path matches the direct sum (seed ${seed})`, () => {
      const x = Float64Array.from(randomFloats(2 * n, seed + n));
      for (const sign of [-1, 1] as const) {
        expect(relativeL2(referenceDFT(x, n, sign), directDFT(x, n, sign))).toBeLessThan(1e-12);
      }
    });
  }

  it('matches the closed form of a single tone', () => {
    const n = 12;
    const x = new Float64Array(2 * n);
    for (let j = 0; j < n; j++) {
      x[2 * j] = Math.cos((2 * Math.PI * 3 * j) / n);
      x[2 * j + 1] = Math.sin((2 * Math.PI * 3 * j) / n);
    }
    const X = directDFT(x, n, -1);
    for (let k = 0; k < n; k++) {
      expect(X[2 * k]).toBeCloseTo(k === 3 ? n : 0, 10);
      expect(X[2 * k + 1]).toBeCloseTo(0, 10);
    }
  });
});
