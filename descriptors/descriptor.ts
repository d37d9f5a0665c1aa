// The descriptor value behind fft(...) and desc.with(...): composes and validates the operators and
// exposes the traits. Run time: description traits come from the operators, execution traits from
// resolvePlan (plan.ts). Code generation is not this layer's business: the code generator is handed
// in by whoever composes descriptors (src/fft.ts passes the WGSL generator of kernels/), so the rules
// never depend on the generators built on them. Type level: the same traits as literal types
// (types/traits.ts) and the same validation messages (types/rules.ts).
import { VALUE_TYPE } from './capabilities.js';
import { fail } from './errors.js';
import { incomplete } from './messages.js';
import type { ElementKind, FFTDirection, FFTExecution, FFTPlan, FFTPrecision, FFTType } from './model.js';
import type { AnyOp } from './operators.js';
import { checkOps } from './rules.js';
import { deducedDirection, type DescriptorState, missingForExecution, resolvePlan } from './plan.js';

/** Turns a resolved plan into code; src/fft.ts passes kernels' generateModule. */
export type PlanGenerator = (plan: FFTPlan, options?: never) => unknown;

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

/** A composed, validated descriptor (the run-time object; src/fft.ts gives it its public type). */
export class Descriptor {
  readonly ops: readonly AnyOp[];
  readonly #state: DescriptorState;
  readonly #generate: PlanGenerator;
  #plan: FFTPlan | undefined;

  constructor(ops: readonly unknown[], generate: PlanGenerator) {
    this.#state = checkOps(ops);
    this.#generate = generate;
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
  readonly wgsl = (options?: unknown): unknown => this.#generate(this.#resolved('wgsl()'), options as never);

  with(...ops: readonly unknown[]): Descriptor {
    return new Descriptor([...this.ops, ...ops], this.#generate);
  }
}
