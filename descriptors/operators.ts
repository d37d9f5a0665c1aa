// The operators users compose descriptors from: small frozen objects `{ op, value }` whose value keeps
// its literal type (SizeOp<128>), so the type level can compute literal traits and readable errors.
// Constructors do not validate: fft()/with() validate the whole list (descriptors/rules.ts), so the
// runtime check and the compile-time check see the same combination and report the same message.
import type { ComplexLayout, FFTDirection, FFTExecution, FFTPrecision, FFTType, RealMode } from './model.js';
import { DEFAULT_LIMITS } from './model.js';

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

/** FFT length (cuFFTDx `Size<N>`). */
export function Size<const N extends number>(n: N): SizeOp<N> {
  return freeze({ op: 'size', value: n });
}

/** c2c (default), r2c or c2r (cuFFTDx `Type<fft_type::...>`). */
export function Type<const T extends FFTType>(type: T): TypeOp<T> {
  return freeze({ op: 'type', value: type });
}

/** forward or inverse; deduced for r2c (forward) and c2r (inverse). */
export function Direction<const D extends FFTDirection>(direction: D): DirectionOp<D> {
  return freeze({ op: 'direction', value: direction });
}

/** f16 (needs `shader-f16`, two FFTs per register), f32 (default) or f64 (emulated). */
export function Precision<const P extends FFTPrecision>(precision: P): PrecisionOp<P> {
  return freeze({ op: 'precision', value: precision });
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
export function ElementsPerThread<const E extends number>(e: E): ElementsPerThreadOp<E> {
  return freeze({ op: 'elementsPerThread', value: e });
}

/** FFTs one workgroup computes (Block only; even in f16). */
export function FFTsPerBlock<const F extends number>(f: F): FFTsPerBlockOp<F> {
  return freeze({ op: 'fftsPerBlock', value: f });
}

/** The workgroup size to dispatch with (Block only); extra invocations idle but call `execute`. */
export function BlockDim<const X extends number, const Y extends number = 1, const Z extends number = 1>(
  x: X,
  y?: Y,
  z?: Z,
): BlockDimOp<X, Y, Z> {
  return freeze({ op: 'blockDim', value: freeze([x, (y ?? 1) as Y, (z ?? 1) as Z] as const) });
}

/** Layout of the complex side of r2c/c2r and the real mode (cuFFTDx `RealFFTOptions<layout, mode>`). */
export function RealFFTOptions<const L extends ComplexLayout, const M extends RealMode = 'normal'>(
  layout: L,
  mode?: M,
): RealFFTOptionsOp<L, M> {
  return freeze({ op: 'realFFTOptions', value: freeze({ layout, mode: (mode ?? 'normal') as M }) });
}

/**
 * What the target device allows (the analogue of cuFFTDx `SM<>`): the three fields, each defaulting
 * to the WebGPU core value, or an adapter's `GPUSupportedLimits` as is.
 */
export function Limits<const L extends LimitsInput>(
  limits: L,
): LimitsOp<LimitsStorageOf<L>, LimitsInvocationsOf<L>> {
  return freeze({
    op: 'limits',
    value: freeze({
      maxComputeWorkgroupStorageSize: (limits.maxComputeWorkgroupStorageSize ??
        DEFAULT_LIMITS.maxComputeWorkgroupStorageSize) as LimitsStorageOf<L>,
      maxComputeInvocationsPerWorkgroup: (limits.maxComputeInvocationsPerWorkgroup ??
        DEFAULT_LIMITS.maxComputeInvocationsPerWorkgroup) as LimitsInvocationsOf<L>,
      subgroups: limits.subgroups ?? false,
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
