// fft(...ops): the public descriptor. The rules and traits live in descriptors/ (Descriptor), the
// WGSL generator in kernels/ (generateModule); this module joins them and gives the result its
// literal-typed public interface.
import { Descriptor, type TraitName, TRAIT_NAMES } from '../descriptors/descriptor.js';
import type { FFTPlan } from '../descriptors/model.js';
import type { AnyOp } from '../descriptors/operators.js';
import type { ValidOps } from '../descriptors/types/rules.js';
import type { StateOf } from '../descriptors/types/state.js';
import type { DescriptorTraits, WhenComplete } from '../descriptors/types/traits.js';
import { generateModule } from '../kernels/module.js';
import type { WGSLModule, WGSLOptions } from '../kernels/types.js';

export { TRAIT_NAMES, type TraitName } from '../descriptors/descriptor.js';
export type { FFTIncomplete } from '../descriptors/types/traits.js';

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

/**
 * Composes an FFT descriptor from operators, in any order:
 * `fft(Size(128), Type('c2c'), Direction('forward'), Block(), ElementsPerThread(8), FFTsPerBlock(2))`.
 * An invalid combination is a compile-time error on the culprit argument, and throws
 * FFTDescriptorError with the same text at run time.
 */
export function fft<const Ops extends readonly AnyOp[]>(...ops: ValidOps<Ops>): FFTDescriptor<Ops> {
  return new Descriptor(ops, generateModule) as unknown as FFTDescriptor<Ops>;
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
