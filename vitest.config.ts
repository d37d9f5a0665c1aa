import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// GPU tests run on whatever adapter Dawn finds (lavapipe in CI): real WGSL execution on the CPU,
// where compiling each distinct kernel dominates. Test files are independent processes, so they
// run side by side, one per core (lavapipe compiles a pipeline on one thread), with generous
// timeouts.

/**
 * The files that compile the most kernels, longest first (cold-cache minutes measured on the 2-core
 * CI machine, docs/testing.md): started first, so that the workers finish together instead of one
 * starting the longest file last.
 */
const SLOWEST_FIRST = [
  'test/kernels/block.test.ts',
  'test/real/block.test.ts',
  'test/host/default-limits.test.ts',
  'test/real/variants.test.ts',
  'test/real/shared-api.test.ts',
  'test/kernels/properties.test.ts',
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = SLOWEST_FIRST.indexOf(relative(process.cwd(), f.moduleId));
      return i === -1 ? SLOWEST_FIRST.length : i;
    };
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'descriptors/**/*.test.ts', 'kernels/**/*.test.ts', 'src/**/*.test.ts'],
    fileParallelism: true,
    maxWorkers: Math.max(1, availableParallelism()),
    sequence: { sequencer: SlowestFirst },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    setupFiles: ['test/support/setup.ts'],
  },
});
