import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// GPU tests run on whatever adapter Dawn finds (lavapipe in CI): real WGSL execution on the CPU,
// where compiling each distinct kernel dominates. Test files are independent processes, so they
// run side by side, one per core (lavapipe compiles a pipeline on one thread), with generous
// timeouts.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'descriptors/**/*.test.ts', 'kernels/**/*.test.ts', 'src/**/*.test.ts'],
    fileParallelism: true,
    maxWorkers: Math.max(1, availableParallelism()),
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    setupFiles: ['test/support/setup.ts'],
  },
});
