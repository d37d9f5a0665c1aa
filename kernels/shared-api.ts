// The Block workgroup-memory API (`<p>_execute_shared`) for every plan whose data fit the Limits.
// Where the register API's exchange already works in a buffer that can hold the data in natural
// order (the complex exchange in one part, or no exchange at all), both APIs use `<p>_smem`.
// Otherwise (the split or a parted exchange, chosen because a smaller buffer runs faster for the
// register API) execute_shared runs its own copy of the engine with the complex one-part exchange,
// in a separate data buffer `<p>_smem_data`: WGSL allocates only the workgroup variables an entry
// point uses, so a kernel that calls `execute` alone still takes exactly `sharedMemorySize` bytes.
import { COMPLEX_BYTES } from '../descriptors/capabilities.js';
import type { FFTPlan } from '../descriptors/model.js';

export type SharedApi =
  /** execute_shared uses the register API's buffer; `elements`: registers (valueType) its data need. */
  | { readonly kind: 'same'; readonly elements: number }
  /** execute_shared runs `plan` (the complex one-part exchange) in a buffer of `elements` registers. */
  | { readonly kind: 'own'; readonly plan: FFTPlan; readonly elements: number };

/**
 * Bytes of one element of one FFT on a side: complex COMPLEX_BYTES / implicitTypeBatching (f32 8,
 * f16 4 (a register carries two FFTs), f64 16), reals half that (two per register in the data buffer).
 */
export function elementBytes(plan: FFTPlan, side: 'input' | 'output'): number {
  const complex = COMPLEX_BYTES[plan.precision] / plan.implicitTypeBatching;
  return (side === 'input' ? plan.inputType : plan.outputType) === 'real' ? complex / 2 : complex;
}

/**
 * How the workgroup-memory API is provided for a Block plan (its slots' data: input or output,
 * whichever is larger), or undefined when it cannot fit the Limits.
 */
export function sharedApiFor(plan: FFTPlan): SharedApi | undefined {
  if (plan.execution !== 'block') return undefined;
  const dataBytes = plan.fftsPerBlock * Math.max(plan.inputLength * elementBytes(plan, 'input'), plan.outputLength * elementBytes(plan, 'output'));
  const limit = plan.limits.maxComputeWorkgroupStorageSize;
  const registerBytes = COMPLEX_BYTES[plan.precision];
  const elements = Math.ceil(dataBytes / registerBytes);
  if (plan.stride === 1 || (plan.exchange === 'complex' && plan.exchangeParts === 1)) {
    return dataBytes <= limit ? { kind: 'same', elements } : undefined;
  }
  const slots = plan.fftsPerBlock / plan.implicitTypeBatching;
  // Rader's buffer holds its p = size elements per slot (kernels/rader.ts).
  const exchangeBytes = (plan.algorithm === 'rader' ? plan.size : plan.execSize) * COMPLEX_BYTES[plan.precision] * slots;
  if (Math.max(dataBytes, exchangeBytes) > limit) return undefined;
  // A shape of its own: the measured Bluestein prefetch choice (TuningEntry.prefetch) belongs to the register API's shape.
  const own: FFTPlan = Object.freeze({ ...plan, exchange: 'complex' as const, exchangeParts: 1, sharedMemorySize: exchangeBytes, bluesteinPrefetch: false });
  return { kind: 'own', plan: own, elements: Math.max(elements, exchangeBytes / registerBytes) };
}

/**
 * The buffer names of a module with a workgroup-memory API: the register API's (`sharedMemory`)
 * and the data's (`sharedData`), from the options or the defaults. Throws when one buffer serves
 * both and the options name two.
 */
export function bufferNames(
  prefix: string,
  api: SharedApi | undefined,
  options: { readonly sharedMemory?: string; readonly sharedData?: string },
): { smem: string; data: string } {
  if (api?.kind === 'same') {
    if (options.sharedMemory !== undefined && options.sharedData !== undefined && options.sharedMemory !== options.sharedData) {
      throw new Error(
        `webfftdx: this plan's register and workgroup-memory APIs use one buffer, but sharedMemory "${options.sharedMemory}" and sharedData "${options.sharedData}" differ`,
      );
    }
    const name = options.sharedMemory ?? options.sharedData ?? `${prefix}_smem`;
    return { smem: name, data: name };
  }
  return { smem: options.sharedMemory ?? `${prefix}_smem`, data: api ? (options.sharedData ?? `${prefix}_smem_data`) : '' };
}

/**
 * The workgroup declarations a module writes itself: the register API's buffer unless the caller
 * declared it (`sharedMemory`, or `sharedData` where one buffer serves both APIs), and a separate
 * data buffer unless the caller declared that (`sharedData`).
 */
export function ownDeclarations(
  api: SharedApi | undefined,
  options: { readonly sharedMemory?: string; readonly sharedData?: string },
  smem: { readonly name: string; readonly declaration: string },
  data: { readonly name: string; readonly declaration: string },
): string[] {
  const callerDeclared = options.sharedMemory !== undefined || (api?.kind === 'same' && options.sharedData !== undefined);
  const out = smem.declaration && !callerDeclared ? [smem.declaration] : [];
  if (data.declaration && data.name !== smem.name && options.sharedData === undefined) out.push(data.declaration);
  return out;
}
