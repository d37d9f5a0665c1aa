// The operators users compose descriptors from: small frozen objects `{ op, value }` whose value keeps
// its literal type (SizeOp<128>), so the type level can compute literal traits and readable errors.
// Constructors check only the JavaScript type of their arguments (argument-types.ts), as TypeScript
// does on the call itself (types/arguments.ts). Values and combinations are validated by fft()/with()
// over the whole list (descriptors/rules.ts), so the runtime check and the compile-time check see the
// same combination and report the same message.
import { checkArgumentTypes, checkLimitsArgument } from './argument-types.js';
import type { ComplexLayout, FFTDirection, FFTExecution, FFTPrecision, FFTType, RealMode } from './model.js';
import { DEFAULT_LIMITS } from './model.js';
import type { AsNumber, AsWord, IntegerParam, ObjectParam, WordParam } from './types/arguments.js';
import type { DirectionValues, LayoutValues, LimitsArgument, ModeValues, PrecisionValues, TypeValues } from './types/messages.js';

export interface SizeOp<N extends number = number> {
  readonly op: 'size';
  readonly value: N;
}
export interface TypeOp<T extends FFTType = FFTType> {
  readonly op: 'type';
  readonly value: T;
}
export interface DirectionOp<D extends FFTDirection = FFTDirection> {
  readonly op: 'direction';
  readonly value: D;
}
export interface PrecisionOp<P extends FFTPrecision = FFTPrecision> {
  readonly op: 'precision';
  readonly value: P;
}
/** Thread() and Block() share one kind: a descriptor has at most one execution operator. */
export interface ExecutionOp<X extends FFTExecution = FFTExecution> {
  readonly op: 'execution';
  readonly value: X;
}
export type ThreadOp = ExecutionOp<'thread'>;
export type BlockOp = ExecutionOp<'block'>;
export interface ElementsPerThreadOp<E extends number = number> {
  readonly op: 'elementsPerThread';
  readonly value: E;
}
export interface FFTsPerBlockOp<F extends number = number> {
  readonly op: 'fftsPerBlock';
  readonly value: F;
}
export interface BlockDimOp<X extends number = number, Y extends number = number, Z extends number = number> {
  readonly op: 'blockDim';
  readonly value: readonly [X, Y, Z];
}
export interface RealFFTOptionsOp<L extends ComplexLayout = ComplexLayout, M extends RealMode = RealMode> {
  readonly op: 'realFFTOptions';
  readonly value: { readonly layout: L; readonly mode: M };
}
export interface LimitsOp<S extends number = number, I extends number = number> {
  readonly op: 'limits';
  readonly value: {
    readonly maxComputeWorkgroupStorageSize: S;
    readonly maxComputeInvocationsPerWorkgroup: I;
    readonly subgroups: boolean;
  };
}

export type AnyOp =
  | SizeOp
  | TypeOp
  | DirectionOp
  | PrecisionOp
  | ExecutionOp
  | ElementsPerThreadOp
  | FFTsPerBlockOp
  | BlockDimOp
  | RealFFTOptionsOp
  | LimitsOp;

export type OpKind = AnyOp['op'];

/** What `Limits()` accepts: the three fields (each optional), or an adapter's `GPUSupportedLimits`. */
export interface LimitsInput {
  readonly maxComputeWorkgroupStorageSize?: number;
  readonly maxComputeInvocationsPerWorkgroup?: number;
  readonly subgroups?: boolean;
}

/** The literal type of one field of a Limits() argument, or the core default when it is absent. */
type LimitField<L, K extends string, Default extends number> = L extends { readonly [P in K]: infer V }
  ? V extends number
    ? V
    : Default
  : L extends { readonly [P in K]?: infer V }
    ? Exclude<V, undefined> extends infer W extends number
      ? [W] extends [never]
        ? Default
        : W | Default
      : number
    : Default;

export type LimitsStorageOf<L> = LimitField<L, 'maxComputeWorkgroupStorageSize', 16384>;
export type LimitsInvocationsOf<L> = LimitField<L, 'maxComputeInvocationsPerWorkgroup', 256>;

const freeze = <T extends object>(o: T): T => Object.freeze(o);

/** Checks the argument types (the one check a constructor makes), then freezes. */
function checked<O extends AnyOp>(op: { readonly op: O['op']; readonly value: unknown }): O {
  checkArgumentTypes(op);
  return freeze(op) as O;
}

// Each constructor is one overload, the signature users see and the type level checks, over an
// implementation that takes `unknown`, so the body never reads a parameter of those generic
// conditional types (the checker would compute their constraints, all possible messages).

/** FFT length (cuFFTDx `Size<N>`). */
export function Size<const N>(n: IntegerParam<N, 'Size'>): SizeOp<AsNumber<N>>;
export function Size(n: unknown): SizeOp {
  return checked({ op: 'size', value: n });
}

/** c2c (default), r2c or c2r (cuFFTDx `Type<fft_type::...>`). */
export function Type<const T>(type: WordParam<T, FFTType, 'Type', TypeValues>): TypeOp<AsWord<T, FFTType>>;
export function Type(type: unknown): TypeOp {
  return checked({ op: 'type', value: type });
}

/** forward or inverse; deduced for r2c (forward) and c2r (inverse). */
export function Direction<const D>(
  direction: WordParam<D, FFTDirection, 'Direction', DirectionValues>,
): DirectionOp<AsWord<D, FFTDirection>>;
export function Direction(direction: unknown): DirectionOp {
  return checked({ op: 'direction', value: direction });
}

/** f16 (needs `shader-f16`, two FFTs per register), f32 (default) or f64 (emulated). */
export function Precision<const P>(
  precision: WordParam<P, FFTPrecision, 'Precision', PrecisionValues>,
): PrecisionOp<AsWord<P, FFTPrecision>>;
export function Precision(precision: unknown): PrecisionOp {
  return checked({ op: 'precision', value: precision });
}

/** One invocation computes the whole FFT (two for f16). */
export function Thread(): ThreadOp {
  return freeze({ op: 'execution', value: 'thread' });
}

/** The invocations of a workgroup compute FFTsPerBlock FFTs together. */
export function Block(): BlockOp {
  return freeze({ op: 'execution', value: 'block' });
}

/** Logical elements each invocation holds (Block only). */
export function ElementsPerThread<const E>(
  e: IntegerParam<E, 'ElementsPerThread'>,
): ElementsPerThreadOp<AsNumber<E>>;
export function ElementsPerThread(e: unknown): ElementsPerThreadOp {
  return checked({ op: 'elementsPerThread', value: e });
}

/** FFTs one workgroup computes (Block only; even in f16). */
export function FFTsPerBlock<const F>(f: IntegerParam<F, 'FFTsPerBlock'>): FFTsPerBlockOp<AsNumber<F>>;
export function FFTsPerBlock(f: unknown): FFTsPerBlockOp {
  return checked({ op: 'fftsPerBlock', value: f });
}

/** The workgroup size to dispatch with (Block only); extra invocations idle but call `execute`. */
export function BlockDim<const X, const Y = 1, const Z = 1>(
  x: IntegerParam<X, 'BlockDim', 'x'>,
  y?: IntegerParam<Y, 'BlockDim', 'y'>,
  z?: IntegerParam<Z, 'BlockDim', 'z'>,
): BlockDimOp<AsNumber<X>, AsNumber<Y>, AsNumber<Z>>;
export function BlockDim(x: unknown, y?: unknown, z?: unknown): BlockDimOp {
  // Only an absent y or z is 1: a null one is reported as null, as the type level does.
  return checked({ op: 'blockDim', value: freeze([x, y === undefined ? 1 : y, z === undefined ? 1 : z]) });
}

/** Layout of the complex side of r2c/c2r and the real mode (cuFFTDx `RealFFTOptions<layout, mode>`). */
export function RealFFTOptions<const L, const M = 'normal'>(
  layout: WordParam<L, ComplexLayout, 'RealFFTOptions', LayoutValues, 'layout'>,
  mode?: WordParam<M, RealMode, 'RealFFTOptions', ModeValues, 'mode'>,
): RealFFTOptionsOp<AsWord<L, ComplexLayout>, AsWord<M, RealMode>>;
export function RealFFTOptions(layout: unknown, mode?: unknown): RealFFTOptionsOp {
  return checked({ op: 'realFFTOptions', value: freeze({ layout, mode: mode === undefined ? 'normal' : mode }) });
}

/**
 * What the target device allows (the analogue of cuFFTDx `SM<>`): the three fields, each defaulting
 * to the WebGPU core value, or an adapter's `GPUSupportedLimits` as is.
 */
export function Limits<const L>(
  limits: ObjectParam<L, LimitsInput, 'Limits', LimitsArgument>,
): LimitsOp<LimitsStorageOf<L>, LimitsInvocationsOf<L>>;
export function Limits(limits: unknown): LimitsOp {
  checkLimitsArgument(limits);
  const given = limits as Record<keyof LimitsInput, unknown>;
  // Only an absent field takes the default: a null one is reported as null.
  const field = (v: unknown, fallback: number | boolean): unknown => (v === undefined ? fallback : v);
  return checked({
    op: 'limits',
    value: freeze({
      maxComputeWorkgroupStorageSize: field(given.maxComputeWorkgroupStorageSize, DEFAULT_LIMITS.maxComputeWorkgroupStorageSize),
      maxComputeInvocationsPerWorkgroup: field(given.maxComputeInvocationsPerWorkgroup, DEFAULT_LIMITS.maxComputeInvocationsPerWorkgroup),
      subgroups: field(given.subgroups, false),
    }),
  });
}

/** How an operator is written in messages: `Size`, `Block`, ... */
export function operatorLabel(op: AnyOp): string {
  if (op.op === 'execution') return op.value === 'thread' ? 'Thread' : 'Block';
  return KIND_LABEL[op.op];
}

export const KIND_LABEL: Readonly<Record<Exclude<OpKind, 'execution'>, string>> = {
  size: 'Size',
  type: 'Type',
  direction: 'Direction',
  precision: 'Precision',
  elementsPerThread: 'ElementsPerThread',
  fftsPerBlock: 'FFTsPerBlock',
  blockDim: 'BlockDim',
  realFFTOptions: 'RealFFTOptions',
  limits: 'Limits',
};
