import { defineConfig } from 'vitest/config';

// GPU tests run on whatever adapter Dawn finds (lavapipe in CI): real WGSL execution on the CPU,
// where compiling each distinct kernel dominates. Files run one at a time: lavapipe already spreads
// a file's pipeline compiles over the cores, so running two files side by side was measured to
// double each file's time with no gain in total (docs/testing.md), and pushed heavy tests past their
// timeouts.
// Compile-time settings for Mesa's software driver (llvmpipe/lavapipe), where compiling each kernel
// dominates the suite: 4-wide instead of 8-wide SIMD code and no LLVM optimisation passes. The
// kernels and their results are the same; lavapipe compiles them in about a third of the CPU time
// (measured in docs/testing.md). They only apply to Mesa, and a value set by the caller wins.
process.env.LP_NATIVE_VECTOR_WIDTH ??= '128';
process.env.GALLIVM_PERF ??= 'nopt';

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
