// Real FFTs through the Block workgroup-memory API (`<p>_execute_shared`): the test kernel copies the
// workgroup's FFTs into the module's data buffer (`sharedData`) in the documented view (reals: scalar
// index i is component i & 1 of element i >> 1; complex: one vec2 per element; slot f at
// f * inputLength), synchronises, calls execute_shared, synchronises and copies the outputs (slot f
// at f * outputLength) out. Every layout x mode, twice: with the complex exchange in one part (both
// APIs in one buffer) and with the tuned defaults (split or parted exchanges: execute_shared runs its
// own engine on its own buffer), wherever all slots' data fit the Limits; WEBFFTDX_FULL=1 adds sizes.
import { describe, expect, it } from 'vitest';
import { resolvePlan } from '../../descriptors/plan.js';
import { generateRealModule } from '../../kernels/real/module.js';
import { FULL } from '../support/full.js';
import { matrix } from './cases.js';
import { expectCasesPass } from './check.js';
import type { RealCase } from './harness.js';

/** The complex exchange in one part: execute_shared then shares the register API's buffer. */
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
  it('tuned defaults (split and parted exchanges): 64, 68 (Bluestein), 256, 1000, 2048', async () => {
    // Normal-mode R2C 256 splits its exchange (kind-tuning-table.ts); 1000 and 2048 exchange in parts.
    const all = matrix('shared', [64, 68, 256, 1000, 2048], 1);
    const cases = all.filter(offered);
    // Everything is offered here except where the data exceed 16 KiB (2048 full: 2048 complex elements = 16 KiB fits).
    expect(cases.length).toBe(all.length);
    const plans = cases.map((c) => resolvePlan({ ...c.state, type: 'r2c' }));
    expect(plans.some((p) => p.exchange === 'split')).toBe(true);
    expect(plans.some((p) => p.exchangeParts > 1)).toBe(true);
    await expectCasesPass(cases);
  }, 600_000);
  it.runIf(FULL)('more sizes (WEBFFTDX_FULL=1)', async () => {
    await expectCasesPass(complexExchange(matrix('shared', [8, 16, 17, 30, 32, 63, 100, 128, 512, 1024], 1)).filter(offered));
  }, 600_000);
});
