// Builds the WGSL of a batched FFT kernel around a generated module: coalesced loads in the
// documented register layout (or the user's `load` callback), `execute`, coalesced stores (or
// `store`). One invocation per FFT for Thread execution; one workgroup per `fftsPerBlock` FFTs for
// Block execution. Batches beyond 65535 workgroups use a 2D dispatch.
import type { FFTPlan } from '../descriptors/model.js';
import type { WGSLModule } from '../kernels/types.js';

/** Fixed binding slots of batched kernels (group 0): input (or in-place data), output, parameters, workspace. */
export const INPUT_BINDING = 0;
export const OUTPUT_BINDING = 1;
export const PARAMS_BINDING = 2;
export const WORKSPACE_BINDING = 3;

/** Workgroup width of Thread-execution batched kernels (one FFT per invocation). */
export const THREAD_KERNEL_WIDTH = 64;

export interface BatchedKernelSource {
  readonly code: string;
  /** True when input and output are one read_write binding (in-place). */
  readonly inPlace: boolean;
}

export interface KernelCallbacks {
  /** `fn load(fft: u32, index: u32) -> V` */
  readonly load?: string;
  /** `fn store(fft: u32, index: u32, value: V)` */
  readonly store?: string;
}

/** Elements of the buffer element type (`vec2<f32>` complex, `f32` real) per FFT on each side. */
export function ioElementType(plan: FFTPlan, side: 'input' | 'output'): string {
  const kind = side === 'input' ? plan.inputType : plan.outputType;
  if (plan.precision === 'f16') return kind === 'real' ? 'vec2<f16>' : 'vec4<f16>';
  if (plan.precision === 'f64') return kind === 'real' ? 'vec2<f32>' : 'vec4<f32>';
  return kind === 'real' ? 'f32' : 'vec2<f32>';
}

/** Scalar (f32) values of one element on each side: what `run()` sizes host arrays by. */
export function scalarsPerElement(plan: FFTPlan, side: 'input' | 'output'): number {
  const kind = side === 'input' ? plan.inputType : plan.outputType;
  return kind === 'real' ? 1 : 2;
}

/**
 * WGSL that reads element `index` of register array `data` as the side's element type: complex
 * registers directly; real values packed two per register (real slot j = component j & 1 of register j >> 1).
 */
function registerAccess(plan: FFTPlan, side: 'input' | 'output', slot: string): { read: string; write: (v: string) => string } {
  const kind = side === 'input' ? plan.inputType : plan.outputType;
  if (kind === 'complex') return { read: `data[${slot}]`, write: (v) => `data[${slot}] = ${v};` };
  const reg = `data[(${slot}) >> 1u]`;
  return { read: `${reg}[(${slot}) & 1u]`, write: (v) => `${reg}[(${slot}) & 1u] = ${v};` };
}

export function batchedKernelSource(
  module: WGSLModule,
  callbacks: KernelCallbacks,
  inPlace: boolean,
): BatchedKernelSource {
  const plan = module.plan;
  if (plan.implicitTypeBatching !== 1) {
    throw new Error('webfftdx: createBatchedFFT does not support implicitly batched (f16) descriptors yet');
  }
  const inElem = ioElementType(plan, 'input');
  const outElem = ioElementType(plan, 'output');
  const V = plan.valueType;
  const S = plan.storageSize;
  const bindings = inPlace
    ? `@group(0) @binding(0) var<storage, read_write> fft_data: array<${inElem}>;`
    : `@group(0) @binding(0) var<storage, read> fft_in: array<${inElem}>;\n` +
      `@group(0) @binding(1) var<storage, read_write> fft_out: array<${outElem}>;`;
  const inName = inPlace ? 'fft_data' : 'fft_in';
  const outName = inPlace ? 'fft_data' : 'fft_out';
  const params = `struct FFTBatchParams { batch: u32, groups_x: u32 }\n@group(0) @binding(${PARAMS_BINDING}) var<uniform> fft_params: FFTBatchParams;`;
  const loadFn = callbacks.load
    ? `${callbacks.load}\nfn fft_load(fft: u32, index: u32) -> ${inElem} { return load(fft, index); }`
    : `fn fft_load(fft: u32, index: u32) -> ${inElem} { return ${inName}[fft * ${plan.inputLength}u + index]; }`;
  const storeFn = callbacks.store
    ? `${callbacks.store}\nfn fft_store(fft: u32, index: u32, value: ${outElem}) { store(fft, index, value); }`
    : `fn fft_store(fft: u32, index: u32, value: ${outElem}) { ${outName}[fft * ${plan.outputLength}u + index] = value; }`;

  const lines: string[] = [];
  const push = (s: string) => lines.push(s);
  const inAcc = (slot: string) => registerAccess(plan, 'input', slot);
  const outAcc = (slot: string) => registerAccess(plan, 'output', slot);

  if (plan.execution === 'thread') {
    push(`@compute @workgroup_size(${THREAD_KERNEL_WIDTH})`);
    push(`fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {`);
    push(`  let fft = (wg.y * fft_params.groups_x + wg.x) * ${THREAD_KERNEL_WIDTH}u + lid;`);
    push(`  if (fft >= fft_params.batch) { return; }`);
    push(`  var data: array<${V}, ${S}>;`);
    for (let i = 0; i < plan.inputLength; i++) push(`  ${inAcc(`${i}u`).write(`fft_load(fft, ${i}u)`)}`);
    push(`  ${module.execute}(&data);`);
    for (let i = 0; i < plan.outputLength; i++) push(`  fft_store(fft, ${i}u, ${outAcc(`${i}u`).read});`);
    push(`}`);
  } else {
    const [bx, by, bz] = plan.blockDim;
    const slots = plan.fftsPerBlock / plan.implicitTypeBatching;
    const s = plan.stride;
    push(`@compute @workgroup_size(${bx}, ${by}, ${bz})`);
    push(`fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {`);
    push(`  let thread = lid.x;`);
    push(`  let slot = lid.y;`);
    push(`  let fft = (wg.y * fft_params.groups_x + wg.x) * ${slots}u + slot;`);
    // Invocations beyond the FFT's stride, extra slots and FFTs past the batch still call execute (barriers).
    push(`  let is_active = thread < ${s}u && slot < ${slots}u && lid.z == 0u && fft < fft_params.batch;`);
    push(`  var data: array<${V}, ${S}>;`);
    push(`  if (is_active) {`);
    for (let i = 0; i < plan.inputEPT; i++) {
      const idx = `thread + ${i * s}u`;
      const guard = (i + 1) * s > plan.inputLength ? `if (${idx} < ${plan.inputLength}u) ` : '';
      push(`    ${guard}{ ${inAcc(`${i}u`).write(`fft_load(fft, ${idx})`)} }`);
    }
    push(`  }`);
    push(`  ${module.execute}(&data, thread, slot);`);
    push(`  if (is_active) {`);
    for (let i = 0; i < plan.outputEPT; i++) {
      const idx = `thread + ${i * s}u`;
      const guard = (i + 1) * s > plan.outputLength ? `if (${idx} < ${plan.outputLength}u) ` : '';
      push(`    ${guard}{ fft_store(fft, ${idx}, ${outAcc(`${i}u`).read}); }`);
    }
    push(`  }`);
    push(`}`);
  }

  const code = [
    module.directives,
    `// Batched kernel: ${plan.size}-point ${plan.type} ${plan.direction} ${plan.precision}, ${plan.execution} execution` +
      (inPlace ? ', in place' : ''),
    bindings,
    params,
    module.code,
    loadFn,
    storeFn,
    lines.join('\n'),
  ]
    .filter((s) => s.length > 0)
    .join('\n\n');
  return { code, inPlace };
}
