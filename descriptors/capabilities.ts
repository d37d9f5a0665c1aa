// What the WGSL engine can generate: the limits that decide whether a size runs natively (Stockham in
// registers and workgroup memory), through Bluestein with a workspace, or not at all.
import type { ExchangeKind, FFTLimits, FFTPrecision } from './model.js';
import { divisors, largestPrimeFactor, radical } from './sizes.js';

/** Largest complex FFT one invocation computes alone (cuFFTDx's thread limits). */
export const MAX_THREAD_EXEC_SIZE: Readonly<Record<FFTPrecision, number>> = { f16: 64, f32: 64, f64: 32 };

/** Largest elements-per-invocation of a multi-invocation (stride > 1) Block FFT. */
export const MAX_BLOCK_EPT: Readonly<Record<FFTPrecision, number>> = { f16: 32, f32: 32, f64: 16 };

/** Largest prime the multi-invocation engine builds stages from; larger primes go through Bluestein. */
export const MAX_NATIVE_PRIME = 13;

/** Bytes of one `valueType` register: vec2<f32>, vec4<f16> (two FFTs), vec4<f32> (emulated f64). */
export const COMPLEX_BYTES: Readonly<Record<FFTPrecision, number>> = { f16: 8, f32: 8, f64: 16 };

export const VALUE_TYPE: Readonly<Record<FFTPrecision, string>> = {
  f16: 'vec4<f16>',
  f32: 'vec2<f32>',
  f64: 'vec4<f32>',
};

export const SCALAR_TYPE: Readonly<Record<FFTPrecision, string>> = { f16: 'f16', f32: 'f32', f64: 'f32' };

/**
 * Elements-per-invocation values the Stockham engine supports for a complex Block FFT of length n:
 * n itself (one invocation per FFT) up to the thread limit, or E < n with E | n, every prime of n
 * dividing E (so each stage's radix divides E), primes at most MAX_NATIVE_PRIME.
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

export interface ExchangeChoice {
  readonly kind: ExchangeKind;
  /** Bytes of workgroup memory for all FFT slots of the workgroup. */
  readonly bytes: number;
}

/**
 * How a Block FFT of complex length n with the given stride exchanges through workgroup memory, or
 * undefined when it cannot fit the limits. `slots` is the number of register-FFTs in the workgroup
 * (fftsPerBlock / implicitTypeBatching). `preferSplit` (from the tuning table: measured faster,
 * half the memory means more workgroups per multiprocessor) chooses the split exchange even where
 * the complex one fits.
 */
export function exchangeFor(
  n: number,
  stride: number,
  slots: number,
  precision: FFTPrecision,
  limits: FFTLimits,
  preferSplit = false,
): ExchangeChoice | undefined {
  if (stride === 1) return { kind: 'none', bytes: 0 };
  const complex = n * COMPLEX_BYTES[precision] * slots;
  if (complex <= limits.maxComputeWorkgroupStorageSize && !preferSplit) return { kind: 'complex', bytes: complex };
  const split = complex / 2;
  if (split <= limits.maxComputeWorkgroupStorageSize) return { kind: 'split', bytes: split };
  return undefined;
}

/** True when a Block FFT of complex length n with `ept` per invocation and `slots` FFTs fits the limits. */
export function fitsLimits(n: number, ept: number, slots: number, precision: FFTPrecision, limits: FFTLimits): boolean {
  const stride = n / ept;
  if (stride * slots > limits.maxComputeInvocationsPerWorkgroup) return false;
  return exchangeFor(n, stride, slots, precision, limits) !== undefined;
}

const maxNativeCache = new Map<string, number>();

/** Largest complex length the Stockham engine runs in one workgroup (one FFT slot) under these limits. */
export function maxNativeBlockSize(precision: FFTPrecision, limits: FFTLimits): number {
  const key = `${precision}:${limits.maxComputeWorkgroupStorageSize}:${limits.maxComputeInvocationsPerWorkgroup}`;
  const hit = maxNativeCache.get(key);
  if (hit !== undefined) return hit;
  const bySmem = Math.floor((2 * limits.maxComputeWorkgroupStorageSize) / COMPLEX_BYTES[precision]);
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
