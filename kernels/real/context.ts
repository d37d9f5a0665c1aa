// What the real-FFT pre/post-processing generators share: where element k of an FFT lives, and how
// invocations of one FFT reach each other's elements through workgroup memory.
//
// Two regimes:
// - local: one invocation holds the whole FFT (Thread execution, or Block with stride 1). Element k
//   is register k; every index is a compile-time constant and twiddles are f64-computed literals.
// - distributed: Block with stride s > 1. Invocation `thread` holds element thread + i * s in
//   register i; elements held by other invocations go through workgroup memory, and twiddles that
//   depend on the invocation index come from the accurate integer-argument sincos.
import type { FFTPlan } from '../../descriptors/model.js';
import type { Arith } from '../arith.js';
import type { Definitions } from '../definitions.js';
import { addConst, mulConst, u32Literal } from '../wgsl.js';
import type { RealArith } from './real-arith.js';

export interface RealContext {
  readonly plan: FFTPlan;
  readonly prefix: string;
  readonly defs: Definitions;
  /** The precision's complex arithmetic (helpers named after `prefix`) and its real values. */
  readonly ar: Arith;
  readonly real: RealArith;
  /** One invocation holds the whole FFT. */
  readonly local: boolean;
  readonly stride: number;
  /** FFT slots of the workgroup (fftsPerBlock / implicitTypeBatching). */
  readonly slots: number;
  /** Registers (`ar.register`) of the real module's register array. */
  readonly storage: number;
  /** Workgroup buffer name ('' when none): `array<register>` (complex) or `array<ar.splitElement>` (split). */
  readonly smem: string;
  readonly smemKind: 'complex' | 'split' | 'none';
  /** Workgroup elements per slot: the engine's length over its exchange parts (the buffer holds one part per slot at a time). */
  readonly partLength: number;
}

export function registerArray(ar: Arith, storage: number): string {
  return `array<${ar.register}, ${storage}>`;
}

/** Parameter list of the helper functions: Thread takes the registers only, Block also the invocation and slot. */
export function params(ctx: RealContext): string {
  const data = `data: ptr<function, ${registerArray(ctx.ar, ctx.storage)}>`;
  return ctx.plan.execution === 'thread' ? data : `${data}, thread: u32, fft: u32`;
}

/** WGSL u32 expression of the element register i holds (a literal when local). */
export function elementOf(ctx: RealContext, i: number): string {
  return ctx.local ? u32Literal(i) : addConst('thread', i * ctx.stride);
}

/** `working`: the invocation works on a real FFT slot (others only reach the barriers). */
export function activeLine(ctx: RealContext): string {
  return `let working = thread < ${ctx.stride}u && fft < ${u32Literal(ctx.slots)};`;
}

/** Index of the slot's first workgroup element (exchange layout: partLength elements per slot). */
export function slotBase(ctx: RealContext): string {
  return mulConst('fft', ctx.partLength);
}

/** Where element k of an FFT lives: invocation (k mod stride), register floor(k / stride). */
export function holderOf(ctx: RealContext, k: number): { thread: number; register: number } {
  const s = ctx.local ? 1 : ctx.stride;
  return { thread: k % s, register: Math.floor(k / s) };
}
