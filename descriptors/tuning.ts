// Default implementation choices (elements per invocation, FFTs per workgroup) per Limits profile:
// the analogue of cuFFTDx's per-architecture database. Entries measured by the autotuner
// (bench/autotune.ts) live in tuning-table.ts; sizes it has not measured fall back to a reasoned
// heuristic. Both are plain runtime code: the type-level tables are generated from here.
import { blockEPTs, COMPLEX_BYTES, fitsLimits, hasPlainStages, MAX_THREAD_EXEC_SIZE, preferredBlockEPTs, supportedParts, supportsParts } from './capabilities.js';
import type { FFTLimits, FFTPrecision } from './model.js';
import { gatherRadices, radixExchanges } from './radices.js';
import { isPrime, largestPrimeFactor, radical } from './sizes.js';
import { MEASURED_KIND_TUNING } from './kind-tuning-table.js';
import { MEASURED_TUNING } from './tuning-table.js';
import type { LimitsProfile, ProfileName, TuningEntry } from './tuning-entry.js';

export type { LimitsProfile, ProfileName, TuningEntry } from './tuning-entry.js';

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

/** Target workgroup width (invocations) the heuristic aims for when packing FFTs per workgroup. */
const TARGET_INVOCATIONS = 128;

/**
 * f32 lengths up to which one invocation runs a whole FFT by default. Measured on an H200 (bench/NOTES.md
 * run 90, lengths without an entry): a whole 7-, 9-, 14-, 18- or 22-point FFT per invocation was the
 * fastest shape, while from 20 points a few invocations per FFT ran 1.1-1.9 x faster (15 too, until run 91's
 * odd staging stride made its one-invocation kernel the fastest: 3682 GB/s against E3 x 25's 2871).
 */
const F32_ONE_INVOCATION_MAX = 18;

/**
 * f32 lengths beyond which no default runs a whole FFT in one invocation (beyond these it spills:
 * 41-62 points ran at 235-513 GB/s on an H200, where Rader or Bluestein ran 1.3-2.4 TB/s; run 90), so
 * that lengths with no other shape take Rader or Bluestein: primes above 30 (31: 1284 GB/s alone,
 * 2248 by Bluestein; 37: 1438, 2085 by Rader), any length above 40 (34 and 38 ran faster alone).
 * Block descriptors there take Rader's or Bluestein's ElementsPerThread values, not n (Thread() runs one
 * invocation per FFT); real FFTs keep their native engines (plan.ts DescriptorState.engineKind).
 */
const F32_ONE_INVOCATION_PRIME_MAX = 30;
const F32_ONE_INVOCATION_ANY_MAX = 40;

/** f32 lengths up to which a composite length takes E = its largest prime (run 90: 20, 25, 27, 28, 30, 63 fastest so, 45 / 50 / 60 within 10 %). */
const F32_SMALL_COMPOSITE_MAX = 64;

function heuristicEPT(n: number, precision: FFTPrecision, limits: FFTLimits, kind?: EngineKind): number | undefined {
  // The small-length rules below were measured for C2C f32 engines; real FFTs' and other precisions' keep the older ones.
  const c2cF32 = precision === 'f32' && kind === undefined;
  const candidates = preferredBlockEPTs(n, precision)
    .filter((e) => fitsLimits(n, e, 1, precision, limits))
    .filter((e) => e < n || !c2cF32 || n <= (isPrime(n) ? F32_ONE_INVOCATION_PRIME_MAX : F32_ONE_INVOCATION_ANY_MAX));
  // Small FFTs: one invocation per FFT, no workgroup-memory traffic at all.
  const oneInvocationMax = c2cF32 ? F32_ONE_INVOCATION_MAX : MAX_THREAD_EXEC_SIZE[precision] / 2;
  if (n <= oneInvocationMax && candidates.includes(n)) return n;
  // Small composites: a few invocations per FFT, each holding E = the largest prime (its stages gathered where E lacks n's other primes).
  if (c2cF32 && n <= F32_SMALL_COMPOSITE_MAX) {
    const p = largestPrimeFactor(n);
    // Not with 2 invocations per FFT: every such shape timed ran at about half the copy's rate (run 90).
    if (p > 2 && n / p >= 3 && blockEPTs(n, precision).includes(p) && fitsLimits(n, p, 1, precision, limits)) return p;
  }
  if (candidates.length === 0) return undefined;
  const target = n <= 256 ? 8 : n <= 4096 ? 16 : 32;
  // Where every E gathers stages (no E holds all of n's primes), the fewest exchanges first.
  const rad = radical(n);
  const exchanges = (e: number) => (e === n || e % rad === 0 ? 0 : radixExchanges(gatherRadices(n, e)!, e));
  let best = candidates[0];
  for (const e of candidates) {
    const d = Math.abs(Math.log2(e) - Math.log2(target));
    const bd = Math.abs(Math.log2(best) - Math.log2(target));
    const [x, bx] = [exchanges(e), exchanges(best)];
    if (x < bx || (x === bx && (d < bd - 1e-9 || (Math.abs(d - bd) <= 1e-9 && e > best)))) best = e;
  }
  return best;
}

/**
 * Exchange parts for an f32 engine length without a measured entry: 5 or 3 where the length has that
 * factor and the engine supports it (else 1). The autotuner on an H200 found the complex exchange in
 * 5 parts (3 where 5 is not supported or lost by < 4 %) fastest at all 12 such C2C lengths it timed,
 * 1.7-2.8 x over the one-part exchange this heuristic used to take (480-7680 points, lengths 2^a 3^b 5,
 * bench/NOTES.md run 72), as the table's own 625 / 3125 (5 parts) and 729 / 2187 / 6561 (3) have it.
 * The other engine kinds (real FFTs in normal mode) take the parts only where the whole exchange would
 * fit in one part: 1.06-2.35 x there at 14 lengths, while at 9600 and 11520, which exchange split
 * otherwise, the parts lost 6-25 % (run 83).
 */
function heuristicParts(n: number, ept: number, precision: FFTPrecision, limits: FFTLimits, kind?: EngineKind): number {
  if (precision !== 'f32' || n / ept === 1) return 1;
  if (kind !== undefined && n * COMPLEX_BYTES[precision] > limits.maxComputeWorkgroupStorageSize) return 1;
  return [5, 3].find((p) => n % p === 0 && supportsParts(n, ept, p)) ?? 1;
}

/** The power of two nearest x on a log scale (x > 0). */
function nearestPowerOfTwo(x: number): number {
  return 2 ** Math.round(Math.log2(x));
}

function heuristicSlots(n: number, ept: number, precision: FFTPrecision, limits: FFTLimits, parts: number, kind?: EngineKind): number {
  const stride = n / ept;
  if (parts > 1) {
    // Parted exchanges: a power of two of slots up to the target width (the autotuner's winners took 1-4).
    let slots = 1;
    while (2 * slots * stride <= TARGET_INVOCATIONS && fitsLimits(n, ept, 2 * slots, precision, limits)) slots *= 2;
    return slots;
  }
  let slots = Math.max(1, Math.floor(TARGET_INVOCATIONS / stride));
  // One invocation per FFT: f32 workgroups of about 256 elements (32-128 FFTs) measured fastest on an
  // H200 (bench/NOTES.md runs 89-90: 2 points 1.24 x in 128 slots, 7-28 points 1.03-1.16 x in 32, than in 64).
  if (stride === 1) slots = precision === 'f32' && kind === undefined ? Math.min(128, Math.max(32, nearestPowerOfTwo(256 / n))) : 64;
  // Several slots only with an unparted exchange: parts exist to make one large FFT fit, not to pack more.
  while (slots > 1 && !fitsLimits(n, ept, slots, precision, limits, 1)) slots--;
  return slots;
}

/**
 * Engines whose best shape was measured apart from the C2C table of their length: real FFTs run
 * their engine next to loads, stores and (folded) a mirror exchange, Bluestein runs it twice. Their
 * entries (MEASURED_KIND_TUNING) replace the C2C entry of the engine length; lengths they do not
 * list follow the C2C table.
 */
export const ENGINE_KINDS = ['r2c-normal', 'r2c-folded', 'c2r-normal', 'c2r-folded', 'bluestein'] as const;
export type EngineKind = (typeof ENGINE_KINDS)[number];

/** The key of an engine length in MEASURED_KIND_TUNING (and the type-level KindTuning). */
export function kindKey(kind: EngineKind, n: number): string {
  return `${kind}:${n}`;
}

/** The entry measured for exactly this kind (C2C: the C2C table's) and length under these limits' profile. */
function ownEntry(n: number, precision: FFTPrecision, limits: FFTLimits, kind?: EngineKind): TuningEntry | undefined {
  const profile = profileOf(limits).name;
  return kind === undefined ? MEASURED_TUNING[profile]?.[precision]?.[n] : MEASURED_KIND_TUNING[profile]?.[precision]?.[kindKey(kind, n)];
}

/** The measured entries for (kind, n) under these limits' profile, the kind's own first, then the C2C one. */
function measuredEntries(n: number, precision: FFTPrecision, limits: FFTLimits, kind?: EngineKind): TuningEntry[] {
  const own = kind === undefined ? undefined : ownEntry(n, precision, limits, kind);
  return [own, ownEntry(n, precision, limits)].filter((e): e is TuningEntry => e !== undefined);
}

/** The first measured entry for (kind, n) that uses `ept` elements per invocation. */
function measuredWith(n: number, ept: number, precision: FFTPrecision, limits: FFTLimits, kind?: EngineKind): TuningEntry | undefined {
  return measuredEntries(n, precision, limits, kind).find((e) => e.ept === ept);
}

/**
 * The default implementation for a complex Block FFT of length n, or undefined when the Stockham
 * engine cannot run n under these limits (then Bluestein or nothing).
 */
export function defaultTuning(n: number, precision: FFTPrecision, limits: FFTLimits, kind?: EngineKind): TuningEntry | undefined {
  const measured = measuredEntries(n, precision, limits, kind).find((e) => fitsLimits(n, e.ept, e.slots, precision, limits));
  return measured ?? heuristicTuning(n, precision, limits, kind);
}

/**
 * What defaultTuning gives where the tables list nothing: the heuristic's shape, among the plain E
 * where the length has them. Cost models fitted on such shapes (the four-step convolution's length
 * estimate) read a length's stages from it.
 */
export function heuristicTuning(n: number, precision: FFTPrecision, limits: FFTLimits, kind?: EngineKind): TuningEntry | undefined {
  const ept = heuristicEPT(n, precision, limits, kind);
  if (ept === undefined) return undefined;
  const parts = heuristicParts(n, ept, precision, limits, kind);
  return { ept, slots: heuristicSlots(n, ept, precision, limits, parts, kind), ...(parts > 1 ? { parts } : {}) };
}

/**
 * True when the measured table prefers the split exchange for (n, ept) under these limits' profile:
 * it holds for any number of FFT slots with that EPT.
 */
export function preferredSplit(n: number, ept: number, precision: FFTPrecision, limits: FFTLimits, kind?: EngineKind): boolean {
  return measuredWith(n, ept, precision, limits, kind)?.exchange === 'split' || gatheredDefaults(n, precision, limits, kind);
}

/**
 * Exchange parts the measured table prefers for (n, ept) under these limits' profile (1 when it says
 * nothing); exchangeFor falls back to more parts where these do not fit.
 */
export function preferredParts(n: number, ept: number, precision: FFTPrecision, limits: FFTLimits, kind?: EngineKind): number {
  const measured = measuredWith(n, ept, precision, limits, kind);
  if (measured) return measured.parts ?? 1;
  // No entry for this EPT: the heuristic's parts where no entry of the length was measured at all.
  const entries = measuredEntries(n, precision, limits, kind);
  return entries.length ? partsBesideEntry(n, ept, precision, entries[0], kind) : heuristicParts(n, ept, precision, limits, kind);
}

/** One FFT's one-part complex buffer from which partsBesideEntry parts a user's E (2048 points in f32: measured). */
const PARTED_USER_EPT_MIN_BYTES = 16384;

/**
 * Parts for an EPT the table did not measure at a length it did (a user's ElementsPerThread): where
 * the measured entry exchanges in parts and one part would take 16 KiB or more, as many parts as keep
 * the complex buffer per FFT no larger than the entry's, for the buffer size is what the parts were
 * measured for (workgroups per multiprocessor). In one part these buffers ran 4-45 % slower on an
 * H100 (2187 E9: 17.5 KB 2150 GB/s, in 3 parts 2875; 4096 E16 / E8: 32 KiB 2181 / 1991, in 2 parts
 * 2898 / 2888; 8192 E16 split 2190, complex in 4 parts 2776; 2048 E8 2820, in 2 parts 2928;
 * bench/NOTES.md run 94). Where no supported count gets there, the largest supported one. One part
 * elsewhere, as before: smaller buffers (unmeasured), entries in one part, real and Bluestein engines
 * (their own measured shapes) and precisions other than f32 (whose engines heuristicParts never parts).
 */
function partsBesideEntry(n: number, ept: number, precision: FFTPrecision, entry: TuningEntry, kind?: EngineKind): number {
  const entryParts = entry.parts ?? 1;
  if (entryParts === 1 || precision !== 'f32' || kind !== undefined || n / ept === 1 || n * COMPLEX_BYTES[precision] < PARTED_USER_EPT_MIN_BYTES) return 1;
  const target = entryParts * (entry.exchange === 'split' ? 2 : 1);
  const supported = supportedParts(n, ept); // ascending, 1 first
  return supported.find((p) => p >= target) ?? supported[supported.length - 1];
}

/** An engine shape as a plan has it: elements per invocation and how it exchanges. */
export interface EngineShape {
  readonly ept: number;
  readonly exchange: 'complex' | 'split';
  readonly parts: number;
}

/**
 * Whether a Bluestein engine of length n in this shape reads H before its first run: only where the
 * measured entry for (n, ept) says so and the plan exchanges exactly as that entry (the shape that
 * was measured).
 */
export function preferredPrefetch(n: number, shape: EngineShape, precision: FFTPrecision, limits: FFTLimits): boolean {
  const e = measuredWith(n, shape.ept, precision, limits, 'bluestein');
  return e?.prefetch === true && exchangesAs(e, shape.exchange, shape.parts);
}

/** Whether a measured entry exchanges as (exchange, parts): the shape its other choices were measured with. */
function exchangesAs(e: TuningEntry, exchange: 'complex' | 'split', parts: number): boolean {
  return (e.exchange ?? 'complex') === exchange && (e.parts ?? 1) === parts;
}

/**
 * Rounds per workgroup of the batched kernel (TuningEntry.rounds) for a plan of engine length n:
 * the entry measured for the plan's own kind (never a C2C entry a kind falls back to: rounds are a
 * whole-kernel effect, measured slower for folded real FFTs and Bluestein, bench/NOTES.md run 24),
 * where the plan has exactly that entry's shape (EPT, slots, exchange, parts); else 1.
 */
export function preferredRounds(
  n: number,
  shape: EngineShape & { readonly slots: number },
  precision: FFTPrecision,
  limits: FFTLimits,
  kind?: EngineKind,
): number {
  const e = ownEntry(n, precision, limits, kind);
  const same = e !== undefined && e.ept === shape.ept && e.slots === shape.slots && exchangesAs(e, shape.exchange, shape.parts);
  return same ? (e.rounds ?? 1) : 1;
}

/**
 * Whether an engine of length n forms its product twiddles at their use (TuningEntry.twiddlesAtUse):
 * only where the entry measured for the plan's own kind says so and the plan has that entry's EPT,
 * exchange and parts (register pressure is a property of the measured shape).
 */
export function preferredTwiddlesAtUse(n: number, shape: EngineShape, precision: FFTPrecision, limits: FFTLimits, kind?: EngineKind): boolean {
  const e = ownEntry(n, precision, limits, kind);
  if (e) return e.twiddlesAtUse === true && e.ept === shape.ept && exchangesAs(e, shape.exchange, shape.parts);
  return shape.exchange === 'split' && gatheredDefaults(n, precision, limits, kind);
}

/**
 * C2C f32 lengths without plain stages (their later stages gather: capabilities.ts blockEPTs) and
 * without a measured entry take the split exchange with product twiddles formed at their use: on an
 * H200 that beat the complex exchange at 12 of 17 sampled lengths (+1 to +69 %; the other five lost
 * 3-11 %) and at four of the autotuner's five such entries (bench/NOTES.md runs 79-80).
 */
function gatheredDefaults(n: number, precision: FFTPrecision, limits: FFTLimits, kind?: EngineKind): boolean {
  return kind === undefined && precision === 'f32' && !hasPlainStages(n, precision) && measuredEntries(n, precision, limits).length === 0;
}

/** Suggested slots for a given (user-chosen) EPT. */
export function suggestedSlots(n: number, ept: number, precision: FFTPrecision, limits: FFTLimits, kind?: EngineKind): number {
  const measured = measuredWith(n, ept, precision, limits, kind);
  if (measured && fitsLimits(n, ept, measured.slots, precision, limits)) return measured.slots;
  return heuristicSlots(n, ept, precision, limits, preferredParts(n, ept, precision, limits, kind), kind);
}
