// Type level: the rules of descriptors/rules.ts in the same order, and ValidOps, which turns the
// parameter type of the culprit argument into the message (TypeGPU style), so the error reads
// `Argument of type 'SizeOp<1>' is not assignable to parameter of type '"(FFT error) Size(1) ..."'`.
// Anything non-literal passes here; the runtime checks it with the same texts.
import type { FFTExecution } from '../model.js';
import type {
  AnyOp,
  BlockDimOp,
  ElementsPerThreadOp,
  ExecutionOp,
  FFTsPerBlockOp,
  LimitsOp,
  OpKind,
  SizeOp,
} from '../operators.js';
import type { Fail, ImplementationCheck } from './engine.js';
import type * as Msg from './messages.js';
import type { IsEven, IsNat } from './nat.js';
import type { IsSingle, LayoutOf, ModeOf, PrecisionOf, State, StateOf, TypeOf } from './state.js';

/** A violation found while walking the arguments: blame the argument at index I['length']. */
interface PositionFail<I extends 0[] = 0[], M extends string = string> {
  readonly at: I;
  readonly message: M;
}

type IsUnion<T, A = T> = T extends unknown ? ([A] extends [T] ? false : true) : never;
/** A single number literal (possibly not an integer); `number` and unions are not. */
type IsNumberLiteral<N> = [N] extends [number] ? (number extends N ? false : IsUnion<N> extends true ? false : true) : false;
/** True when N is a literal that is not a positive integer (non-literals pass: the runtime checks them). */
type NotPositive<N> = IsNumberLiteral<N> extends true ? (IsNat<N> extends true ? (N extends 0 ? true : false) : true) : false;

type KindLabels = {
  size: 'Size';
  type: 'Type';
  direction: 'Direction';
  precision: 'Precision';
  elementsPerThread: 'ElementsPerThread';
  fftsPerBlock: 'FFTsPerBlock';
  blockDim: 'BlockDim';
  realFFTOptions: 'RealFFTOptions';
  limits: 'Limits';
};
type ExecutionLabel<X extends FFTExecution> = X extends 'thread' ? 'Thread' : 'Block';
type Label<O extends AnyOp> = O extends ExecutionOp<infer X> ? ExecutionLabel<X> : KindLabels[Exclude<O['op'], 'execution'>];

/** Phase 1: one operator's own value. */
type ValueError<O extends AnyOp> =
  O extends SizeOp<infer N>
    ? IsNumberLiteral<N> extends true
      ? IsNat<N> extends true
        ? N extends 0 | 1
          ? Msg.SizeNotValid<N>
          : true
        : Msg.SizeNotValid<N>
      : true
    : O extends ElementsPerThreadOp<infer E>
      ? NotPositive<E> extends true
        ? Msg.NotPositiveInteger<'ElementsPerThread', E>
        : true
      : O extends FFTsPerBlockOp<infer F>
        ? NotPositive<F> extends true
          ? Msg.NotPositiveInteger<'FFTsPerBlock', F>
          : true
        : O extends BlockDimOp<infer X, infer Y, infer Z>
          ? true extends NotPositive<X> | NotPositive<Y> | NotPositive<Z>
            ? Msg.BlockDimNotValid<X, Y, Z>
            : true
          : O extends LimitsOp<infer S, infer I>
            ? true extends NotPositive<S> | NotPositive<I>
              ? Msg.LimitsNotValid<S, I>
              : true
            : true;

/** Phase 1: each argument in order, its value then its repetition. Seen maps kinds to labels. */
type Walk<Ops extends readonly AnyOp[], Seen = {}, I extends 0[] = []> = Ops extends readonly [
  infer O extends AnyOp,
  ...infer Rest extends readonly AnyOp[],
]
  ? ValueError<O> extends infer V extends string
    ? PositionFail<I, Msg.Tagged<V>>
    : O['op'] extends keyof Seen
      ? PositionFail<
          I,
          Msg.Tagged<
            Label<O> extends Seen[O['op']] ? Msg.Duplicate<Label<O>> : Msg.ExecutionConflict<Label<O>, Seen[O['op']] & string>
          >
        >
      : Walk<Rest, Seen & { [K in O['op']]: Label<O> }, [...I, 0]>
  : true;

type F<K extends OpKind, M extends string> = Fail<K, Msg.Tagged<M>>;

type BlockOnly<S extends State> = [S['execution']] extends ['thread']
  ? S['elementsPerThread'] extends undefined
    ? S['fftsPerBlock'] extends undefined
      ? S['blockDim'] extends undefined
        ? true
        : F<'blockDim', Msg.BlockOnlyWithThread<'BlockDim'>>
      : F<'fftsPerBlock', Msg.BlockOnlyWithThread<'FFTsPerBlock'>>
    : F<'elementsPerThread', Msg.BlockOnlyWithThread<'ElementsPerThread'>>
  : true;

type DirectionRule<S extends State, T = TypeOf<S>, D = S['direction']> = [T, D] extends ['r2c', 'inverse']
  ? F<'direction', Msg.DirectionConflict<'r2c', 'inverse'>>
  : [T, D] extends ['c2r', 'forward']
    ? F<'direction', Msg.DirectionConflict<'c2r', 'forward'>>
    : true;

type FoldedC2C<S extends State> = [ModeOf<S>, TypeOf<S>] extends ['folded', 'c2c']
  ? IsSingle<LayoutOf<S>> extends true
    ? F<'realFFTOptions', Msg.FoldedWithC2C<LayoutOf<S>>>
    : true
  : true;

/** Size-dependent real-FFT rules (literal size, a real type). */
type RealSizeRules<S extends State, N = S['size'], L = LayoutOf<S>, M = ModeOf<S>> =
  IsNat<N> extends true
    ? N extends number
      ? [TypeOf<S>] extends ['r2c' | 'c2r']
        ? [L, IsEven<N>, IsSingle<M>] extends ['packed', false, true]
          ? F<'realFFTOptions', Msg.PackedOddSize<M & ('normal' | 'folded'), N>>
          : IsSingle<L> extends true
            ? [M, IsEven<N>, S['execution']] extends ['folded', false, 'thread' | 'block']
              ? F<'realFFTOptions', Msg.FoldedOddSize<L & ('natural' | 'packed' | 'full'), S['execution'] & ('thread' | 'block'), N>>
              : true
            : true
        : true
      : true
    : true;

type FoldedEPT<S extends State, E = S['elementsPerThread']> = [ModeOf<S>, IsNat<E>] extends ['folded', true]
  ? E extends number
    ? IsEven<E> extends false
      ? F<'elementsPerThread', Msg.FoldedOddEPT<E>>
      : true
    : true
  : true;

type F16FFTs<S extends State, Fpb = S['fftsPerBlock']> = [PrecisionOf<S>, IsNat<Fpb>] extends ['f16', true]
  ? Fpb extends number
    ? IsEven<Fpb> extends false
      ? F<'fftsPerBlock', Msg.F16OddFFTsPerBlock<Fpb>>
      : true
    : true
  : true;

/** Phases 2 and 3, in runtime order: the first Fail, or true. */
type Combinations<S extends State> =
  BlockOnly<S> extends infer R extends Fail
    ? R
    : DirectionRule<S> extends infer R extends Fail
      ? R
      : FoldedC2C<S> extends infer R extends Fail
        ? R
        : RealSizeRules<S> extends infer R extends Fail
          ? R
          : FoldedEPT<S> extends infer R extends Fail
            ? R
            : F16FFTs<S> extends infer R extends Fail
              ? R
              : ImplementationCheck<S>;

/** The first violation of an operator list: a PositionFail, a Fail (by kind), or true. */
export type Check<Ops extends readonly AnyOp[]> = Walk<Ops> extends infer W extends PositionFail ? W : Combinations<StateOf<Ops>>;

type Blank<T extends readonly unknown[]> = { [K in keyof T]: 0 };
type Everywhere<New extends readonly unknown[], M> = { [K in keyof New]: M };

/**
 * The parameter list of fft(...ops) / desc.with(...ops): the operators themselves when the combined
 * list is valid; otherwise the culprit argument's type becomes the message (every new argument when
 * the culprit was composed earlier).
 */
export type ValidOps<New extends readonly AnyOp[], Prior extends readonly AnyOp[] = []> = number extends New['length']
  ? New
  : number extends Prior['length']
    ? New
    : Check<[...Prior, ...New]> extends infer R
      ? R extends PositionFail<infer I, infer M>
        ? I extends [...Blank<Prior>, ...infer Rel extends 0[]]
          ? { [K in keyof New]: K extends `${Rel['length']}` ? M : New[K] }
          : Everywhere<New, M>
        : R extends Fail<infer K, infer M>
          ? [Extract<New[number], { readonly op: K }>] extends [never]
            ? Everywhere<New, M>
            : { [I in keyof New]: New[I] extends { readonly op: K } ? M : New[I] }
          : New
      : New;

/** The message of the first violation, or never (used by the conformance tests and docs). */
export type ErrorOf<Ops extends readonly AnyOp[]> = Check<Ops> extends infer R
  ? R extends { readonly message: infer M }
    ? M
    : never
  : never;
