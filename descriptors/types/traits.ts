// Type level: the traits a descriptor exposes, as literal types when the inputs are literals and
// widened (number / string / boolean) otherwise. Traits that need a complete executable descriptor
// have the type FFTIncomplete<message> on an incomplete one (and throw that message at run time).
import type { ElementKind, FFTDirection, FFTExecution } from '../model.js';
import type { ValueType } from '../tables.gen.js';
import type { Lengths, PlanTraits, Resolve, Wide } from './engine.js';
import type * as Msg from './messages.js';
import type { IsNat } from './nat.js';
import type { IsFolded, IsSingle, LayoutOf, ModeOf, PrecisionOf, State, TypeOf, WideState } from './state.js';

declare const incompleteMessage: unique symbol;

/**
 * The type of a trait (or of `wgsl`) that an incomplete descriptor cannot provide: the message says
 * what to add. Using it as a number, or calling it, is a compile-time error that prints the message.
 */
export interface FFTIncomplete<M extends string> {
  readonly [incompleteMessage]: M;
}

// FFTIncomplete<Msg.Tagged<Msg.Incomplete<...>>> is written out at each use (no alias) so that
// compiler messages print the message text, not an alias name.

/** Whether a c2c/r2c/c2r description has (or deduces) a direction: true, false, or boolean when unknown. */
type HasDirection<S extends State> = S['direction'] extends FFTDirection
  ? true
  : IsSingle<TypeOf<S>> extends true
    ? TypeOf<S> extends 'c2c'
      ? false
      : true
    : boolean;

/** The first thing missing for execution, `never` when complete, or `unknown` when it cannot be known. */
export type MissingOf<S extends State> = S['size'] extends undefined
  ? 'size'
  : HasDirection<S> extends false
    ? 'direction'
    : S['execution'] extends undefined
      ? 'execution'
      : HasDirection<S> extends true
        ? never
        : unknown;

type WidePlan = { readonly [K in keyof PlanTraits]: PlanTraits[K] };

/** The execution traits: literal, widened, or FFTIncomplete per trait. */
type ExecTrait<S extends State, K extends keyof PlanTraits> = [MissingOf<S>] extends [never]
  ? ResolvedTrait<S, K>
  : [MissingOf<S>] extends [infer M extends Msg.Missing]
    ? FFTIncomplete<Msg.Tagged<Msg.Incomplete<K, M>>>
    : WidePlan[K];

type ResolvedTrait<S extends State, K extends keyof PlanTraits> =
  Resolve<S> extends infer R
    ? R extends Wide
      ? K extends keyof Lengths<S>
        ? IsNat<Lengths<S>[K]> extends true
          ? Lengths<S>[K]
          : number
        : WidePlan[K]
      : R extends PlanTraits
        ? R[K]
        : WidePlan[K]
    : never;

type Described<T, Default> = [T] extends [undefined] ? Default : Exclude<T, undefined>;

/** Element kind of one side (inputType / outputType): real on the real side of RealSide unless folded. */
type SideKind<S extends State, RealSide extends 'r2c' | 'c2r'> = IsSingle<TypeOf<S>> extends true
  ? IsSingle<ModeOf<S>> extends true
    ? TypeOf<S> extends RealSide
      ? IsFolded<S> extends true
        ? 'complex'
        : 'real'
      : 'complex'
    : ElementKind
  : ElementKind;

export interface DescriptorTraits<S extends State> {
  readonly size: S['size'] extends undefined ? FFTIncomplete<Msg.Tagged<Msg.Incomplete<'size', 'size'>>> : S['size'];
  readonly type: TypeOf<S>;
  readonly direction: S['direction'] extends FFTDirection
    ? S['direction']
    : IsSingle<TypeOf<S>> extends true
      ? TypeOf<S> extends 'r2c'
        ? 'forward'
        : TypeOf<S> extends 'c2r'
          ? 'inverse'
          : FFTIncomplete<Msg.Tagged<Msg.Incomplete<'direction', 'direction'>>>
      : FFTDirection;
  readonly precision: PrecisionOf<S>;
  readonly execution: S['execution'] extends undefined ? FFTIncomplete<Msg.Tagged<Msg.Incomplete<'execution', 'execution'>>> : Described<S['execution'], FFTExecution>;
  readonly realFFTOptions: { readonly layout: LayoutOf<S>; readonly mode: ModeOf<S> };
  readonly valueType: IsSingle<PrecisionOf<S>> extends true ? ValueType[PrecisionOf<S>] : string;
  readonly inputType: SideKind<S, 'r2c'>;
  readonly outputType: SideKind<S, 'c2r'>;
  readonly implicitTypeBatching: IsSingle<PrecisionOf<S>> extends true ? (PrecisionOf<S> extends 'f16' ? 2 : 1) : number;
  readonly isComplete: S extends WideState ? boolean : S['size'] extends undefined ? false : HasDirection<S>;
  readonly isCompleteExecution: S extends WideState
    ? boolean
    : S['size'] extends undefined
      ? false
      : S['execution'] extends undefined
        ? false
        : HasDirection<S>;
  readonly elementsPerThread: ExecTrait<S, 'elementsPerThread'>;
  readonly suggestedElementsPerThread: ExecTrait<S, 'suggestedElementsPerThread'>;
  readonly storageSize: ExecTrait<S, 'storageSize'>;
  readonly stride: ExecTrait<S, 'stride'>;
  readonly inputLength: ExecTrait<S, 'inputLength'>;
  readonly outputLength: ExecTrait<S, 'outputLength'>;
  readonly inputEPT: ExecTrait<S, 'inputEPT'>;
  readonly outputEPT: ExecTrait<S, 'outputEPT'>;
  readonly fftsPerBlock: ExecTrait<S, 'fftsPerBlock'>;
  readonly suggestedFFTsPerBlock: ExecTrait<S, 'suggestedFFTsPerBlock'>;
  readonly blockDim: ExecTrait<S, 'blockDim'>;
  readonly maxThreadsPerBlock: ExecTrait<S, 'maxThreadsPerBlock'>;
  readonly sharedMemorySize: ExecTrait<S, 'sharedMemorySize'>;
  readonly requiresWorkspace: ExecTrait<S, 'requiresWorkspace'>;
  readonly workspaceSize: ExecTrait<S, 'workspaceSize'>;
}

/** wgsl(), plan and other members that need a complete executable descriptor. */
export type WhenComplete<S extends State, What extends string, T> = [MissingOf<S>] extends [never]
  ? T
  : [MissingOf<S>] extends [infer M extends Msg.Missing]
    ? FFTIncomplete<Msg.Tagged<Msg.Incomplete<What, M>>>
    : T;
