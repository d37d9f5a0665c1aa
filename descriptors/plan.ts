// Resolves a complete executable description into an FFTPlan: the implementation choice (Stockham,
// Rader or Bluestein, elements per invocation, FFT slots, exchange) and every trait, following cuFFTDx's
// formulas (shared/reference cufftdx-api.md §2.3 and §5). Runtime single source of truth: the
// type-level traits are generated from / checked against this code.
import {
  COMPLEX_BYTES,
  EXCHANGE_PARTS,
  exchangeFor,
  fitsLimits,
  partsCandidates,
  supportsParts,
  MAX_THREAD_EXEC_SIZE,
  maxBluesteinLength,
  maxNativeBlockSize,
  SCALAR_TYPE,
  blockEPTs,
  VALUE_TYPE,
} from './capabilities.js';
import { fail } from './errors.js';
import {
  batchRoundsNotSupported,
  blockDimTooSmall,
  blockTooLarge,
  bluesteinTooLarge,
  describeLimits as describeLimitsText,
  eptNotSupported,
  exchangePartsNotSupported,
  foldedBlockNotNative,
  foldedThreadTooLarge,
  incomplete,
  threadTooLarge,
  tooManyInvocations,
  workgroupMemoryExceeded,
} from './messages.js';
import type { Missing } from './messages.js';
import { raderEPTs, raderExchange, raderPrefersSplit, raderSlots, raderTuning, usesRader } from './rader.js';
import type {
  Algorithm,
  ComplexLayout,
  ElementKind,
  FFTDirection,
  FFTExecution,
  FFTLimits,
  FFTPlan,
  FFTPrecision,
  FFTType,
  RealMode,
} from './model.js';
import { DEFAULT_LIMITS } from './model.js';
import { bluesteinLength, isPowerOfTwo } from './sizes.js';
import { defaultTuning, preferredParts, preferredPrefetch, preferredRounds, preferredSplit, preferredTwiddlesAtUse, suggestedSlots, type EngineKind, type EngineShape } from './tuning.js';

/** The operator values of a description, as composed (everything optional). */
export interface DescriptorState {
  readonly size?: number;
  readonly type?: FFTType;
  readonly direction?: FFTDirection;
  readonly precision?: FFTPrecision;
  readonly execution?: FFTExecution;
  readonly elementsPerThread?: number;
  readonly fftsPerBlock?: number;
  readonly blockDim?: readonly [number, number, number];
  readonly layout?: ComplexLayout;
  readonly mode?: RealMode;
  readonly limits?: FFTLimits;
  /**
   * Implementation override, not an operator: force the workgroup exchange ('complex' keeps the
   * workgroup-memory API available; 'split' halves the memory). Default: the tuning table's choice.
   */
  readonly exchange?: 'complex' | 'split';
  /**
   * Implementation override, not an operator: exchange in exactly this many parts (a workgroup
   * buffer of N / parts elements per slot). c2c Block FFTs with a multi-invocation exchange only.
   * Default: the tuning table's choice (for an E it did not measure at a length it did, the parts
   * that keep the measured shape's buffer: tuning.ts preferredParts), else 1, else the fewest parts
   * that fit.
   */
  readonly exchangeParts?: number;
  /**
   * Implementation override, not an operator: whether a Bluestein plan reads H before its first
   * engine run (TuningEntry.prefetch). Default: the tuning table's choice.
   */
  readonly bluesteinPrefetch?: boolean;
  /**
   * Implementation override, not an operator: FFT groups per workgroup of the batched kernel
   * (FFTPlan.batchRounds). Default: the tuning table's choice, else 1.
   */
  readonly batchRounds?: number;
  /**
   * Implementation override, not an operator: whether the engine forms product twiddles at their use
   * (FFTPlan.twiddlesAtUse). Default: the tuning table's choice, else false.
   */
  readonly twiddlesAtUse?: boolean;
  /**
   * Implementation override, not an operator: 'bluestein' keeps a prime length that Rader would run
   * on Bluestein (the real FFTs' inner complex plans, comparisons); 'rader' takes Rader wherever it
   * can run (comparisons). Default: Rader where descriptors/rader.ts says so.
   */
  readonly algorithm?: 'bluestein' | 'rader';
  /**
   * Implementation override, not an operator: the real FFT kind whose engine this C2C plan is (a real
   * plan's inner complex FFT, kernels/real/inner.ts). The C2C defaults leave some small lengths to
   * Rader or Bluestein that real kinds run natively (tuning.ts heuristicEPT); there this C2C plan runs
   * the native engine as its real plan does. Its other choices stay C2C's, as before.
   */
  readonly engineKind?: EngineKind;
}

/** div(layout, n) of cuFFTDx: complex elements of the Hermitian side for n real points. */
export function hermitianLength(layout: ComplexLayout, n: number): number {
  switch (layout) {
    case 'natural':
      return Math.floor(n / 2) + 1;
    case 'packed':
      return Math.floor(n / 2);
    case 'full':
      return n;
  }
}

/** Per-invocation count on the Hermitian side for logical EPT e (cuFFTDx: div(layout, E), +E%2 when packed). */
function hermitianEPT(layout: ComplexLayout, e: number): number {
  return layout === 'packed' ? Math.floor(e / 2) + (e % 2) : hermitianLength(layout, e);
}

export function deducedDirection(type: FFTType, direction: FFTDirection | undefined): FFTDirection | undefined {
  if (direction) return direction;
  if (type === 'r2c') return 'forward';
  if (type === 'c2r') return 'inverse';
  return undefined;
}

function describeLimits(precision: FFTPrecision, limits: FFTLimits): string {
  return describeLimitsText(
    maxNativeBlockSize(precision, limits),
    precision,
    limits.maxComputeWorkgroupStorageSize,
    limits.maxComputeInvocationsPerWorkgroup,
  );
}

/**
 * Elements-per-invocation values a Block FFT accepts for complex engine length execSize: the
 * Stockham set, restricted to powers of two below the length on the Bluestein path (cuFFTDx's rule
 * for workspace FFTs). Rader's: descriptors/rader.ts raderEPTs.
 */
export function supportedBlockEPTs(execSize: number, algorithm: 'stockham' | 'bluestein', precision: FFTPrecision): number[] {
  return blockEPTs(execSize, precision).filter((e) => algorithm === 'stockham' || (isPowerOfTwo(e) && e < execSize));
}

interface Engine {
  algorithm: Algorithm;
  execSize: number;
  execEPT: number;
  slots: number;
  suggestedExecEPT: number;
  suggestedSlots: number;
  /** Which measured table entries the engine follows (tuning.ts EngineKind); undefined: the C2C table. */
  kind?: EngineKind;
}

/** Chooses the Block engine for complex length n (already halved when folded). */
function chooseBlockEngine(
  size: number,
  n: number,
  precision: FFTPrecision,
  limits: FFTLimits,
  userExecEPT: number | undefined,
  userLogicalEPT: number | undefined,
  userSlots: number | undefined,
  realKind: EngineKind | undefined,
  rader: boolean | 'force',
  /** The layout of a folded real FFT, whose half-size engine must run natively (no Bluestein). */
  foldedLayout?: ComplexLayout,
  /** DescriptorState.engineKind: the real kind whose native engine a C2C plan runs where C2C's defaults have none. */
  engineKind?: EngineKind,
): Engine {
  let kind = realKind;
  const native = defaultTuning(n, precision, limits, kind) ?? (engineKind ? defaultTuning(n, precision, limits, engineKind) : undefined);
  let algorithm: Algorithm = 'stockham';
  let execSize = n;
  let suggested: { readonly ept: number; readonly slots: number } | undefined = native;
  if (!native && rader && usesRader(n, precision, limits, rader === 'force')) {
    algorithm = 'rader';
    execSize = n - 1;
    suggested = raderTuning(n, precision, limits);
  } else if (!native) {
    if (n > maxNativeBlockSize(precision, limits)) fail(blockTooLarge(size, describeLimits(precision, limits)));
    // The mirror exchange pairs element k with n - k of the engine's natural layout, which a
    // Bluestein engine (b > n points, stride b / E) does not have.
    if (foldedLayout !== undefined) fail(foldedBlockNotNative(foldedLayout, size, n));
    const b = bluesteinLength(n);
    if (b > maxBluesteinLength(precision, limits)) fail(bluesteinTooLarge(size, b, describeLimits(precision, limits)));
    algorithm = 'bluestein';
    execSize = b;
    kind = 'bluestein';
    suggested = defaultTuning(b, precision, limits, kind);
    // Unreachable: b is a power of two no larger than the largest native length.
    if (!suggested) throw new Error(`internal: no Block implementation for Bluestein length ${b}`);
  }
  const tuned = suggested!;
  let execEPT = tuned.ept;
  if (userExecEPT !== undefined) {
    const supported = algorithm === 'rader' ? raderEPTs(n, precision, limits) : supportedBlockEPTs(execSize, algorithm, precision);
    if (!supported.includes(userExecEPT)) {
      const scale = userLogicalEPT === userExecEPT ? 1 : 2;
      fail(
        eptNotSupported(
          userLogicalEPT!,
          size,
          precision,
          algorithm === 'stockham' ? undefined : { algorithm, length: execSize },
          supported.map((e) => e * scale).join(', '),
        ),
      );
    }
    execEPT = userExecEPT;
  }
  const suggestedSlotsForEPT =
    userExecEPT === undefined
      ? tuned.slots
      : algorithm === 'rader'
        ? raderSlots(n, execEPT, precision, limits)
        : suggestedSlots(execSize, execEPT, precision, limits, kind);
  return {
    algorithm,
    execSize,
    execEPT,
    slots: userSlots ?? 1,
    suggestedExecEPT: tuned.ept,
    suggestedSlots: suggestedSlotsForEPT,
    kind,
  };
}

/** The first thing a description lacks to be executable, or undefined when it is complete. */
export function missingForExecution(state: DescriptorState): Missing | undefined {
  if (state.size === undefined) return 'size';
  if (!deducedDirection(state.type ?? 'c2c', state.direction)) return 'direction';
  if (!state.execution) return 'execution';
  return undefined;
}

/** Logical elements per thread for an engine EPT (folded real FFTs count reals). */
function elementsPerThreadOf(folded: boolean, execEPT: number): number {
  return folded ? execEPT * 2 : execEPT;
}

/** Resolves a complete executable description. Throws FFTDescriptorError on anything the engine cannot build. */
export function resolvePlan(state: DescriptorState): FFTPlan {
  const missing = missingForExecution(state);
  if (missing) fail(incomplete('the plan', missing));
  return planFor(state, deducedDirection(state.type ?? 'c2c', state.direction)!);
}

/**
 * Checks what the engine can build for a description that has Size and Thread()/Block() (the
 * direction does not change the implementation, so a c2c description without one is checked too).
 */
export function checkImplementation(state: DescriptorState): void {
  if (state.size === undefined || !state.execution) return;
  planFor(state, deducedDirection(state.type ?? 'c2c', state.direction) ?? 'forward');
}

function planFor(state: DescriptorState, direction: FFTDirection): FFTPlan {
  const size = state.size!;
  const type = state.type ?? 'c2c';
  const execution = state.execution!;
  const precision = state.precision ?? 'f32';
  const layout: ComplexLayout = state.layout ?? 'natural';
  const mode: RealMode = state.mode ?? 'normal';
  const limits = state.limits ?? DEFAULT_LIMITS;
  const itb: 1 | 2 = precision === 'f16' ? 2 : 1;
  const folded = mode === 'folded' && type !== 'c2c';
  const n = folded ? size / 2 : size;

  const inputType: ElementKind = type === 'r2c' && !folded ? 'real' : 'complex';
  const outputType: ElementKind = type === 'c2r' && !folded ? 'real' : 'complex';
  const inputLength = type === 'c2r' ? hermitianLength(layout, size) : n;
  const outputLength = type === 'r2c' ? hermitianLength(layout, size) : n;

  let engine: Engine;
  let fftsPerBlock: number;
  let suggestedFFTsPerBlock: number;
  let blockDim: readonly [number, number, number];
  if (execution === 'thread') {
    if (n > MAX_THREAD_EXEC_SIZE[precision]) {
      const limit = MAX_THREAD_EXEC_SIZE[precision];
      fail(folded ? foldedThreadTooLarge(size, precision, limit) : threadTooLarge(size, precision, limit));
    }
    engine = { algorithm: 'stockham', execSize: n, execEPT: n, slots: 1, suggestedExecEPT: n, suggestedSlots: 1 };
    fftsPerBlock = itb;
    suggestedFFTsPerBlock = itb;
    blockDim = [1, 1, 1];
  } else {
    const logicalEPT = state.elementsPerThread;
    const userExecEPT = logicalEPT === undefined ? undefined : folded ? logicalEPT / 2 : logicalEPT;
    const userSlots =
      state.fftsPerBlock !== undefined
        ? state.fftsPerBlock / itb
        : state.blockDim !== undefined
          ? state.blockDim[1]
          : undefined;
    const realKind: EngineKind | undefined = type === 'c2c' ? undefined : `${type}-${mode}`;
    const rader = realKind === undefined && (state.algorithm === 'rader' ? 'force' : state.algorithm !== 'bluestein');
    engine = chooseBlockEngine(size, n, precision, limits, userExecEPT, logicalEPT, userSlots, realKind, rader, folded ? layout : undefined, state.engineKind);
    fftsPerBlock = engine.slots * itb;
    suggestedFFTsPerBlock = engine.suggestedSlots * itb;
    const stride = engine.execSize / engine.execEPT;
    blockDim = state.blockDim ?? [stride, engine.slots, 1];
    if (blockDim[0] < stride || blockDim[1] < engine.slots) {
      fail(blockDimTooSmall(blockDim, size, folded ? engine.execEPT * 2 : engine.execEPT, fftsPerBlock, stride, engine.slots));
    }
  }

  const stride = engine.execSize / engine.execEPT;
  const invocations = blockDim[0] * blockDim[1] * blockDim[2];
  if (invocations > limits.maxComputeInvocationsPerWorkgroup) {
    fail(tooManyInvocations(invocations, limits.maxComputeInvocationsPerWorkgroup));
  }
  const rader = engine.algorithm === 'rader';
  if (state.exchangeParts !== undefined) {
    const ok =
      state.exchangeParts === 1 ||
      (execution === 'block' &&
        stride > 1 &&
        !rader &&
        EXCHANGE_PARTS.includes(state.exchangeParts) &&
        supportsParts(engine.execSize, engine.execEPT, state.exchangeParts));
    if (!ok) {
      const valid = execution === 'block' && stride > 1 && !rader ? partsCandidates(engine.execSize, engine.execEPT) : [1];
      fail(exchangePartsNotSupported(state.exchangeParts, size, elementsPerThreadOf(folded, engine.execEPT), valid.join(', ')));
    }
  }
  if (state.batchRounds !== undefined && !(Number.isInteger(state.batchRounds) && state.batchRounds >= 1 && (state.batchRounds === 1 || execution === 'block'))) {
    fail(batchRoundsNotSupported(state.batchRounds));
  }
  // Bytes of all slots' engine data as complex values (the exchange in one part).
  const slotsBytes = engine.execSize * COMPLEX_BYTES[precision] * engine.slots;
  const tableSplit = preferredSplit(engine.execSize, engine.execEPT, precision, limits, engine.kind);
  const tableParts = preferredParts(engine.execSize, engine.execEPT, precision, limits, engine.kind);
  // Folded real FFTs add a mirror exchange of their own. Where the table (measured on C2C) prefers
  // the split exchange in one part, they take the complex one in two parts instead: the same bytes,
  // one vec2 per element moved (bench/NOTES.md, run 3: 3434 against 3196 GB/s at 4096 on an H200).
  const foldedParts =
    folded && state.exchange === undefined && tableSplit && tableParts === 1 && supportsParts(engine.execSize, engine.execEPT, 2);
  // Bluestein runs its engine twice: where the table picks a split or parted exchange, the complex
  // one in 2 parts measured faster wherever it fits (bench/NOTES.md, run 4: +9 % at 1009 and +17 % at
  // 4093, H200). A complex one-part choice stays (it keeps execute_shared).
  const bluesteinParts =
    engine.algorithm === 'bluestein' &&
    state.exchange === undefined &&
    (tableSplit || tableParts > 1) &&
    supportsParts(engine.execSize, engine.execEPT, 2) &&
    slotsBytes / 2 <= limits.maxComputeWorkgroupStorageSize;
  const complexInTwo = foldedParts || bluesteinParts;
  // Rader permutes its p elements through the buffer in natural order: p elements per slot, one part.
  const exchange =
    execution === 'thread'
      ? { kind: 'none' as const, bytes: 0, parts: 1 }
      : rader
        ? raderExchange(size, engine.slots, precision, limits, state.exchange === undefined ? raderPrefersSplit(size, engine.execEPT, precision, limits) : state.exchange === 'split')
        : exchangeFor(engine.execSize, stride, engine.slots, precision, limits, {
            split: state.exchange === undefined ? tableSplit && !complexInTwo : state.exchange === 'split',
            parts: complexInTwo ? 2 : tableParts,
            ...(state.exchangeParts === undefined ? {} : { exactParts: state.exchangeParts }),
          });
  if (!exchange) {
    // The least the engine could need: the split exchange in the most parts allowed.
    const parts = rader ? 1 : (state.exchangeParts ?? Math.max(1, ...partsCandidates(engine.execSize, engine.execEPT)));
    const need = (rader ? size * COMPLEX_BYTES[precision] * engine.slots : slotsBytes) / 2 / parts;
    fail(workgroupMemoryExceeded(fftsPerBlock, size, need, limits.maxComputeWorkgroupStorageSize));
  }
  // The two checks above cover fitsLimits (blockDim >= [stride, slots]); kept as an internal assertion.
  if (execution === 'block' && !rader && !fitsLimits(engine.execSize, engine.execEPT, engine.slots, precision, limits)) {
    throw new Error(`internal: the Block FFT for Size(${size}) does not fit these Limits`);
  }

  // Logical EPT (cuFFTDx: counts real elements in folded mode).
  const elementsPerThread = folded ? engine.execEPT * 2 : engine.execEPT;
  const suggestedElementsPerThread = folded ? engine.suggestedExecEPT * 2 : engine.suggestedExecEPT;
  const effectiveEPT = engine.execEPT;
  const inputEPT = type === 'c2r' ? hermitianEPT(layout, elementsPerThread) : effectiveEPT;
  const outputEPT = type === 'r2c' ? hermitianEPT(layout, elementsPerThread) : effectiveEPT;
  let storageSize = engine.execEPT;
  if (folded && layout === 'natural') storageSize += 1;
  if (folded && layout === 'full') storageSize *= 2;
  // Rader's p = execSize + 1 elements: register execEPT holds element p - 1 (invocation 0's only).
  if (rader) storageSize += 1;

  const requiresWorkspace = engine.algorithm !== 'stockham';
  // The engine's shape, as the tuning entries' other choices (prefetch, rounds, twiddles at use) were measured with.
  const shape: EngineShape | undefined = exchange.kind === 'none' ? undefined : { ept: engine.execEPT, exchange: exchange.kind, parts: exchange.parts };
  return Object.freeze({
    size,
    type,
    direction,
    precision,
    execution,
    layout,
    mode,
    limits,
    implicitTypeBatching: itb,
    valueType: VALUE_TYPE[precision],
    scalarType: SCALAR_TYPE[precision],
    inputType,
    outputType,
    algorithm: engine.algorithm,
    execSize: engine.execSize,
    execEPT: engine.execEPT,
    elementsPerThread,
    suggestedElementsPerThread,
    storageSize,
    stride,
    inputLength,
    outputLength,
    inputEPT: rader ? storageSize : inputEPT,
    outputEPT: rader ? storageSize : outputEPT,
    fftsPerBlock,
    suggestedFFTsPerBlock,
    blockDim: Object.freeze([blockDim[0], blockDim[1], blockDim[2]]) as readonly [number, number, number],
    maxThreadsPerBlock: invocations,
    sharedMemorySize: exchange.bytes,
    exchange: exchange.kind,
    exchangeParts: exchange.parts,
    bluesteinPrefetch:
      engine.algorithm === 'bluestein' && shape !== undefined && (state.bluesteinPrefetch ?? preferredPrefetch(engine.execSize, shape, precision, limits)),
    batchRounds:
      state.batchRounds ??
      (execution === 'block' && shape !== undefined ? preferredRounds(engine.execSize, { ...shape, slots: fftsPerBlock / itb }, precision, limits, engine.kind) : 1),
    twiddlesAtUse: state.twiddlesAtUse ?? (shape !== undefined && preferredTwiddlesAtUse(engine.execSize, shape, precision, limits, engine.kind)),
    requiresWorkspace,
    // Rader: the kernel's spectrum and the index pairs, execSize each; Bluestein: H, the chirp and zeros.
    workspaceSize: requiresWorkspace ? 2 * engine.execSize * COMPLEX_BYTES[precision] : 0,
  });
}
