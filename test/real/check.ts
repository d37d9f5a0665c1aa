// Shared assertion for the real-FFT GPU tests: one seed per run (logged), all failures reported together.
import { expect } from 'vitest';
import { testDevice } from '../support/gpu.js';
import { makeSeed } from '../support/random.js';
import { checkRealCases, type Check, type RealCase } from './harness.js';

/** Runs the cases in one submission and expects every error within its bound. Returns the checks (for logging). */
export async function expectCasesPass(cases: readonly RealCase[]): Promise<Check[]> {
  const { device } = await testDevice();
  const seed = makeSeed();
  const checks = await checkRealCases(device, cases, seed);
  const worst = checks.reduce((a, c) => (c.error / c.bound > a.error / a.bound ? c : a), checks[0]);
  console.log(`seed ${seed}: ${checks.length} checks, worst ${worst.label} ${worst.error.toExponential(2)} (bound ${worst.bound})`);
  const bad = checks.filter((c) => !(c.error <= c.bound));
  expect(bad.map((c) => `${c.label}: ${c.error.toExponential(2)} > ${c.bound} (seed ${seed})`)).toEqual([]);
  return checks;
}
