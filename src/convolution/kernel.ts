// The WGSL of the fused convolution kernel: load (zero-padded) -> forward FFT -> pointwise multiply
// by the stored filter spectrum -> inverse FFT -> store (cropped), one workgroup per `fftsPerBlock`
// signals, the spectrum never leaving registers and workgroup memory. The same kernel computes the
// filter's spectrum once at plan creation (a uniform flag: load the zero-padded taps, forward FFT,
// store the spectrum times 1/P), so a plan compiles one pipeline, not two.
//
// Register layout (docs/engine.md, docs/real-fft.md): invocation t of slot f holds element
// t + i * stride in register i, for the FFT's input, its output and the inverse's input alike, so
// spectrum element k = t + i * stride is multiplied in place by H_k:
//   c2c:    complex element j;
//   folded: pair p = (x[2p], x[2p + 1]) on input and output; spectrum X_k, k <= P/2, natural layout;
//   normal: real slot j (element t + j * stride) is component j & 1 of register j >> 1; spectrum as folded;
//   pairs:  complex element j = (a[j], b[j]) of the two real signals 2s and 2s + 1 of slot s (b = 0 past
//           the batch); spectrum: all P values (the real filter's Hermitian spectrum), as c2c.
//
// f16 (KernelOptions.half): the signals and outputs are f16 (`vec2<f16>` / `f16` bindings), every
// load widens to f32 and every store rounds to f16; the FFTs, the stored spectrum and the pointwise
// function stay f32.
// f64 (the layout's FFTs in Precision('f64')): df64 registers vec4<f32> = (re_hi, im_hi, re_lo, im_lo),
// complex signals and the spectrum as the same, reals as vec2<f32> = (hi, lo), one per element (the
// folded engine reads and writes them one at a time); the multiply is the df64 complex product.
// Both take the spectrum from the host: no spectrum-pass branch.
import { arithFor, df64PublicHelpers } from '../../kernels/arith.js';
import { Definitions } from '../../kernels/definitions.js';
import { realArithFor } from '../../kernels/real/real-arith.js';
import { naturalIndexWGSL } from '../../kernels/any-shape/digit-order.js';
import type { ConvolutionLayout } from './plan.js';

export const INPUT_BINDING = 0;
export const OUTPUT_BINDING = 1;
export const SPECTRUM_BINDING = 2;
export const PARAMS_BINDING = 3;
/** f64: the forward and inverse FFTs' stage twiddle tables (./twiddle-tables.ts). */
export const FORWARD_TWIDDLE_BINDING = 4;
export const INVERSE_TWIDDLE_BINDING = 5;

/** The name the user's WGSL function must have. */
export const POINTWISE_NAME = 'pointwise';
export const POINTWISE_SIGNATURE = 'fn pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32>';
/** f64 plans: x, h and the result are df64 complex values vec4<f32> = (re_hi, im_hi, re_lo, im_lo). */
export const POINTWISE_SIGNATURE_F64 = 'fn pointwise(fft: u32, index: u32, x: vec4<f32>, h: vec4<f32>) -> vec4<f32>';

/** The signature the user's function must have in a plan of this arithmetic. */
export function pointwiseSignature(precision: 'f32' | 'f64'): string {
  return precision === 'f64' ? POINTWISE_SIGNATURE_F64 : POINTWISE_SIGNATURE;
}

/** The df64 helpers of an f64 plan's pointwise function (kernels/arith.ts df64PublicHelpers: df64_cmul, df64_dadd, df64_dsub, df64_dscale). */
export function pointwiseHelpersDF64(exactFma: boolean): string {
  return df64PublicHelpers(exactFma);
}

/** Element types of the input and output bindings (`vec2<f32>` where pairs stay aligned, else `f32`). */
export function ioElements(layout: ConvolutionLayout): { input: string; output: string } {
  if (layout.engine === 'c2c') return { input: 'vec2<f32>', output: 'vec2<f32>' };
  if (layout.engine === 'normal' || layout.engine === 'pairs') return { input: 'f32', output: 'f32' };
  // Folded: signal b's pairs are 8-byte aligned only when N is even (and not wrapped); output likewise for the length and the crop.
  return {
    input: layout.signalLength % 2 === 0 && layout.wrap === 0 ? 'vec2<f32>' : 'f32',
    output: layout.outputLength % 2 === 0 && layout.outputOffset % 2 === 0 ? 'vec2<f32>' : 'f32',
  };
}

/** An f32 WGSL literal of exactly Math.fround(v). */
function f32Literal(v: number): string {
  const s = String(Math.fround(v));
  return /[.eE]/.test(s) ? `${s}f` : `${s}.0f`;
}

interface Range {
  /** Smallest and largest value the index takes over the invocations 0 .. stride - 1. */
  readonly lo: number;
  readonly hi: number;
}

/**
 * A guard for `index in [from, from + count)` where `index` spans `r`: '' (always true), undefined
 * (never), or a WGSL condition. `from` and `count` are numbers (decided here, at generation time)
 * or WGSL expressions of the uniform parameters (one compare: `index - from` wraps when below).
 */
function guard(index: string, r: Range, from: number | string, count: number | string): string | undefined {
  if (typeof from === 'string' || typeof count === 'string') {
    return from === 0 ? `${index} < ${count}` : `${index} - ${typeof from === 'number' ? `${from}u` : from} < ${typeof count === 'number' ? `${count}u` : count}`;
  }
  const to = from + count;
  if (r.hi < from || r.lo >= to) return undefined;
  const parts: string[] = [];
  if (r.lo < from) parts.push(`${index} >= ${from}u`);
  if (r.hi >= to) parts.push(`${index} < ${to}u`);
  return parts.join(' && ');
}

function guarded(cond: string | undefined, statement: string, indent: string): string[] {
  if (cond === undefined) return [];
  return [cond === '' ? `${indent}{ ${statement} }` : `${indent}if (${cond}) { ${statement} }`];
}

/**
 * The lengths the kernel reads from its parameters (linear and same, and circular through a linear
 * convolution: one kernel per FFT length and parity serves every N and M, so plans that differ only
 * in them share one compiled pipeline) or has as constants (circular with N = P: no guards at all).
 */
interface Extents {
  readonly n: number | string;
  readonly outLength: number | string;
  readonly offset: number | string;
  /** Half of each (folded pairs; only used where the value is even). */
  readonly halfN: number | string;
  readonly halfOutLength: number | string;
  readonly halfOffset: number | string;
}

/** Circular with P = N: the lengths are constants (circularPrefix's plans pad like linear ones). */
function hasConstantExtents(layout: ConvolutionLayout): boolean {
  return layout.mode === 'circular' && layout.fftLength === layout.signalLength;
}

function extentsOf(layout: ConvolutionLayout): Extents {
  if (hasConstantExtents(layout)) {
    const n = layout.signalLength;
    return { n, outLength: n, offset: 0, halfN: n / 2, halfOutLength: n / 2, halfOffset: 0 };
  }
  return {
    n: 'conv_params.n',
    outLength: 'conv_params.out_length',
    offset: 'conv_params.offset',
    halfN: '(conv_params.n >> 1u)',
    halfOutLength: '(conv_params.out_length >> 1u)',
    halfOffset: '(conv_params.offset >> 1u)',
  };
}

const u = (v: number | string) => (typeof v === 'number' ? `${v}u` : v);

/** Kernel variants timed by bench/conv-variant.ts (the diagnostic ones compute wrong results). */
export interface KernelVariant {
  /** Read the filter spectrum into registers before the forward FFT (its latency hidden behind the FFT). */
  readonly prefetchSpectrum?: boolean;
  /** With prefetchSpectrum, how many registers read theirs first (default: the layout's, else all). */
  readonly prefetchRegisters?: number;
  /** Diagnostic: multiply by a constant instead of reading the spectrum. */
  readonly skipSpectrumRead?: boolean;
  /** Diagnostic: no spectrum-pass branch (the plan's spectrum is then wrong). */
  readonly skipSpectrumPass?: boolean;
}

/**
 * The kernel as the fused rows pass of the four-step convolution (./fourstep.ts): every "signal" of
 * the kernel is a contiguous row of P points, row s % perSignal of signal s / perSignal, holding the
 * forward column passes' output; the filter spectrum is stored in the same (digit-reversed) order,
 * row after row, so row r multiplies by spectrum[r * P + k]. The user's pointwise sees the signal
 * and the natural frequency index (computed from the row's digits), the spectrum pass computes the
 * rows of signal 0 in place and scales by 1/total.
 */
export interface SpectrumRows {
  /** Rows per signal R = total / P. */
  readonly perSignal: number;
  /** The forward column passes' lengths L_1 .. L_{p-1} (first pass first): row r = k_1 (L_2 .. L_{p-1}) + ... + k_{p-1}. */
  readonly radices: readonly number[];
  /** The whole FFT length V: natural frequency of row r, element k = k_1 + L_1 k_2 + ... + (V / P) k. */
  readonly total: number;
  /** Real signals (complex rows of their full spectrum): pointwise sees k <= V / 2 only, the rest by Hermitian symmetry. */
  readonly realSignal: boolean;
}

export interface KernelOptions extends KernelVariant {
  /** f16 input and output buffers (f32 arithmetic, f32 spectrum); the spectrum pass is not used (the host computes the spectrum). */
  readonly half?: boolean;
  /** f64: the multiply's df64 product with one fma (the device's fma rounds once; the layout's modules likewise). */
  readonly exactFma?: boolean;
  /** The fused rows pass of the four-step convolution (in place, circular c2c layouts only). */
  readonly rows?: SpectrumRows;
  /** The user's WGSL (defines `pointwise`), or undefined for the plain multiply. */
  readonly pointwise?: string;
  /** One read_write binding for input and output (circular and same only). */
  readonly inPlace: boolean;
}

export function convolutionKernel(layout: ConvolutionLayout, options: KernelOptions): string {
  const { forward, inverse, stride, fftsPerBlock: F } = layout;
  const P = layout.fftLength;
  const S = layout.storedSpectrumLength;
  const x = extentsOf(layout);
  // f64: complex values vec4<f32>, reals vec2<f32> (hi, lo); their components through real-arith (f32: .x / .y).
  const df = forward.plan.precision === 'f64';
  const V = forward.plan.valueType;
  const ra = realArithFor(df ? 'f64' : 'f32');
  const dfElem = layout.engine === 'c2c' ? 'vec4<f32>' : 'vec2<f32>';
  const io = df ? { input: dfElem, output: dfElem } : ioElements(layout);
  const inPlace = options.inPlace;
  const inElem = inPlace && io.input !== io.output ? 'f32' : io.input;
  const outElem = inPlace ? inElem : io.output;
  // The folded engine's aligned pairs of reals as one vec2<f32> (f32 only).
  const inPairs = !df && inElem === 'vec2<f32>';
  const outPairs = !df && outElem === 'vec2<f32>';
  const inName = inPlace ? 'conv_data' : 'conv_in';
  const outName = inPlace ? 'conv_data' : 'conv_out';
  // f16 buffers: the bindings' element types, a read widened to f32 and a value rounded to f16.
  const half = options.half === true;
  const mem = (elem: string) => (half ? elem.replace('f32', 'f16') : elem);
  const rd = (at: string, elem: string) => (half ? `${elem}(${inName}[${at}])` : `${inName}[${at}]`);
  const wr = (at: string, value: string, elem: string) => `${outName}[${at}] = ${half ? `${mem(elem)}(${value})` : value};`;
  const fwdS = forward.plan.storageSize;
  const invS = inverse.plan.storageSize;
  const invData = fwdS === invS ? 'data' : 'data_inv';
  const range = (i: number): Range => ({ lo: i * stride, hi: i * stride + stride - 1 });
  const pairRanges = (i: number) => {
    const r = range(i);
    return { even: { lo: 2 * r.lo, hi: 2 * r.hi }, odd: { lo: 2 * r.lo + 1, hi: 2 * r.hi + 1 } };
  };
  const lines: string[] = [];
  const push = (...s: string[]) => lines.push(...s);

  // ---- loads: `len` points of the signal starting at element `base` (zero beyond), into the forward's input registers;
  // `src` maps a point to its element (the circular prefix's wrap, conv_src).
  const loads = (len: number | string, halfLen: number | string, base: string, indent: string, src = (j: string) => j): string[] => {
    const out: string[] = [];
    const fp = forward.plan;
    for (let i = 0; i < fp.inputEPT; i++) {
      const j = `thread + ${i * stride}u`;
      if (layout.engine === 'c2c') {
        out.push(...guarded(guard(`(${j})`, range(i), 0, len), `data[${i}] = ${rd(`${base} + ${src(j)}`, 'vec2<f32>')};`, indent));
      } else if (layout.engine === 'folded') {
        // Register i holds pair p = (x[2p], x[2p + 1]).
        const p = `(${j})`;
        if (inPairs) {
          out.push(...guarded(guard(p, range(i), 0, halfLen), `data[${i}] = ${rd(`(${base}) / 2u + ${p}`, 'vec2<f32>')};`, indent));
        } else {
          const { even, odd } = pairRanges(i);
          out.push(...guarded(guard(`2u * ${p}`, even, 0, len), ra.setComponent(`data[${i}]`, 0, rd(`${base} + ${src(`2u * ${p}`)}`, 'f32')), indent));
          out.push(...guarded(guard(`2u * ${p} + 1u`, odd, 0, len), ra.setComponent(`data[${i}]`, 1, rd(`${base} + ${src(`2u * ${p} + 1u`)}`, 'f32')), indent));
        }
      }
    }
    if (layout.engine === 'pairs') {
      // Circular only (len = P): signal a at `base`, signal b (when it exists) one signal further.
      // Without b, the read goes to signal a again and a select drops it: a load in a branch of its
      // own is not issued together with the others, and these loads are the kernel's memory latency.
      const zero = df ? 'vec2<f32>()' : '0.0f';
      out.push(`${indent}let b_offset = select(0u, ${u(len)}, has_b);`);
      for (let i = 0; i < fp.inputEPT; i++) {
        const j = `thread + ${i * stride}u`;
        out.push(`${indent}data[${i}] = ${ra.fromReals(rd(`${base} + ${j}`, 'f32'), `select(${zero}, ${rd(`${base} + b_offset + ${j}`, 'f32')}, has_b)`)};`);
      }
    }
    if (layout.engine === 'normal') {
      // Normal-mode real input (circular only, len = P): real slot j is component j & 1 of register j >> 1.
      for (let j = 0; j < fp.inputEPT; j++) {
        const v = rd(`${base} + thread + ${j * stride}u`, 'f32');
        out.push(df ? `${indent}${ra.bufferReal('data', `${j}u`).write(v)}` : `${indent}data[${j >> 1}][${j & 1}] = ${v};`);
      }
    }
    return out;
  };

  // ---- stores of the inverse's output registers: linear output j goes to j - offset when j - offset < outLength
  const stores = (indent: string): string[] => {
    const out: string[] = [];
    const ip = inverse.plan;
    const base = `signal * ${u(x.outLength)}`;
    for (let i = 0; i < ip.outputEPT; i++) {
      const j = `thread + ${i * stride}u`;
      if (layout.engine === 'c2c') {
        out.push(...guarded(guard(`(${j})`, range(i), x.offset, x.outLength), wr(`${base} + ${j} - ${u(x.offset)}`, `${invData}[${i}]`, 'vec2<f32>'), indent));
      } else if (layout.engine === 'folded') {
        const p = `(${j})`;
        if (outPairs) {
          out.push(
            ...guarded(guard(p, range(i), x.halfOffset, x.halfOutLength), wr(`(${base}) / 2u + ${p} - ${u(x.halfOffset)}`, `${invData}[${i}]`, 'vec2<f32>'), indent),
          );
        } else {
          const { even, odd } = pairRanges(i);
          out.push(...guarded(guard(`2u * ${p}`, even, x.offset, x.outLength), wr(`${base} + 2u * ${p} - ${u(x.offset)}`, ra.component(`${invData}[${i}]`, 0), 'f32'), indent));
          out.push(...guarded(guard(`2u * ${p} + 1u`, odd, x.offset, x.outLength), wr(`${base} + 2u * ${p} + 1u - ${u(x.offset)}`, ra.component(`${invData}[${i}]`, 1), 'f32'), indent));
        }
      }
    }
    if (layout.engine === 'pairs') {
      const b = `(2u * signal + 1u) * ${u(x.outLength)}`;
      // Signal a's stores, then signal b's under one branch.
      for (let i = 0; i < ip.outputEPT; i++) {
        out.push(`${indent}${wr(`2u * ${base} + thread + ${i * stride}u`, ra.component(`${invData}[${i}]`, 0), 'f32')}`);
      }
      out.push(`${indent}if (has_b) {`);
      for (let i = 0; i < ip.outputEPT; i++) {
        out.push(`${indent}  ${wr(`${b} + thread + ${i * stride}u`, ra.component(`${invData}[${i}]`, 1), 'f32')}`);
      }
      out.push(`${indent}}`);
    }
    if (layout.engine === 'normal') {
      for (let j = 0; j < ip.outputEPT; j++) {
        const v = df ? ra.bufferReal(invData, `${j}u`).read : `${invData}[${j >> 1}][${j & 1}]`;
        out.push(`${indent}${wr(`${base} + thread + ${j * stride}u`, v, 'f32')}`);
      }
    }
    return out;
  };

  // ---- the forward's output registers that hold spectrum elements k < S
  const spectrumRegisters = (body: (i: number, k: string) => string, indent: string, count = forward.plan.outputEPT): string[] => {
    const out: string[] = [];
    for (let i = 0; i < count; i++) {
      const k = `thread + ${i * stride}u`;
      out.push(...guarded(guard(`(${k})`, range(i), 0, S), body(i, k), indent));
    }
    return out;
  };
  const rows = options.rows;
  if (rows && (layout.engine !== 'c2c' || layout.mode !== 'circular' || !inPlace)) throw new Error('webfftdx: internal: the rows pass is an in-place circular c2c kernel');
  const scale = f32Literal(1 / (rows?.total ?? P));
  // Rows: the row's first spectrum element (spectrum pass: signal < R, so it is the row's own place too).
  const hBase = rows ? 'conv_hbase + ' : '';
  const spectrumStore = (i: number, k: string) =>
    outElem === 'vec2<f32>'
      ? wr(`${hBase}${k}`, `data[${i}] * ${scale}`, 'vec2<f32>')
      : `${wr(`2u * (${k})`, `data[${i}].x * ${scale}`, 'f32')} ${wr(`2u * (${k}) + 1u`, `data[${i}].y * ${scale}`, 'f32')}`;

  const engineText = { c2c: 'c2c', pairs: 'c2c on pairs of real signals', folded: 'r2c/c2r folded (natural)', normal: 'r2c/c2r normal (natural)' }[layout.engine];
  const lengths = hasConstantExtents(layout)
    ? `${layout.signalLength} points`
    : `N, M, the output length and the crop from conv_params (N ${layout.signalLength % 2 ? 'odd' : 'even'}` +
      `, output ${ioElements(layout).output === 'f32' ? 'as scalars' : 'as pairs'})` +
      (layout.wrap > 0 ? `, circular: the signal's last conv_params.wrap points wrapped in front` : '');
  const bindings = inPlace
    ? [`@group(0) @binding(${INPUT_BINDING}) var<storage, read_write> conv_data: array<${mem(inElem)}>;`]
    : [
        `@group(0) @binding(${INPUT_BINDING}) var<storage, read> conv_in: array<${mem(inElem)}>;`,
        `@group(0) @binding(${OUTPUT_BINDING}) var<storage, read_write> conv_out: array<${mem(outElem)}>;`,
      ];
  // f64: the df64 complex product (kernels/arith.ts, its helpers under the prefix conv_).
  const dfDefs = new Definitions();
  const dfCmul = df && !options.pointwise ? arithFor('f64', dfDefs, 'conv', { exactFma: options.exactFma === true }).addCmul(dfDefs, 'conv') : '';
  // Real signals on the rows pass: the user's function is defined on k <= V / 2; above, X_k = conj(X_(V-k)) and
  // H_k = conj(H_(V-k)), so Y_k = conj(pointwise(V - k, conj X_k, conj H_k)) keeps the output real.
  const userCall =
    rows?.realSignal && options.pointwise
      ? df
        ? `if (index <= ${rows.total / 2}u) { return ${POINTWISE_NAME}(fft, index, x, h); }\n  let y = ${POINTWISE_NAME}(fft, ${rows.total}u - index, (x * vec4<f32>(1.0f, -1.0f, 1.0f, -1.0f)), (h * vec4<f32>(1.0f, -1.0f, 1.0f, -1.0f)));\n  return y * vec4<f32>(1.0f, -1.0f, 1.0f, -1.0f);`
        : `if (index <= ${rows.total / 2}u) { return ${POINTWISE_NAME}(fft, index, x, h); }\n  let y = ${POINTWISE_NAME}(fft, ${rows.total}u - index, vec2<f32>(x.x, -x.y), vec2<f32>(h.x, -h.y));\n  return vec2<f32>(y.x, -y.y);`
      : `return ${POINTWISE_NAME}(fft, index, x, h);`;
  // f64 with the user's function: the df64 helpers it may call (named df64_*), then the function.
  const pointwise = df
    ? options.pointwise
      ? `${pointwiseHelpersDF64(options.exactFma === true)}\n\n${options.pointwise}\n\nfn conv_pointwise(fft: u32, index: u32, x: vec4<f32>, h: vec4<f32>) -> vec4<f32> {\n  ${userCall}\n}`
      : `${dfDefs.toString()}\n\nfn conv_pointwise(fft: u32, index: u32, x: vec4<f32>, h: vec4<f32>) -> vec4<f32> {\n  return ${dfCmul}(x, h);\n}`
    : options.pointwise
    ? `${options.pointwise}\n\nfn conv_pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32> {\n  ${userCall}\n}`
    : `fn conv_pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32> {\n  return vec2<f32>(x.x * h.x - x.y * h.y, x.x * h.y + x.y * h.x);\n}`;

  push(
    `// Fused ${layout.mode} convolution (${layout.type}): ${lengths}, ${P}-point ${engineText} FFTs, ` +
      `${F} signal(s) per workgroup${inPlace ? ', in place' : ''}${half ? ', f16 signals and outputs (f32 arithmetic)' : ''}`,
    ...bindings,
    `@group(0) @binding(${SPECTRUM_BINDING}) var<storage, read> conv_spectrum: array<${V}>;`,
    `struct ConvParams { batch: u32, groups_x: u32, spectrum_pass: u32, n: u32, out_length: u32, offset: u32, signals: u32, wrap: u32 }`,
    `@group(0) @binding(${PARAMS_BINDING}) var<uniform> conv_params: ConvParams;`,
    // Circular through a linear convolution: padded point j < n + wrap is the signal's element (j - wrap) mod n.
    ...(layout.wrap > 0 ? [`fn conv_src(j: u32) -> u32 { return select(j - conv_params.wrap, j + conv_params.n - conv_params.wrap, j < conv_params.wrap); }`] : []),
    ...layout.buffers.map((b) => `var<workgroup> ${b.name}: array<${b.element}, ${b.count}>;`),
    forward.code,
    inverse.code,
    pointwise,
    ...(rows ? [naturalIndexWGSL('conv_natural', rows.radices, rows.total, P)] : []),
    `@compute @workgroup_size(${layout.workgroupSize.join(', ')})`,
    `fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {`,
    `  let thread = lid.x;`,
    `  let slot = lid.y;`,
    `  let signal = (wg.y * conv_params.groups_x + wg.x) * ${F}u + slot;`,
    // Idle invocations (extra slots, signals past the batch) still call both FFTs: they contain barriers.
    `  let is_active = thread < ${stride}u && slot < ${F}u && lid.z == 0u && signal < conv_params.batch;`,
    // A uniform value: the spectrum pass leaves before the inverse in uniform control flow.
    `  let spectrum_pass = conv_params.spectrum_pass != 0u;`,
    // Pairs: slot `signal` holds real signals 2 signal and 2 signal + 1 (the second absent past an odd batch and in the spectrum pass).
    ...(layout.engine === 'pairs' ? [`  let has_b = !spectrum_pass && 2u * signal + 1u < conv_params.signals;`] : []),
    `  var data: array<${V}, ${fwdS}>;`,
    ...(rows ? [`  let conv_hbase = (signal % ${rows.perSignal}u) * ${P}u;`] : []),
  );
  // Registers i < early read their spectrum value before the forward FFT, the others after it.
  const prefetch = options.prefetchSpectrum ?? layout.prefetchSpectrum;
  const early = prefetch ? Math.min(options.prefetchRegisters ?? layout.prefetchRegisters ?? Infinity, forward.plan.outputEPT) : 0;
  if (early > 0) {
    push(`  var conv_h: array<${V}, ${early}>;`, `  if (is_active && !spectrum_pass) {`);
    push(...spectrumRegisters((i, k) => `conv_h[${i}] = conv_spectrum[${hBase}${k}];`, '    ', early));
    push(`  }`);
  }
  // f16 and f64 plans take their spectrum from the host (create.ts): no spectrum pass at all. Rows:
  // the spectrum pass reads its rows where the signals' rows are (no branch on the load).
  const noSpectrumPass = options.skipSpectrumPass === true || half || df;
  const noBranch = noSpectrumPass || rows !== undefined;
  push(
    `  if (is_active) {`,
    ...(noBranch ? [] : [`    if (spectrum_pass) {`]),
    // The taps, zero-padded to P on the host.
    ...(noBranch ? [] : loads(P, P / 2, '0u', '      ')),
    ...(noBranch ? [] : [`    } else {`]),
    ...(layout.wrap > 0
      ? loads(`${x.n} + conv_params.wrap`, x.halfN, `signal * ${u(x.n)}`, '      ', (j) => `conv_src(${j})`)
      : loads(x.n, x.halfN, `${layout.engine === 'pairs' ? '2u * ' : ''}signal * ${u(x.n)}`, '      ')),
    ...(noBranch ? [] : [`    }`]),
    `  }`,
    `  ${forward.execute}(&data, thread, slot);`,
  );
  if (!noSpectrumPass) {
    push(
      `  if (spectrum_pass) {`,
      `    // The filter's spectrum H_k / P (the inverse's 1/P folded in), written once at plan creation.`,
      `    if (is_active) {`,
      ...spectrumRegisters(spectrumStore, '      '),
      `    }`,
      `    return;`,
      `  }`,
    );
  }
  const hOf = (i: number, k: string) =>
    options.skipSpectrumRead ? `vec2<f32>(${scale}, 0.0f)` : i < early ? `conv_h[${i}]` : `conv_spectrum[${hBase}${k}]`;
  // Keeps the binding in the 'auto' layout when the diagnostic variant does not read it.
  if (options.skipSpectrumRead) push(`  _ = &conv_spectrum;`);
  push(
    `  if (is_active) {`,
    ...spectrumRegisters(
      (i, k) =>
        rows
          ? `data[${i}] = conv_pointwise(signal / ${rows.perSignal}u, conv_natural(signal % ${rows.perSignal}u, ${k}), data[${i}], ${hOf(i, k)});`
          : `data[${i}] = conv_pointwise(signal, ${k}, data[${i}], ${hOf(i, k)});`,
      '    ',
    ),
    `  }`,
  );
  if (invData !== 'data') {
    push(`  var ${invData}: array<${V}, ${invS}>;`);
    for (let i = 0; i < Math.min(fwdS, invS); i++) push(`  ${invData}[${i}] = data[${i}];`);
  }
  push(`  ${inverse.execute}(&${invData}, thread, slot);`, `  if (is_active) {`, ...stores('    '), `  }`, `}`);
  return [half ? 'enable f16;' : forward.directives, lines.join('\n')].filter((s) => s.length > 0).join('\n\n');
}

/** FFT slots a batch of signals fills: one per signal, or one per two signals (pairs engine). */
export function slotsFor(layout: ConvolutionLayout, signals: number): number {
  return layout.engine === 'pairs' ? Math.ceil(signals / 2) : signals;
}

/** The uniform parameters of the kernel (8 u32, 32 bytes); `signals` the batch, in signals. */
export function kernelParams(layout: ConvolutionLayout, signals: number, groupsX: number, spectrumPass: boolean): Uint32Array<ArrayBuffer> {
  const slots = slotsFor(layout, signals);
  return new Uint32Array([slots, groupsX, spectrumPass ? 1 : 0, layout.signalLength, layout.outputLength, layout.outputOffset, signals, layout.wrap]);
}
