// Real FFTs with non-default Block configurations: other ElementsPerThread (so element N/2 or the
// mirror pairs sit in other invocations), several FFTs per workgroup (slot offsets in workgroup
// memory), and BlockDim larger than needed (idle invocations must still reach every barrier).
// Both Block APIs; every layout x mode that the size allows, from 1000 points one layout per configuration.
import { describe, it } from 'vitest';
import type { DescriptorState } from '../../descriptors/plan.js';
import { allowed, layoutPerConfig, LAYOUTS, MODES } from './cases.js';
import { expectCasesPass } from './check.js';
import type { Api, RealCase } from './harness.js';

type Config = Omit<DescriptorState, 'type' | 'direction' | 'layout' | 'mode' | 'execution'> & { size: number };

function cases(api: Api, config: Config, modes = MODES): RealCase[] {
  const out: RealCase[] = [];
  for (const layout of LAYOUTS) {
    for (const mode of modes) {
      if (!allowed(config.size, layout, mode, 'block')) continue;
      const label = `${api} ${config.size} ${layout} ${mode} ${JSON.stringify({ ...config, size: undefined })}`;
      out.push({ label, state: { ...config, layout, mode, execution: 'block' }, api, count: 2 });
    }
  }
  return out;
}

describe('real FFTs, Block variants', () => {
  it('other ElementsPerThread, several FFTs per workgroup, larger BlockDim (register API)', async () => {
    await expectCasesPass([
      ...cases('registers', { size: 64, elementsPerThread: 4, fftsPerBlock: 3, blockDim: [20, 4, 1] }, ['normal']),
      ...cases('registers', { size: 64, elementsPerThread: 4, fftsPerBlock: 3, blockDim: [19, 4, 1] }, ['folded']),
      ...cases('registers', { size: 68, fftsPerBlock: 2 }),
      ...cases('registers', { size: 30, fftsPerBlock: 4 }),
      // From 1000 points one layout per configuration, rotating (cases.ts layoutPerConfig; every layout with WEBFFTDX_FULL=1).
      ...layoutPerConfig([
        ...cases('registers', { size: 1000, elementsPerThread: 10 }, ['normal']),
        // Folded at an even size that is not a power of two: a 500-point engine, E10 (20 reals), 2 slots.
        ...cases('registers', { size: 1000, elementsPerThread: 20, fftsPerBlock: 2 }, ['folded']),
        // E without every prime of the length, later stages gathered: 2400 at E20 (20 x 24 x 5), folded 4800 on it.
        ...cases('registers', { size: 2400, elementsPerThread: 20 }, ['normal']),
        ...cases('registers', { size: 4800, elementsPerThread: 40 }, ['folded']),
      ]),
    ]);
  }, 600_000);
  it('several FFTs per workgroup and larger BlockDim (workgroup-memory API)', async () => {
    await expectCasesPass([
      ...cases('shared', { size: 64, elementsPerThread: 4, fftsPerBlock: 3, blockDim: [20, 4, 1] }, ['normal']),
      ...cases('shared', { size: 256, elementsPerThread: 8, fftsPerBlock: 2, blockDim: [40, 2, 1] }, ['folded']),
      ...cases('shared', { size: 30, fftsPerBlock: 3 }),
      ...cases('shared', { size: 96, fftsPerBlock: 2 }, ['folded']),
    ]);
  }, 600_000);
});
