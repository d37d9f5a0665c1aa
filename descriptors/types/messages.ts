// Type-level mirrors of descriptors/messages.ts: the same texts as template-literal types, with the
// `(FFT error) ` tag. Keep each one next to its runtime twin in meaning and wording; the type tests
// (test-d/errors.tst.ts) and runtime tests (test/descriptors/errors.test.ts) pin the same strings.
import type { ComplexLayout, FFTDirection, FFTPrecision, RealMode } from '../model.js';
import type { Mul } from './nat.js';

export type Tagged<M extends string> = `(FFT error) ${M}`;

/** An argument as messages quote it (messages.ts showValue); a non-literal by its type: `Size(string)`. */
export type ShowValue<V> = [V] extends [string]
  ? string extends V
    ? 'string'
    : `'${V}'`
  : [V] extends [number]
    ? number extends V
      ? 'number'
      : `${V}`
    : [V] extends [boolean]
      ? boolean extends V
        ? 'boolean'
        : `${V}`
      : [V] extends [bigint]
        ? bigint extends V
          ? 'bigint'
          : `${V}n`
        : [V] extends [symbol]
          ? 'symbol'
          : [V] extends [null | undefined]
            ? `${V}`
            : [V] extends [readonly unknown[]]
              ? '[...]'
              : [V] extends [(...args: never[]) => unknown]
                ? 'function'
                : '{...}';
/** messages.ts typeName. */
export type TypeName<V> = [V] extends [null | undefined]
  ? `${V}`
  : [V] extends [string]
    ? 'a string'
    : [V] extends [number]
      ? 'a number'
      : [V] extends [boolean]
        ? 'a boolean'
        : [V] extends [bigint]
          ? 'a bigint'
          : [V] extends [symbol]
            ? 'a symbol'
            : [V] extends [readonly unknown[]]
              ? 'an array'
              : [V] extends [(...args: never[]) => unknown]
                ? 'a function'
                : 'an object';
/** messages.ts callText: `Size('64')`, or `BlockDim(y: '2')` naming the parameter P. */
export type CallText<L extends string, V, P extends string = ''> = `${L}(${P extends '' ? '' : `${P}: `}${ShowValue<V>})`;
export type ArgumentType<Call extends string, Expected extends string, Got> = `${Call} takes ${Expected}, not ${TypeName<Got>}`;
/** messages.ts oneOf over model.ts's value lists, written out (a union has no order). */
export type TypeValues = "'c2c', 'r2c' or 'c2r'";
export type DirectionValues = "'forward' or 'inverse'";
export type PrecisionValues = "'f16', 'f32' or 'f64'";
export type LayoutValues = "'natural', 'packed' or 'full'";
export type ModeValues = "'normal' or 'folded'";
export type LimitsArgument = 'an object like adapter.limits';

export type SizeNotValid<N extends number> = `Size(${N}) is not a valid FFT size: use an integer >= 2`;
export type NotPositiveInteger<L extends string, V extends number> = `${L}(${V}) is not valid: use a positive integer`;
export type BlockDimNotValid<X extends number, Y extends number, Z extends number> =
  `BlockDim(${X}, ${Y}, ${Z}) is not valid: use positive integers`;
export type LimitsNotValid<S extends number, I extends number> =
  `Limits(${S} bytes, ${I} invocations) is not valid: use positive integers`;
export type Duplicate<L extends string> = `${L}() appears more than once: each operator may be used at most once`;
export type ExecutionConflict<C extends string, P extends string> =
  `${C}() cannot be combined with ${P}(): a descriptor has one execution operator`;

export type BlockOnlyWithThread<L extends string> = `${L}() is a Block-only operator: it cannot be combined with Thread()`;
export type DirectionConflict<T extends 'r2c' | 'c2r', D extends FFTDirection> = T extends 'r2c'
  ? `Direction('${D}') cannot be used with Type('r2c'): r2c is always forward (use Type('c2r') for the inverse)`
  : `Direction('${D}') cannot be used with Type('c2r'): c2r is always inverse (use Type('r2c') for the forward)`;
export type FoldedWithC2C<L extends ComplexLayout> =
  `RealFFTOptions('${L}', 'folded') needs Type('r2c') or Type('c2r'): folded mode does not apply to c2c`;
export type PackedOddSize<M extends RealMode, N extends number> =
  `RealFFTOptions('packed', '${M}') needs an even size, not Size(${N})`;
export type FoldedOddSize<L extends ComplexLayout, X extends 'thread' | 'block', N extends number> =
  `RealFFTOptions('${L}', 'folded') in ${X extends 'thread' ? 'Thread' : 'Block'} execution needs an even size, not Size(${N})`;
export type FoldedBlockNotNative<L extends ComplexLayout, N extends number, H extends number> =
  `RealFFTOptions('${L}', 'folded') in Block execution needs half the size to run natively, not Size(${N}): ${H} would take Bluestein`;
export type FoldedOddEPT<E extends number> = `ElementsPerThread(${E}) must be even in folded mode: it counts real elements`;
export type F16OddFFTsPerBlock<F extends number> =
  `FFTsPerBlock(${F}) must be even in f16: each f16 computation carries two FFTs`;

export type ThreadTooLarge<N extends number, P extends FFTPrecision, Limit extends number> =
  `Size(${N}) is too large for Thread execution in ${P}: sizes up to ${Limit} are supported`;
export type FoldedThreadTooLarge<N extends number, P extends FFTPrecision, Limit extends number> =
  `Size(${N}) is too large for folded Thread execution in ${P}: even sizes up to ${Mul<Limit, 2>} are supported`;
export type DescribeLimits<Max extends number, P extends FFTPrecision, S extends number, I extends number> =
  `${Max} in ${P} with ${S} bytes of workgroup memory and ${I} invocations`;
export type BlockTooLarge<N extends number, L extends string> = `Size(${N}) exceeds the largest Block FFT for these Limits (${L})`;
export type BluesteinTooLarge<N extends number, B extends number, L extends string> =
  `Size(${N}) needs Bluestein length ${B}, beyond the largest Block FFT for these Limits (${L})`;
/** Engine: undefined (native), or the algorithm's name and length, e.g. 'Bluestein length 2048'. */
export type EPTNotSupported<E extends number, N extends number, P extends FFTPrecision, Engine extends string | undefined, List extends string> =
  `ElementsPerThread(${E}) is not supported for Size(${N}) in ${P} Block execution${Engine extends string ? ` (${Engine})` : ''}: supported values are ${List}`;
export type BlockDimTooSmall<
  D extends readonly [number, number, number],
  N extends number,
  E extends number,
  F extends number,
  Stride extends number,
  Slots extends number,
> = `BlockDim(${D[0]}, ${D[1]}, ${D[2]}) is too small for Size(${N}) with ElementsPerThread(${E}) and FFTsPerBlock(${F}): it needs x >= ${Stride} and y >= ${Slots}`;
export type TooManyInvocations<Inv extends number, Max extends number> =
  `the workgroup needs ${Inv} invocations but the Limits allow ${Max}`;
export type WorkgroupMemoryExceeded<F extends number, N extends number, Need extends number, Max extends number> =
  `FFTsPerBlock(${F}) with Size(${N}) needs at least ${Need} bytes of workgroup memory but the Limits allow ${Max}`;

export type Missing = 'size' | 'direction' | 'execution';
export type Incomplete<What extends string, M extends Missing> = `${What} is not available: ${M extends 'size'
  ? 'add Size(n)'
  : M extends 'direction'
    ? `a c2c FFT needs Direction('forward') or Direction('inverse')`
    : 'add Block() or Thread()'}`;
