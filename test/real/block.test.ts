// Real FFTs in Block execution, register API, on the WebGPU adapter (lavapipe in CI) against the f64
// reference: every layout x mode (from 1000 on one layout per mode, rotating: layoutPerMode), sizes 2, 8, 15, 16, 30, 63, 64, 68 (Bluestein), 256, 1000, 2187 and
// 3125 (3- and 5-part exchanges), 480 (folded: a 240-point engine in 5 parts), 4096, 8192 (the normal maximum) and 16384 (the folded maximum) wherever allowed, the largest exchanging
// in parts; R2C, C2R (with the imaginary parts that must be ignored set) and C2R(R2C(x)) = N x;
// outputs start as NaN. Default ElementsPerThread and FFTsPerBlock here; variants.test.ts covers
// other EPT, FFTsPerBlock and larger BlockDim.
// WEBFFTDX_FULL=1 adds more sizes (every power of two, Bluestein and odd sizes).
import { describe, it } from 'vitest';
import { FULL } from '../support/full.js';
import { matrix } from './cases.js';
import type { RealCase } from './harness.js';
import { expectCasesPass } from './check.js';

const extra = [4, 12, 17, 32, 34, 100, 128, 243, 512, 1024, 2048, 4095];

/**
 * From 1000 points on, one layout per size and mode, rotating along the sizes: every layout x mode
 * runs at the small and medium sizes, the layouts differ only in where loads and stores go, and each
 * large kernel costs lavapipe seconds to compile with a cold cache (with all three layouts these tests
 * took 111 of the suite's 1174 s; docs/testing.md). WEBFFTDX_FULL=1 runs every layout.
 */
function layoutPerMode(cases: readonly RealCase[]): RealCase[] {
  if (FULL) return [...cases];
  const groups = new Map<string, RealCase[]>();
  for (const c of cases) {
    const key = `${c.state.size} ${c.state.mode}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups.values()].map((group, i) => group[i % group.length]);
}

describe('real FFTs, Block execution, register API', () => {
  it('small sizes (2, 8, 15, 16, 30)', async () => {
    await expectCasesPass(matrix('registers', [2, 8, 15, 16, 30], 2));
  }, 900_000);
  it('medium sizes (63, 64, 68 through Bluestein, 256)', async () => {
    await expectCasesPass(matrix('registers', [63, 64, 68, 256], 2));
  }, 900_000);
  it('large sizes (1000, 4096, 8192)', async () => {
    await expectCasesPass(layoutPerMode(matrix('registers', [1000, 4096, 8192], 1)));
  }, 900_000);
  it('lengths exchanging in 3 and 5 parts (2187, 3125, 480)', async () => {
    await expectCasesPass(layoutPerMode(matrix('registers', [2187, 3125, 480], 1)));
  }, 900_000);
  it('the folded maximum (16384)', async () => {
    await expectCasesPass(layoutPerMode(matrix('registers', [16384], 1)));
  }, 900_000);
  it.runIf(FULL)('more sizes (WEBFFTDX_FULL=1)', async () => {
    await expectCasesPass(matrix('registers', extra, 1));
  }, 900_000);
});
