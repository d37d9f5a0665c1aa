// The f64 reference must itself be right: its fast paths agree with the exact direct sum.
import { describe, expect, it } from 'vitest';
import { directDFT, referenceCircularConvolution, referenceDFT, relativeL2 } from '../src/reference.js';
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

describe('f64 reference circular convolution', () => {
  const seed = makeSeed();
  for (const [n, taps] of [[100, 7], [256, 256], [1009, 33]] as const) {
    it(`n=${n}, ${taps} complex taps: matches the direct circular sum (seed ${seed})`, () => {
      const x = Float64Array.from(randomFloats(2 * n, seed + n));
      const h = Float64Array.from(randomFloats(2 * taps, seed + n + 1));
      const want = new Float64Array(2 * n);
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < taps; j++) {
          const k = (i - j + n) % n;
          want[2 * i] += h[2 * j] * x[2 * k] - h[2 * j + 1] * x[2 * k + 1];
          want[2 * i + 1] += h[2 * j] * x[2 * k + 1] + h[2 * j + 1] * x[2 * k];
        }
      }
      expect(relativeL2(referenceCircularConvolution(x, h, n), want)).toBeLessThan(1e-12);
    });
  }
});
