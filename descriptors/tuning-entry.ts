// The shapes of the tuning tables (tuning-table.ts, kind-tuning-table.ts) and of the Limits profiles
// they are keyed by. A module of its own so that the tables and the lookup in tuning.ts both depend
// on it, and not on each other.

export interface LimitsProfile {
  readonly name: ProfileName;
  readonly maxComputeWorkgroupStorageSize: number;
  readonly maxComputeInvocationsPerWorkgroup: number;
}

export type ProfileName = 'core' | 'mid' | 'large';

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
  /**
   * Bluestein only: read the convolution factor H into registers before the first engine run
   * instead of between the runs (more live registers, the workspace latency hidden behind the
   * engine). Measured faster only where workgroup memory, not registers, limits residency
   * (bench/NOTES.md run 23); it changes no trait.
   */
  readonly prefetch?: true;
  /**
   * FFT groups each workgroup of createBatchedFFT's one-pass Block kernel runs one after the other
   * (absent: 1), where that measured faster for this shape (bench/NOTES.md run 24: 16384, one
   * 32 KiB workgroup per multiprocessor). Host kernel only: it changes no trait.
   */
  readonly rounds?: number;
  /**
   * Stage twiddles that are products of two computed ones are formed where their butterfly input is
   * multiplied, not all before the butterfly, so fewer values are live at once: the NVIDIA driver
   * gave 2187's kernel 79 registers per invocation instead of 95 (bench/NOTES.md run 76). Taken
   * where it measured faster for this shape; elsewhere scheduling moved other lengths by -1 to +1 %.
   * It changes no trait.
   */
  readonly twiddlesAtUse?: true;
}
