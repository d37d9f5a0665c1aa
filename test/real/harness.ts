// Test kernels and f64 references for real FFTs. The kernels use only the documented layouts
// (docs/real-fft.md): Thread register i = element i; Block invocation t holds element t + i * stride
// in register i; real values two per register (real j = component j & 1 of register j >> 1);
// workgroup-memory API: slot f at element f * inputLength of `<p>_smem` (reals: scalar index i is
// component i & 1 of element i >> 1). Buffers are flat f32 arrays (complex = re, im interleaved).
// Many kernels run in one submission: lavapipe is slow and pipeline compilation dominates.
import type { FFTPlan } from '../../descriptors/model.js';
import { resolvePlan, type DescriptorState } from '../../descriptors/plan.js';
import { workspaceData } from '../../kernels/workspace-data.js';
import { generateRealModule } from '../../kernels/real/module.js';
import type { WGSLModule } from '../../kernels/types.js';
import { randomFloats } from '../support/random.js';
import { accuracyBound, referenceDFT, relativeL2 } from '../support/reference.js';
import { runKernelChain } from '../support/chain.js';

export type Api = 'thread' | 'registers' | 'shared';

const IO = `@group(0) @binding(0) var<storage, read> src: array<f32>;
@group(0) @binding(1) var<storage, read_write> dst: array<f32>;`;

/** Floats per element of a side. */
export function scalars(plan: FFTPlan, side: 'input' | 'output'): number {
  return (side === 'input' ? plan.inputType : plan.outputType) === 'real' ? 1 : 2;
}

/** WGSL statement loading global element `g` (element index expression) into register slot i. */
function loadSlot(plan: FFTPlan, i: number, g: string): string {
  return plan.inputType === 'real'
    ? `data[${i >> 1}][${i & 1}] = src[${g}];`
    : `data[${i}] = vec2<f32>(src[2u * (${g})], src[2u * (${g}) + 1u]);`;
}

function storeSlot(plan: FFTPlan, i: number, g: string): string {
  return plan.outputType === 'real'
    ? `dst[${g}] = data[${i >> 1}][${i & 1}];`
    : `dst[2u * (${g})] = data[${i}].x; dst[2u * (${g}) + 1u] = data[${i}].y;`;
}

/** Thread execution: invocation g computes FFT g. */
export function threadKernel(mod: WGSLModule, batch: number): string {
  const p = mod.plan;
  const loads = Array.from({ length: p.inputLength }, (_, i) => `  ${loadSlot(p, i, `gin + ${i}u`)}`);
  const stores = Array.from({ length: p.outputLength }, (_, i) => `  ${storeSlot(p, i, `gout + ${i}u`)}`);
  return `${IO}
${mod.code}
@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let g = gid.x;
  if (g >= ${batch}u) { return; }
  let gin = g * ${p.inputLength}u;
  let gout = g * ${p.outputLength}u;
  var data: array<vec2<f32>, ${p.storageSize}>;
${loads.join('\n')}
  ${mod.execute}(&data);
${stores.join('\n')}
}`;
}

/** Block execution, register API; invocations beyond the stride or the slots are idle but call execute. */
export function registersKernel(mod: WGSLModule): string {
  const p = mod.plan;
  const [bx, by, bz] = p.blockDim;
  const s = p.stride;
  const fpb = p.fftsPerBlock;
  const load: string[] = [];
  const store: string[] = [];
  for (let i = 0; i < p.inputEPT; i++) {
    load.push(`    if (lid.x + ${i * s}u < ${p.inputLength}u) { ${loadSlot(p, i, `g * ${p.inputLength}u + lid.x + ${i * s}u`)} }`);
  }
  for (let i = 0; i < p.outputEPT; i++) {
    store.push(`    if (lid.x + ${i * s}u < ${p.outputLength}u) { ${storeSlot(p, i, `g * ${p.outputLength}u + lid.x + ${i * s}u`)} }`);
  }
  return `${IO}
${mod.code}
@compute @workgroup_size(${bx}, ${by}, ${bz})
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
  let fft = lid.y + lid.z * ${by}u;
  let g = wid.x * ${fpb}u + fft;
  let working = lid.x < ${s}u && fft < ${fpb}u;
  var data: array<vec2<f32>, ${p.storageSize}>;
  if (working) {
${load.join('\n')}
  }
  ${mod.execute}(&data, lid.x, fft);
  if (working) {
${store.join('\n')}
  }
}`;
}

/** Block execution, workgroup-memory API: the workgroup copies FPB * L elements, coalesced, in the buffer's documented view. */
export function sharedKernel(mod: WGSLModule): string {
  const p = mod.plan;
  if (!mod.executeShared) throw new Error('module has no execute_shared');
  const inTotal = p.fftsPerBlock * p.inputLength;
  const outTotal = p.fftsPerBlock * p.outputLength;
  const sm = mod.sharedData;
  const load =
    p.inputType === 'real'
      ? `${sm}[k >> 1u][k & 1u] = src[base + k];`
      : `${sm}[k] = vec2<f32>(src[2u * (base + k)], src[2u * (base + k) + 1u]);`;
  const store =
    p.outputType === 'real'
      ? `dst[base + k] = ${sm}[k >> 1u][k & 1u];`
      : `dst[2u * (base + k)] = ${sm}[k].x; dst[2u * (base + k) + 1u] = ${sm}[k].y;`;
  return sharedEntryPoint(IO, mod, { inTotal, outTotal, load, store });
}

/**
 * The entry point of a workgroup-memory-API test kernel: every invocation copies its share of
 * workgroup `wid.x`'s input into `sharedData` with `load` (per element k, `base` the workgroup's
 * first element), execute_shared, then out with `store`. `prelude`: the bindings.
 */
export function sharedEntryPoint(prelude: string, mod: WGSLModule, io: { inTotal: number; outTotal: number; load: string; store: string }): string {
  const [bx, by, bz] = mod.plan.blockDim;
  const step = bx * by * bz;
  return `${prelude}
${mod.code}
@compute @workgroup_size(${bx}, ${by}, ${bz})
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
  let flat = lid.x + ${bx}u * (lid.y + ${by}u * lid.z);
  {
    let base = wid.x * ${io.inTotal}u;
    for (var k = flat; k < ${io.inTotal}u; k += ${step}u) { ${io.load} }
  }
  workgroupBarrier();
  ${mod.executeShared}(lid.x, lid.y + lid.z * ${by}u);
  workgroupBarrier();
  {
    let base = wid.x * ${io.outTotal}u;
    for (var k = flat; k < ${io.outTotal}u; k += ${step}u) { ${io.store} }
  }
}`;
}

export interface BuiltKernel {
  readonly label: string;
  readonly plan: FFTPlan;
  readonly module: WGSLModule;
  readonly code: string;
  readonly workgroups: number;
  /** FFTs in the batch. */
  readonly batch: number;
  readonly workspace?: Float32Array;
}

export function buildKernel(label: string, state: DescriptorState, api: Api, count: number): BuiltKernel {
  const plan = resolvePlan(state);
  const module = generateRealModule(plan, plan.requiresWorkspace ? { workspace: { group: 0, binding: 2 } } : {});
  const thread = api === 'thread';
  const code = thread ? threadKernel(module, count) : api === 'registers' ? registersKernel(module) : sharedKernel(module);
  return {
    label,
    plan,
    module,
    code,
    workgroups: thread ? Math.ceil(count / 32) : count,
    batch: thread ? count : count * plan.fftsPerBlock,
    ...(plan.requiresWorkspace ? { workspace: workspaceData(plan) } : {}),
  };
}

export interface Dispatch {
  readonly kernel: BuiltKernel;
  /** Flat f32 input (batch * inputLength elements), or the output of an earlier dispatch. */
  readonly input: Float32Array | { readonly from: number };
}

/** Compiles every kernel, records all dispatches in order in one submission, reads every output (poisoned with NaN) back. */
export function runDispatches(device: GPUDevice, dispatches: readonly Dispatch[]): Promise<Float32Array[]> {
  return runKernelChain(device, dispatches, (k) => k.batch * k.plan.outputLength * scalars(k.plan, 'output') * 4);
}

// ---------------------------------------------------------------------------------------------
// f64 references, built from the complex reference DFT.

/** A complex DFT of length n (interleaved): the f64 reference, or an FFT of chosen rounding (f16 tests). */
export type ComplexDFT = (x: Float64Array, n: number, sign: -1 | 1) => Float64Array;

/** R2C reference of n reals in the plan's output layout (interleaved complex). */
export function r2cReference(x: ArrayLike<number>, plan: FFTPlan, dft: ComplexDFT = referenceDFT): Float64Array {
  const n = plan.size;
  const c = new Float64Array(2 * n);
  for (let j = 0; j < n; j++) c[2 * j] = x[j];
  const X = dft(c, n, -1);
  const out = new Float64Array(2 * plan.outputLength);
  out.set(X.subarray(0, 2 * plan.outputLength));
  if (plan.layout === 'packed') out[1] = X[n]; // element 0 = (X_0.re, X_(N/2).re)
  return out;
}

/**
 * C2R reference: the real signal whose spectrum is Hermitian with X_k from elements 0..floor(N/2)
 * of the input (imaginary parts of X_0 and X_(N/2) ignored; full layout: upper half ignored).
 */
export function c2rReference(input: ArrayLike<number>, plan: FFTPlan, dft: ComplexDFT = referenceDFT): Float64Array {
  const n = plan.size;
  const h = new Float64Array(2 * n);
  const half = Math.floor(n / 2);
  for (let k = 0; k <= half; k++) {
    const packedNyquist = plan.layout === 'packed' && k === half;
    const re = packedNyquist ? input[1] : input[2 * k];
    const im = k === 0 || 2 * k === n ? 0 : input[2 * k + 1];
    h[2 * k] = re;
    h[2 * k + 1] = im;
    if (k > 0 && 2 * k !== n) {
      h[2 * (n - k)] = re;
      h[2 * (n - k) + 1] = -im;
    }
  }
  const x = dft(h, n, 1);
  return Float64Array.from({ length: n }, (_, j) => x[2 * j]);
}

/** Input floats of one FFT. */
export function inputFloats(plan: FFTPlan): number {
  return plan.inputLength * scalars(plan, 'input');
}

export function outputFloats(plan: FFTPlan): number {
  return plan.outputLength * scalars(plan, 'output');
}

/** Largest per-FFT relative L2 error of out against reference(input of that FFT). */
export function maxError(
  input: Float32Array,
  out: Float32Array,
  plan: FFTPlan,
  batch: number,
  reference: (x: Float32Array) => ArrayLike<number>,
): number {
  let worst = 0;
  const fin = inputFloats(plan);
  const fout = outputFloats(plan);
  for (let b = 0; b < batch; b++) {
    const want = reference(input.subarray(fin * b, fin * (b + 1)));
    const got = out.subarray(fout * b, fout * (b + 1));
    const e = relativeL2(got, want);
    worst = Math.max(worst, Number.isNaN(e) ? Infinity : e);
  }
  return worst;
}

/** The accuracy bound (test/support/reference.ts). */
export const bound = accuracyBound;

export interface RealCase {
  readonly label: string;
  /** Everything but the type (r2c and c2r are both run). */
  readonly state: Omit<DescriptorState, 'type' | 'direction'>;
  readonly api: Api;
  /** Workgroups (Block) or FFTs (Thread). */
  readonly count: number;
}

export interface Check {
  readonly label: string;
  readonly error: number;
  readonly bound: number;
}

/**
 * For each case: R2C on random reals, C2R on random complex input (imaginary parts that must be
 * ignored included), and C2R(R2C(x)) against N x, all in one submission.
 */
export async function checkRealCases(device: GPUDevice, cases: readonly RealCase[], seed: number): Promise<Check[]> {
  const dispatches: Dispatch[] = [];
  const checks: { label: string; n: number; index: number; input: Float32Array; plan: FFTPlan; batch: number; reference: (x: Float32Array) => ArrayLike<number> }[] = [];
  cases.forEach((c, idx) => {
    const r2c = buildKernel(`${c.label} r2c`, { ...c.state, type: 'r2c' }, c.api, c.count);
    const c2r = buildKernel(`${c.label} c2r`, { ...c.state, type: 'c2r' }, c.api, c.count);
    const n = r2c.plan.size;
    const x = randomFloats(r2c.batch * inputFloats(r2c.plan), seed + 7919 * idx);
    const spectrum = randomFloats(c2r.batch * inputFloats(c2r.plan), seed + 7919 * idx + 1);
    dispatches.push({ kernel: r2c, input: x });
    checks.push({ label: r2c.label, n, index: dispatches.length - 1, input: x, plan: r2c.plan, batch: r2c.batch, reference: (v) => r2cReference(v, r2c.plan) });
    dispatches.push({ kernel: c2r, input: spectrum });
    checks.push({ label: c2r.label, n, index: dispatches.length - 1, input: spectrum, plan: c2r.plan, batch: c2r.batch, reference: (v) => c2rReference(v, c2r.plan) });
    dispatches.push({ kernel: c2r, input: { from: dispatches.length - 2 } });
    // C2R(R2C(x)) = N x, per FFT (the real layouts of both ends are the same floats).
    checks.push({ label: `${c.label} c2r(r2c(x))`, n, index: dispatches.length - 1, input: x, plan: r2c.plan, batch: r2c.batch, reference: (v) => Float64Array.from(v, (s) => s * n) });
  });
  const outs = await runDispatches(device, dispatches);
  return checks.map((c) => {
    // The round trip compares floats of the real side; reuse maxError with a plan whose output is that side.
    const roundTrip = c.label.endsWith('c2r(r2c(x))');
    const plan = roundTrip ? ({ ...c.plan, outputLength: c.plan.inputLength, outputType: c.plan.inputType } as FFTPlan) : c.plan;
    return { label: c.label, error: maxError(c.input, outs[c.index], plan, c.batch, c.reference), bound: bound(c.n) };
  });
}
