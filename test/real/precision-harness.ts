// Test kernels for f64 (df64) and f16 (RRII) real FFTs: the f32 harness's kernels (harness.ts) with
// wider buffer elements. Buffers are flat f32 arrays. Registers are the documented ones
// (docs/real-fft.md, docs/precision.md): real slot j is component j & 1 of register j >> 1.
//   f64: the df64 layout of kernels/df64-layout.ts, which the host helpers use too: a real is
//        (hi, lo), a complex element (re_hi, im_hi, re_lo, im_lo); the real of register slot j is
//        (register[j & 1], register[2 + (j & 1)]).
//   f16: FFT pairs (2p, 2p + 1) in RRII order, values f16-rounded and stored as f32: a real element
//        is (x_a, x_b), a complex one (re_a, re_b, im_a, im_b); register slot j's real is
//        (register[2 (j & 1)], register[2 (j & 1) + 1]). Slots and buffer rows count pairs.
import type { FFTPlan } from '../../descriptors/model.js';
import { resolvePlan, type DescriptorState } from '../../descriptors/plan.js';
import { workspaceData } from '../../kernels/workspace-data.js';
import { generateRealModule } from '../../kernels/real/module.js';
import type { WGSLModule } from '../../kernels/types.js';
import { sharedEntryPoint, type Api, type BuiltKernel } from './harness.js';

const IO = `@group(0) @binding(0) var<storage, read> src: array<f32>;
@group(0) @binding(1) var<storage, read_write> dst: array<f32>;`;

/** The kernel's first lines: f16 modules need `enable f16;` before anything else. */
function head(plan: FFTPlan): string {
  return plan.precision === 'f16' ? `enable f16;\n${IO}` : IO;
}

/** f32 scalars per element of a side (real: 2; complex: 4), per FFT (f64) or per FFT pair (f16). */
export function scalarsWide(plan: FFTPlan, side: 'input' | 'output'): number {
  return (side === 'input' ? plan.inputType : plan.outputType) === 'real' ? 2 : 4;
}

/** Statement loading element `g` of the input into register slot i. */
function loadSlot(plan: FFTPlan, i: number, g: string): string {
  if (plan.precision === 'f16') {
    if (plan.inputType === 'real') {
      const [r, c] = [i >> 1, 2 * (i & 1)];
      return `data[${r}][${c}] = f16(src[2u * (${g})]); data[${r}][${c + 1}] = f16(src[2u * (${g}) + 1u]);`;
    }
    return `data[${i}] = vec4<f16>(vec4<f32>(src[4u * (${g})], src[4u * (${g}) + 1u], src[4u * (${g}) + 2u], src[4u * (${g}) + 3u]));`;
  }
  if (plan.inputType === 'real') {
    const [r, c] = [i >> 1, i & 1];
    return `data[${r}][${c}] = src[2u * (${g})]; data[${r}][${2 + c}] = src[2u * (${g}) + 1u];`;
  }
  return `data[${i}] = vec4<f32>(src[4u * (${g})], src[4u * (${g}) + 1u], src[4u * (${g}) + 2u], src[4u * (${g}) + 3u]);`;
}

function storeSlot(plan: FFTPlan, i: number, g: string): string {
  if (plan.precision === 'f16') {
    if (plan.outputType === 'real') {
      const [r, c] = [i >> 1, 2 * (i & 1)];
      return `dst[2u * (${g})] = f32(data[${r}][${c}]); dst[2u * (${g}) + 1u] = f32(data[${r}][${c + 1}]);`;
    }
    return [0, 1, 2, 3].map((q) => `dst[4u * (${g}) + ${q}u] = f32(data[${i}][${q}]);`).join(' ');
  }
  if (plan.outputType === 'real') {
    const [r, c] = [i >> 1, i & 1];
    return `dst[2u * (${g})] = data[${r}][${c}]; dst[2u * (${g}) + 1u] = data[${r}][${2 + c}];`;
  }
  return [0, 1, 2, 3].map((q) => `dst[4u * (${g}) + ${q}u] = data[${i}][${q}];`).join(' ');
}

function threadKernel(mod: WGSLModule, batch: number): string {
  const p = mod.plan;
  const loads = Array.from({ length: p.inputLength }, (_, i) => `  ${loadSlot(p, i, `gin + ${i}u`)}`);
  const stores = Array.from({ length: p.outputLength }, (_, i) => `  ${storeSlot(p, i, `gout + ${i}u`)}`);
  return `${head(p)}
${mod.code}
@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let g = gid.x;
  if (g >= ${batch}u) { return; }
  let gin = g * ${p.inputLength}u;
  let gout = g * ${p.outputLength}u;
  var data: array<${p.valueType}, ${p.storageSize}>;
${loads.join('\n')}
  ${mod.execute}(&data);
${stores.join('\n')}
}`;
}

function registersKernel(mod: WGSLModule): string {
  const p = mod.plan;
  const [bx, by, bz] = p.blockDim;
  const s = p.stride;
  const load: string[] = [];
  const store: string[] = [];
  for (let i = 0; i < p.inputEPT; i++) {
    load.push(`    if (lid.x + ${i * s}u < ${p.inputLength}u) { ${loadSlot(p, i, `g * ${p.inputLength}u + lid.x + ${i * s}u`)} }`);
  }
  for (let i = 0; i < p.outputEPT; i++) {
    store.push(`    if (lid.x + ${i * s}u < ${p.outputLength}u) { ${storeSlot(p, i, `g * ${p.outputLength}u + lid.x + ${i * s}u`)} }`);
  }
  const slots = p.fftsPerBlock / p.implicitTypeBatching;
  return `${head(p)}
${mod.code}
@compute @workgroup_size(${bx}, ${by}, ${bz})
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
  let fft = lid.y + lid.z * ${by}u;
  let g = wid.x * ${slots}u + fft;
  let working = lid.x < ${s}u && fft < ${slots}u;
  var data: array<${p.valueType}, ${p.storageSize}>;
  if (working) {
${load.join('\n')}
  }
  ${mod.execute}(&data, lid.x, fft);
  if (working) {
${store.join('\n')}
  }
}`;
}

/** Workgroup-memory API: `sharedData` is array<vec4<f32>>; reals are viewed as scalars (real k: element k >> 1, parts [k & 1] and [2 + (k & 1)]). */
function sharedKernel(mod: WGSLModule): string {
  const p = mod.plan;
  if (!mod.executeShared) throw new Error('module has no execute_shared');
  const slots = p.fftsPerBlock / p.implicitTypeBatching;
  const inTotal = slots * p.inputLength;
  const outTotal = slots * p.outputLength;
  const sm = mod.sharedData;
  const half = p.precision === 'f16';
  const load = half
    ? p.inputType === 'real'
      ? `${sm}[k >> 1u][2u * (k & 1u)] = f16(src[2u * (base + k)]); ${sm}[k >> 1u][2u * (k & 1u) + 1u] = f16(src[2u * (base + k) + 1u]);`
      : `${sm}[k] = vec4<f16>(vec4<f32>(src[4u * (base + k)], src[4u * (base + k) + 1u], src[4u * (base + k) + 2u], src[4u * (base + k) + 3u]));`
    : p.inputType === 'real'
      ? `${sm}[k >> 1u][k & 1u] = src[2u * (base + k)]; ${sm}[k >> 1u][2u + (k & 1u)] = src[2u * (base + k) + 1u];`
      : `${sm}[k] = vec4<f32>(src[4u * (base + k)], src[4u * (base + k) + 1u], src[4u * (base + k) + 2u], src[4u * (base + k) + 3u]);`;
  const store = half
    ? p.outputType === 'real'
      ? `dst[2u * (base + k)] = f32(${sm}[k >> 1u][2u * (k & 1u)]); dst[2u * (base + k) + 1u] = f32(${sm}[k >> 1u][2u * (k & 1u) + 1u]);`
      : `for (var q = 0u; q < 4u; q++) { dst[4u * (base + k) + q] = f32(${sm}[k][q]); }`
    : p.outputType === 'real'
      ? `dst[2u * (base + k)] = ${sm}[k >> 1u][k & 1u]; dst[2u * (base + k) + 1u] = ${sm}[k >> 1u][2u + (k & 1u)];`
      : `for (var q = 0u; q < 4u; q++) { dst[4u * (base + k) + q] = ${sm}[k][q]; }`;
  return sharedEntryPoint(head(p), mod, { inTotal, outTotal, load, store });
}

/**
 * A real kernel of the given API and precision. `batch` counts FFTs: Thread runs `count` invocations
 * (f16: two FFTs each), Block `count` workgroups of fftsPerBlock FFTs.
 */
export function buildKernelWide(label: string, state: DescriptorState, precision: 'f64' | 'f16', api: Api, count: number): BuiltKernel {
  const plan = resolvePlan({ ...state, precision });
  const module = generateRealModule(plan, plan.requiresWorkspace ? { workspace: { group: 0, binding: 2 } } : {});
  const thread = api === 'thread';
  const code = thread ? threadKernel(module, count) : api === 'registers' ? registersKernel(module) : sharedKernel(module);
  return {
    label,
    plan,
    module,
    code,
    workgroups: thread ? Math.ceil(count / 32) : count,
    batch: thread ? count * plan.implicitTypeBatching : count * plan.fftsPerBlock,
    ...(plan.requiresWorkspace ? { workspace: workspaceData(plan) } : {}),
  };
}
