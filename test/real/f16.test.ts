// f16 real FFTs (two FFTs per vec4<f16> register, RRII: a real is the pair (x_a, x_b) of both FFTs)
// on the software driver: R2C, C2R and C2R(R2C(x)) = N x, every layout x mode in Thread and Block
// execution, both Block APIs, Bluestein and the largest sizes, against the f64 reference; relative
// L2 over each batch within 2x that of an FFT which rounds only its inputs, twiddles and outputs to
// f16 (issue 19; precision-check.ts computes that bound for the same inputs).
// Few distinct kernels, as test/real/f64.test.ts; WEBFFTDX_FULL=1 adds 4096 packed folded and the
// normal maximum 8192.
import { describe, it } from 'vitest';
import { FULL } from '../support/full.js';
import { BLOCK_APIS_AND_PATHS, blockCase as block, expectWideCasesPass, THREAD_LAYOUT_MODES, type WideCase } from './precision-check.js';

const expectCasesPass = (cases: readonly WideCase[]) => expectWideCasesPass('f16', cases);

describe('f16 (RRII) real FFTs', () => {
  it('Thread: every layout x mode (16, 30)', { timeout: 600_000 }, async () => {
    await expectCasesPass(THREAD_LAYOUT_MODES);
  });

  it('Block: both APIs, the complex exchange, Bluestein (64, 68, 256, 1000)', { timeout: 900_000 }, async () => {
    await expectCasesPass(BLOCK_APIS_AND_PATHS);
  });

  // The folded mirror pass through the split exchange (vec2<f16> halves) in 2 parts: the f16 maximum.
  it('Block: the folded maximum 16384 (split exchange in 2 parts)', { timeout: 900_000 }, async () => {
    await expectCasesPass([block(16384, 'full', 'folded')]);
  });

  // Four more cold compiles of large engines (minutes on lavapipe).
  it.runIf(FULL)('Block: 4096 packed folded and the normal maximum 8192 (WEBFFTDX_FULL=1)', { timeout: 900_000 }, async () => {
    await expectCasesPass([block(4096, 'packed', 'folded'), block(8192, 'natural', 'normal')]);
  });
});
