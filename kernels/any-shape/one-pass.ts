// A whole 2D or 3D transform per workgroup, in one pass over global memory (createFFT, for shapes
// that fit the device's workgroup memory). One Block FFT module per axis, all register API
// (kernels/complex-module.ts, kernels/real/module.ts), share one workgroup buffer `fft_nd_smem`:
// every module's exchange (the complex one in one part) and, between the axes, the data in
// row-major order [..][w] (w = nx for C2C, nx / 2 + 1 for R2C / C2R). C2C and R2C transform the
// innermost axis first (R2C: real rows, then the other axes on the half spectrum); C2R the outer
// axes first and the real rows last (numpy's irfftn order).
//
//   1. first axis: each invocation loads its registers straight from global memory and runs its
//      module's `execute`. Rows (innermost axis): thread t of row f holds elements t + i * stride,
//      runs of `stride` consecutive values. Other axes: FFT f = flat % count, thread t = flat / count,
//      and FFT f's elements lie B apart (B = the product of the later axes), so for every register
//      adjacent invocations read adjacent addresses (one contiguous run per register and block);
//   2. barrier (the register API does not synchronise after its last exchange), the results go to
//      the buffer (rows padded where that fits, onePassLayout: no bank conflicts between rows), barrier;
//   3. middle axis (3D): registers from the buffer, execute (it synchronises before its first
//      exchange write, so every invocation has read its data by then), barrier, back to the
//      buffer, barrier;
//   4. last axis: registers from the buffer (adjacent invocations on adjacent words: no bank
//      conflicts, so no padding), execute, registers to global memory, laid out as in step 1.
//
// A workgroup reads all of its transform before it writes any of it, so in place is safe (C2C). The
// user's callbacks replace the global read (step 1) and write (step 4), with `fft` the transform
// and `index` the flat row-major index in it (numpy's rfftn layout on the complex side of R2C / C2R).
//
// Precision: the modules' (f32 or f64). f64 modules hold df64 registers (vec4<f32> = (re_hi, im_hi,
// re_lo, im_lo)), the buffer and the global data hold the same (reals as vec2<f32> = (hi, lo)). An f16
// plan runs f32 modules with `half`: the global buffers hold f16 values, converted on load and store.
import { DF64_PUBLIC_PREFIX, df64PublicHelpers } from '../arith.js';
import { keepBinding } from '../callbacks.js';
import { realArithFor } from '../real/real-arith.js';
import { bankConflicts } from '../stockham.js';
import type { WGSLModule } from '../types.js';
import type { FFTPlan } from '../../descriptors/model.js';

/** The workgroup buffer every axis module is generated with (WGSLOptions.sharedMemory). */
export const ONE_PASS_SMEM = 'fft_nd_smem';

/** Binding slots (group 0), as the batched kernel's: input (or in-place data), output, parameters; a convolution's filter spectrum. */
export const ONE_PASS_BINDINGS = { input: 0, output: 1, params: 2, spectrum: 3 } as const;

/**
 * A whole 2D convolution per workgroup (src/convolution/onepass-2d.ts): the forward axes as for
 * createFFT (rows first), then, with the spectrum in the workgroup buffer, the pointwise multiply
 * with the filter spectrum (binding `spectrum`, row-major [..][w], the natural layout), then the
 * inverse axes (outer axes first, rows last) to global memory. A uniform flag (the parameters' 4th
 * word) makes the same kernel the spectrum pass: after the forward axes it writes the spectrum
 * times `scale` to the spectrum binding and leaves.
 */
export interface OnePassConvolution {
  /** inverseModules[k]: the inverse of modules[k] (C2R for the rows of a real transform), another prefix, the same shared memory. */
  readonly inverseModules: readonly WGSLModule[];
  /** The user's WGSL defining `pointwise(fft, index, x, h)`, or undefined for the complex multiply x h. */
  readonly pointwise?: string;
  /** The spectrum pass's factor (1 / the transform's points). */
  readonly scale: number;
  /** f64 modules: the df64 helpers of the multiply and of the user's function with one fma (the device's fma rounds once). */
  readonly exactFma?: boolean;
}

export interface OnePassSpec {
  /** [ny, nx] or [nz, ny, nx], row-major. */
  readonly shape: readonly number[];
  readonly type: 'c2c' | 'r2c' | 'c2r';
  /**
   * modules[k]: the Block FFTs along axis k, generated with sharedMemory ONE_PASS_SMEM: the
   * innermost axis `type` FFTs of length nx, the others c2c; FFTsPerBlock = the transform's
   * elements (on the complex side) / the axis length.
   */
  readonly modules: readonly WGSLModule[];
  /** Invocations of the (one-dimensional) workgroup: at least every module's stride x slots. */
  readonly invocations: number;
  /** The device's workgroup memory: rows are padded (see rowPitch) where the padded buffer fits it. */
  readonly maxWorkgroupBytes: number;
  readonly inPlace: boolean;
  /** Row pitch of the workgroup buffer (complex values, at least the row length): overrides the rule below (bench/pass-probe.ts). */
  readonly pitch?: number;
  /** f16 global data (f32 modules): `vec2<f16>` complex, `f16` real. */
  readonly half?: boolean;
  /** The user's WGSL `fn load(fft: u32, index: u32) -> E` / `fn store(fft: u32, index: u32, value: E)`. */
  readonly load?: string;
  readonly store?: string;
  /**
   * A convolution kernel (type 'c2c' or 'r2c': the forward's; the output is then as the input). Its
   * load / store (the convolution's own zero-padding and crop) may address `fft_data` in place.
   */
  readonly convolution?: OnePassConvolution;
}

export interface OnePassKernel {
  readonly code: string;
  readonly workgroupSize: readonly [number, number, number];
  readonly workgroupBytes: number;
}

export function onePassName(spec: Pick<OnePassSpec, 'shape' | 'type' | 'modules' | 'inPlace' | 'load' | 'store' | 'half' | 'convolution'>): string {
  const dir = spec.modules[0].plan.direction === 'forward' ? 'fwd' : 'inv';
  const precision = spec.modules[0].plan.precision;
  return ['one_pass', spec.type, spec.shape.join('x'), spec.convolution ? 'conv' : dir, precision === 'f32' ? '' : precision, spec.half ? 'f16' : '', spec.inPlace ? 'inplace' : '', spec.load ? 'load' : '', spec.store ? 'store' : '']
    .filter(Boolean)
    .join('_');
}

/** Where the data and the exchanges lie in the one workgroup buffer: chosen before the modules are generated. */
export interface OnePassLayout {
  /** Complex values between consecutive rows of the data (at least the row length w). */
  readonly pitch: number;
  /** The exchange slot stride of each axis's module (InternalModuleOptions.slotStride), undefined for the module's default. */
  readonly slotStrides: readonly (number | undefined)[];
  /** Axes whose module XORs its exchange indices with the slot (InternalModuleOptions.slotSwizzle) where the padding does not fit. */
  readonly slotSwizzles: readonly boolean[];
}

/**
 * The smallest pitch in [w, w + 32) at which the first 16 invocations of the rows phase (s per row,
 * thread t of row f at f * pitch + t) touch 16 distinct 8-byte bank pairs: a half-warp's vec2
 * accesses then take one wavefront. Undefined when none does (s not a power of two) or s >= 16 (one
 * row per half-warp: any pitch is conflict-free).
 */
function conflictFreePitch(w: number, s: number): number | undefined {
  if (s >= 16) return undefined;
  for (let p = w; p < w + 32; p++) if (bankConflicts(16, s, p) === 1) return p;
  return undefined;
}

/**
 * The buffer layout of a one-pass kernel (plans[k]: axis k's Block plan), padded where the padded
 * buffer fits `maxWorkgroupBytes`. Measured on an H200 (bench/NOTES.md): without padding, the column
 * exchanges (adjacent invocations on adjacent slots, slots L apart) were 32-way bank conflicts and
 * 64² ran at 1189 GB/s; column slots L + 1 apart gave 2344; rows pitched so that a half-warp's rows
 * fall on distinct banks (the rows exchange on the same pitch) 2424, and 32² 2691 -> 3427.
 * Where the padded column exchange does not fit, its slots XOR their indices instead (no memory).
 */
export function onePassLayout(shape: readonly number[], type: OnePassSpec['type'], plans: readonly FFTPlan[], maxWorkgroupBytes: number): OnePassLayout {
  const r = shape.length;
  const w = type === 'c2c' ? shape[r - 1] : Math.floor(shape[r - 1] / 2) + 1;
  const total = product([...shape.slice(0, r - 1), w]);
  const rowCount = total / w;
  // A complex value of the buffer: 8 bytes, 16 for df64 (f64 plans).
  const valueBytes = plans[0].precision === 'f64' ? 16 : 8;
  const fits = (elements: number) => elements * valueBytes <= maxWorkgroupBytes;
  const slotStrides: (number | undefined)[] = plans.map((plan, k) => {
    // Other axes: adjacent invocations run adjacent slots; one slot further on is one bank further.
    if (k === r - 1 || plan.exchange !== 'complex') return undefined; // 'none': one invocation per FFT, no exchange
    const L = shape[k];
    return L % 2 === 0 && fits(plan.fftsPerBlock * (L + 1)) ? L + 1 : undefined;
  });
  const slotSwizzles = plans.map((plan, k) => k !== r - 1 && plan.exchange === 'complex' && slotStrides[k] === undefined && shape[k] % 2 === 0);
  const columns = Math.max(0, ...plans.map((plan, k) => (k === r - 1 || plan.exchange !== 'complex' ? 0 : plan.fftsPerBlock * (slotStrides[k] ?? shape[k]))));
  const rows = plans[r - 1];
  const candidates = [conflictFreePitch(w, rows.stride), w % 2 === 0 ? w + 1 : undefined, w];
  const pitch = candidates.find((p) => p !== undefined && fits(Math.max(rowCount * p, columns)))!;
  // The rows exchange (complex rows only: the real module keeps its own) on the same pitch.
  if (type === 'c2c' && rows.exchange === 'complex' && pitch !== w) slotStrides[r - 1] = pitch;
  return { pitch, slotStrides, slotSwizzles };
}

/** Complex elements a module's workgroup declaration holds (0 without one); only `array<V, N>` (V its register) can share the buffer. */
function declaredElements(m: WGSLModule, what: string): number {
  if (!m.sharedMemoryDeclaration) return 0;
  const match = new RegExp(`array<${m.plan.valueType}, (\\d+)>`).exec(m.sharedMemoryDeclaration);
  if (!match || m.sharedMemory !== ONE_PASS_SMEM) {
    throw new Error(`internal: one-pass ${what}: the exchange must be the complex one, in ${ONE_PASS_SMEM} (got "${m.sharedMemoryDeclaration}")`);
  }
  return Number(match[1]);
}

/**
 * Element slot `i` of register array `data` on a side: complex registers, or reals two per register
 * (real-arith's view: f32 component i & 1 of register i >> 1, df64 the (hi, lo) pair of that component).
 */
function slot(data: string, i: number, real: boolean, precision: 'f32' | 'f64'): { read: string; write: (v: string) => string } {
  if (!real) return { read: `${data}[${i}]`, write: (v) => `${data}[${i}] = ${v};` };
  if (precision === 'f32') return { read: `${data}[${i >> 1}][${i & 1}]`, write: (v) => `${data}[${i >> 1}][${i & 1}] = ${v};` };
  return realArithFor('f64').bufferReal(data, `${i}u`);
}

const product = (xs: readonly number[]) => xs.reduce((a, b) => a * b, 1);

export function onePassKernel(spec: OnePassSpec): OnePassKernel {
  const { shape, type, modules, invocations: W } = spec;
  const r = shape.length;
  if (r < 2 || r > 3 || modules.length !== r) throw new Error(`internal: one-pass kernels take 2 or 3 axes and one module per axis`);
  const nx = shape[r - 1];
  const w = type === 'c2c' ? nx : Math.floor(nx / 2) + 1;
  const dims = [...shape.slice(0, r - 1), w]; // the complex layout in the buffer and on the complex side
  const total = product(dims);
  const direction = modules[0].plan.direction;
  const conv = spec.convolution;
  if (conv && (type === 'c2r' || direction !== 'forward' || conv.inverseModules.length !== r)) throw new Error('internal: a one-pass convolution takes forward c2c / r2c modules and their inverses');
  const checkModules = (ms: readonly WGSLModule[], t: typeof type, dir: typeof direction) =>
    ms.forEach((m, k) => {
      const p = m.plan;
      const slots = total / dims[k];
      const want = k === r - 1 ? t : 'c2c';
      if (p.type !== want || p.size !== shape[k] || p.fftsPerBlock !== slots || p.direction !== dir) {
        throw new Error(`internal: one-pass ${t} [${shape}] axis ${k}: needs ${slots} ${want} FFTs of ${shape[k]}, ${dir}`);
      }
      if (p.execution !== 'block' || p.algorithm !== 'stockham' || p.mode !== 'normal' || p.layout !== 'natural' || p.precision !== modules[0].plan.precision || p.precision === 'f16') {
        throw new Error(`internal: one-pass axis ${k}: a Block Stockham f32 or f64 plan (natural layout, normal mode, one precision) is needed`);
      }
      if (p.stride * slots > W) throw new Error(`internal: one-pass axis ${k} needs ${p.stride * slots} invocations, the workgroup has ${W}`);
    });
  checkModules(modules, type, direction);
  if (conv) checkModules(conv.inverseModules, type === 'r2c' ? 'c2r' : 'c2c', 'inverse');
  const precision = modules[0].plan.precision as 'f32' | 'f64';
  const df = precision === 'f64';
  const half = spec.half === true;
  if (df && half) throw new Error('internal: f16 data belong to f32 modules');
  // f16 and f64 convolutions take their spectrum from the host: no spectrum-pass branch.
  const spectrumPass = conv !== undefined && !df && !half;
  const V = modules[0].plan.valueType;
  const VB = df ? 16 : 8;
  const allModules = [...modules, ...(conv?.inverseModules ?? [])];
  const exchanges = Math.max(...allModules.map((m, k) => declaredElements(m, `axis ${k % r}`)));
  const rowCount = total / w;
  // Row pitch of the buffer. The rows phase writes (reads) row f at f * pitch + t + i * stride: with
  // an even row length, rows a multiple of 16 complex values apart (or any even number, with one row
  // per invocation) land on the same banks. An odd pitch spreads them, where the padded rows fit.
  const pitch = spec.pitch ?? (w % 2 === 0 && Math.max(rowCount * (w + 1), exchanges) * VB <= spec.maxWorkgroupBytes ? w + 1 : w);
  if (pitch < w) throw new Error(`internal: one-pass row pitch ${pitch} is shorter than the row (${w})`);
  const elements = Math.max(rowCount * pitch, exchanges);
  if (elements * VB > spec.maxWorkgroupBytes) throw new Error(`internal: one-pass [${shape}] needs ${elements * VB} bytes of workgroup memory, the device allows ${spec.maxWorkgroupBytes}`);
  const inPerTransform = type === 'c2r' ? total : product(shape);
  const outPerTransform = type === 'r2c' && !conv ? total : product(shape);
  // Register-side element types (what fft_load returns and fft_store takes) and the global buffers'.
  // A convolution's output is as its input (real for r2c).
  const realElem = df ? 'vec2<f32>' : 'f32';
  const inElem = type === 'r2c' ? realElem : V;
  const outElem = type === 'c2r' || (conv && type === 'r2c') ? realElem : V;
  const inMem = half ? (type === 'r2c' ? 'f16' : 'vec2<f16>') : inElem;
  const outMem = half ? (outElem === realElem ? 'f16' : 'vec2<f16>') : outElem;
  const { bindings, loadFn, storeFn } = globalAccess({ type, inElem, outElem, inMem, outMem, inPlace: spec.inPlace, convolution: conv !== undefined, load: spec.load, store: spec.store, inPerTransform, outPerTransform, half });
  const params = conv
    ? `struct FFTBatchParams { batch: u32, groups_x: u32, groups: u32, spectrum_pass: u32 }\n` +
      `@group(0) @binding(${ONE_PASS_BINDINGS.params}) var<uniform> fft_params: FFTBatchParams;\n` +
      `@group(0) @binding(${ONE_PASS_BINDINGS.spectrum}) var<storage, read_write> conv_spectrum: array<${V}>;`
    : ONE_PASS_PARAMS;

  const smem = ONE_PASS_SMEM;
  /** Axis k: registers from `source` (global or the buffer), execute, registers to `dest`. */
  const phase = (k: number, source: 'global' | 'smem', dest: 'global' | 'smem', m = modules[k], x = `a${k}`): string[] => {
    const p = m.plan;
    const s = p.stride;
    const count = total / dims[k];
    const t = `${x}_t`;
    const f = `${x}_f`;
    const data = `${x}_data`;
    const out: string[] = [];
    // Global index (`real`: on the real side) and buffer index of element e of this invocation's FFT.
    let globalAt: (e: string, real: boolean) => string;
    let smemAt: (e: string) => string;
    if (k === r - 1) {
      out.push(
        `// Axis ${k} (rows of ${nx}): thread ${t} of row ${f}; invocations past ${s} x ${count} are idle but reach the barriers.`,
        `let ${t} = flat % ${s}u;`,
        `let ${f} = flat / ${s}u;`,
        `let ${x}_active = ${f} < ${count}u;`,
      );
      globalAt = (e, real) => `${f} * ${real ? nx : w}u + ${e}`;
      smemAt = (e) => `${f} * ${pitch}u + ${e}`;
    } else {
      // FFT f = a * B + b: its elements lie B apart from a * L * B + b (global, row-major); in the
      // buffer, row (a * L + e) * (B / w) + b / w, column b % w.
      const B = product(dims.slice(k + 1));
      const L = dims[k];
      const Bw = B / w;
      out.push(
        `// Axis ${k} (${L} points, elements ${B} apart): FFT ${f} (adjacent invocations on adjacent FFTs), thread ${t}.`,
        `let ${f} = flat % ${count}u;`,
        `let ${t} = flat / ${count}u;`,
        `let ${x}_active = ${t} < ${s}u;`,
      );
      const a = B === count ? '0u' : `(${f} / ${B}u)`;
      const b = B === count ? f : `(${f} % ${B}u)`;
      if (source === 'global' || dest === 'global') out.push(`let ${x}_gbase = ${B === count ? f : `${a} * ${L * B}u + ${b}`};`);
      const row = [a === '0u' ? '' : `${a} * ${L * Bw}u`, Bw === 1 ? '' : `${b} / ${w}u`].filter(Boolean).join(' + ') || '0u';
      const col = Bw === 1 ? b : `${b} % ${w}u`;
      out.push(`let ${x}_sbase = ${row === '0u' ? col : `(${row}) * ${pitch}u + ${col}`};`);
      globalAt = (e) => `${x}_gbase + (${e}) * ${B}u`;
      smemAt = (e) => `${x}_sbase + (${e}) * ${Bw * pitch}u`;
    }
    const inReal = p.inputType === 'real';
    const outReal = p.outputType === 'real';
    out.push(`var ${data}: array<${V}, ${p.storageSize}>;`, `if (${x}_active) {`);
    for (let i = 0; i < p.inputEPT; i++) {
      const e = `${t} + ${i * s}u`;
      const guard = (i + 1) * s > p.inputLength ? `if (${e} < ${p.inputLength}u) ` : '';
      const value = source === 'global' ? `fft_load(g, ${globalAt(e, inReal)})` : `${smem}[${smemAt(e)}]`;
      out.push(`  ${guard}{ ${slot(data, i, inReal, precision).write(value)} }`);
    }
    out.push(`}`, `${m.execute}(&${data}, ${t}, ${f});`);
    if (dest === 'smem') out.push(`workgroupBarrier();`);
    out.push(`if (${x}_active) {`);
    for (let i = 0; i < p.outputEPT; i++) {
      const e = `${t} + ${i * s}u`;
      const guard = (i + 1) * s > p.outputLength ? `if (${e} < ${p.outputLength}u) ` : '';
      const value = slot(data, i, outReal, precision).read;
      out.push(`  ${guard}{ ${dest === 'global' ? `fft_store(g, ${globalAt(e, outReal)}, ${value});` : `${smem}[${smemAt(e)}] = ${value};`} }`);
    }
    out.push(`}`);
    if (dest === 'smem') out.push(`workgroupBarrier();`);
    return out;
  };
  // Innermost axis first, except C2R (the real rows last).
  const order = Array.from({ length: r }, (_, i) => (type === 'c2r' ? i : r - 1 - i));
  const start = [
    `let g = wg.y * fft_params.groups_x + wg.x;`,
    `// Uniform per workgroup: a workgroup past the batch leaves before any barrier.`,
    `if (g >= fft_params.batch) { return; }`,
  ];
  // Buffer position of spectrum element e (row-major [..][w], rows `pitch` apart).
  const at = (e: string) => (pitch === w ? e : `(${e} / ${w}u) * ${pitch}u + ${e} % ${w}u`);
  const body: string[] = conv
    ? [
        ...start,
        ...order.flatMap((k, i) => phase(k, i === 0 ? 'global' : 'smem', 'smem')),
        ...(spectrumPass
          ? [
              `// The spectrum pass (a uniform flag): the forward's spectrum times ${conv.scale}, natural layout, then leave.`,
              `if (fft_params.spectrum_pass != 0u) {`,
              `  for (var e = flat; e < ${total}u; e += ${W}u) { conv_spectrum[e] = ${smem}[${at('e')}] * ${f32Text(conv.scale)}; }`,
              `  return;`,
              `}`,
            ]
          : []),
        `for (var e = flat; e < ${total}u; e += ${W}u) { ${smem}[${at('e')}] = conv_pointwise(g, e, ${smem}[${at('e')}], conv_spectrum[e]); }`,
        `workgroupBarrier();`,
        // The inverse: the outer axes first, the rows last (C2R for real).
        ...Array.from({ length: r }, (_, i) => phase(i, 'smem', i === r - 1 ? 'global' : 'smem', conv.inverseModules[i], `b${i}`)).flat(),
      ]
    : [...start, ...order.flatMap((k, i) => phase(k, i === 0 ? 'global' : 'smem', i === r - 1 ? 'global' : 'smem'))];
  const axes = modules.map((m, k) => `axis ${k}: ${m.plan.fftsPerBlock} x ${shape[k]}-point ${m.plan.type} (E${m.plan.execEPT}, stride ${m.plan.stride})`).join(', ');
  const header =
    `// webfftdx one-pass "${onePassName(spec)}": [${shape}] ${type} ${direction} ${precision}${half ? ' (f16 data)' : ''} per workgroup; ${axes}; in the order ${order.join(', ')}; ` +
    `rows ${pitch} values apart in workgroup memory (kernels/any-shape/one-pass.ts).`;
  const code = [
    ...(half ? ['enable f16;'] : []),
    header,
    bindings,
    params,
    `var<workgroup> ${smem}: array<${V}, ${elements}>;`,
    ...allModules.map((m) => m.code),
    ...(conv ? [df ? pointwiseDF64(conv.pointwise, conv.exactFma === true) : pointwiseWGSL(conv.pointwise)] : []),
    loadFn,
    storeFn,
    `@compute @workgroup_size(${W}, 1, 1)`,
    `fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) flat: u32) {\n${body.map((l) => `  ${l}`).join('\n')}\n}`,
  ].join('\n\n');
  return { code, workgroupSize: [W, 1, 1], workgroupBytes: elements * VB };
}

/** The uniform of a one-pass kernel without a convolution (the batched kernels' parameters). */
export const ONE_PASS_PARAMS =
  `struct FFTBatchParams { batch: u32, groups_x: u32, groups: u32 }\n` + `@group(0) @binding(${ONE_PASS_BINDINGS.params}) var<uniform> fft_params: FFTBatchParams;`;

/** What a one-pass kernel reads and writes: element types on the register side (E) and in memory (f16 data). */
export interface GlobalAccessSpec {
  readonly type: OnePassSpec['type'];
  readonly inElem: string;
  readonly outElem: string;
  readonly inMem: string;
  readonly outMem: string;
  readonly inPlace: boolean;
  /** A convolution kernel: its load / store may address fft_data in place. */
  readonly convolution: boolean;
  readonly load?: string;
  readonly store?: string;
  /** Elements of one transform in the input and output buffers. */
  readonly inPerTransform: number;
  readonly outPerTransform: number;
  /** f16 memory, f32 registers: converted on load and store. */
  readonly half: boolean;
}

/**
 * The data bindings and `fft_load(fft, index) -> E` / `fft_store(fft, index, value: E)` of a one-pass
 * kernel: the global buffers, or the user's load / store callbacks in their place.
 */
export function globalAccess(a: GlobalAccessSpec): { bindings: string; loadFn: string; storeFn: string } {
  const widen = (x: string) => (a.half ? `${a.inElem}(${x})` : x);
  const narrow = (x: string) => (a.half ? `${a.outMem}(${x})` : x);
  if (a.inPlace && a.inMem !== a.outMem) throw new Error(`webfftdx: a ${a.type} kernel cannot run in place`);
  const inName = a.inPlace ? 'fft_data' : 'fft_in';
  const outName = a.inPlace ? 'fft_data' : 'fft_out';
  if (a.inPlace && !a.convolution && (a.load || a.store)) throw new Error('webfftdx: a kernel with load/store callbacks runs out of place (the callbacks address fft_in / fft_out)');
  const bindings = a.inPlace
    ? `@group(0) @binding(${ONE_PASS_BINDINGS.input}) var<storage, read_write> fft_data: array<${a.inMem}>;`
    : `@group(0) @binding(${ONE_PASS_BINDINGS.input}) var<storage, read> fft_in: array<${a.inMem}>;\n` +
      `@group(0) @binding(${ONE_PASS_BINDINGS.output}) var<storage, read_write> fft_out: array<${a.outMem}>;`;
  const loadFn = a.load
    ? `${a.load}\nfn fft_load(fft: u32, index: u32) -> ${a.inElem} { ${keepBinding(inName)} return ${widen('load(fft, index)')}; }`
    : `fn fft_load(fft: u32, index: u32) -> ${a.inElem} { return ${widen(`${inName}[fft * ${a.inPerTransform}u + index]`)}; }`;
  const storeFn = a.store
    ? `${a.store}\nfn fft_store(fft: u32, index: u32, value: ${a.outElem}) { ${keepBinding(outName)} store(fft, index, ${narrow('value')}); }`
    : `fn fft_store(fft: u32, index: u32, value: ${a.outElem}) { ${outName}[fft * ${a.outPerTransform}u + index] = ${narrow('value')}; }`;
  return { bindings, loadFn, storeFn };
}

export function f32Text(v: number): string {
  const t = String(Math.fround(v));
  return /[.eE]/.test(t) ? `${t}f` : `${t}.0f`;
}

/** f64: the df64 helpers (kernels/arith.ts), then the user's function or the df64 complex multiply. */
export function pointwiseDF64(pointwise: string | undefined, exactFma: boolean): string {
  const call = pointwise === undefined ? `${DF64_PUBLIC_PREFIX}_cmul(x, h)` : 'pointwise(fft, index, x, h)';
  return [df64PublicHelpers(exactFma), ...(pointwise === undefined ? [] : [pointwise]), `fn conv_pointwise(fft: u32, index: u32, x: vec4<f32>, h: vec4<f32>) -> vec4<f32> {\n  return ${call};\n}`].join('\n\n');
}

/** The convolution's pointwise step: the user's function, or the complex multiply. */
export function pointwiseWGSL(pointwise: string | undefined): string {
  return pointwise === undefined
    ? `fn conv_pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32> {\n  return vec2<f32>(x.x * h.x - x.y * h.y, x.x * h.y + x.y * h.x);\n}`
    : `${pointwise}\n\nfn conv_pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32> {\n  return pointwise(fft, index, x, h);\n}`;
}
