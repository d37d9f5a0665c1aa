// The contract between descriptors (desc.wgsl()) and the WGSL generators.
import type { FFTPlan } from '../descriptors/model.js';

export interface WGSLOptions {
  /** Prefix of every generated identifier; default derived from the descriptor (see defaultPrefix). */
  readonly prefix?: string;
  /**
   * Name of a `var<workgroup>` declared by the caller (so an FFT and its inverse share one buffer).
   * When given, the module declares none; the caller's declaration must have the type of
   * `sharedMemoryDeclaration` (an equal or larger element count is fine).
   */
  readonly sharedMemory?: string;
  /**
   * Name of a `var<workgroup>` declared by the caller for the workgroup-memory API's data (so an FFT
   * and its inverse run on one buffer). Where both APIs use one buffer (`sharedData` equals
   * `sharedMemory`), either option names it, and both must agree when given together.
   */
  readonly sharedData?: string;
  /** Where the global-memory workspace is bound (required when the plan requires a workspace). */
  readonly workspace?: { readonly group: number; readonly binding: number };
  /**
   * Precision('f64') only: the device's `fma(a, b, c)` rounds once (NVIDIA, AMD, Intel and Apple GPUs
   * do; Mesa's lavapipe computes it as a * b + c with two roundings). The df64 products then recover
   * their rounding error with one fma instead of Dekker's splits (1.2-1.4 x faster f64 FFTs on an
   * H200). Wrong on a device without it: f64 results drop to about f32 accuracy. `hasExactFma(device)`
   * tests a device; the host helpers do so themselves. Default false.
   */
  readonly exactFma?: boolean;
  /**
   * Block execution (not Bluestein; for R2C / C2R, the inner complex FFT's stages): read the stage
   * twiddles from a table in a storage buffer bound here instead of computing them
   * (kernels/twiddle-table.ts; about N complex twiddles of the twiddle type, 16 bytes each in f64).
   * The module then declares the binding and returns the table's contents in `twiddleTable.data`:
   * the caller uploads them once and binds the buffer. Faster where computing twiddles costs more
   * than loading them (f64 on an H100: +14-23 % at 256-4096, bench/NOTES.md run 49; f32 measured
   * slower there); the results are at least as accurate. Default: computed.
   */
  readonly twiddleTable?: { readonly group: number; readonly binding: number };
}

export interface WGSLModule {
  /** `enable` directives the shader must start with (e.g. `enable f16;`), possibly empty. */
  readonly directives: string;
  /** The device functions, constants, the workgroup-memory declaration and the workspace binding. No entry point. */
  readonly code: string;
  /** Name of the register-API function. */
  readonly execute: string;
  /** Name of the workgroup-memory-API function (Block execution, when the data fits workgroup memory). */
  readonly executeShared?: string;
  /** Name of the `var<workgroup>` the functions use ('' when they use none). */
  readonly sharedMemory: string;
  /** Its declaration, e.g. `var<workgroup> p_smem: array<vec2<f32>, 256>;` ('' when none is needed). */
  readonly sharedMemoryDeclaration: string;
  /**
   * The `var<workgroup>` holding execute_shared's data (natural order, `array<vec2<f32>>`), '' when the
   * API is not offered. It is `sharedMemory` when the register API's exchange can hold the data (the
   * complex exchange in one part, or one invocation per FFT); otherwise `<p>_smem_data`, so that a
   * kernel calling only `execute` keeps its smaller buffer (WGSL allocates only the variables an
   * entry point uses).
   */
  readonly sharedData: string;
  /** Its declaration ('' when the API is not offered). */
  readonly sharedDataDeclaration: string;
  /**
   * With the `twiddleTable` option, when the plan has twiddles to read: the binding, the name of
   * the `var<storage, read>` array, and the buffer contents to upload (`data.byteLength` bytes).
   */
  readonly twiddleTable?: { readonly group: number; readonly binding: number; readonly name: string; readonly data: Float32Array<ArrayBuffer> };
  /** The workspace binding, when the plan requires one. */
  readonly workspace?: { readonly group: number; readonly binding: number; readonly name: string };
  /**
   * Rader plans: `fn(data, x0, thread, fft)`, the register API without its two permutations, for
   * kernels that load x_(g^q) and store X_(g^(-q)) themselves through the workspace's index pairs
   * (kernels/rader.ts `raderIndex`; createBatchedFFT's kernel does). Registers i < ElementsPerThread
   * hold those in the Block layout, `x0` is x_0, and register ElementsPerThread returns X_0 in
   * invocation 0.
   */
  readonly raderPermuted?: string;
  /** The plan the code was generated for. */
  readonly plan: FFTPlan;
}

/** Options of nested module generation (a module composed into another); not part of the public API. */
export interface InternalModuleOptions extends WGSLOptions {
  /** Use this already declared workspace variable instead of declaring one. */
  readonly workspaceName?: string;
  /** Generate the register API only (the enclosing module provides execute_shared). */
  readonly registersOnly?: boolean;
  /**
   * Elements between the exchange buffers of consecutive FFT slots (Stockham, complex exchange;
   * default: the slot's part length). A kernel whose adjacent invocations run adjacent slots pads it
   * by one so that their exchanges fall on distinct banks (kernels/stockham.ts slotStride).
   */
  readonly slotStride?: number;
  /** XOR each slot's exchange indices with the slot number (kernels/stockham.ts slotSwizzle): the same, without extra memory. */
  readonly slotSwizzle?: boolean;
}
