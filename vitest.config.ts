import { defineConfig } from 'vitest/config';

// GPU tests run on whatever adapter Dawn finds (lavapipe in CI): real WGSL execution on 2 CPU cores,
// so files run one at a time and get generous timeouts.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'descriptors/**/*.test.ts', 'kernels/**/*.test.ts', 'src/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    setupFiles: ['test/support/setup.ts'],
  },
});
