// The vocabulary shared by the descriptor layer (operators, traits, validation) and the WGSL
// generators. Nothing here depends on WebGPU.

export type FFTType = 'c2c' | 'r2c' | 'c2r';
export type FFTDirection = 'forward' | 'inverse';
export type FFTPrecision = 'f16' | 'f32' | 'f64';
export type FFTExecution = 'thread' | 'block';
export type ComplexLayout = 'natural' | 'packed' | 'full';
export type RealMode = 'normal' | 'folded';
export type ElementKind = 'real' | 'complex';

/** The values of the string unions above, in the order messages list them. */
export const FFT_TYPES: readonly FFTType[] = ['c2c', 'r2c', 'c2r'];
export const FFT_DIRECTIONS: readonly FFTDirection[] = ['forward', 'inverse'];
export const FFT_PRECISIONS: readonly FFTPrecision[] = ['f16', 'f32', 'f64'];
export const FFT_EXECUTIONS: readonly FFTExecution[] = ['thread', 'block'];
export const COMPLEX_LAYOUTS: readonly ComplexLayout[] = ['natural', 'packed', 'full'];
export const REAL_MODES: readonly RealMode[] = ['normal', 'folded'];

/**
 * How the engine computes the transform: native Stockham (Cooley-Tukey), Rader (a prime length p as
 * a cyclic convolution of length p - 1 on the native engine) or Bluestein (chirp-z over a power of
 * two); the last two with a workspace.
 */
export type Algorithm = 'stockham' | 'rader' | 'bluestein';

/**
 * How a Block FFT exchanges data between its invocations through workgroup memory.
 * - `none`: one invocation per FFT (stride 1), no exchange.
 * - `complex`: one `valueType` element per slot.
 * - `split`: real parts, then imaginary parts, through a scalar array (half the memory, twice the barriers).
 */
export type ExchangeKind = 'none' | 'complex' | 'split';

/** What a target device allows: the analogue of cuFFTDx's `SM<>`. */
export interface FFTLimits {
  readonly maxComputeWorkgroupStorageSize: number;
  readonly maxComputeInvocationsPerWorkgroup: number;
  readonly subgroups: boolean;
}

/** The WebGPU core defaults (what every adapter offers). */
export const DEFAULT_LIMITS: FFTLimits = Object.freeze({
  maxComputeWorkgroupStorageSize: 16384,
  maxComputeInvocationsPerWorkgroup: 256,
  subgroups: false,
});

/**
 * Everything code generation needs, resolved from a complete executable descriptor.
 * Trait values users see are a subset of these fields; the rest describe the implementation.
 */
export interface FFTPlan {
  readonly size: number;
  readonly type: FFTType;
  readonly direction: FFTDirection;
  readonly precision: FFTPrecision;
  readonly execution: FFTExecution;
  readonly layout: ComplexLayout;
  readonly mode: RealMode;
  readonly limits: FFTLimits;
  /** 2 for f16 (two FFTs per register, RRII), else 1. */
  readonly implicitTypeBatching: 1 | 2;
  /** WGSL type of one register element. */
  readonly valueType: string;
  /** WGSL scalar type (`f16`, `f32`; `f32` pairs for emulated f64). */
  readonly scalarType: string;
  readonly inputType: ElementKind;
  readonly outputType: ElementKind;

  readonly algorithm: Algorithm;
  /** Length of the complex FFT the engine runs: size, size/2 when folded, size - 1 for Rader, the Bluestein length. */
  readonly execSize: number;
  /** Complex elements each invocation holds in the engine (execSize / stride). */
  readonly execEPT: number;

  /** Logical elements per thread (user-facing; counts reals in folded mode, as cuFFTDx). */
  readonly elementsPerThread: number;
  readonly suggestedElementsPerThread: number;
  /** Registers (`valueType`) each invocation allocates. */
  readonly storageSize: number;
  /** Distance between consecutive elements one invocation owns (invocations per FFT); 1 for Thread. */
  readonly stride: number;
  readonly inputLength: number;
  readonly outputLength: number;
  readonly inputEPT: number;
  readonly outputEPT: number;
  readonly fftsPerBlock: number;
  readonly suggestedFFTsPerBlock: number;
  /** Workgroup size to dispatch with. For Thread execution [1, 1, 1]. */
  readonly blockDim: readonly [number, number, number];
  readonly maxThreadsPerBlock: number;
  /** Bytes of workgroup memory the register API `execute` needs. */
  readonly sharedMemorySize: number;
  readonly exchange: ExchangeKind;
  /**
   * The exchange moves its data in this many parts, one after another, through a buffer of
   * execSize / exchangeParts elements per slot (1: not parted; always 1 for real FFTs and 'none').
   */
  readonly exchangeParts: number;
  /** Bluestein: H is read into registers before the first engine run (TuningEntry.prefetch); false otherwise. */
  readonly bluesteinPrefetch: boolean;
  /**
   * FFT groups each workgroup of createBatchedFFT's one-pass Block kernel runs one after the other
   * (TuningEntry.rounds; 1 elsewhere). Not a trait of the device functions.
   */
  readonly batchRounds: number;
  /**
   * The engine forms product twiddles at their use (TuningEntry.twiddlesAtUse), for fewer live
   * registers; false: all of a butterfly's twiddles first. Not a trait of the device functions.
   */
  readonly twiddlesAtUse: boolean;
  readonly requiresWorkspace: boolean;
  /** Bytes of global-memory workspace (0 when not required). */
  readonly workspaceSize: number;
}
