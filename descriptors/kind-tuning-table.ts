// Measured defaults for engines that run differently from a plain C2C FFT of their length (tuning.ts
// EngineKind): real FFTs, whose engine runs beside real loads and stores and (folded) a mirror
// exchange, and Bluestein, which runs its engine twice. Kept apart from tuning-table.ts, which the
// autotuner rewrites as a whole.
import type { FFTPrecision } from './model.js';
import type { ProfileName, TuningEntry } from './tuning-entry.js';

/**
 * Engines measured apart from the C2C table (tuning.ts EngineKind), keyed `<kind>:<engine length>`:
 * the winners for the batched real or Bluestein FFT itself. First found by comparing every exchange
 * (complex or split, 1, 2 or 4 parts) and, for Bluestein, elements per invocation, one process per
 * shape (bench/NOTES.md run 15), then checked by the autotuner's kind mode, which also varies
 * elements per invocation and FFT slots (`TUNE_KIND=... scripts/device-autotune.sh`, run 16: its finals
 * in two processes each found the two 256-point entries). NVIDIA H200, Dawn FAST_TOGGLES, 2^26
 * elements, 2026-11-21. Shapes time alike under every profile they fit, so each profile lists them
 * (the Bluestein entries were measured under all three, run 22, and differ only where a shape does
 * not fit); lengths not listed follow MEASURED_TUNING. Gains over the C2C entry's shape in the comments.
 * plan.ts's exchange rules for folded and Bluestein plans apply to these preferences too, so an entry
 * must be one they leave as it is (not split in 1 part for a folded kind, not split or parted other
 * than complex in 2 parts for Bluestein): test/descriptors/kind-tuning.test.ts resolves every entry.
 */
const KIND_ENTRIES: Record<string, TuningEntry> = {
  'r2c-folded:32': { ept: 4, slots: 4 }, // size 64: +18 % over E8 x8 split in 2 parts (run 16, screening)
  'c2r-folded:32': { ept: 4, slots: 4 }, // size 64: +16 % over E8 x8 split in 2 parts (run 16, screening)
  'r2c-normal:128': { ept: 16, slots: 4, parts: 2 }, // +13 % over E8 x4 (run 16, screening)
  'c2r-normal:128': { ept: 8, slots: 8, parts: 2 }, // +4 % over E8 x4 (run 16)
  'r2c-normal:256': { ept: 16, slots: 2, exchange: 'split' }, // +26 % over E8 split (run 16)
  'c2r-normal:256': { ept: 16, slots: 2, parts: 2 }, // +27 % over E8 split (run 16)
  'r2c-normal:4096': { ept: 32, slots: 1, parts: 2 }, // +9 % over complex in 4 parts
  'r2c-folded:4096': { ept: 32, slots: 1, parts: 2 }, // size 8192: +5 % over complex in 4 parts
  'c2r-folded:4096': { ept: 32, slots: 1, parts: 2 }, // size 8192: +4 % over complex in 4 parts
  'c2r-folded:8192': { ept: 32, slots: 1, exchange: 'split', parts: 2 }, // size 16384: +23 % over complex in 4 parts
  // Bluestein (run 22: the autotuner's kind mode for every profile, screening in chunks of 4
  // candidates per process, finals in two processes; engines run as two straight-line calls;
  // run 23: the H prefetch, TuningEntry.prefetch, as a candidate of its own).
  // B = 64 and 128: the primes 31 and 47-61 and the lengths 46-62 with a prime factor above 13, which
  // the C2C heuristic leaves to Bluestein (run 90: E8 x 16 and E16 x 16, 128 invocations; E8 x 8 at
  // B = 128 ran 0.74-0.80 x, the suggested single slot far slower).
  'bluestein:64': { ept: 8, slots: 16 }, // 31: 2248 GB/s, against 1284 in one invocation per FFT (run 90)
  'bluestein:128': { ept: 16, slots: 16 }, // 47 / 61: 1663 / 2050 GB/s, against 443 / 352 in one invocation (run 90)
  'bluestein:256': { ept: 16, slots: 2, prefetch: true }, // 127 and every n with B = 256: +47 % over E8 complex in 2 parts (screening); prefetch +2 % (run 23)
  'bluestein:512': { ept: 16, slots: 1, parts: 2 }, // +44 % over E8 x2 complex in 2 parts, the core and mid default (screening)
  'bluestein:1024': { ept: 16, slots: 1, parts: 2 }, // the C2C entry's shape, confirmed
  'bluestein:2048': { ept: 16, slots: 1, prefetch: true }, // 1009: +11 % over E32 complex in 2 parts; prefetch +10 % (run 23)
  'bluestein:4096': { ept: 32, slots: 1, parts: 2 }, // the C2C entry's shape (complex in 2 parts), confirmed; prefetch -2 % (run 23)
  'bluestein:8192': { ept: 32, slots: 1, parts: 2, prefetch: true }, // 4093: complex in 2 parts (32 KiB) where it fits; prefetch +6.5 % (run 23)
};

/**
 * Entries whose shapes need more invocations than the core profile's 256. Normal-mode R2C 16384 runs
 * the C2C table's 16384 shape (under both profiles that fit it: the same kernel), here with two FFTs
 * per workgroup of the batched kernel: +10.7 % (run 24; C2R 16384 +0.4 %, not listed).
 */
const WIDE_KIND_ENTRIES: Record<string, TuningEntry> = {
  'r2c-normal:16384': { ept: 32, slots: 1, parts: 4, rounds: 2 },
};

export const MEASURED_KIND_TUNING: Partial<Record<ProfileName, Partial<Record<FFTPrecision, Record<string, TuningEntry>>>>> = {
  // 4093 under 16 KiB: complex in 4 parts, 1038 GB/s against 941 for the split exchange in 2 parts
  // (run 22); prefetch +3 % (run 23).
  core: { f32: { ...KIND_ENTRIES, 'bluestein:8192': { ept: 32, slots: 1, parts: 4, prefetch: true } } },
  mid: { f32: { ...KIND_ENTRIES, ...WIDE_KIND_ENTRIES } },
  large: { f32: { ...KIND_ENTRIES, ...WIDE_KIND_ENTRIES } },
};
