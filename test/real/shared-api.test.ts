// Real FFTs through the Block workgroup-memory API (`<p>_execute_shared`): the test kernel copies the
// workgroup's FFTs into `<p>_smem` in the documented view (reals: scalar index i is component i & 1
// of element i >> 1; complex: one vec2 per element; slot f at f * inputLength), synchronises, calls
// execute_shared, synchronises and copies the outputs (slot f at f * outputLength) out. Every layout
// x mode at sizes where the API is offered (with the complex exchange, requested explicitly since
// the tuning table may prefer split, and only when all slots' data fit the Limits);
// WEBFFTDX_FULL=1 adds more sizes.
import { describe, expect, it } from 'vitest';
import { resolvePlan } from '../../descriptors/plan.js';
import { generateRealModule } from '../../kernels/real/module.js';
import { FULL, matrix } from './cases.js';
import { expectCasesPass } from './check.js';
import type { RealCase } from './harness.js';

/** The workgroup-memory API needs the complex exchange (the tuning table may prefer split): ask for it. */
/** The workgroup-memory API needs the complex exchange in one part. */
function complexExchange(cases: RealCase[]): RealCase[] {
  return cases.map((c) => ({ ...c, state: { ...c.state, exchange: 'complex' as const, exchangeParts: 1 } }));
}

function offered(c: RealCase): boolean {
  return ['r2c', 'c2r'].every((type) => {
    const plan = resolvePlan({ ...c.state, type: type as 'r2c' });
    return generateRealModule(plan, plan.requiresWorkspace ? { workspace: { group: 0, binding: 2 } } : {}).executeShared !== undefined;
  }, 600_000);
}

describe('real FFTs, Block execution, workgroup-memory API', () => {
  it('sizes 2, 15, 64, 68 (Bluestein), 256', async () => {
    const cases = complexExchange(matrix('shared', [2, 15, 64, 68, 256], 2)).filter(offered);
    expect(cases.length).toBe(matrix('shared', [2, 15, 64, 68, 256], 2).length);
    await expectCasesPass(cases);
  }, 600_000);
  it('1000 and the largest sizes where the data fit', async () => {
    const cases = complexExchange(matrix('shared', [1000, 2048, 4096], 1)).filter(offered);
    expect(cases.map((c) => c.label)).toContain('shared 1000 natural normal');
    await expectCasesPass(cases);
  }, 600_000);
  it.runIf(FULL)('more sizes (WEBFFTDX_FULL=1)', async () => {
    await expectCasesPass(complexExchange(matrix('shared', [8, 16, 17, 30, 32, 63, 100, 128, 512, 1024], 1)).filter(offered));
  }, 600_000);
});
