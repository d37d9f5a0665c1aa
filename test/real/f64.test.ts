// f64 (df64) real FFTs on the software driver against the f64 reference (src/reference.ts) on fresh
// random inputs with all 53 bits random, outputs poisoned with NaN: R2C, C2R (the imaginary parts
// of X_0 / X_(N/2) and the full layout's upper half random, which must be ignored) and C2R(R2C(x))
// = N x, every layout x mode in Thread and Block execution, both Block APIs, Bluestein and the
// largest sizes. Relative L2 per FFT <= 1e-13 up to 4096 and <= 1e-12 above (issue 19); the
// reference's own error is checked to be far below that (its round trip).
// Few distinct kernels (a df64 kernel is a slow cold compile on lavapipe): each layout x mode once
// per execution, spread over sizes that take different paths (local and distributed twiddles, the
// complex and split exchanges, the packed broadcast of Bluestein, execute_shared);
// WEBFFTDX_FULL=1 adds Size(4096) (the normal maximum) and the split mirror pass in one part.
import { describe, expect, it } from 'vitest';
import { referenceDFT, relativeL2 } from '../../src/reference.js';
import { FULL } from '../support/full.js';
import { BLOCK_APIS_AND_PATHS, blockCase as block, expectWideCasesPass, random64, THREAD_LAYOUT_MODES, type WideCase } from './precision-check.js';

const expectCasesPass = (cases: readonly WideCase[]) => expectWideCasesPass('f64', cases);

/** The f64 reference's own error, by a round trip of a real signal through the complex reference. */
function referenceRoundTrip(n: number, seed: number): number {
  const x = random64(2 * n, seed);
  const back = referenceDFT(referenceDFT(x, n, -1), n, 1).map((v) => v / n);
  return relativeL2(back, x);
}

describe('f64 (df64) real FFTs', () => {
  it('the f64 reference is far more accurate than the bounds', () => {
    for (const n of [16, 30, 68, 1000, 4096, 8192]) expect(referenceRoundTrip(n, 23 + n)).toBeLessThan(1e-14);
  });

  it('Thread: every layout x mode (16, 30)', { timeout: 600_000 }, async () => {
    await expectCasesPass(THREAD_LAYOUT_MODES);
  });

  it('Block: both APIs, the complex exchange, Bluestein (64, 68, 256, 1000)', { timeout: 900_000 }, async () => {
    await expectCasesPass(BLOCK_APIS_AND_PATHS);
  });

  // The folded mirror pass through the split exchange in 2 parts (the only new distributed code the
  // 4096 cases below do not add to): the largest f64 real size at the default Limits.
  it('Block: the folded maximum 8192 (split exchange in 2 parts)', { timeout: 900_000 }, async () => {
    await expectCasesPass([block(8192, 'full', 'folded')]);
  });

  // Four more cold df64 compiles of the 4096-point engine (minutes on lavapipe): the normal maximum
  // and the split mirror pass in one part.
  it.runIf(FULL)('Block: 4096, the normal maximum, and packed folded (WEBFFTDX_FULL=1)', { timeout: 900_000 }, async () => {
    await expectCasesPass([block(4096, 'natural', 'normal'), block(4096, 'packed', 'folded')]);
  });
});
