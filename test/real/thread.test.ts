// Real FFTs in Thread execution on the WebGPU adapter (lavapipe in CI) against the f64 reference:
// every layout x mode, sizes 2..64 (normal) and 2..128 (folded, even), R2C, C2R (imaginary parts of
// X_0 / X_(N/2) and the full layout's upper half random, must be ignored) and C2R(R2C(x)) = N x.
// Outputs start as NaN. WEBFFTDX_FULL=1 adds every even folded size and sizes 3..64.
import { describe, it } from 'vitest';
import { FULL } from '../support/full.js';
import { matrix, THREAD_SIZES } from './cases.js';
import { expectCasesPass } from './check.js';

const extra = FULL ? Array.from({ length: 126 }, (_, i) => i + 3).filter((n) => !THREAD_SIZES.includes(n)) : [];

describe('real FFTs, Thread execution', () => {
  it('small sizes (2, 8, 15, 16, 30)', async () => {
    await expectCasesPass(matrix('thread', [2, 8, 15, 16, 30], 37));
  }, 600_000);
  it('the largest sizes (63, 64; folded 128)', async () => {
    await expectCasesPass(matrix('thread', [63, 64, 128], 37));
  }, 600_000);
  // Hundreds of kernels: with a cold shader cache lavapipe compiles for more than 10 minutes.
  it.runIf(FULL)('every other size (WEBFFTDX_FULL=1)', async () => {
    await expectCasesPass(matrix('thread', extra, 5));
  }, 2_400_000);
});
