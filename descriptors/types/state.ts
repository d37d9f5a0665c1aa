// Type level: the operator tuple of a descriptor as a state record (one field per operator kind,
// `undefined` when absent), with defaults applied and a check that every input is a settled literal.
import type { ComplexLayout, FFTDirection, FFTExecution, FFTPrecision, FFTType, RealMode } from '../model.js';
import type { AnyOp, OpKind } from '../operators.js';
import type { ProfileLimits } from '../tables.gen.js';
import type { IsNat } from './nat.js';

/** The value of the operator of kind K in Ops, `undefined` when absent. */
type ValueOf<Ops extends readonly AnyOp[], K extends OpKind> =
  Extract<Ops[number], { readonly op: K }> extends infer O
    ? [O] extends [never]
      ? undefined
      : O extends { readonly value: infer V }
        ? V
        : never
    : never;

export interface State {
  readonly size: number | undefined;
  readonly type: FFTType | undefined;
  readonly direction: FFTDirection | undefined;
  readonly precision: FFTPrecision | undefined;
  readonly execution: FFTExecution | undefined;
  readonly elementsPerThread: number | undefined;
  readonly fftsPerBlock: number | undefined;
  readonly blockDim: readonly [number, number, number] | undefined;
  readonly layout: ComplexLayout | undefined;
  readonly mode: RealMode | undefined;
  /** [workgroup storage bytes, invocations] */
  readonly limits: readonly [number, number] | undefined;
}

/**
 * The state of an operator array whose elements are not known one by one (`fft(...array)`): every
 * operator may or may not be present, so every trait widens and the runtime checks completeness.
 */
export interface WideState extends State {
  readonly size: number;
  readonly type: FFTType;
  readonly direction: FFTDirection;
  readonly precision: FFTPrecision;
  readonly execution: FFTExecution;
  readonly elementsPerThread: number;
  readonly fftsPerBlock: number;
  readonly blockDim: readonly [number, number, number];
  readonly layout: ComplexLayout;
  readonly mode: RealMode;
  readonly limits: readonly [number, number];
  readonly presence: 'unknown';
}

export type StateOf<Ops extends readonly AnyOp[]> = number extends Ops['length'] ? WideState : TupleState<Ops>;

type TupleState<Ops extends readonly AnyOp[]> = {
  readonly size: ValueOf<Ops, 'size'>;
  readonly type: ValueOf<Ops, 'type'>;
  readonly direction: ValueOf<Ops, 'direction'>;
  readonly precision: ValueOf<Ops, 'precision'>;
  readonly execution: ValueOf<Ops, 'execution'>;
  readonly elementsPerThread: ValueOf<Ops, 'elementsPerThread'>;
  readonly fftsPerBlock: ValueOf<Ops, 'fftsPerBlock'>;
  readonly blockDim: ValueOf<Ops, 'blockDim'>;
  readonly layout: ValueOf<Ops, 'realFFTOptions'> extends { readonly layout: infer L extends ComplexLayout } ? L : undefined;
  readonly mode: ValueOf<Ops, 'realFFTOptions'> extends { readonly mode: infer M extends RealMode } ? M : undefined;
  readonly limits: ValueOf<Ops, 'limits'> extends {
    readonly maxComputeWorkgroupStorageSize: infer S extends number;
    readonly maxComputeInvocationsPerWorkgroup: infer I extends number;
  }
    ? readonly [S, I]
    : undefined;
};

type IsUnion<T, A = T> = T extends unknown ? ([A] extends [T] ? false : true) : never;
/** One settled string literal (not `string`, not a union). */
export type IsSingle<T> = [T] extends [string] ? (string extends T ? false : IsUnion<T> extends true ? false : true) : false;
/** An optional number input: absent, or a natural literal. */
type OptNat<T> = [T] extends [undefined] ? true : IsNat<T>;

export type TypeOf<S extends State> = S['type'] extends FFTType ? S['type'] : 'c2c';
export type PrecisionOf<S extends State> = S['precision'] extends FFTPrecision ? S['precision'] : 'f32';
export type LayoutOf<S extends State> = S['layout'] extends ComplexLayout ? S['layout'] : 'natural';
export type ModeOf<S extends State> = S['mode'] extends RealMode ? S['mode'] : 'normal';

/** True when the Limits are absent or exactly one tuned profile. */
export type IsTunedProfile<S extends State> = [ProfileOf<S>] extends [never] ? false : IsUnion<ProfileOf<S>> extends true ? false : true;

/** The tuned profile the Limits are exactly equal to ('core' when absent), or never for other limits. */
export type ProfileOf<S extends State> = S['limits'] extends readonly [infer St extends number, infer I extends number]
  ? { [K in keyof ProfileLimits]: ProfileLimits[K] extends [St, I] ? ([St, I] extends ProfileLimits[K] ? K : never) : never }[keyof ProfileLimits]
  : 'core';

/** True when a folded real FFT: the engine runs size/2 complex points. */
export type IsFolded<S extends State> = [ModeOf<S>, TypeOf<S>] extends ['folded', 'r2c' | 'c2r'] ? true : false;

/** True when everything the plan depends on is a literal (the Limits profile is checked by the Block engine). */
export type AllLiteral<S extends State> = [
  IsNat<S['size']>,
  IsSingle<TypeOf<S>>,
  IsSingle<PrecisionOf<S>>,
  IsSingle<LayoutOf<S>>,
  IsSingle<ModeOf<S>>,
  IsSingle<S['execution']>,
  OptNat<S['elementsPerThread']>,
  OptNat<S['fftsPerBlock']>,
  S['blockDim'] extends readonly [infer X, infer Y, infer Z] ? (false extends IsNat<X> | IsNat<Y> | IsNat<Z> ? false : true) : true,
] extends true[]
  ? true
  : false;
