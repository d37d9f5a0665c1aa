// Real FFTs in Block execution, register API, on the WebGPU adapter (lavapipe in CI) against the f64
// reference: every layout x mode (from 1000 on one layout per size and mode, rotating: cases.ts layoutPerConfig), sizes 2, 8, 15, 16, 30, 63, 64, 68 (Bluestein), 256, 1000, 2187 and
// 3125 (3- and 5-part exchanges), 480 (folded: a 240-point engine in 5 parts), 4096, 8192 (the normal maximum) and 16384 (the folded maximum) wherever allowed, the largest exchanging
// in parts; R2C, C2R (with the imaginary parts that must be ignored set) and C2R(R2C(x)) = N x;
// outputs start as NaN. Default ElementsPerThread and FFTsPerBlock here; variants.test.ts covers
// other EPT, FFTsPerBlock and larger BlockDim.
// WEBFFTDX_FULL=1 adds more sizes (every power of two, Bluestein and odd sizes).
import { describe, it } from 'vitest';
import { FULL } from '../support/full.js';
import { layoutPerConfig, matrix } from './cases.js';
import type { RealCase } from './harness.js';
import { expectCasesPass } from './check.js';

const extra = [4, 12, 17, 32, 34, 100, 128, 243, 512, 1024, 2048, 4095];

describe('real FFTs, Block execution, register API', () => {
  it('small sizes (2, 8, 15, 16, 30)', async () => {
    await expectCasesPass(matrix('registers', [2, 8, 15, 16, 30], 2));
  }, 900_000);
  it('medium sizes (63, 64, 68 through Bluestein, 256)', async () => {
    await expectCasesPass(matrix('registers', [63, 64, 68, 256], 2));
  }, 900_000);
  it('large sizes (1000, 4096, 8192)', async () => {
    await expectCasesPass(layoutPerConfig(matrix('registers', [1000, 4096, 8192], 1)));
  }, 900_000);
  it('lengths exchanging in 3 and 5 parts (2187, 3125, 480)', async () => {
    await expectCasesPass(layoutPerConfig(matrix('registers', [2187, 3125, 480], 1)));
  }, 900_000);
  it('the folded maximum (16384)', async () => {
    await expectCasesPass(layoutPerConfig(matrix('registers', [16384], 1)));
  }, 900_000);
  it.runIf(FULL)('more sizes (WEBFFTDX_FULL=1)', async () => {
    await expectCasesPass(matrix('registers', extra, 1));
  }, 900_000);
});
