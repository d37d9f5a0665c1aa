// Measured defaults written by the autotuner (bench/autotune.ts). Keyed by Limits profile, then
// precision, then complex FFT length. Empty until the autotuner has run on a GPU.
import type { FFTPrecision } from './model.js';
import type { ProfileName, TuningEntry } from './tuning.js';

export const MEASURED_TUNING: Partial<Record<ProfileName, Partial<Record<FFTPrecision, Record<number, TuningEntry>>>>> = {};
