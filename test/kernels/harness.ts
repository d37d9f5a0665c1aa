// Test-kernel builder and batched runner for the WGSL engine. The kernels use only the documented
// data layouts (Thread: register i = element i; Block: invocation t holds element t + i * stride;
// workgroup-memory API: slot f at offset f * inputLength), exactly as a user would write them.
// Many kernels run in one submission (lavapipe is slow; pipeline compilation dominates).
import { expect } from 'vitest';
import type { FFTPlan } from '../../descriptors/model.js';
import { resolvePlan, type DescriptorState } from '../../descriptors/plan.js';
import { workspaceData } from '../../kernels/workspace-data.js';
import { generateModule } from '../../kernels/module.js';
import type { WGSLModule } from '../../kernels/types.js';
import { FULL } from '../support/full.js';
import { randomFloats } from '../support/random.js';
import { accuracyBound, referenceDFT, relativeL2 } from '../support/reference.js';
import { runKernelChain } from '../support/chain.js';

export type Api = 'thread' | 'registers' | 'shared';

const IO = `@group(0) @binding(0) var<storage, read> src: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec2<f32>>;
// A loop bound the shader compiler cannot see through: software Vulkan (lavapipe) compiles fully
// unrolled register I/O very slowly; GPU drivers do not care. The value is always n.
fn opaque(n: u32) -> u32 { return select(n, 0u, arrayLength(&src) == 0u); }`;

/**
 * The buffers' element per register and the conversions: f32 vec2<f32>; f16 registers travel as
 * vec4<f32> (re_a, re_b, im_a, im_b) holding f16 values (exact both ways); f64 as the df64 vec4<f32>.
 */
function io(plan: FFTPlan): { head: string; load: (e: string) => string; store: (e: string) => string } {
  if (plan.precision === 'f32') return { head: IO, load: (e) => e, store: (e) => e };
  const head = IO.replaceAll('vec2<f32>', 'vec4<f32>');
  if (plan.precision === 'f64') return { head, load: (e) => e, store: (e) => e };
  return { head: `enable f16;\n${head}`, load: (e) => `vec4<f16>(${e})`, store: (e) => `vec4<f32>(${e})` };
}

/** Bytes of one register in the test buffers (f16 travels as f32). */
export function bufferRegisterBytes(plan: FFTPlan): number {
  return plan.precision === 'f32' ? 8 : 16;
}

/** Thread execution: invocation g computes FFT g of a batch of `batch`. */
export function threadKernel(mod: WGSLModule, batch: number): string {
  const p = mod.plan;
  const n = p.size;
  const { head, load, store } = io(p);
  return `${head}
${mod.code}
@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let g = gid.x;
  if (g >= ${batch}u) { return; }
  let base = g * ${n}u;
  var data: array<${p.valueType}, ${p.storageSize}>;
  for (var i = 0u; i < opaque(${n}u); i++) { data[i] = ${load('src[base + i]')}; }
  ${mod.execute}(&data);
  for (var i = 0u; i < opaque(${n}u); i++) { dst[base + i] = ${store('data[i]')}; }
}`;
}

/**
 * Block execution, register API. Invocations beyond the stride (x), the FFT slots (y) or z = 0 are
 * idle: they skip I/O and pass an fft index >= fftsPerBlock, but call execute like everyone else.
 */
export function registersKernel(mod: WGSLModule): string {
  const p = mod.plan;
  const [bx, by, bz] = p.blockDim;
  const s = p.stride;
  // Register FFTs per workgroup (f16: each carries two FFTs).
  const fpb = p.fftsPerBlock / p.implicitTypeBatching;
  const { head, load, store } = io(p);
  return `${head}
${mod.code}
@compute @workgroup_size(${bx}, ${by}, ${bz})
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
  let fft = lid.y + lid.z * ${by}u;
  let g = wid.x * ${fpb}u + fft;
  let working = lid.x < ${s}u && fft < ${fpb}u;
  var data: array<${p.valueType}, ${p.storageSize}>;
  if (working) {
    for (var i = 0u; i < opaque(${p.inputEPT}u); i++) {
      let j = lid.x + i * ${s}u;
      if (j < ${p.inputLength}u) { data[i] = ${load(`src[g * ${p.inputLength}u + j]`)}; }
    }
  }
  ${mod.execute}(&data, lid.x, fft);
  if (working) {
    for (var i = 0u; i < opaque(${p.outputEPT}u); i++) {
      let j = lid.x + i * ${s}u;
      if (j < ${p.outputLength}u) { dst[g * ${p.outputLength}u + j] = ${store('data[i]')}; }
    }
  }
}`;
}

/** Block execution, workgroup-memory API: the whole workgroup loads FPB * L contiguous elements, coalesced. */
export function sharedKernel(mod: WGSLModule): string {
  const p = mod.plan;
  if (!mod.executeShared) throw new Error('module has no execute_shared');
  const [bx, by, bz] = p.blockDim;
  const total = (p.fftsPerBlock / p.implicitTypeBatching) * p.inputLength;
  const step = bx * by * bz;
  const { head, load, store } = io(p);
  return `${head}
${mod.code}
@compute @workgroup_size(${bx}, ${by}, ${bz})
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
  let flat = lid.x + ${bx}u * (lid.y + ${by}u * lid.z);
  let base = wid.x * ${total}u;
  for (var k = flat; k < ${total}u; k += ${step}u) { ${mod.sharedData}[k] = ${load('src[base + k]')}; }
  workgroupBarrier();
  ${mod.executeShared}(lid.x, lid.y + lid.z * ${by}u);
  workgroupBarrier();
  for (var k = flat; k < ${total}u; k += ${step}u) { dst[base + k] = ${store(`${mod.sharedData}[k]`)}; }
}`;
}

export interface KernelCase {
  readonly label: string;
  readonly plan: FFTPlan;
  readonly api: Api;
  /** Workgroups (Block) or FFTs (Thread). */
  readonly count: number;
}

export interface BuiltCase extends KernelCase {
  readonly module: WGSLModule;
  readonly code: string;
  readonly workgroups: number;
  /** FFTs in the batch. */
  readonly batch: number;
  readonly workspace?: Float32Array;
}

export function buildCase(c: KernelCase): BuiltCase {
  const module = generateModule(c.plan, c.plan.requiresWorkspace ? { workspace: { group: 0, binding: 2 } } : {});
  const thread = c.api === 'thread';
  const code = thread ? threadKernel(module, c.count) : c.api === 'registers' ? registersKernel(module) : sharedKernel(module);
  return {
    ...c,
    module,
    code,
    workgroups: thread ? Math.ceil(c.count / 32) : c.count,
    batch: thread ? c.count * c.plan.implicitTypeBatching : c.count * c.plan.fftsPerBlock,
    ...(c.plan.requiresWorkspace ? { workspace: workspaceData(c.plan) } : {}),
  };
}

export interface Dispatch {
  readonly kernel: BuiltCase;
  /** Interleaved complex input, batch * inputLength elements; or the output of an earlier dispatch. */
  readonly input: Float32Array | { readonly from: number };
}

/**
 * Compiles every kernel, records all dispatches in one command buffer (in order, so a dispatch may
 * read an earlier one's output) and reads every output back. Outputs start poisoned with NaN.
 */
export function runDispatches(device: GPUDevice, dispatches: readonly Dispatch[]): Promise<Float32Array[]> {
  return runKernelChain(device, dispatches, (k) => (k.batch / k.plan.implicitTypeBatching) * k.plan.outputLength * bufferRegisterBytes(k.plan));
}

/** Largest per-FFT relative L2 error of out against the f64 reference of input. */
export function maxError(input: Float32Array, out: Float32Array, n: number, batch: number, sign: -1 | 1): number {
  let worst = 0;
  for (let b = 0; b < batch; b++) {
    const x = input.subarray(2 * n * b, 2 * n * (b + 1));
    const want = referenceDFT(x, n, sign);
    const got = out.subarray(2 * n * b, 2 * n * (b + 1));
    const e = relativeL2(got, want);
    worst = Math.max(worst, Number.isNaN(e) ? Infinity : e);
  }
  return worst;
}

/** The accuracy bound (test/support/reference.ts). */
export const bound = accuracyBound;

export interface Check {
  readonly label: string;
  readonly n: number;
  readonly error: number;
  readonly bound: number;
}

type Direction = 'forward' | 'inverse';

/**
 * One direction per case, forward and inverse alternating along the list (`from` picks the first),
 * for cases that name none; both directions of every case with WEBFFTDX_FULL=1. The inverse is the
 * same generator with the other sign, and each kernel costs the software driver a compile of its
 * own, so a list of cases checks both signs of its configurations at half the compile time.
 */
export function alternateDirections<T extends object>(cases: readonly T[], from: Direction = 'forward'): (T & { readonly directions?: readonly Direction[] })[] {
  if (FULL) return [...cases];
  const other: Direction = from === 'forward' ? 'inverse' : 'forward';
  type Directed = T & { readonly directions?: readonly Direction[] };
  return cases.map((c, i) => ((c as Directed).directions ? (c as Directed) : { ...c, directions: [i % 2 ? other : from] }));
}

/** Runs forward and inverse of each case (or the case's `directions`), checks them against the reference, returns the errors. */
export async function checkCases(
  device: GPUDevice,
  states: readonly {
    readonly label: string;
    readonly state: DescriptorState;
    readonly api: Api;
    readonly count: number;
    readonly directions?: readonly ('forward' | 'inverse')[];
  }[],
  seed: number,
): Promise<Check[]> {
  const dispatches: Dispatch[] = [];
  const meta: { label: string; n: number; sign: -1 | 1; input: Float32Array; batch: number }[] = [];
  states.forEach((s, idx) => {
    for (const direction of s.directions ?? (['forward', 'inverse'] as const)) {
      const plan = resolvePlan({ ...s.state, direction });
      const kernel = buildCase({ label: `${s.label} ${direction}`, plan, api: s.api, count: s.count });
      const input = randomFloats(2 * kernel.batch * plan.inputLength, seed + 7919 * idx + (direction === 'inverse' ? 1 : 0));
      dispatches.push({ kernel, input });
      meta.push({ label: kernel.label, n: plan.size, sign: direction === 'forward' ? -1 : 1, input, batch: kernel.batch });
    }
  });
  const outs = await runDispatches(device, dispatches);
  return meta.map((m, i) => ({
    label: m.label,
    n: m.n,
    error: maxError(m.input, outs[i], m.n, m.batch, m.sign),
    bound: bound(m.n),
  }));
}

/** Asserts every check is within its bound (all failures reported together). */
export function expectWithinBounds(checks: readonly Check[]): void {
  const bad = checks.filter((c) => !(c.error <= c.bound));
  expect(bad.map((c) => `${c.label}: ${c.error.toExponential(2)} > ${c.bound}`)).toEqual([]);
}
