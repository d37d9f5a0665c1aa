// Which prime lengths run by Rader's algorithm, in which engine shapes, and with how much workgroup
// memory. Rader turns the DFT of a prime p into a cyclic convolution of length p - 1 (the inputs and
// outputs permuted by powers of a primitive root), which the native engine runs when p - 1 factors
// into its radices: 257 = 2^8 + 1 takes two 256-point FFTs where Bluestein takes two of 1024. The
// permutations go through workgroup memory in natural order, so the buffer holds p elements per FFT
// slot, in one part (kernels/rader.ts).
import { blockEPTs, COMPLEX_BYTES, preferredBlockEPTs, type ExchangeChoice } from './capabilities.js';
import type { FFTLimits, FFTPrecision } from './model.js';
import { gatherRadices, plainRadices, radixExchanges } from './radices.js';
import { MEASURED_RADER, type RaderEntry } from './rader-table.js';
import { isPrime } from './sizes.js';

/** Largest elements per invocation the rule takes where smaller ones exist. */
const RADER_MAX_DEFAULT_EPT = 24;
/** Invocations per FFT the rule prefers: the two engine runs and permutations are latency-bound. */
const RADER_MIN_DEFAULT_STRIDE = 32;
/**
 * Invocations per workgroup up to which the rule adds FFT slots: a prime whose FFT has fewer (67 at
 * E6: 11) ran 1.5-1.8 x faster with 2-4 slots, and slower with many more (bench/NOTES.md run 82).
 */
const RADER_SLOTS_INVOCATIONS = 32;

/**
 * The workgroup memory of a Rader FFT of prime p with `slots` FFT slots: p elements per slot, complex
 * unless `split` asks for (or only) the split exchange fits; undefined when neither fits.
 */
export function raderExchange(p: number, slots: number, precision: FFTPrecision, limits: FFTLimits, split = false): ExchangeChoice | undefined {
  const complex = p * COMPLEX_BYTES[precision] * slots;
  if (!split && complex <= limits.maxComputeWorkgroupStorageSize) return { kind: 'complex', bytes: complex, parts: 1 };
  if (complex / 2 <= limits.maxComputeWorkgroupStorageSize) return { kind: 'split', bytes: complex / 2, parts: 1 };
  return undefined;
}

/** Elements per invocation of a Rader FFT of prime p: its (p - 1)-point engine's, with more than one invocation. */
export function raderEPTs(p: number, precision: FFTPrecision, limits: FFTLimits): number[] {
  return blockEPTs(p - 1, precision).filter((e) => e < p - 1 && (p - 1) / e <= limits.maxComputeInvocationsPerWorkgroup);
}

/** The measured entry of prime p when its shape fits these limits (else the rule decides). */
function measured(p: number, precision: FFTPrecision, limits: FFTLimits): RaderEntry | 'bluestein' | undefined {
  const entry = MEASURED_RADER[p];
  if (entry === undefined || entry === 'bluestein') return entry;
  return raderEPTs(p, precision, limits).includes(entry.ept) && raderExchange(p, 1, precision, limits, entry.exchange === 'split') ? entry : undefined;
}

/**
 * The rule for primes the table does not list: among the engine's EPTs that preferredBlockEPTs
 * allows for p - 1 (at most 24 where any is),
 * those with at least 32 invocations where any has, then the fewest exchanges, then the smallest E;
 * with no such width the smallest E (the most invocations).
 */
function ruleEPT(p: number, precision: FFTPrecision, limits: FFTLimits): number {
  const L = p - 1;
  const all = raderEPTs(p, precision, limits);
  const preferredSet = preferredBlockEPTs(L, precision);
  const preferred = all.filter((e) => preferredSet.includes(e));
  let epts = preferred.length ? preferred : all;
  const small = epts.filter((e) => e <= RADER_MAX_DEFAULT_EPT);
  if (small.length) epts = small;
  const wide = epts.filter((e) => L / e >= RADER_MIN_DEFAULT_STRIDE);
  if (!wide.length) return epts[0];
  const exchanges = (e: number) => radixExchanges(plainRadices(L, e) ?? gatherRadices(L, e) ?? [], e);
  return wide.reduce((best, e) => (exchanges(e) < exchanges(best) ? e : best));
}

/**
 * True when a Block FFT of length n without a native shape (the caller asks only then) runs by
 * Rader by default: n is a prime, f32 or f16 (df64 engines read stage tables laid out for plain
 * stages and keep Bluestein), n - 1 has an engine shape, and one slot's n elements fit the workgroup
 * memory; not where Bluestein measured faster (MEASURED_RADER) nor, unmeasured, where the rule's
 * shape is E >= 30 with fewer than 32 invocations (151 and 241 at E30: 0.40 and 0.32 x Bluestein).
 * `force` (DescriptorState.algorithm 'rader'): wherever Rader can run.
 */
export function usesRader(n: number, precision: FFTPrecision, limits: FFTLimits, force = false): boolean {
  if (precision === 'f64' || !isPrime(n) || raderEPTs(n, precision, limits).length === 0 || raderExchange(n, 1, precision, limits) === undefined) return false;
  if (force) return true;
  const entry = measured(n, precision, limits);
  if (entry !== undefined) return entry !== 'bluestein';
  const e = ruleEPT(n, precision, limits);
  return !(e >= 30 && (n - 1) / e < RADER_MIN_DEFAULT_STRIDE);
}

/**
 * The default shape of a Rader FFT of prime p: the measured entry, else the rule. Its engine runs
 * twice between two permutations, latency-bound where the FFT of p - 1 alone is memory-bound, so the
 * C2C table's shape of p - 1 does not carry over (H200: 127 at E6 1883 GB/s against E9 1195, 257 at
 * E8 2548 against E16 1897; bench/NOTES.md run 81).
 */
export function raderTuning(p: number, precision: FFTPrecision, limits: FFTLimits): { readonly ept: number; readonly slots: number } {
  const entry = measured(p, precision, limits);
  const ept = entry !== undefined && entry !== 'bluestein' ? entry.ept : ruleEPT(p, precision, limits);
  return { ept, slots: raderSlots(p, ept, precision, limits) };
}

/**
 * Suggested FFT slots of a Rader FFT of prime p at `ept`: the measured entry's at its E, else the
 * most (a power of two) that keep a workgroup within RADER_SLOTS_INVOCATIONS invocations, as many as
 * the limits hold.
 */
export function raderSlots(p: number, ept: number, precision: FFTPrecision, limits: FFTLimits): number {
  const entry = measured(p, precision, limits);
  const stride = (p - 1) / ept;
  let slots = 1;
  if (entry !== undefined && entry !== 'bluestein' && entry.ept === ept) slots = entry.slots ?? 1;
  else while (stride * slots * 2 <= RADER_SLOTS_INVOCATIONS) slots *= 2;
  const split = raderPrefersSplit(p, ept, precision, limits);
  while (slots > 1 && (stride * slots > limits.maxComputeInvocationsPerWorkgroup || !raderExchange(p, slots, precision, limits, split))) slots /= 2;
  return slots;
}

/** True when the measured entry of p prefers the split exchange at this EPT (the default exchange of raderExchange otherwise). */
export function raderPrefersSplit(p: number, ept: number, precision: FFTPrecision, limits: FFTLimits): boolean {
  const entry = measured(p, precision, limits);
  return entry !== undefined && entry !== 'bluestein' && entry.ept === ept && entry.exchange === 'split';
}
