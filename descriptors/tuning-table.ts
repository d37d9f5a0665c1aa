// Measured defaults written by the autotuner (bench/autotune.ts). Keyed by Limits profile, then
// precision, then complex FFT length: the winner among the timed (ElementsPerThread, FFT slots, exchange, parts, rounds)
// candidates of a batched C2C f32 forward FFT over 2^24 elements, Dawn FAST_TOGGLES. Measured on NVIDIA H200
// (Dawn/Vulkan) by scripts/device-autotune.sh, 2026-11-21; all timings in bench/results/2026-11-21-nvidia-h200-autotune.json.
// Entries edited since say which bench/NOTES.md run measured them (twiddlesAtUse: run 76's A/B, before the autotuner timed it;
// the lengths whose last stage gathers: run 79's autotuner and run.js A/B).
import type { FFTPrecision } from './model.js';
import type { ProfileName, TuningEntry } from './tuning-entry.js';

export const MEASURED_TUNING: Partial<Record<ProfileName, Partial<Record<FFTPrecision, Record<number, TuningEntry>>>>> = {
  core: {
    f32: {
      4: { ept: 4, slots: 64 },
      8: { ept: 8, slots: 32 },
      12: { ept: 12, slots: 32 },
      16: { ept: 4, slots: 16, exchange: 'split' },
      21: { ept: 21, slots: 32 }, // 3332 GB/s; the heuristic's E7 x 42 2477 (bench/NOTES.md runs 90-91)
      24: { ept: 6, slots: 8 },
      32: { ept: 8, slots: 8, exchange: 'split', parts: 2 },
      48: { ept: 12, slots: 16, exchange: 'split' },
      54: { ept: 6, slots: 14 }, // the heuristic's E3 x 7 ran 16 % slower (bench/NOTES.md run 90)
      64: { ept: 8, slots: 4 },
      84: { ept: 21, slots: 8, exchange: 'split', twiddlesAtUse: true }, // the large entry's kernel (bench/NOTES.md run 79)
      96: { ept: 12, slots: 4 },
      100: { ept: 10, slots: 8, exchange: 'split' }, // autotuner finals, best of the processes per shape (bench/NOTES.md run 12)
      128: { ept: 8, slots: 2, parts: 2 },
      210: { ept: 14, slots: 4, exchange: 'split', twiddlesAtUse: true }, // the large entry's kernel (bench/NOTES.md run 79)
      256: { ept: 8, slots: 1, exchange: 'split' },
      400: { ept: 20, slots: 6, exchange: 'split' },
      450: { ept: 30, slots: 2, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 86)
      500: { ept: 10, slots: 2 }, // 1.32 x the heuristic's E20 x 5 in 5 parts (bench/NOTES.md run 90)
      512: { ept: 8, slots: 2, parts: 2 },
      625: { ept: 25, slots: 2, parts: 5 }, // bench/NOTES.md runs 11 and 12
      729: { ept: 27, slots: 1, parts: 3 }, // bench/NOTES.md run 11
      800: { ept: 5, slots: 1 }, // 1.19 x the heuristic's E20 x 3 (bench/NOTES.md run 90)
      810: { ept: 9, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 86)
      900: { ept: 15, slots: 2, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      1000: { ept: 20, slots: 1, parts: 2 }, // autotuner finals, best of the processes per shape (bench/NOTES.md run 12)
      1008: { ept: 12, slots: 1, exchange: 'split', twiddlesAtUse: true }, // the large entry's kernel (bench/NOTES.md run 79)
      1024: { ept: 16, slots: 1, parts: 2 },
      1200: { ept: 20, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      1350: { ept: 15, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      1440: { ept: 24, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      1620: { ept: 18, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 86)
      1800: { ept: 15, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      1920: { ept: 30, slots: 1, exchange: 'split' }, // autotuner, 2026-11-28 (bench/NOTES.md run 74: gathered stages)
      2016: { ept: 12, slots: 1, twiddlesAtUse: true }, // the large entry's kernel (bench/NOTES.md run 79)
      2048: { ept: 16, slots: 1, parts: 2 },
      2160: { ept: 18, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      2187: { ept: 27, slots: 1, parts: 3, twiddlesAtUse: true }, // bench/NOTES.md runs 11 and 76 (the large entry's kernel)
      2250: { ept: 15, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      2400: { ept: 20, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      2700: { ept: 20, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      2880: { ept: 24, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      3125: { ept: 25, slots: 1, parts: 5 }, // bench/NOTES.md run 11
      3840: { ept: 15, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 87)
      4096: { ept: 32, slots: 1, parts: 4 }, // bench/NOTES.md runs 10 and 12
      6561: { ept: 27, slots: 1, parts: 3 }, // bench/NOTES.md run 11
      8192: { ept: 32, slots: 1, exchange: 'split', parts: 2, twiddlesAtUse: true }, // bench/NOTES.md run 76
    },
  },
  large: {
    f32: {
      4: { ept: 4, slots: 64 },
      8: { ept: 8, slots: 32 },
      12: { ept: 12, slots: 32 },
      16: { ept: 4, slots: 16, exchange: 'split' },
      21: { ept: 21, slots: 32 }, // 3332 GB/s; the heuristic's E7 x 42 2477 (bench/NOTES.md runs 90-91)
      24: { ept: 6, slots: 8 },
      32: { ept: 8, slots: 8, exchange: 'split', parts: 2 },
      48: { ept: 12, slots: 8, exchange: 'split' },
      54: { ept: 6, slots: 14 }, // the heuristic's E3 x 7 ran 16 % slower (bench/NOTES.md run 90)
      64: { ept: 8, slots: 4 },
      84: { ept: 21, slots: 8, exchange: 'split', twiddlesAtUse: true }, // autotuner, 2026-11-29 (bench/NOTES.md run 79: gathered last stages)
      96: { ept: 12, slots: 4 },
      100: { ept: 10, slots: 8, exchange: 'split' },
      128: { ept: 8, slots: 4, parts: 2 },
      210: { ept: 14, slots: 4, exchange: 'split', twiddlesAtUse: true }, // autotuner, 2026-11-29 (bench/NOTES.md run 79: gathered last stages)
      240: { ept: 30, slots: 4, exchange: 'split', parts: 3 }, // autotuner, 2026-11-28 (bench/NOTES.md run 73)
      256: { ept: 8, slots: 1, exchange: 'split' },
      400: { ept: 20, slots: 4, exchange: 'split' },
      450: { ept: 30, slots: 2, exchange: 'split' }, // a length the table did not list, screened then confirmed: bench/NOTES.md run 86
      480: { ept: 30, slots: 2, parts: 5 }, // autotuner, 2026-11-28 (bench/NOTES.md run 72)
      500: { ept: 10, slots: 2 }, // 1.32 x the heuristic's E20 x 5 in 5 parts (bench/NOTES.md run 90)
      512: { ept: 16, slots: 1, parts: 2 },
      625: { ept: 25, slots: 2, parts: 5 }, // bench/NOTES.md runs 11 and 12
      720: { ept: 30, slots: 4, exchange: 'split', parts: 5 }, // autotuner, 2026-11-28 (bench/NOTES.md run 72)
      729: { ept: 27, slots: 1, parts: 3 }, // bench/NOTES.md run 11
      800: { ept: 5, slots: 1 }, // 1.19 x the heuristic's E20 x 3 (bench/NOTES.md run 90)
      810: { ept: 9, slots: 1, exchange: 'split' }, // a length the table did not list, screened then confirmed: bench/NOTES.md run 86
      900: { ept: 15, slots: 2, exchange: 'split' }, // E without every prime of the length, later stages gathered: bench/NOTES.md run 85
      960: { ept: 30, slots: 1, exchange: 'split' }, // autotuner, 2026-11-28 (bench/NOTES.md run 73: gathered stages)
      1000: { ept: 20, slots: 1, exchange: 'split', parts: 2 }, // +1.3 % over complex in 2 parts, three processes each (bench/NOTES.md run 22)
      1008: { ept: 12, slots: 1, exchange: 'split', twiddlesAtUse: true }, // autotuner, 2026-11-29 (bench/NOTES.md run 79: gathered last stages)
      1024: { ept: 16, slots: 1, parts: 2 },
      1080: { ept: 30, slots: 4, parts: 5 }, // autotuner, 2026-11-28 (bench/NOTES.md run 72)
      1200: { ept: 20, slots: 1, exchange: 'split' }, // E without every prime of the length, later stages gathered: bench/NOTES.md run 85
      1350: { ept: 15, slots: 1, exchange: 'split' }, // E without every prime of the length, later stages gathered: bench/NOTES.md run 85
      1440: { ept: 24, slots: 1, exchange: 'split' }, // E without every prime of the length, later stages gathered: bench/NOTES.md run 85
      1620: { ept: 18, slots: 1, exchange: 'split' }, // a length the table did not list, screened then confirmed: bench/NOTES.md run 86
      1800: { ept: 15, slots: 1, exchange: 'split' }, // E without every prime of the length, later stages gathered: bench/NOTES.md run 85
      1920: { ept: 30, slots: 1, exchange: 'split' }, // autotuner, 2026-11-28 (bench/NOTES.md run 73: gathered stages)
      2016: { ept: 12, slots: 1, twiddlesAtUse: true }, // autotuner, 2026-11-29 (bench/NOTES.md run 79: gathered last stages)
      2048: { ept: 16, slots: 1, parts: 2 }, // re-measured at 2^26, one process per shape (bench/NOTES.md run 10)
      2160: { ept: 18, slots: 1, exchange: 'split' }, // E without every prime of the length, later stages gathered: bench/NOTES.md run 85
      2187: { ept: 27, slots: 1, parts: 3, twiddlesAtUse: true }, // bench/NOTES.md runs 11 and 76
      2250: { ept: 15, slots: 1, exchange: 'split' }, // E without every prime of the length, later stages gathered: bench/NOTES.md run 85
      2400: { ept: 20, slots: 1, exchange: 'split' }, // E without every prime of the length, later stages gathered: bench/NOTES.md run 85
      2700: { ept: 20, slots: 1, exchange: 'split' }, // E without every prime of the length, later stages gathered: bench/NOTES.md run 85
      2880: { ept: 24, slots: 1, exchange: 'split' }, // E without every prime of the length, later stages gathered: bench/NOTES.md run 85
      3125: { ept: 25, slots: 1, parts: 5, rounds: 2 }, // bench/NOTES.md runs 11 and 24
      3600: { ept: 30, slots: 1, exchange: 'split' }, // autotuner, 2026-11-28 (bench/NOTES.md run 73: gathered stages)
      3840: { ept: 15, slots: 1, exchange: 'split' }, // E without every prime, screened once the swizzle rule came: bench/NOTES.md run 87
      4032: { ept: 24, slots: 1, exchange: 'split', twiddlesAtUse: true }, // autotuner, 2026-11-29 (bench/NOTES.md run 79: gathered last stages)
      4050: { ept: 15, slots: 1, exchange: 'split' }, // E without every prime of the length, later stages gathered: bench/NOTES.md run 85
      4096: { ept: 32, slots: 1, parts: 2 }, // +1.0 % over complex in 4 parts (run 10's choice), three processes each (bench/NOTES.md run 22)
      4320: { ept: 30, slots: 1, parts: 5 }, // autotuner, 2026-11-28 (bench/NOTES.md run 72)
      4500: { ept: 18, slots: 1, exchange: 'split' }, // E without every prime of the length, later stages gathered: bench/NOTES.md run 85
      4800: { ept: 20, slots: 1, exchange: 'split' }, // E without every prime of the length, later stages gathered: bench/NOTES.md run 85
      5000: { ept: 20, slots: 1, exchange: 'split', parts: 2, twiddlesAtUse: true }, // autotuner, 2026-11-28 (bench/NOTES.md runs 73 and 76)
      5400: { ept: 24, slots: 1, exchange: 'split' }, // E without every prime of the length, later stages gathered: bench/NOTES.md run 85
      6006: { ept: 21, slots: 1 }, // autotuner, 2026-11-29: the complex exchange, 5 % over run 80's split default (bench/NOTES.md run 80)
      6561: { ept: 27, slots: 1, parts: 3 }, // bench/NOTES.md run 11
      7200: { ept: 30, slots: 1, exchange: 'split' }, // autotuner, 2026-11-28 (bench/NOTES.md run 73: gathered stages)
      7680: { ept: 30, slots: 1, parts: 3 }, // autotuner, 2026-11-28 (bench/NOTES.md run 72)
      8100: { ept: 18, slots: 1, exchange: 'split' }, // E without every prime of the length, later stages gathered: bench/NOTES.md run 85
      8192: { ept: 32, slots: 1, parts: 4, twiddlesAtUse: true }, // bench/NOTES.md run 76
      9600: { ept: 20, slots: 1, exchange: 'split' }, // E without every prime of the length, later stages gathered: bench/NOTES.md run 85
      10000: { ept: 20, slots: 1, exchange: 'split', parts: 2, twiddlesAtUse: true }, // bench/NOTES.md run 76
      12150: { ept: 27, slots: 1, exchange: 'split' }, // a length the table did not list, screened then confirmed: bench/NOTES.md run 86
      16384: { ept: 32, slots: 1, parts: 4, rounds: 2 }, // 2 rounds per workgroup: +7 % (bench/NOTES.md run 24)
    },
    // f64 (df64 vec4<f32> registers, 4 x the f32 registers): every E4-E16 shape of 256-4096 timed
    // after the df64 stage twiddles became powers of constants picked by digits (bench/variant.js,
    // one process per shape, H200, 2026-11-24, bench/NOTES.md runs 44-45), then 1-4 FFT groups per
    // workgroup on the H100 and the H200 (run 47: 2 rounds +8-10 % at 512 and 4096, +3.5 % at 2048);
    // re-timed on both GPUs once the batched kernels read the twiddles from a table (run 50: 512
    // split in one round +3-5 %, 1024 E4 in 2 rounds +9 %, 4096 E16 split in 2 parts +3-6 %).
    f64: {
      256: { ept: 8, slots: 1, exchange: 'split' },
      512: { ept: 8, slots: 1, exchange: 'split' },
      1024: { ept: 4, slots: 1, rounds: 2 },
      2048: { ept: 8, slots: 1, parts: 2, rounds: 2 },
      4096: { ept: 16, slots: 1, exchange: 'split', parts: 2 },
    },
  },
  mid: {
    f32: {
      4: { ept: 4, slots: 64 },
      8: { ept: 8, slots: 32 },
      12: { ept: 12, slots: 32 },
      16: { ept: 4, slots: 16, exchange: 'split' },
      21: { ept: 21, slots: 32 }, // 3332 GB/s; the heuristic's E7 x 42 2477 (bench/NOTES.md runs 90-91)
      24: { ept: 6, slots: 8 },
      32: { ept: 8, slots: 8, exchange: 'split', parts: 2 },
      48: { ept: 12, slots: 8 },
      54: { ept: 6, slots: 14 }, // the heuristic's E3 x 7 ran 16 % slower (bench/NOTES.md run 90)
      64: { ept: 8, slots: 8 },
      84: { ept: 21, slots: 8, exchange: 'split', twiddlesAtUse: true }, // the large entry's kernel (bench/NOTES.md run 79)
      96: { ept: 12, slots: 4 },
      100: { ept: 10, slots: 8, exchange: 'split' }, // autotuner finals, best of the processes per shape (bench/NOTES.md run 12)
      128: { ept: 8, slots: 2, parts: 2 },
      210: { ept: 14, slots: 4, exchange: 'split', twiddlesAtUse: true }, // the large entry's kernel (bench/NOTES.md run 79)
      256: { ept: 8, slots: 1, exchange: 'split' },
      400: { ept: 20, slots: 4, exchange: 'split' },
      450: { ept: 30, slots: 2, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 86)
      500: { ept: 10, slots: 2 }, // 1.32 x the heuristic's E20 x 5 in 5 parts (bench/NOTES.md run 90)
      512: { ept: 8, slots: 1, exchange: 'split' },
      625: { ept: 25, slots: 2, parts: 5 }, // bench/NOTES.md runs 11 and 12
      729: { ept: 27, slots: 1, parts: 3 }, // bench/NOTES.md run 11
      800: { ept: 5, slots: 1 }, // 1.19 x the heuristic's E20 x 3 (bench/NOTES.md run 90)
      810: { ept: 9, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 86)
      900: { ept: 15, slots: 2, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      1000: { ept: 20, slots: 1, parts: 2 },
      1008: { ept: 12, slots: 1, exchange: 'split', twiddlesAtUse: true }, // the large entry's kernel (bench/NOTES.md run 79)
      1024: { ept: 16, slots: 1, parts: 2 },
      1200: { ept: 20, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      1350: { ept: 15, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      1440: { ept: 24, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      1620: { ept: 18, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 86)
      1800: { ept: 15, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      2016: { ept: 12, slots: 1, twiddlesAtUse: true }, // the large entry's kernel (bench/NOTES.md run 79)
      2048: { ept: 16, slots: 1, parts: 2 },
      2160: { ept: 18, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      2187: { ept: 27, slots: 1, parts: 3, twiddlesAtUse: true }, // bench/NOTES.md runs 11 and 76 (the large entry's kernel)
      2250: { ept: 15, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      2400: { ept: 20, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      2700: { ept: 20, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      2880: { ept: 24, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      3125: { ept: 25, slots: 1, parts: 5, rounds: 2 }, // bench/NOTES.md runs 11 and 24
      3840: { ept: 15, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 87)
      4032: { ept: 24, slots: 1, exchange: 'split', twiddlesAtUse: true }, // the large entry's kernel (bench/NOTES.md run 79)
      4050: { ept: 15, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      4096: { ept: 32, slots: 1, parts: 4 }, // bench/NOTES.md runs 10 and 12
      4500: { ept: 18, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      4800: { ept: 20, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      5400: { ept: 24, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      6561: { ept: 27, slots: 1, parts: 3 }, // bench/NOTES.md run 11
      8100: { ept: 18, slots: 1, exchange: 'split' }, // the large entry's kernel (bench/NOTES.md run 85)
      8192: { ept: 32, slots: 1, parts: 4, twiddlesAtUse: true }, // the large entry's kernel (bench/NOTES.md run 76)
      10000: { ept: 20, slots: 1, exchange: 'split', parts: 2, twiddlesAtUse: true }, // the large entry's kernel (bench/NOTES.md run 76)
      16384: { ept: 32, slots: 1, parts: 4, rounds: 2 }, // 2 rounds per workgroup: +7 % (bench/NOTES.md run 24)
    },
  },
};
