// What the WGSL engine can generate: the limits that decide whether a size runs natively (Stockham in
// registers and workgroup memory), through Bluestein with a workspace, or not at all.
import type { ExchangeKind, FFTLimits, FFTPrecision } from './model.js';
import { gatherRadices, MAX_NATIVE_PRIME, plainRadices } from './radices.js';
import { divisors, largestPrimeFactor, radical } from './sizes.js';

/** Largest complex FFT one invocation computes alone (cuFFTDx's thread limits). */
export const MAX_THREAD_EXEC_SIZE: Readonly<Record<FFTPrecision, number>> = { f16: 64, f32: 64, f64: 32 };

/** Largest elements-per-invocation of a multi-invocation (stride > 1) Block FFT. */
export const MAX_BLOCK_EPT: Readonly<Record<FFTPrecision, number>> = { f16: 32, f32: 32, f64: 16 };

export { MAX_NATIVE_PRIME } from './radices.js';

/** Bytes of one `valueType` register: vec2<f32>, vec4<f16> (two FFTs), vec4<f32> (emulated f64). */
export const COMPLEX_BYTES: Readonly<Record<FFTPrecision, number>> = { f16: 8, f32: 8, f64: 16 };

export const VALUE_TYPE: Readonly<Record<FFTPrecision, string>> = {
  f16: 'vec4<f16>',
  f32: 'vec2<f32>',
  f64: 'vec4<f32>',
};

export const SCALAR_TYPE: Readonly<Record<FFTPrecision, string>> = { f16: 'f16', f32: 'f32', f64: 'f32' };

/**
 * Elements-per-invocation values the Stockham engine supports for a complex Block FFT of length n
 * in plain stages: n itself (one invocation per FFT) up to the thread limit, or E < n with E | n,
 * every prime of n dividing E (so each stage's radix divides E), primes at most MAX_NATIVE_PRIME.
 * createFFT's and createConvolution's planners choose their lengths and splits among these.
 */
export function stockhamEPTs(n: number, precision: FFTPrecision): number[] {
  const out: number[] = [];
  if (largestPrimeFactor(n) <= MAX_NATIVE_PRIME) {
    const rad = radical(n);
    for (const e of divisors(n)) {
      if (e >= 2 && e < n && e <= MAX_BLOCK_EPT[precision] && e % rad === 0) out.push(e);
    }
  }
  if (n <= MAX_THREAD_EXEC_SIZE[precision]) out.push(n);
  return out;
}

/** True when length n has plain stages (stockhamEPTs): the lengths planners pick when they choose one. */
export function hasPlainStages(n: number, precision: FFTPrecision): boolean {
  return stockhamEPTs(n, precision).length > 0;
}

/**
 * Elements-per-invocation values of a Block FFT descriptor of complex length n: stockhamEPTs, and
 * beside them (f32 and f16, whose twiddles are computed: df64 stages read tables laid out by
 * stageRadices) every other E | n whose later stages gather their inputs (gatherRadices). Those
 * let a length whose primes multiply to more than MAX_BLOCK_EPT (84 = 4 * 3 * 7, 1001 = 7 * 11 * 13)
 * run without Bluestein, and a length whose plain E all take many small stages run fewer, larger
 * ones (2400 at E20: radices 20, 24, 5 where E30 in 3 parts takes 10, 2, 2, 2, 30; bench/NOTES.md
 * run 85). The defaults choose among preferredBlockEPTs unless a tuning entry names another.
 */
export function blockEPTs(n: number, precision: FFTPrecision): number[] {
  const plain = stockhamEPTs(n, precision);
  if (precision === 'f64' || largestPrimeFactor(n) > MAX_NATIVE_PRIME) return plain;
  const gathered = divisors(n).filter((e) => e >= 2 && e < n && e <= MAX_BLOCK_EPT[precision] && !plain.includes(e) && gatherRadices(n, e) !== undefined);
  return [...plain, ...gathered].sort((a, b) => a - b);
}

/**
 * The blockEPTs the heuristics (tuning.ts, rader.ts) choose among where no tuning entry decides:
 * stockhamEPTs, or all of blockEPTs for a length without plain stages. The gathered E beside plain
 * ones were measured faster only at some lengths (the tuning table's entries), slower at others.
 */
export function preferredBlockEPTs(n: number, precision: FFTPrecision): number[] {
  const plain = stockhamEPTs(n, precision);
  return plain.length > 0 ? plain : blockEPTs(n, precision);
}

export interface ExchangeChoice {
  readonly kind: ExchangeKind;
  /** Bytes of workgroup memory for all FFT slots of the workgroup (already divided by the parts). */
  readonly bytes: number;
  /** Parts the exchange moves one after another (buffer of N / parts elements per slot); 1 when not parted. */
  readonly parts: number;
}

/**
 * Exchange part counts the descriptors consider, smallest first (the engine takes any; these are
 * tuned). 3 and 5 serve lengths with those factors (2187, 3125, 6561: bench/NOTES.md run 11).
 */
export const EXCHANGE_PARTS: readonly number[] = [1, 2, 3, 4, 5];

/**
 * True when the engine can exchange a length-n FFT with e elements per invocation in `parts` parts:
 * stageRadices(n, e, parts) has a sequence (parts divides e and the last radix gcd(e, n), and every
 * prime of n / gcd(e, n) divides e / parts, the other stages' radices being capped at e / parts).
 */
export function supportsParts(n: number, e: number, parts: number): boolean {
  return parts === 1 || (e < n && n % e === 0 && plainRadices(n, e, parts) !== undefined);
}

/** The part counts of EXCHANGE_PARTS the engine supports for (n, e), ascending (1 always). */
export function supportedParts(n: number, e: number): number[] {
  return EXCHANGE_PARTS.filter((p) => supportsParts(n, e, p));
}

export interface ExchangePreference {
  /** Choose the split exchange even where the complex one fits (tuning table or override). */
  readonly split?: boolean;
  /** Parts to try first (tuning table), default 1; larger supported counts up to maxParts follow when it does not fit. */
  readonly parts?: number;
  /** Largest part count to fall back to (default: all of EXCHANGE_PARTS); 1 where FFT slots are packed (tuning heuristic). */
  readonly maxParts?: number;
  /** Exactly this part count (override): no fallback. */
  readonly exactParts?: number;
}

/**
 * The part counts exchangeFor tries, in order: the exact override, or the preferred count followed
 * by the larger supported ones (at most maxParts).
 */
export function partsCandidates(n: number, e: number, pref: ExchangePreference = {}): number[] {
  if (pref.exactParts !== undefined) return [pref.exactParts];
  const first = pref.parts ?? 1;
  const max = pref.maxParts ?? Infinity;
  return supportedParts(n, e).filter((p) => p >= first && p <= max);
}

/**
 * How a Block FFT of complex length n with the given stride exchanges through workgroup memory, or
 * undefined when it cannot fit the limits. `slots` is the number of register-FFTs in the workgroup
 * (fftsPerBlock / implicitTypeBatching). For each candidate part count (partsCandidates): the
 * complex exchange unless the split one is preferred (measured faster: half the memory means more
 * workgroups per multiprocessor), then the split one. With one part this is the historical choice;
 * more parts only come in where one part does not fit (or the table prefers them): each part is a
 * round of barriers.
 */
export function exchangeFor(
  n: number,
  stride: number,
  slots: number,
  precision: FFTPrecision,
  limits: FFTLimits,
  pref: ExchangePreference = {},
): ExchangeChoice | undefined {
  if (stride === 1) return pref.exactParts === undefined || pref.exactParts === 1 ? { kind: 'none', bytes: 0, parts: 1 } : undefined;
  const full = n * COMPLEX_BYTES[precision] * slots;
  for (const parts of partsCandidates(n, n / stride, pref)) {
    const complex = full / parts;
    if (complex <= limits.maxComputeWorkgroupStorageSize && !pref.split) return { kind: 'complex', bytes: complex, parts };
    const split = complex / 2;
    if (split <= limits.maxComputeWorkgroupStorageSize) return { kind: 'split', bytes: split, parts };
  }
  return undefined;
}

/**
 * True when a Block FFT of complex length n with `ept` per invocation and `slots` FFTs fits the
 * limits, with an exchange of at most maxParts parts (default: any the descriptors consider).
 */
export function fitsLimits(
  n: number,
  ept: number,
  slots: number,
  precision: FFTPrecision,
  limits: FFTLimits,
  maxParts?: number,
): boolean {
  const stride = n / ept;
  if (stride * slots > limits.maxComputeInvocationsPerWorkgroup) return false;
  return exchangeFor(n, stride, slots, precision, limits, maxParts === undefined ? {} : { maxParts }) !== undefined;
}

const maxNativeCache = new Map<string, number>();

/** Largest complex length the Stockham engine runs in one workgroup (one FFT slot) under these limits. */
export function maxNativeBlockSize(precision: FFTPrecision, limits: FFTLimits): number {
  const key = `${precision}:${limits.maxComputeWorkgroupStorageSize}:${limits.maxComputeInvocationsPerWorkgroup}`;
  const hit = maxNativeCache.get(key);
  if (hit !== undefined) return hit;
  const maxParts = EXCHANGE_PARTS[EXCHANGE_PARTS.length - 1];
  const bySmem = Math.floor((2 * maxParts * limits.maxComputeWorkgroupStorageSize) / COMPLEX_BYTES[precision]);
  const byThreads = limits.maxComputeInvocationsPerWorkgroup * MAX_BLOCK_EPT[precision];
  let best = MAX_THREAD_EXEC_SIZE[precision];
  for (let n = Math.min(bySmem, byThreads); n > best; n--) {
    if (stockhamEPTs(n, precision).some((e) => fitsLimits(n, e, 1, precision, limits))) {
      best = n;
      break;
    }
  }
  maxNativeCache.set(key, best);
  return best;
}

/** Largest power of two the Stockham engine runs under these limits (the Bluestein ceiling). */
export function maxBluesteinLength(precision: FFTPrecision, limits: FFTLimits): number {
  let b = 1;
  const max = maxNativeBlockSize(precision, limits);
  while (b * 2 <= max) b *= 2;
  return b;
}
