// The "kernel under test" interface of the benchmark harness: anything that can record one batched
// run into a compute pass and says how many bytes a one-pass kernel must move for it.

export interface BenchCase {
  /** 'c2c' | 'r2c' | 'c2r' for FFTs, 'copy' for the ceiling, 'scale' for the harness self-check. */
  readonly kind: string;
  readonly precision: string;
  /** Transform size (elements per FFT); for copy and scale, elements per row. */
  readonly n: number;
  readonly batch: number;
  /** Bytes a one-pass kernel must move: each input read once, each output written once. */
  readonly bytesMoved: number;
  /**
   * Records one batched run. Consecutive calls rotate through the case's buffer sets, so that with
   * small problems the data of one dispatch is not still in cache for the next.
   */
  encode(pass: GPUComputePassEncoder): void;
  destroy(): void;
}

/** What a case factory is asked for. */
export interface CaseSpec {
  readonly kind: string;
  readonly precision: string;
  readonly n: number;
  readonly batch: number;
}

/** How many buffer sets a case allocates (see rotationCount). */
export interface CaseOptions {
  readonly copies?: number;
  /** createBatchedFFT's and createFFT's tuning (bench --tuning): 'measure' times the table's shape and its neighbours on the device first. */
  readonly tuning?: 'table' | 'measure';
  /** Batched FFT cases (bench --placement): out of place (the default, as cuFFT through PyTorch runs) or in place (output = input, as the VkFFT anchor runs). */
  readonly placement?: Placement;
}

export const PLACEMENTS = ['out-of-place', 'in-place'] as const;
export type Placement = (typeof PLACEMENTS)[number];
