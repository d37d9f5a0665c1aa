// Default implementation choices (elements per invocation, FFTs per workgroup) per Limits profile:
// the analogue of cuFFTDx's per-architecture database. Entries measured by the autotuner
// (bench/autotune.ts) live in tuning-table.ts; sizes it has not measured fall back to a reasoned
// heuristic. Both are plain runtime code: the type-level tables are generated from here.
import { fitsLimits, MAX_THREAD_EXEC_SIZE, stockhamEPTs } from './capabilities.js';
import type { FFTLimits, FFTPrecision } from './model.js';
import { MEASURED_TUNING } from './tuning-table.js';

export interface LimitsProfile {
  readonly name: ProfileName;
  readonly maxComputeWorkgroupStorageSize: number;
  readonly maxComputeInvocationsPerWorkgroup: number;
}

export type ProfileName = 'core' | 'mid' | 'large';

/** The profiles the tuning table is keyed by, smallest first. */
export const PROFILES: readonly LimitsProfile[] = [
  { name: 'core', maxComputeWorkgroupStorageSize: 16384, maxComputeInvocationsPerWorkgroup: 256 },
  { name: 'mid', maxComputeWorkgroupStorageSize: 32768, maxComputeInvocationsPerWorkgroup: 1024 },
  { name: 'large', maxComputeWorkgroupStorageSize: 49152, maxComputeInvocationsPerWorkgroup: 1024 },
];

/** The largest profile the limits cover; 'core' when they cover none (entries are then re-checked against the limits). */
export function profileOf(limits: FFTLimits): LimitsProfile {
  let best = PROFILES[0];
  for (const p of PROFILES) {
    if (
      p.maxComputeWorkgroupStorageSize <= limits.maxComputeWorkgroupStorageSize &&
      p.maxComputeInvocationsPerWorkgroup <= limits.maxComputeInvocationsPerWorkgroup
    ) {
      best = p;
    }
  }
  return best;
}

export interface TuningEntry {
  /** Complex elements per invocation in the engine. */
  readonly ept: number;
  /** Suggested FFT slots per workgroup (multiply by implicit type batching for fftsPerBlock). */
  readonly slots: number;
  /** 'split' when the split exchange measured faster than the complex one for this length and EPT. */
  readonly exchange?: 'split';
  /**
   * Exchange parts (workgroup buffer of N / parts elements per slot) when a parted exchange measured
   * faster; absent: 1, or the fewest parts that fit where one does not.
   */
  readonly parts?: number;
}

/** Target workgroup width (invocations) the heuristic aims for when packing FFTs per workgroup. */
const TARGET_INVOCATIONS = 128;

function heuristicEPT(n: number, precision: FFTPrecision, limits: FFTLimits): number | undefined {
  const candidates = stockhamEPTs(n, precision).filter((e) => fitsLimits(n, e, 1, precision, limits));
  if (candidates.length === 0) return undefined;
  // Small FFTs: one invocation per FFT, no workgroup-memory traffic at all.
  if (n <= MAX_THREAD_EXEC_SIZE[precision] / 2 && candidates.includes(n)) return n;
  const target = n <= 256 ? 8 : n <= 4096 ? 16 : 32;
  let best = candidates[0];
  for (const e of candidates) {
    const d = Math.abs(Math.log2(e) - Math.log2(target));
    const bd = Math.abs(Math.log2(best) - Math.log2(target));
    if (d < bd - 1e-9 || (Math.abs(d - bd) <= 1e-9 && e > best)) best = e;
  }
  return best;
}

function heuristicSlots(n: number, ept: number, precision: FFTPrecision, limits: FFTLimits): number {
  const stride = n / ept;
  let slots = Math.max(1, Math.floor(TARGET_INVOCATIONS / stride));
  if (stride === 1) slots = 64;
  // Several slots only with an unparted exchange: parts exist to make one large FFT fit, not to pack more.
  while (slots > 1 && !fitsLimits(n, ept, slots, precision, limits, 1)) slots--;
  return slots;
}

/**
 * The default implementation for a complex Block FFT of length n, or undefined when the Stockham
 * engine cannot run n under these limits (then Bluestein or nothing).
 */
export function defaultTuning(n: number, precision: FFTPrecision, limits: FFTLimits): TuningEntry | undefined {
  const profile = profileOf(limits);
  const measured = MEASURED_TUNING[profile.name]?.[precision]?.[n];
  if (measured && fitsLimits(n, measured.ept, measured.slots, precision, limits)) return measured;
  const ept = heuristicEPT(n, precision, limits);
  if (ept === undefined) return undefined;
  return { ept, slots: heuristicSlots(n, ept, precision, limits) };
}

/**
 * True when the measured table prefers the split exchange for (n, ept) under these limits' profile:
 * it holds for any number of FFT slots with that EPT.
 */
export function preferredSplit(n: number, ept: number, precision: FFTPrecision, limits: FFTLimits): boolean {
  const measured = MEASURED_TUNING[profileOf(limits).name]?.[precision]?.[n];
  return measured !== undefined && measured.ept === ept && measured.exchange === 'split';
}

/**
 * Exchange parts the measured table prefers for (n, ept) under these limits' profile (1 when it says
 * nothing); exchangeFor falls back to more parts where these do not fit.
 */
export function preferredParts(n: number, ept: number, precision: FFTPrecision, limits: FFTLimits): number {
  const measured = MEASURED_TUNING[profileOf(limits).name]?.[precision]?.[n];
  return measured !== undefined && measured.ept === ept ? (measured.parts ?? 1) : 1;
}

/** Suggested slots for a given (user-chosen) EPT. */
export function suggestedSlots(n: number, ept: number, precision: FFTPrecision, limits: FFTLimits): number {
  const profile = profileOf(limits);
  const measured = MEASURED_TUNING[profile.name]?.[precision]?.[n];
  if (measured && measured.ept === ept && fitsLimits(n, ept, measured.slots, precision, limits)) return measured.slots;
  return heuristicSlots(n, ept, precision, limits);
}
