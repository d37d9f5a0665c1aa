// Rader's algorithm for a prime length p whose p - 1 the native engine runs (descriptors/rader.ts).
// With g a primitive root mod p, a_q = x_(g^q) and b_q = exp(sign 2 pi i g^(-q) / p), q < L = p - 1:
//   X_0 = sum_j x_j,   X_(g^(-k)) = x_0 + (a (*) b)_k   (cyclic convolution of length L).
// The convolution is IFFT(FFT(a) * FFT(b)) on the L-point engine; FFT(b) / L is precomputed on the
// host in f64, and the inverse reuses the forward engine: IFFT(z) = conj(FFT(conj(z))) / L.
// The permutations go through workgroup memory: the inputs in natural order, then each invocation
// gathers its a_q; the outputs scattered to g^(-k), then each invocation reads its natural slots.
//
// Workspace layout (2L elements of vec2<f32> = plan.workspaceSize bytes, f32 and f16 plans):
//   [0, L)    B_q = FFT_L(b)_q / L   (the direction lives in b)
//   [L, 2L)   (g^q mod p, g^(-q) mod p) as exact f32 integers
import type { FFTPlan } from '../descriptors/model.js';
import { powMod, primitiveRoot } from '../descriptors/sizes.js';
import { ARITH_F32, type Arith } from './arith.js';
import type { Definitions } from './definitions.js';
import { dftF64 } from './host-fft.js';
import { addBlockEngine, addCmul, exchangeComponents, type Component } from './stockham.js';

/** The Rader workspace of a plan (interleaved vec2<f32>, plan.workspaceSize bytes). */
export function raderWorkspace(plan: FFTPlan): Float32Array {
  if (plan.algorithm !== 'rader') throw new Error(`webfftdx: Size(${plan.size}) does not use Rader`);
  const p = plan.size;
  const L = p - 1;
  const g = primitiveRoot(p);
  const ginv = powMod(g, p - 2, p);
  const sign = plan.direction === 'forward' ? -1 : 1;
  const b = new Float64Array(2 * L);
  for (let q = 0, e = 1; q < L; q++, e = (e * ginv) % p) {
    // exp(sign 2 pi i e / p), e = g^(-q) mod p in [1, p): with p an odd prime no angle lies on an axis.
    b[2 * q] = Math.cos((2 * Math.PI * e) / p);
    b[2 * q + 1] = sign * Math.sin((2 * Math.PI * e) / p);
  }
  const spectrum = dftF64(b, L, -1);
  const out = new Float32Array(4 * L);
  for (let k = 0; k < 2 * L; k++) out[k] = spectrum[k] / L;
  for (let q = 0, up = 1, down = 1; q < L; q++, up = (up * g) % p, down = (down * ginv) % p) {
    out[2 * L + 2 * q] = up;
    out[2 * L + 2 * q + 1] = down;
  }
  return out;
}

export interface RaderSpec {
  readonly prefix: string;
  /** Name of the function to define. */
  readonly name: string;
  /** The prime length p. */
  readonly size: number;
  /** Elements per invocation of the (p - 1)-point engine. */
  readonly ept: number;
  /** Registers per invocation (ept + 1: register ept of invocation 0 holds element p - 1). */
  readonly storage: number;
  readonly slots: number;
  /** The buffer's element: a whole register, or one half after the other. */
  readonly exchange: 'complex' | 'split';
  /** Workgroup buffer of p elements per slot. */
  readonly smem: string;
  /** Name of the workspace storage buffer (array<vec2<f32>>, layout above). */
  readonly workspace: string;
  /** Engine tag (BlockEngineSpec.tag) when the module holds another engine of this length. */
  readonly tag?: string;
  /** Register arithmetic (default f32). */
  readonly arith?: Arith;
  /** Product twiddles of the engine formed at their use (BlockEngineSpec.twiddlesAtUse). */
  readonly twiddlesAtUse?: boolean;
}

/**
 * Largest prime whose batched kernel loads and stores in Rader's permuted order (WGSLModule.raderPermuted)
 * instead of permuting through workgroup memory. On an H200 (bench/NOTES.md run 81) the global
 * gathers and scatters of one FFT's few cache lines won below 256 points (67-193: +4 to +11 %) and
 * lost from 257 on (257 -7 %, 641 -30 %, 2017 -27 %, 7681 -22 %: each subgroup access touches up to
 * 32 sectors where the natural order touches 8).
 */
export const RADER_PERMUTED_IO_MAX = 255;

/**
 * WGSL for the element register i of a Rader plan's permuted function takes in (`'input'`: x_(g^q))
 * or gives out (`'output'`: X_(g^(-q))), q = thread + i * stride: the workspace's index pairs. `th`
 * names an invocation index below the stride (idle invocations clamped).
 */
export function raderIndex(workspace: string, plan: { readonly size: number; readonly stride: number }, i: number, side: 'input' | 'output', th = 'th'): string {
  return `u32(${workspace}[${th} + ${plan.size - 1 + i * plan.stride}u].${side === 'input' ? 'x' : 'y'})`;
}

/** The names addRaderExecute defines: the register API's function and its permuted core. */
export interface RaderFunctions {
  /** `fn(data, thread, fft)`: the p-point DFT in the Block register layout. */
  readonly execute: string;
  /**
   * `fn(data, x0: register, thread, fft)`: the same without the permutations, for kernels that load
   * and store through raderIndex themselves (createBatchedFFT's): registers i < E hold x_(g^q) on
   * entry and X_(g^(-q)) on exit, `x0` is x_0, and register E comes back holding X_0 (invocation 0's
   * counts). Uses the engine's part of the workgroup buffer only.
   */
  readonly permuted: string;
}

/**
 * Adds `fn <name>(data: ptr<function, array<register, storage>>, thread: u32, fft: u32)`: the p-point
 * DFT of registers holding elements thread + i * stride (i <= ept, element < p), result in the same
 * layout; and `<name>_permuted` (RaderFunctions). Both synchronise before their first use of
 * workgroup memory and not after their last (the engine's contract), every invocation in uniform
 * control flow.
 */
export function addRaderExecute(defs: Definitions, spec: RaderSpec): RaderFunctions {
  const { prefix, size: p, ept, storage, slots, smem, workspace: ws } = spec;
  const L = p - 1;
  const stride = L / ept;
  const ar = spec.arith ?? ARITH_F32;
  const engine = addBlockEngine(defs, {
    arith: ar,
    prefix,
    size: L,
    ept,
    storage,
    sign: -1,
    slots,
    exchange: spec.exchange,
    smem,
    tag: spec.tag,
    twiddlesAtUse: spec.twiddlesAtUse,
    // Each slot's region holds p elements for the permutations; the engine uses the first p - 1.
    slotStride: p,
  });
  const cmul = addCmul(defs, prefix, ar);
  const components = exchangeComponents({ exchange: spec.exchange, arith: ar });
  const reg = (i: number) => `(*data)[${i}]`;
  const natural = (i: number) => `base + thread + ${i * stride}u`;
  const regs = Array.from({ length: ept }, (_, i) => i);
  const signature = `data: ptr<function, array<${ar.register}, ${storage}>>`;
  const clamp = [
    `// Idle invocations (thread >= ${stride}) read in-range workspace entries; they touch no workgroup memory.`,
    `let th = min(thread, ${stride - 1}u);`,
  ];
  const permutedName = `${spec.name}_permuted`;
  const permuted = defs.add(permutedName, () =>
    [
      `// ${p}-point DFT by Rader over the ${L}-point engine, registers in the permuted order: x_(g^q) in, X_(g^(-q)) out, X_0 in register ${ept}.`,
      `fn ${permutedName}(${signature}, x0: ${ar.register}, thread: u32, fft: u32) {`,
      ...[
        ...clamp,
        `// A = FFT(a); X_0 = x_0 + A_0 (invocation 0, register 0); conj(A * B) through the engine is the convolution, conjugated.`,
        `${engine}(data, thread, fft);`,
        `let total = ${ar.store(ar.add(ar.load('x0'), ar.load(reg(0))))};`,
        ...regs.map((i) => `${reg(i)} = ${ar.store(ar.conj(`${cmul}(${ar.load(reg(i))}, ${ws}[th + ${i * stride}u])`))};`),
        `${engine}(data, thread, fft);`,
        `// X_(g^(-k)) = x_0 + c_k.`,
        ...regs.map((i) => `${reg(i)} = ${ar.store(ar.add(ar.load('x0'), ar.conj(ar.load(reg(i)))))};`),
        `${reg(ept)} = total;`,
      ].map((l) => `  ${l}`),
      `}`,
    ].join('\n'),
  );
  // One round per component: write, barrier, read (the split buffer holds one half at a time).
  const rounds = (write: (c: Component) => string[], read: (c: Component) => string[]): string[] =>
    components.flatMap((c) => [`workgroupBarrier();`, `if (working) {`, ...write(c).map((l) => `  ${l}`), `}`, `workgroupBarrier();`, `if (working) {`, ...read(c).map((l) => `  ${l}`), `}`]);
  const body = [
    `let working = thread < ${stride}u && fft < ${slots}u;`,
    ...clamp,
    `let base = fft * ${p}u;`,
    `var x0 = ${ar.zero};`,
    ...regs.map((i) => `let from_${i} = ${raderIndex(ws, { size: p, stride }, i, 'input')};`),
    `// x in natural order into the buffer; a_q = x_(g^q) out of it, and x_0.`,
    ...rounds(
      (c) => [...regs.map((i) => `${smem}[${natural(i)}] = ${c.get(reg(i))};`), `if (thread == 0u) { ${smem}[base + ${L}u] = ${c.get(reg(ept))}; }`],
      (c) => [c.set('x0', `${smem}[base]`), ...regs.map((i) => c.set(reg(i), `${smem}[base + from_${i}]`))],
    ),
    `${permuted}(data, x0, thread, fft);`,
    `// X_(g^(-k)) into the buffer, X_0 at 0 (invocation 0); each invocation reads its natural elements.`,
    `let total = ${reg(ept)};`,
    `${reg(ept)} = ${ar.zero};`,
    ...rounds(
      (c) => [...regs.map((i) => `${smem}[base + ${raderIndex(ws, { size: p, stride }, i, 'output')}] = ${c.get(reg(i))};`), `if (thread == 0u) { ${smem}[base] = ${c.get('total')}; }`],
      (c) => [...regs.map((i) => c.set(reg(i), `${smem}[${natural(i)}]`)), `if (thread == 0u) { ${c.set(reg(ept), `${smem}[base + ${L}u]`)} }`],
    ),
  ];
  const execute = defs.add(spec.name, () =>
    [
      `// ${p}-point DFT by Rader over the ${L}-point engine (generator ${primitiveRoot(p)}; workspace: B at [0, ${L}), index pairs at [${L}, ${2 * L})).`,
      `fn ${spec.name}(${signature}, thread: u32, fft: u32) {`,
      ...body.map((l) => `  ${l}`),
      `}`,
    ].join('\n'),
  );
  return { execute, permuted };
}
