// fft(...ops) and desc.with(...ops): compose, validate, and expose the traits. Run time: description
// traits come from the operators, execution traits from resolvePlan (plan.ts), code from
// generateModule (kernels/module.ts). Type level: the same traits as literal types (types/traits.ts)
// and the same validation messages (types/rules.ts).
import { generateModule } from '../kernels/module.js';
import type { WGSLModule, WGSLOptions } from '../kernels/types.js';
import { VALUE_TYPE } from './capabilities.js';
import { fail } from './errors.js';
import { incomplete } from './messages.js';
import type { ElementKind, FFTDirection, FFTExecution, FFTPlan, FFTPrecision, FFTType } from './model.js';
import type { AnyOp } from './operators.js';
import { checkOps } from './rules.js';
import { deducedDirection, type DescriptorState, missingForExecution, resolvePlan } from './plan.js';
import type { ValidOps } from './types/rules.js';
import type { StateOf } from './types/state.js';
import type { DescriptorTraits, WhenComplete } from './types/traits.js';

export type { FFTIncomplete } from './types/traits.js';

/**
 * A composed FFT description. Ops is the operator tuple it was built from; every trait is a literal
 * type when the operators are literals.
 */
export interface FFTDescriptor<Ops extends readonly AnyOp[] = readonly AnyOp[]> extends DescriptorTraits<StateOf<Ops>> {
  /** The operators, in composition order. */
  readonly ops: Ops;
  /** The resolved implementation every generator consumes (complete executable descriptors). */
  readonly plan: WhenComplete<StateOf<Ops>, 'plan', FFTPlan>;
  /** The fully specialised WGSL device functions (complete executable descriptors). */
  readonly wgsl: WhenComplete<StateOf<Ops>, 'wgsl()', (options?: WGSLOptions) => WGSLModule>;
  /** A new descriptor with more operators (cuFFTDx `FFT_base() + Block()`); errors blame the new arguments. */
  with<const More extends readonly AnyOp[]>(...ops: ValidOps<More, Ops>): FFTDescriptor<readonly [...Ops, ...More]>;
}

/**
 * Any descriptor, whatever its operators: the parameter type of functions that accept every
 * descriptor (FFTDescriptor<Ops> is not assignable to FFTDescriptor<AnyOp[]>, because `with` checks
 * the new operators against Ops).
 */
export type AnyFFTDescriptor = { readonly [K in TraitName | 'plan' | 'wgsl']: unknown } & {
  readonly ops: readonly AnyOp[];
  with(...ops: readonly AnyOp[]): AnyFFTDescriptor;
};

/** The trait names, in the order the CLI and docs list them. */
export const TRAIT_NAMES = [
  'size',
  'type',
  'direction',
  'precision',
  'execution',
  'realFFTOptions',
  'valueType',
  'inputType',
  'outputType',
  'implicitTypeBatching',
  'elementsPerThread',
  'suggestedElementsPerThread',
  'storageSize',
  'stride',
  'inputLength',
  'outputLength',
  'inputEPT',
  'outputEPT',
  'fftsPerBlock',
  'suggestedFFTsPerBlock',
  'blockDim',
  'maxThreadsPerBlock',
  'sharedMemorySize',
  'requiresWorkspace',
  'workspaceSize',
  'isComplete',
  'isCompleteExecution',
] as const;

export type TraitName = (typeof TRAIT_NAMES)[number];

class Descriptor {
  readonly ops: readonly AnyOp[];
  readonly #state: DescriptorState;
  #plan: FFTPlan | undefined;

  constructor(ops: readonly unknown[]) {
    this.#state = checkOps(ops);
    this.ops = Object.freeze([...(ops as readonly AnyOp[])]);
    Object.freeze(this);
  }

  /** The plan, or the incomplete-descriptor error naming `what` the caller asked for. */
  #resolved(what: string): FFTPlan {
    const missing = missingForExecution(this.#state);
    if (missing) fail(incomplete(what, missing));
    this.#plan ??= resolvePlan(this.#state);
    return this.#plan;
  }

  get #folded(): boolean {
    return this.#state.mode === 'folded' && this.type !== 'c2c';
  }

  get size(): number {
    if (this.#state.size === undefined) fail(incomplete('size', 'size'));
    return this.#state.size;
  }
  get type(): FFTType {
    return this.#state.type ?? 'c2c';
  }
  get direction(): FFTDirection {
    const d = deducedDirection(this.type, this.#state.direction);
    if (!d) fail(incomplete('direction', 'direction'));
    return d;
  }
  get precision(): FFTPrecision {
    return this.#state.precision ?? 'f32';
  }
  get execution(): FFTExecution {
    if (!this.#state.execution) fail(incomplete('execution', 'execution'));
    return this.#state.execution;
  }
  get realFFTOptions() {
    return Object.freeze({ layout: this.#state.layout ?? 'natural', mode: this.#state.mode ?? 'normal' });
  }
  get valueType(): string {
    return VALUE_TYPE[this.precision];
  }
  get inputType(): ElementKind {
    return this.type === 'r2c' && !this.#folded ? 'real' : 'complex';
  }
  get outputType(): ElementKind {
    return this.type === 'c2r' && !this.#folded ? 'real' : 'complex';
  }
  get implicitTypeBatching(): 1 | 2 {
    return this.precision === 'f16' ? 2 : 1;
  }
  get isComplete(): boolean {
    return this.#state.size !== undefined && deducedDirection(this.type, this.#state.direction) !== undefined;
  }
  get isCompleteExecution(): boolean {
    return missingForExecution(this.#state) === undefined;
  }

  get elementsPerThread(): number {
    return this.#resolved('elementsPerThread').elementsPerThread;
  }
  get suggestedElementsPerThread(): number {
    return this.#resolved('suggestedElementsPerThread').suggestedElementsPerThread;
  }
  get storageSize(): number {
    return this.#resolved('storageSize').storageSize;
  }
  get stride(): number {
    return this.#resolved('stride').stride;
  }
  get inputLength(): number {
    return this.#resolved('inputLength').inputLength;
  }
  get outputLength(): number {
    return this.#resolved('outputLength').outputLength;
  }
  get inputEPT(): number {
    return this.#resolved('inputEPT').inputEPT;
  }
  get outputEPT(): number {
    return this.#resolved('outputEPT').outputEPT;
  }
  get fftsPerBlock(): number {
    return this.#resolved('fftsPerBlock').fftsPerBlock;
  }
  get suggestedFFTsPerBlock(): number {
    return this.#resolved('suggestedFFTsPerBlock').suggestedFFTsPerBlock;
  }
  get blockDim(): readonly [number, number, number] {
    return this.#resolved('blockDim').blockDim;
  }
  get maxThreadsPerBlock(): number {
    return this.#resolved('maxThreadsPerBlock').maxThreadsPerBlock;
  }
  get sharedMemorySize(): number {
    return this.#resolved('sharedMemorySize').sharedMemorySize;
  }
  get requiresWorkspace(): boolean {
    return this.#resolved('requiresWorkspace').requiresWorkspace;
  }
  get workspaceSize(): number {
    return this.#resolved('workspaceSize').workspaceSize;
  }
  get plan(): FFTPlan {
    return this.#resolved('plan');
  }

  /** Bound, so `const { wgsl } = desc` and passing `desc.wgsl` around work. */
  readonly wgsl = (options?: WGSLOptions): WGSLModule => generateModule(this.#resolved('wgsl()'), options);

  with(...ops: readonly unknown[]): Descriptor {
    return new Descriptor([...this.ops, ...ops]);
  }
}

/**
 * Composes an FFT descriptor from operators, in any order:
 * `fft(Size(128), Type('c2c'), Direction('forward'), Block(), ElementsPerThread(8), FFTsPerBlock(2))`.
 * An invalid combination is a compile-time error on the culprit argument, and throws
 * FFTDescriptorError with the same text at run time.
 */
export function fft<const Ops extends readonly AnyOp[]>(...ops: ValidOps<Ops>): FFTDescriptor<Ops> {
  return new Descriptor(ops) as unknown as FFTDescriptor<Ops>;
}

/** Every trait of a descriptor that it can provide, by name (the CLI's table); unavailable ones are left out. */
export function traitsOf(desc: AnyFFTDescriptor): Partial<Record<TraitName, unknown>> {
  const out: Partial<Record<TraitName, unknown>> = {};
  for (const name of TRAIT_NAMES) {
    try {
      out[name] = (desc as unknown as Record<TraitName, unknown>)[name];
    } catch {
      // an incomplete descriptor: the trait is not available
    }
  }
  return out;
}
