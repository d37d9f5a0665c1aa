// Builds the WGSL of a batched FFT kernel around a generated module: coalesced loads in the
// documented register layout (or the user's `load` callback), `execute`, coalesced stores (or
// `store`). One invocation per FFT for Thread execution; one workgroup per `fftsPerBlock` FFTs for
// Block execution. Batches beyond 65535 workgroups use a 2D dispatch.
import type { FFTPlan } from '../../descriptors/model.js';
import { realArithFor } from '../../kernels/real/real-arith.js';
import { elementBytes } from '../../kernels/shared-api.js';
import type { WGSLModule } from '../../kernels/types.js';
import { keepBinding } from '../../kernels/callbacks.js';
import { RADER_PERMUTED_IO_MAX, raderIndex } from '../../kernels/rader.js';
import { twoPhaseEntryPoint, twoPhaseKernel, twoPhaseShape, type TwoPhaseSpec } from '../../kernels/two-phase.js';

/** Fixed binding slots of batched kernels (group 0): input (or in-place data), output, parameters, workspace. */
export const INPUT_BINDING = 0;
export const OUTPUT_BINDING = 1;
export const PARAMS_BINDING = 2;
export const WORKSPACE_BINDING = 3;
/** The stage twiddle table (WGSLOptions.twiddleTable) of f64 plans. */
export const TWIDDLE_TABLE_BINDING = 4;

/** Workgroup width of Thread-execution batched kernels (one FFT per invocation). */
export const THREAD_KERNEL_WIDTH = 64;

export interface BatchedKernelSource {
  readonly code: string;
  /** True when input and output are one read_write binding (in-place). */
  readonly inPlace: boolean;
}

export interface KernelCallbacks {
  /**
   * `fn load(fft: u32, index: u32) -> E` (E the input element type: f32 `vec2<f32>` / `f32`, f16
   * `vec2<f16>` / `f16` per FFT, f64 the df64 `vec4<f32>` / `vec2<f32>`); may read the input binding `fft_in`.
   */
  readonly load?: string;
  /** `fn store(fft: u32, index: u32, value: E)`; may write the output binding `fft_out`. */
  readonly store?: string;
}

/** Elements of the buffer element type (`vec2<f32>` complex, `f32` real) per FFT on each side. */
export function ioElementType(plan: FFTPlan, side: 'input' | 'output'): string {
  const kind = side === 'input' ? plan.inputType : plan.outputType;
  if (plan.precision === 'f16') return kind === 'real' ? 'vec2<f16>' : 'vec4<f16>';
  if (plan.precision === 'f64') return kind === 'real' ? 'vec2<f32>' : 'vec4<f32>';
  return kind === 'real' ? 'f32' : 'vec2<f32>';
}

/**
 * Element type of the input and output buffers. f16 buffers hold the user's layout, FFTs back to
 * back (`vec2<f16>` complex, `f16` real); the kernel pairs FFTs 2p and 2p + 1 into its RRII
 * registers in fft_load / fft_store, so its own element (ioElementType) is the pair's.
 */
export function memoryElementType(plan: FFTPlan, side: 'input' | 'output'): string {
  if (plan.precision !== 'f16') return ioElementType(plan, side);
  return (side === 'input' ? plan.inputType : plan.outputType) === 'real' ? 'f16' : 'vec2<f16>';
}

/** Scalar (f32) values of one element on each side: what `run()` sizes host arrays by. */
export function scalarsPerElement(plan: FFTPlan, side: 'input' | 'output'): number {
  const kind = side === 'input' ? plan.inputType : plan.outputType;
  return kind === 'real' ? 1 : 2;
}

/**
 * WGSL that reads element `index` of register array `data` as the side's element type: complex
 * registers directly; real values packed two per register (real slot j = component j & 1 of register j >> 1;
 * f64: the df64 pair (register[j & 1], register[2 + (j & 1)]) of that component).
 */
function registerAccess(plan: FFTPlan, side: 'input' | 'output', slot: string): { read: string; write: (v: string) => string } {
  const kind = side === 'input' ? plan.inputType : plan.outputType;
  if (kind === 'complex') return { read: `data[${slot}]`, write: (v) => `data[${slot}] = ${v};` };
  // The register array viewed as reals, as the real generators view workgroup memory (f64: (hi, lo) pairs).
  return realArithFor(plan.precision).bufferReal('data', slot);
}

/**
 * Elements from one staging row (one FFT) to the next: the smallest odd number >= L. Invocation f
 * reads row f, so the subgroup's reads of element i are a row apart; with an even row stride they
 * meet on workgroup-memory banks (a stride of 16 vec2 puts a whole half-subgroup on one bank), and an
 * odd one spreads them over all banks for 4-, 8- and 16-byte elements alike. L + 1 was the stride
 * before, which made every odd L conflict (7: 3099 GB/s, 3953 with the odd stride; bench/NOTES.md run 91).
 */
function stagePitch(L: number): number {
  return L | 1;
}

/**
 * FFTs per workgroup of the batched kernel, and whether its global loads and stores go through a
 * workgroup staging buffer. Kernels where one invocation owns a whole FFT (Thread execution, or a
 * Block FFT with stride 1) would otherwise read `L` consecutive elements per invocation: each
 * memory instruction of a subgroup touches as many cache lines as it has invocations. Staging reads
 * the workgroup's contiguous range with consecutive invocations on consecutive elements instead.
 */
export function batchedLayout(plan: FFTPlan, maxWorkgroupBytes: number): { perGroup: number; staged: boolean; stageBytes: number } {
  const owner = plan.execution === 'thread' || plan.stride === 1;
  // Rows are a stagePitch apart so that invocations reading their own rows hit distinct banks.
  // A row holds one register FFT (f16: a pair of FFTs, RRII elements).
  const inRow = stagePitch(plan.inputLength) * elementBytes(plan, 'input') * plan.implicitTypeBatching;
  const outRow = stagePitch(plan.outputLength) * elementBytes(plan, 'output') * plan.implicitTypeBatching;
  // One staging array when both sides have one element type, else one per side (batchedKernelSource).
  const sameType = ioElementType(plan, 'input') === ioElementType(plan, 'output');
  const perElement = sameType ? Math.max(inRow, outRow) : inRow + outRow;
  const free = maxWorkgroupBytes - alignWorkgroup(plan.sharedMemorySize);
  const stageBytesOf = (rows: number) => (sameType ? alignWorkgroup(rows * Math.max(inRow, outRow)) : alignWorkgroup(rows * inRow) + alignWorkgroup(rows * outRow));
  if (plan.execution === 'thread') {
    let width = Math.min(THREAD_KERNEL_WIDTH, Math.floor(free / perElement));
    while (width >= 8 && stageBytesOf(width) > free) width--;
    if (width >= 8) return { perGroup: width, staged: true, stageBytes: stageBytesOf(width) };
    return { perGroup: THREAD_KERNEL_WIDTH, staged: false, stageBytes: 0 };
  }
  const slots = plan.fftsPerBlock / plan.implicitTypeBatching;
  const staged = owner && stageBytesOf(slots) <= free;
  return { perGroup: slots, staged, stageBytes: staged ? stageBytesOf(slots) : 0 };
}

/** Workgroup memory as WebGPU counts it: each variable rounded up to 16 bytes. */
export function alignWorkgroup(bytes: number): number {
  return Math.ceil(bytes / 16) * 16;
}

/**
 * Workgroup bytes of the batched kernel's entry point: the FFT's own buffer (the plan's
 * sharedMemorySize) plus the staging arrays. The two-phase kernel chooses its shape within
 * maxWorkgroupBytes itself (kernels/two-phase.ts).
 */
export function batchedWorkgroupBytes(plan: FFTPlan, maxWorkgroupBytes: number): number {
  return alignWorkgroup(plan.sharedMemorySize) + batchedLayout(plan, maxWorkgroupBytes).stageBytes;
}

/**
 * The two-phase kernel's shape (kernels/two-phase.ts) where it replaces the one-pass kernel: C2C f32
 * Stockham plans of 32768 points and more, out of place, without a store callback (the kernel
 * keeps its intermediate in the output buffer). The descriptor needs as many invocations as the
 * one-pass engine's 1024, so the two-phase kernel's 512 fit whatever device runs it.
 */
function twoPhasePlan(plan: FFTPlan, callbacks: KernelCallbacks, inPlace: boolean, maxWorkgroupBytes: number, halfOutput = false): TwoPhaseSpec | undefined {
  if (inPlace || callbacks.store || halfOutput || plan.type !== 'c2c' || plan.precision !== 'f32' || plan.execution !== 'block' || plan.algorithm !== 'stockham') return undefined;
  return twoPhaseShape(plan.size, plan.direction === 'inverse' ? 1 : -1, maxWorkgroupBytes, plan.maxThreadsPerBlock);
}

/**
 * FFT groups each workgroup of the batched kernel runs one after the other: the plan's batchRounds
 * where the one-pass Block kernel runs (group w + r * G in round r, for G dispatched workgroups),
 * else 1 (Thread execution and staged I/O run one group per workgroup, and the two-phase kernel one
 * FFT: rounds measured slower there, bench/NOTES.md run 24). A length the out-of-place kernel runs
 * in two phases keeps 1 in every kernel: createBatchedFFT dispatches its in-place and out-of-place
 * kernels alike.
 */
export function batchedRounds(plan: FFTPlan, maxWorkgroupBytes: number): number {
  if (plan.execution !== 'block' || batchedLayout(plan, maxWorkgroupBytes).staged) return 1;
  return twoPhasePlan(plan, {}, false, maxWorkgroupBytes) ? 1 : plan.batchRounds;
}

/**
 * `fft` and `index` the callbacks see for the kernel's FFT `fft`, element `index` (expressions).
 * createBatchedFFT passes them through; createFFT's rows pass runs `rows` kernel FFTs per transform of
 * its shape (the rows of the outer axes), so the callbacks see the transform and the flat index in it.
 */
function callbackArgs(rows: number, length: number): string {
  return rows === 1 ? 'fft, index' : `fft / ${rows}u, (fft % ${rows}u) * ${length}u + index`;
}

/**
 * f16 `fft_load(pair, index)`: element `index` of FFTs 2 pair and 2 pair + 1 as one RRII element
 * (complex (re_a, re_b, im_a, im_b), real (x_a, x_b)); the second FFT of an odd count's last pair is
 * zero. A load callback is called per FFT, with the user's element type (`vec2<f16>` or `f16`).
 */
function pairedLoad(plan: FFTPlan, buffer: string, callback: string | undefined): string {
  const L = plan.inputLength;
  const real = plan.inputType === 'real';
  const zero = real ? '0.0h' : 'vec2<f16>(0.0h)';
  const combine = real ? 'vec2<f16>(a, b)' : 'vec4<f16>(a.x, b.x, a.y, b.y)';
  const one = (fft: string) => (callback ? `load(${fft}, index)` : `${buffer}[(${fft}) * ${L}u + index]`);
  return [
    ...(callback ? [callback] : []),
    `fn fft_load(pair: u32, index: u32) -> ${ioElementType(plan, 'input')} {`,
    ...(callback ? [`  ${keepBinding(buffer)}`] : []),
    `  let a = ${one('2u * pair')};`,
    `  var b = ${zero};`,
    `  if (2u * pair + 1u < fft_params.ffts) { b = ${one('2u * pair + 1u')}; }`,
    `  return ${combine};`,
    `}`,
  ].join('\n');
}

/** f16 `fft_store(pair, index, value)`: the RRII element back to FFTs 2 pair and 2 pair + 1 (if it exists), per FFT through a store callback if given. */
function pairedStore(plan: FFTPlan, buffer: string, callback: string | undefined): string {
  const L = plan.outputLength;
  const real = plan.outputType === 'real';
  const [a, b] = real ? ['value.x', 'value.y'] : ['value.xz', 'value.yw'];
  const one = (fft: string, v: string) => (callback ? `store(${fft}, index, ${v});` : `${buffer}[(${fft}) * ${L}u + index] = ${v};`);
  return [
    ...(callback ? [callback] : []),
    `fn fft_store(pair: u32, index: u32, value: ${ioElementType(plan, 'output')}) {`,
    ...(callback ? [`  ${keepBinding(buffer)}`] : []),
    `  ${one('2u * pair', a)}`,
    `  if (2u * pair + 1u < fft_params.ffts) { ${one('2u * pair + 1u', b)} }`,
    `}`,
  ].join('\n');
}

/**
 * Sides of an f32 kernel whose global buffer holds f16 values (createFFT's f16 plans compute in f32:
 * their first pass reads the user's f16 input, their last pass writes the f16 output). The
 * conversion sits in fft_load / fft_store; callbacks see the f16 element (`vec2<f16>` / `f16`).
 */
export interface HalfIO {
  readonly input?: boolean;
  readonly output?: boolean;
}

/**
 * The batched kernel's WGSL. `rowsPerTransform` (createFFT's rows pass): how many of the kernel's
 * FFTs make one transform of the callbacks' batch (1: the callbacks see the kernel's FFTs).
 */
export function batchedKernelSource(
  module: WGSLModule,
  callbacks: KernelCallbacks,
  inPlace: boolean,
  maxWorkgroupBytes: number,
  rowsPerTransform = 1,
  half: HalfIO = {},
): BatchedKernelSource {
  const plan = module.plan;
  const paired = plan.implicitTypeBatching !== 1;
  const inElem = ioElementType(plan, 'input');
  const outElem = ioElementType(plan, 'output');
  const V = plan.valueType;
  const S = plan.storageSize;
  const halfIn = half.input === true;
  const halfOut = half.output === true;
  if ((halfIn || halfOut) && plan.precision !== 'f32') throw new Error('internal: f16 buffers around an f32 kernel only');
  const halfElem = (side: 'input' | 'output') => ((side === 'input' ? plan.inputType : plan.outputType) === 'real' ? 'f16' : 'vec2<f16>');
  const inMem = halfIn ? halfElem('input') : memoryElementType(plan, 'input');
  const outMem = halfOut ? halfElem('output') : memoryElementType(plan, 'output');
  const widen = (x: string) => (halfIn ? `${inElem}(${x})` : x);
  const narrow = (x: string) => (halfOut ? `${outMem}(${x})` : x);
  const bindings = inPlace
    ? `@group(0) @binding(0) var<storage, read_write> fft_data: array<${inMem}>;`
    : `@group(0) @binding(0) var<storage, read> fft_in: array<${inMem}>;\n` +
      `@group(0) @binding(1) var<storage, read_write> fft_out: array<${outMem}>;`;
  const inName = inPlace ? 'fft_data' : 'fft_in';
  const outName = inPlace ? 'fft_data' : 'fft_out';
  // f16: `batch` counts FFT pairs (the kernel's units), `ffts` the FFTs (an odd count leaves the last pair half empty).
  const params = `struct FFTBatchParams { batch: u32, groups_x: u32, groups: u32${paired ? ', ffts: u32' : ''} }\n@group(0) @binding(${PARAMS_BINDING}) var<uniform> fft_params: FFTBatchParams;`;
  if (inPlace && (callbacks.load || callbacks.store)) throw new Error('webfftdx: a kernel with load/store callbacks runs out of place (the callbacks address fft_in / fft_out)');
  // With a callback the kernel itself may not touch the buffer (a load that synthesises its input):
  // keepBinding keeps it in the automatic layout, where the host always binds it.
  const loadFn = paired
    ? pairedLoad(plan, inName, callbacks.load)
    : callbacks.load
    ? `${callbacks.load}\nfn fft_load(fft: u32, index: u32) -> ${inElem} { ${keepBinding(inName)} return ${widen(`load(${callbackArgs(rowsPerTransform, plan.inputLength)})`)}; }`
    : `fn fft_load(fft: u32, index: u32) -> ${inElem} { return ${widen(`${inName}[fft * ${plan.inputLength}u + index]`)}; }`;
  const storeFn = paired
    ? pairedStore(plan, outName, callbacks.store)
    : callbacks.store
    ? `${callbacks.store}\nfn fft_store(fft: u32, index: u32, value: ${outElem}) { ${keepBinding(outName)} store(${callbackArgs(rowsPerTransform, plan.outputLength)}, ${narrow('value')}); }`
    : `fn fft_store(fft: u32, index: u32, value: ${outElem}) { ${outName}[fft * ${plan.outputLength}u + index] = ${narrow('value')}; }`;

  // The two-phase kernel keeps its intermediate in the output buffer: not an f16 one.
  const twoPhase = twoPhasePlan(plan, callbacks, inPlace, maxWorkgroupBytes, halfOut);
  if (twoPhase) {
    const k = twoPhaseKernel(twoPhase);
    const main = twoPhaseEntryPoint(k, k.body, 'fft_params.groups_x', 'fft_params.batch');
    const header = `// Batched kernel: ${plan.size}-point c2c ${plan.direction} f32, two phases in one workgroup per FFT (kernels/two-phase.ts)`;
    return { code: [...(halfIn ? ['enable f16;'] : []), header, bindings, params, k.declarations, loadFn, main].join('\n\n'), inPlace };
  }

  const lines: string[] = [];
  const push = (...s: string[]) => lines.push(...s);
  const inAcc = (slot: string) => registerAccess(plan, 'input', slot);
  const outAcc = (slot: string) => registerAccess(plan, 'output', slot);

  const layout = batchedLayout(plan, maxWorkgroupBytes);
  const perGroup = layout.perGroup;
  const rounds = batchedRounds(plan, maxWorkgroupBytes);
  const Lin = plan.inputLength;
  const Lout = plan.outputLength;
  let stageDecl = '';
  if (layout.staged) {
    // One staging array per side (they coincide when the element types match).
    const same = inElem === outElem;
    stageDecl = same
      ? `var<workgroup> fft_stage: array<${inElem}, ${perGroup * Math.max(stagePitch(Lin), stagePitch(Lout))}>;`
      : `var<workgroup> fft_stage_in: array<${inElem}, ${perGroup * stagePitch(Lin)}>;\nvar<workgroup> fft_stage_out: array<${outElem}, ${perGroup * stagePitch(Lout)}>;`;
  }
  const stageIn = inElem === outElem ? 'fft_stage' : 'fft_stage_in';
  const stageOut = inElem === outElem ? 'fft_stage' : 'fft_stage_out';
  const threads = plan.execution === 'thread' ? perGroup : plan.blockDim[0] * plan.blockDim[1] * plan.blockDim[2];
  /** Coalesced copy between global memory and the staging array for the workgroup's FFTs. */
  const stagedCopy = (dir: 'load' | 'store', L: number) => {
    const total = perGroup * L;
    const steps = Math.ceil(total / threads);
    const out: string[] = [];
    out.push(`  for (var k = 0u; k < ${steps}u; k++) {`);
    out.push(`    let e = flat + k * ${threads}u;`);
    out.push(`    let row = e / ${L}u;`);
    out.push(`    let col = e - row * ${L}u;`);
    out.push(`    let f = first + row;`);
    out.push(`    if (e < ${total}u && f < fft_params.batch) {`);
    const at = `row * ${stagePitch(L)}u + col`;
    out.push(dir === 'load' ? `      ${stageIn}[${at}] = fft_load(f, col);` : `      fft_store(f, col, ${stageOut}[${at}]);`);
    out.push(`    }`);
    out.push(`  }`);
    return out;
  };

  if (plan.execution === 'thread') {
    push(`@compute @workgroup_size(${perGroup})`);
    push(`fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {`);
    push(`  let first = (wg.y * fft_params.groups_x + wg.x) * ${perGroup}u;`);
    push(`  let fft = first + lid;`);
    push(`  var data: array<${V}, ${S}>;`);
    if (layout.staged) {
      push(`  let flat = lid;`);
      lines.push(...stagedCopy('load', Lin));
      push(`  workgroupBarrier();`);
      for (let i = 0; i < Lin; i++) push(`  ${inAcc(`${i}u`).write(`${stageIn}[lid * ${stagePitch(Lin)}u + ${i}u]`)}`);
      push(`  ${module.execute}(&data);`);
      push(`  workgroupBarrier();`);
      for (let i = 0; i < Lout; i++) push(`  ${stageOut}[lid * ${stagePitch(Lout)}u + ${i}u] = ${outAcc(`${i}u`).read};`);
      push(`  workgroupBarrier();`);
      lines.push(...stagedCopy('store', Lout));
    } else {
      push(`  if (fft >= fft_params.batch) { return; }`);
      for (let i = 0; i < Lin; i++) push(`  ${inAcc(`${i}u`).write(`fft_load(fft, ${i}u)`)}`);
      push(`  ${module.execute}(&data);`);
      for (let i = 0; i < Lout; i++) push(`  fft_store(fft, ${i}u, ${outAcc(`${i}u`).read});`);
    }
    push(`}`);
  } else if (rounds > 1) {
    lines.push(...roundsBlockKernel(module, perGroup, rounds));
  } else {
    const [bx, by, bz] = plan.blockDim;
    const s = plan.stride;
    push(`@compute @workgroup_size(${bx}, ${by}, ${bz})`);
    push(`fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>, @builtin(local_invocation_index) flat: u32) {`);
    push(`  let thread = lid.x;`);
    push(`  let slot = lid.y;`);
    push(`  let first = (wg.y * fft_params.groups_x + wg.x) * ${perGroup}u;`);
    push(`  let fft = first + slot;`);
    // Invocations beyond the FFT's stride, extra slots and FFTs past the batch still call execute (barriers).
    push(`  let is_active = thread < ${s}u && slot < ${perGroup}u && lid.z == 0u && fft < fft_params.batch;`);
    push(`  var data: array<${V}, ${S}>;`);
    const src = (idx: string) => (layout.staged ? `${stageIn}[slot * ${stagePitch(Lin)}u + ${idx}]` : `fft_load(fft, ${idx})`);
    if (layout.staged) {
      lines.push(...stagedCopy('load', Lin));
      push(`  workgroupBarrier();`);
    }
    const dst = (idx: string, value: string) => (layout.staged ? `${stageOut}[slot * ${stagePitch(Lout)}u + ${idx}] = ${value};` : `fft_store(fft, ${idx}, ${value});`);
    push(...blockRegisters(module, src, dst, '  ', layout.staged));
    if (layout.staged) {
      push(`  workgroupBarrier();`);
      lines.push(...stagedCopy('store', Lout));
    }
    push(`}`);
  }

  const code = [
    halfIn || halfOut ? 'enable f16;' : module.directives,
    `// Batched kernel: ${plan.size}-point ${plan.type} ${plan.direction} ${plan.precision}, ${plan.execution} execution` +
      (inPlace ? ', in place' : '') +
      (rounds > 1 ? `, ${rounds} FFT groups per workgroup` : ''),
    bindings,
    params,
    module.code,
    stageDecl,
    loadFn,
    storeFn,
    lines.join('\n'),
  ]
    .filter((s) => s.length > 0)
    .join('\n\n');
  return { code, inPlace };
}

/**
 * The Block kernel's entry point when each workgroup runs several rounds (see batchedRounds): round
 * r handles FFTs (w + r * G) * perGroup + slot. The loop stops at the first round past the batch,
 * uniformly (the test depends on the workgroup id and the parameters only), so every invocation of
 * a workgroup calls `execute` equally often; the engine synchronises before its first
 * workgroup-memory access, so a round's exchanges never overtake the previous round's.
 */
function roundsBlockKernel(module: WGSLModule, perGroup: number, rounds: number): string[] {
  const plan = module.plan;
  const [bx, by, bz] = plan.blockDim;
  return [
    `@compute @workgroup_size(${bx}, ${by}, ${bz})`,
    `fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {`,
    `  let thread = lid.x;`,
    `  let slot = lid.y;`,
    `  let group = wg.y * fft_params.groups_x + wg.x;`,
    `  var data: array<${plan.valueType}, ${plan.storageSize}>;`,
    `  // Round r computes FFT group (group + r * groups), groups = the workgroups dispatched; the exit test is uniform.`,
    `  for (var round = 0u; round < ${rounds}u; round++) {`,
    `    let first = (group + round * fft_params.groups) * ${perGroup}u;`,
    `    if (first >= fft_params.batch) { break; }`,
    `    let fft = first + slot;`,
    `    let is_active = thread < ${plan.stride}u && slot < ${perGroup}u && lid.z == 0u && fft < fft_params.batch;`,
    ...blockRegisters(module, (idx) => `fft_load(fft, ${idx})`, (idx, value) => `fft_store(fft, ${idx}, ${value});`, '    '),
    `  }`,
    `}`,
  ];
}

/**
 * A Block invocation's loads (`src(index)`, when is_active), the execute call and its stores
 * (`dst(index, value)`): the register layout, with a barrier before the stores when they go to a
 * staging buffer; for a Rader module of at most RADER_PERMUTED_IO_MAX points the permuted order
 * straight from and to the FFT's elements (kernels/rader.ts raderIndex), which saves the two
 * permutations through workgroup memory (bench/NOTES.md run 81).
 */
function blockRegisters(module: WGSLModule, src: (index: string) => string, dst: (index: string, value: string) => string, indent: string, staged = false): string[] {
  const plan = module.plan;
  if (module.raderPermuted && module.workspace && !staged && plan.size <= RADER_PERMUTED_IO_MAX) {
    const ws = module.workspace.name;
    const e = plan.execEPT;
    const regs = Array.from({ length: e }, (_, i) => i);
    return [
      `// Rader: register i takes x_(g^q) and gives X_(g^(-q)), q = thread + i * ${plan.stride}; X_0 from invocation 0's register ${e}.`,
      `var x0: ${plan.valueType};`,
      `if (is_active) {`,
      ...regs.map((i) => `  data[${i}] = ${src(raderIndex(ws, plan, i, 'input', 'thread'))};`),
      `  x0 = ${src('0u')};`,
      `}`,
      `${module.raderPermuted}(&data, x0, thread, slot);`,
      `if (is_active) {`,
      ...regs.map((i) => `  ${dst(raderIndex(ws, plan, i, 'output', 'thread'), `data[${i}]`)}`),
      `  if (thread == 0u) { ${dst('0u', `data[${e}]`)} }`,
      `}`,
    ].map((l) => `${indent}${l}`);
  }
  return [
    `${indent}if (is_active) {`,
    ...registerLoads(plan, src, `${indent}  `),
    `${indent}}`,
    `${indent}${module.execute}(&data, thread, slot);`,
    ...(staged ? [`${indent}workgroupBarrier();`] : []),
    `${indent}if (is_active) {`,
    ...registerStores(plan, dst, `${indent}  `),
    `${indent}}`,
  ];
}

/** Register i of a Block invocation takes input element thread + i * stride (`src(index)`), guarded past the input's end. */
function registerLoads(plan: FFTPlan, src: (index: string) => string, indent: string): string[] {
  return Array.from({ length: plan.inputEPT }, (_, i) => {
    const idx = `thread + ${i * plan.stride}u`;
    const guard = (i + 1) * plan.stride > plan.inputLength ? `if (${idx} < ${plan.inputLength}u) ` : '';
    return `${indent}${guard}{ ${registerAccess(plan, 'input', `${i}u`).write(src(idx))} }`;
  });
}

/** Output element thread + i * stride from register i (`dst(index, value)`, a statement), guarded past the output's end. */
function registerStores(plan: FFTPlan, dst: (index: string, value: string) => string, indent: string): string[] {
  return Array.from({ length: plan.outputEPT }, (_, i) => {
    const idx = `thread + ${i * plan.stride}u`;
    const guard = (i + 1) * plan.stride > plan.outputLength ? `if (${idx} < ${plan.outputLength}u) ` : '';
    return `${indent}${guard}{ ${dst(idx, registerAccess(plan, 'output', `${i}u`).read)} }`;
  });
}
