// Type level: the mirror of plan.ts for literal inputs. Resolves a state into either the first
// implementation error (culprit operator + message, in plan.ts's order) or every execution trait as a
// literal. Per-size facts come from the generated tables; formulas use the digit arithmetic of nat.ts.
// Non-literal inputs, or Limits other than a tuned profile (Block only), resolve to `Wide`.
import type { ComplexLayout, FFTPrecision, FFTType } from '../model.js';
import type { OpKind } from '../operators.js';
import type { BlockTuning, KindFallback, KindTuning, MaxBluestein, MaxNative, MaxThreadSize, ProfileLimits, RaderTuning } from '../tables.gen.js';
import type * as Msg from './messages.js';
import type { Add, CeilPow2, Div, Gt, Half, IsEven, Lt, Mul } from './nat.js';
import type {
  AllLiteral,
  IsFolded,
  IsTunedProfile,
  LayoutOf,
  ModeOf,
  PrecisionOf,
  ProfileOf,
  State,
  TypeOf,
} from './state.js';

/** A rule violation: the operator kind to blame and the full tagged message. */
export interface Fail<K extends OpKind = OpKind, M extends string = string> {
  readonly culprit: K;
  readonly message: M;
}
type Failed<K extends OpKind, M extends string> = Fail<K, Msg.Tagged<M>>;

/** The plan cannot be computed at the type level (non-literal inputs or custom Limits). */
export interface Wide {
  readonly wide: true;
}

/** The execution traits of a resolved plan. */
export interface PlanTraits {
  readonly elementsPerThread: number;
  readonly suggestedElementsPerThread: number;
  readonly storageSize: number;
  readonly stride: number;
  readonly inputLength: number;
  readonly outputLength: number;
  readonly inputEPT: number;
  readonly outputEPT: number;
  readonly fftsPerBlock: number;
  readonly suggestedFFTsPerBlock: number;
  readonly blockDim: readonly [number, number, number];
  readonly maxThreadsPerBlock: number;
  readonly sharedMemorySize: number;
  readonly requiresWorkspace: boolean;
  readonly workspaceSize: number;
}

type Itb<P extends FFTPrecision> = P extends 'f16' ? 2 : 1;

/** cuFFTDx div(layout, n): complex elements of the Hermitian side for n real points. */
export type HermitianLength<L extends ComplexLayout, N extends number> = L extends 'natural'
  ? Add<Half<N>, 1>
  : L extends 'packed'
    ? Half<N>
    : N;
type HermitianEPT<L extends ComplexLayout, E extends number> = L extends 'packed'
  ? Add<Half<E>, IsEven<E> extends true ? 0 : 1>
  : HermitianLength<L, E>;

/** Engine length: size, or size/2 for folded real FFTs. */
export type EngineLength<S extends State> = IsFolded<S> extends true ? Half<S['size'] & number> : S['size'] & number;

/** inputLength / outputLength (independent of execution and Limits). */
export type Lengths<S extends State, N extends number = S['size'] & number, T extends FFTType = TypeOf<S>> = {
  readonly inputLength: T extends 'c2r' ? HermitianLength<LayoutOf<S>, N> : EngineLength<S>;
  readonly outputLength: T extends 'r2c' ? HermitianLength<LayoutOf<S>, N> : EngineLength<S>;
};

/** The traits shared by Thread and Block, from the engine's choices. */
type Finish<
  S extends State,
  ExecEPT extends number,
  SuggestedExecEPT extends number,
  Stride extends number,
  Slots extends number,
  SuggestedSlots extends number,
  Dim extends readonly [number, number, number],
  Invocations extends number,
  Smem extends number,
  WorkspaceSize extends number,
  /** Rader: one more register (element p - 1 in invocation 0), input and output alike. */
  Rader extends boolean = false,
  Folded extends boolean = IsFolded<S>,
  L extends ComplexLayout = LayoutOf<S>,
  T extends FFTType = TypeOf<S>,
  EPT extends number = Folded extends true ? Mul<ExecEPT, 2> : ExecEPT,
  Registers extends number = Rader extends true ? Add<ExecEPT, 1> : ExecEPT,
> = {
  readonly elementsPerThread: EPT;
  readonly suggestedElementsPerThread: Folded extends true ? Mul<SuggestedExecEPT, 2> : SuggestedExecEPT;
  readonly storageSize: Folded extends true ? (L extends 'natural' ? Add<ExecEPT, 1> : L extends 'full' ? Mul<ExecEPT, 2> : ExecEPT) : Registers;
  readonly stride: Stride;
  readonly inputEPT: T extends 'c2r' ? HermitianEPT<L, EPT> : Registers;
  readonly outputEPT: T extends 'r2c' ? HermitianEPT<L, EPT> : Registers;
  readonly fftsPerBlock: Mul<Slots, Itb<PrecisionOf<S>>>;
  readonly suggestedFFTsPerBlock: Mul<SuggestedSlots, Itb<PrecisionOf<S>>>;
  readonly blockDim: Dim;
  readonly maxThreadsPerBlock: Invocations;
  readonly sharedMemorySize: Smem;
  readonly requiresWorkspace: WorkspaceSize extends 0 ? false : true;
  readonly workspaceSize: WorkspaceSize;
} & Lengths<S>;

type ThreadEngine<
  S extends State,
  N extends number = S['size'] & number,
  P extends FFTPrecision = PrecisionOf<S>,
  n extends number = EngineLength<S>,
> =
  Gt<n, MaxThreadSize[P]> extends true
    ? Failed<
        'size',
        IsFolded<S> extends true ? Msg.FoldedThreadTooLarge<N, P, MaxThreadSize[P]> : Msg.ThreadTooLarge<N, P, MaxThreadSize[P]>
      >
    : Finish<S, n, n, 1, 1, 1, readonly [1, 1, 1], 1, 0, 0>;

type LimitsText<Pr extends keyof ProfileLimits, P extends FFTPrecision> = Msg.DescribeLimits<
  MaxNative[Pr][P],
  P,
  ProfileLimits[Pr][0],
  ProfileLimits[Pr][1]
>;

/**
 * The tuning entry of an engine of length n: its kind's own (tuning.ts EngineKind: real FFTs by type
 * and mode, Bluestein) where KindTuning lists it, else the kinds' row of KindFallback where the C2C
 * row's heuristic choices do not apply to them, else the C2C table's (Fallback).
 */
type KindEntry<Pr extends keyof ProfileLimits, P extends FFTPrecision, Kind extends string | undefined, n extends number, Fallback> =
  Kind extends string
    ? `${Kind}:${n}` extends keyof KindTuning[`${Pr}_${P}`]
      ? KindTuning[`${Pr}_${P}`][`${Kind}:${n}`]
      : n extends keyof KindFallback[`${Pr}_${P}`]
        ? KindFallback[`${Pr}_${P}`][n]
        : Fallback
    : Fallback;

/** The kind of a Stockham engine that is not Bluestein: real FFTs by type and mode, C2C none. */
type RealKind<S extends State> = TypeOf<S> extends 'r2c' | 'c2r' ? `${TypeOf<S>}-${ModeOf<S>}` : undefined;

type BlockEngine<
  S extends State,
  Pr extends keyof ProfileLimits = ProfileOf<S>,
  P extends FFTPrecision = PrecisionOf<S>,
  N extends number = S['size'] & number,
  n extends number = EngineLength<S>,
  TT = BlockTuning[Pr][P],
> = n extends keyof TT
  ? BlockWith<S, Pr, P, N, n, KindEntry<Pr, P, RealKind<S>, n, TT[n]>, false>
  : [RealKind<S>, n] extends [string, keyof KindFallback[`${Pr}_${P}`]]
    ? BlockWith<S, Pr, P, N, n, KindEntry<Pr, P, RealKind<S>, n, never>, false>
  : [RealKind<S>, N] extends [undefined, keyof RaderTuning[Pr][P]]
    ? RaderWith<S, Pr, P, N, RaderTuning[Pr][P][N & keyof RaderTuning[Pr][P]]>
  : Gt<n, MaxNative[Pr][P]> extends true
    ? Failed<'size', Msg.BlockTooLarge<N, LimitsText<Pr, P>>>
    : IsFolded<S> extends true
      ? Failed<'realFFTOptions', Msg.FoldedBlockNotNative<LayoutOf<S>, N, n>>
    : Mul<CeilPow2<n>, 2> extends infer B extends number
      ? Gt<B, MaxBluestein[Pr][P]> extends true
        ? Failed<'size', Msg.BluesteinTooLarge<N, B, LimitsText<Pr, P>>>
        : B extends keyof TT
          ? BlockWith<S, Pr, P, N, B, KindEntry<Pr, P, 'bluestein', B, TT[B]>, true>
          : never
      : never;

/** A tuning-table entry: default [ept, slots], suggested slots per supported ept, and the lists messages print. */
interface TuningEntry {
  readonly d: readonly [number, number, number];
  readonly s: object;
  readonly b: number;
  readonly l: string;
  readonly f: string;
}

type BlockWith<
  S extends State,
  Pr extends keyof ProfileLimits,
  P extends FFTPrecision,
  N extends number,
  ExecSize extends number,
  Entry,
  Bluestein extends boolean,
  E = S['elementsPerThread'],
  Folded extends boolean = IsFolded<S>,
  ExecEPT extends number = E extends number ? (Folded extends true ? Half<E> : E) : Entry extends TuningEntry ? Entry['d'][0] : never,
> = Entry extends TuningEntry
  ? E extends number
    ? ExecEPT extends keyof Entry['s']
      ? Entry['s'][ExecEPT] extends readonly [
          infer Suggested extends number,
          infer Stride extends number,
          infer Split extends number,
          infer PrefParts extends number,
          infer Supported extends readonly number[],
        ]
        ? BlockShape<S, Pr, P, N, ExecSize, Entry, Bluestein, ExecEPT, Suggested, Stride, Split, PrefParts, Supported>
        : never
      : Failed<
          'elementsPerThread',
          Msg.EPTNotSupported<E, N, P, Bluestein extends true ? `Bluestein length ${ExecSize}` : undefined, Folded extends true ? Entry['f'] : Entry['l']>
        >
    : BlockShape<
        S,
        Pr,
        P,
        N,
        ExecSize,
        Entry,
        Bluestein,
        ExecEPT,
        Entry['d'][1],
        Entry['d'][2],
        ExecEPT extends keyof Entry['s'] ? (Entry['s'][ExecEPT] extends readonly [number, number, infer Split extends number, ...unknown[]] ? Split : 0) : 0,
        ExecEPT extends keyof Entry['s'] ? (Entry['s'][ExecEPT] extends readonly [number, number, number, infer Pref extends number, unknown] ? Pref : 1) : 1,
        ExecEPT extends keyof Entry['s']
          ? Entry['s'][ExecEPT] extends readonly [number, number, number, number, infer Supported extends readonly number[]]
            ? Supported
            : [1]
          : [1]
      >
  : never;

type FirstPresent<S extends State, Kinds extends readonly OpKind[]> = Kinds extends readonly [
  infer K extends OpKind & keyof State,
  ...infer Rest extends readonly OpKind[],
]
  ? S[K] extends undefined
    ? FirstPresent<S, Rest>
    : K
  : 'size';

/** The part counts capabilities.ts partsCandidates tries: the supported ones from the preferred one up. */
type PartsCandidates<Pref extends number, Supported extends readonly number[]> = Supported extends readonly [
  infer First extends number,
  ...infer Rest extends readonly number[],
]
  ? Lt<First, Pref> extends true
    ? PartsCandidates<Pref, Rest>
    : Supported
  : [];

type DivParts<C extends number, Parts extends number> = Parts extends 1 ? C : Parts extends 2 ? Half<C> : Div<C, Parts>;

/** No exchange fits: Need is the split exchange's bytes in the most parts tried (the message's "at least"). */
interface NoFit<Need extends number> {
  readonly need: Need;
}

/**
 * Mirror of capabilities.ts exchangeFor: for each candidate part count, the complex exchange's bytes
 * (Complex / parts) unless the split one is preferred, then the split one's (half), the first that
 * fits the storage; NoFit when none does.
 */
type ExchangeBytes<Complex extends number, Split extends number, Storage extends number, Candidates extends readonly number[], Last extends number = 1> =
  Candidates extends readonly [infer Parts extends number, ...infer Rest extends readonly number[]]
    ? DivParts<Complex, Parts> extends infer C extends number
      ? Split extends 0
        ? Gt<C, Storage> extends true
          ? Gt<Half<C>, Storage> extends true
            ? ExchangeBytes<Complex, Split, Storage, Rest, Parts>
            : Half<C>
          : C
        : Gt<Half<C>, Storage> extends true
          ? ExchangeBytes<Complex, Split, Storage, Rest, Parts>
          : Half<C>
      : never
    : NoFit<Half<DivParts<Complex, Last>>>;

/** Register FFTs of the workgroup: FFTsPerBlock (halved in f16: two per register), else BlockDim's y, else 1. */
type SlotsOf<S extends State, P extends FFTPrecision> = S['fftsPerBlock'] extends number
  ? Itb<P> extends 2
    ? Half<S['fftsPerBlock']>
    : S['fftsPerBlock']
  : S['blockDim'] extends readonly [number, infer Y extends number, number]
    ? Y
    : 1;

/** The workgroup size: BlockDim as given, else [stride, slots, 1]. */
type DimOf<S extends State, Stride extends number, Slots extends number> = S['blockDim'] extends readonly [number, number, number]
  ? S['blockDim']
  : readonly [Stride, Slots, 1];

type BlockShape<
  S extends State,
  Pr extends keyof ProfileLimits,
  P extends FFTPrecision,
  N extends number,
  ExecSize extends number,
  Entry extends TuningEntry,
  Bluestein extends boolean,
  ExecEPT extends number,
  SuggestedSlots extends number,
  Stride extends number,
  /** 1 when the tuning table prefers the split exchange for this length and EPT. */
  Split extends number,
  /** Exchange parts the tuning table prefers, and those the engine supports, for this length and EPT. */
  PrefParts extends number,
  Supported extends readonly number[],
  Slots extends number = SlotsOf<S, P>,
  Dim extends readonly [number, number, number] = DimOf<S, Stride, Slots>,
  Invocations extends number = Mul<Mul<Dim[0], Dim[1]>, Dim[2]>,
  Complex extends number = Mul<Entry['b'], Slots>,
  Storage extends number = ProfileLimits[Pr][0],
  MaxInvocations extends number = ProfileLimits[Pr][1],
  // The complex exchange in 2 parts (plan.ts): folded real FFTs where the table prefers split in 1
  // part, Bluestein where it prefers split or parts and 2 complex parts fit.
  ComplexInTwo extends boolean = 2 extends Supported[number]
    ? IsFolded<S> extends true
      ? [Split, PrefParts] extends [1, 1]
        ? true
        : false
      : Bluestein extends true
        ? [Split, PrefParts] extends [0, 1]
          ? false
          : Gt<Half<Complex>, Storage> extends true
            ? false
            : true
        : false
    : false,
  Candidates extends readonly number[] = ComplexInTwo extends true ? PartsCandidates<2, Supported> : PartsCandidates<PrefParts, Supported>,
> =
  true extends Lt<Dim[0], Stride> | Lt<Dim[1], Slots>
    ? Failed<
        'blockDim',
        Msg.BlockDimTooSmall<Dim, N, IsFolded<S> extends true ? Mul<ExecEPT, 2> : ExecEPT, Mul<Slots, Itb<P>>, Stride, Slots>
      >
    : Gt<Invocations, MaxInvocations> extends true
      ? Failed<
          FirstPresent<S, ['blockDim', 'fftsPerBlock', 'elementsPerThread']>,
          Msg.TooManyInvocations<Invocations, MaxInvocations>
        >
      : (Stride extends 1 ? 0 : ExchangeBytes<Complex, ComplexInTwo extends true ? 0 : Split, Storage, Candidates>) extends infer Smem
        ? Smem extends NoFit<infer Need extends number>
          ? Failed<FirstPresent<S, ['fftsPerBlock', 'blockDim']>, Msg.WorkgroupMemoryExceeded<Mul<Slots, Itb<P>>, N, Need, Storage>>
          : Smem extends number ? Finish<
              S,
              ExecEPT,
              Entry['d'][0],
              Stride,
              Slots,
              SuggestedSlots,
              Dim,
              Invocations,
              Smem,
              Bluestein extends true ? Mul<Entry['b'], 2> : 0
            > : never
        : never;

/**
 * A Rader table entry (plan.ts with descriptors/rader.ts): d = default [elements per invocation,
 * stride], s = [stride, 1 when the split exchange is preferred, suggested slots] for each supported
 * elements-per-invocation value, b = bytes of one slot's p elements as complex values, w = workspace bytes,
 * e = 'Rader length <p - 1>', l = the supported values as messages list them.
 */
interface RaderEntry {
  readonly d: readonly [number, number];
  readonly s: object;
  readonly b: number;
  readonly w: number;
  readonly e: string;
  readonly l: string;
}

/** Mirror of plan.ts for a Rader plan: one part, complex unless split is preferred or only split fits. */
type RaderWith<
  S extends State,
  Pr extends keyof ProfileLimits,
  P extends FFTPrecision,
  N extends number,
  Entry,
  E = S['elementsPerThread'],
> = Entry extends RaderEntry
  ? E extends number
    ? E extends keyof Entry['s']
      ? Entry['s'][E] extends readonly [infer Stride extends number, infer Split extends number, infer Suggested extends number]
        ? RaderShape<S, Pr, P, N, Entry, E, Stride, Split, Suggested>
        : never
      : Failed<'elementsPerThread', Msg.EPTNotSupported<E, N, P, Entry['e'], Entry['l']>>
    : Entry['d'][0] extends infer D extends number & keyof Entry['s']
      ? Entry['s'][D] extends readonly [infer Stride extends number, infer Split extends number, infer Suggested extends number]
        ? RaderShape<S, Pr, P, N, Entry, D, Stride, Split, Suggested>
        : never
      : never
  : never;

type RaderShape<
  S extends State,
  Pr extends keyof ProfileLimits,
  P extends FFTPrecision,
  N extends number,
  Entry extends RaderEntry,
  ExecEPT extends number,
  Stride extends number,
  Split extends number,
  SuggestedSlots extends number,
  Slots extends number = SlotsOf<S, P>,
  Dim extends readonly [number, number, number] = DimOf<S, Stride, Slots>,
  Invocations extends number = Mul<Mul<Dim[0], Dim[1]>, Dim[2]>,
  Complex extends number = Mul<Entry['b'], Slots>,
  Storage extends number = ProfileLimits[Pr][0],
> =
  true extends Lt<Dim[0], Stride> | Lt<Dim[1], Slots>
    ? Failed<'blockDim', Msg.BlockDimTooSmall<Dim, N, ExecEPT, Mul<Slots, Itb<P>>, Stride, Slots>>
    : Gt<Invocations, ProfileLimits[Pr][1]> extends true
      ? Failed<FirstPresent<S, ['blockDim', 'fftsPerBlock', 'elementsPerThread']>, Msg.TooManyInvocations<Invocations, ProfileLimits[Pr][1]>>
      : ExchangeBytes<Complex, Split, Storage, [1]> extends infer Smem
        ? Smem extends NoFit<infer Need extends number>
          ? Failed<FirstPresent<S, ['fftsPerBlock', 'blockDim']>, Msg.WorkgroupMemoryExceeded<Mul<Slots, Itb<P>>, N, Need, Storage>>
          : Smem extends number
            ? Finish<S, ExecEPT, Entry['d'][0], Stride, Slots, SuggestedSlots, Dim, Invocations, Smem, Entry['w'], true>
            : never
        : never;

/** The plan of a state with Size and an execution operator: a Fail, the literal traits, or Wide. */
export type Resolve<S extends State> =
  AllLiteral<S> extends true
    ? S['execution'] extends 'thread'
      ? ThreadEngine<S>
      : IsTunedProfile<S> extends true
        ? BlockEngine<S>
        : Wide
    : Wide;

/** Phase 3 of the rules: the implementation error of a state, or true. */
export type ImplementationCheck<S extends State> = Resolve<S> extends infer R ? (R extends Fail ? R : true) : true;
