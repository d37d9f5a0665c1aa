// Every descriptor error text, one builder per rule (without the `(FFT error) ` tag, which fail() adds).
// The type level mirrors each builder as a template-literal type in types/messages.ts; tests pin both
// texts, so a change here must be made there too.
import type { ComplexLayout, FFTDirection, FFTPrecision, FFTType, RealMode } from './model.js';

// --- the JavaScript type of an operator's arguments (checked when the operator is called) ---

/**
 * How an argument is quoted in messages: strings in single quotes as in source code, numbers, booleans,
 * null and undefined as written, bigints with their `n`; arrays, objects and functions by shape only.
 * The type level (ShowValue in types/messages.ts) quotes literal types the same way.
 */
export function showValue(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return `'${v}'`;
    case 'bigint':
      return `${v}n`;
    case 'symbol':
      return 'symbol';
    case 'function':
      return 'function';
    case 'object':
      return v === null ? 'null' : Array.isArray(v) ? '[...]' : '{...}';
    default:
      return String(v);
  }
}

/** The JavaScript type of a value as a message names it: `a string`, `an array`, `null`, ... */
export function typeName(v: unknown): string {
  if (v === null || v === undefined) return String(v);
  if (Array.isArray(v)) return 'an array';
  const t = typeof v;
  return t === 'object' ? 'an object' : `a ${t}`;
}

/** `'a', 'b' or 'c'`: the values a string argument takes. */
export const oneOf = (values: readonly string[]): string =>
  values.length === 1
    ? `'${values[0]}'`
    : `${values.slice(0, -1).map((v) => `'${v}'`).join(', ')} or '${values[values.length - 1]}'`;

/** `Size('64')`, or `BlockDim(y: '2')` naming the parameter of an operator with several. */
export const callText = (label: string, value: unknown, parameter?: string): string =>
  `${label}(${parameter === undefined ? '' : `${parameter}: `}${showValue(value)})`;

/** Runtime: `Size('64') takes an integer, not a string`. */
export const argumentType = (call: string, expected: string, got: unknown): string =>
  `${call} takes ${expected}, not ${typeName(got)}`;

/** What the Limits() argument must be; the runtime alone also checks its fields' types. */
export const LIMITS_ARGUMENT = 'an object like adapter.limits';

// --- one operator's own value (checked in argument order) ---

/** Runtime only: TypeScript already rejects a non-operator argument. */
export const notAnOperator = (position: number): string =>
  `argument ${position} is not an FFT operator (use Size(), Type(), Block(), ...)`;

/** Runtime only: TypeScript already rejects a value outside the union. */
export const notOneOf = (label: string, value: unknown, allowed: readonly string[]): string =>
  `${label}(${JSON.stringify(value)}) is not valid: use ${allowed.map((a) => `'${a}'`).join(', ')}`;

export const sizeNotValid = (n: number): string => `Size(${n}) is not a valid FFT size: use an integer >= 2`;

export const notPositiveInteger = (label: 'ElementsPerThread' | 'FFTsPerBlock', v: number): string =>
  `${label}(${v}) is not valid: use a positive integer`;

export const blockDimNotValid = (x: number, y: number, z: number): string =>
  `BlockDim(${x}, ${y}, ${z}) is not valid: use positive integers`;

export const limitsNotValid = (storage: number, invocations: number): string =>
  `Limits(${storage} bytes, ${invocations} invocations) is not valid: use positive integers`;

export const duplicate = (label: string): string =>
  `${label}() appears more than once: each operator may be used at most once`;

export const executionConflict = (current: string, previous: string): string =>
  `${current}() cannot be combined with ${previous}(): a descriptor has one execution operator`;

// --- combinations of operators (absent operators take their defaults) ---

export const blockOnlyWithThread = (label: string): string =>
  `${label}() is a Block-only operator: it cannot be combined with Thread()`;

export const directionConflict = (type: FFTType, direction: FFTDirection): string =>
  type === 'r2c'
    ? `Direction('${direction}') cannot be used with Type('r2c'): r2c is always forward (use Type('c2r') for the inverse)`
    : `Direction('${direction}') cannot be used with Type('c2r'): c2r is always inverse (use Type('r2c') for the forward)`;

export const foldedWithC2C = (layout: ComplexLayout): string =>
  `RealFFTOptions('${layout}', 'folded') needs Type('r2c') or Type('c2r'): folded mode does not apply to c2c`;

export const packedOddSize = (mode: RealMode, size: number): string =>
  `RealFFTOptions('packed', '${mode}') needs an even size, not Size(${size})`;

export const foldedOddSize = (layout: ComplexLayout, execution: 'thread' | 'block', size: number): string =>
  `RealFFTOptions('${layout}', 'folded') in ${execution === 'thread' ? 'Thread' : 'Block'} execution needs an even size, not Size(${size})`;

export const foldedBlockNotNative = (layout: ComplexLayout, size: number, half: number): string =>
  `RealFFTOptions('${layout}', 'folded') in Block execution needs half the size to run natively, not Size(${size}): ${half} would take Bluestein`;

export const foldedOddEPT = (e: number): string =>
  `ElementsPerThread(${e}) must be even in folded mode: it counts real elements`;

export const f16OddFFTsPerBlock = (f: number): string =>
  `FFTsPerBlock(${f}) must be even in f16: each f16 computation carries two FFTs`;

// --- what the engine can build under the Limits (checked once Size and Thread()/Block() are present) ---

export const threadTooLarge = (size: number, precision: FFTPrecision, limit: number): string =>
  `Size(${size}) is too large for Thread execution in ${precision}: sizes up to ${limit} are supported`;

export const foldedThreadTooLarge = (size: number, precision: FFTPrecision, limit: number): string =>
  `Size(${size}) is too large for folded Thread execution in ${precision}: even sizes up to ${2 * limit} are supported`;

/** The Limits as messages quote them: the largest native Block FFT, the workgroup memory and invocations. */
export const describeLimits = (maxNative: number, precision: FFTPrecision, storage: number, invocations: number): string =>
  `${maxNative} in ${precision} with ${storage} bytes of workgroup memory and ${invocations} invocations`;

export const blockTooLarge = (size: number, limits: string): string =>
  `Size(${size}) exceeds the largest Block FFT for these Limits (${limits})`;

export const bluesteinTooLarge = (size: number, bluestein: number, limits: string): string =>
  `Size(${size}) needs Bluestein length ${bluestein}, beyond the largest Block FFT for these Limits (${limits})`;

export const eptNotSupported = (
  e: number,
  size: number,
  precision: FFTPrecision,
  engine: { readonly algorithm: 'rader' | 'bluestein'; readonly length: number } | undefined,
  supported: string,
): string =>
  `ElementsPerThread(${e}) is not supported for Size(${size}) in ${precision} Block execution` +
  (engine === undefined ? '' : ` (${engine.algorithm === 'rader' ? 'Rader' : 'Bluestein'} length ${engine.length})`) +
  `: supported values are ${supported}`;

export const blockDimTooSmall = (
  dim: readonly [number, number, number],
  size: number,
  e: number,
  fftsPerBlock: number,
  stride: number,
  slots: number,
): string =>
  `BlockDim(${dim[0]}, ${dim[1]}, ${dim[2]}) is too small for Size(${size}) with ElementsPerThread(${e}) and ` +
  `FFTsPerBlock(${fftsPerBlock}): it needs x >= ${stride} and y >= ${slots}`;

export const tooManyInvocations = (invocations: number, max: number): string =>
  `the workgroup needs ${invocations} invocations but the Limits allow ${max}`;

export const workgroupMemoryExceeded = (fftsPerBlock: number, size: number, need: number, max: number): string =>
  `FFTsPerBlock(${fftsPerBlock}) with Size(${size}) needs at least ${need} bytes of workgroup memory but the Limits allow ${max}`;

/** The exchangeParts override (an implementation option, not an operator): no type-level mirror. */
export const exchangePartsNotSupported = (parts: number, size: number, e: number, supported: string): string =>
  `exchangeParts ${parts} is not supported for Size(${size}) with ElementsPerThread(${e}): supported values are ${supported}`;

export const batchRoundsNotSupported = (rounds: number): string =>
  `batchRounds ${rounds} is not supported: a positive integer, and more than 1 only for Block execution`;

// --- traits and code generation on an incomplete descriptor ---

/** What an incomplete descriptor lacks, in the order it is reported. */
export type Missing = 'size' | 'direction' | 'execution';

export const incomplete = (what: string, missing: Missing): string =>
  `${what} is not available: ` +
  (missing === 'size'
    ? 'add Size(n)'
    : missing === 'direction'
      ? `a c2c FFT needs Direction('forward') or Direction('inverse')`
      : 'add Block() or Thread()');
