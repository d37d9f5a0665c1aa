// Type level: the parameter types of the operator constructors. An argument of the right JavaScript
// type keeps its literal type; one of the wrong type turns the parameter into the message the runtime
// throws (descriptors/argument-types.ts), so `Size('64')` reads
//   Argument of type '"64"' is not assignable to parameter of type
//   '"(FFT error) Size('64') takes an integer, not a string"'.
// A string outside a string operator's values ('r2x') keeps TypeScript's own error against the union
// (`... parameter of type 'FFTType'`): a message there would also show up among the editor's
// completions of the valid values. `unknown extends V` is the editor asking for completions (the type
// parameter is not inferred yet): the plain parameter type then, so completions stay clean.
// A parameter's message quotes that argument alone (`BlockDim(y: '2') ...`): quoting the others too
// makes BlockDim's x depend on Y and Z before they are inferred, and a union argument then costs the
// checker minutes.
import type { ArgumentType, CallText, Tagged } from './messages.js';

/** `Label(value) takes Expected, not <type of V>` with the FFT error tag; P names the parameter. */
type Message<Label extends string, P extends string, Expected extends string, V> = Tagged<
  ArgumentType<CallText<Label, V, P>, Expected, V>
>;

/** An integer parameter (Size, ElementsPerThread, FFTsPerBlock, BlockDim): a number, else the message. */
export type IntegerParam<V, Label extends string, P extends string = ''> = V extends number
  ? V
  : unknown extends V
    ? number
    : Message<Label, P, 'an integer', V>;

/** A string-union parameter (Type, Direction, Precision, RealFFTOptions): any string gets the union. */
export type WordParam<V, Allowed extends string, Label extends string, Expected extends string, P extends string = ''> = V extends Allowed
  ? V
  : V extends string
    ? Allowed
    : unknown extends V
      ? Allowed
      : Message<Label, P, Expected, V>;

/** An object parameter (Limits): any object gets Shape, so TypeScript names a wrong field itself. */
export type ObjectParam<V, Shape extends object, Label extends string, Expected extends string> = V extends Shape
  ? V
  : V extends object
    ? Shape
    : unknown extends V
      ? Shape
      : Message<Label, '', Expected, V>;

/** What an operator's type parameter becomes once it passed (or failed) its parameter's check. */
export type AsNumber<V> = V extends number ? V : number;
export type AsWord<V, Allowed extends string> = V extends Allowed ? V : Allowed;
