// One pass over global memory of a multi-pass FFT (src/any-shape): a batch of L-point FFTs whose
// elements lie `inner` apart, C of them per workgroup, every FFT run by the Block engine
// (kernels/stockham.ts) as one FFT slot.
//
// Column mode: local_invocation_id.x is the slot (the FFT), .y the engine's thread. The FFTs of a
// workgroup are C adjacent columns, so for every register the C adjacent invocations read (and
// write) C consecutive complex values: each global access is a coalesced run of C (16) elements,
// whatever the distance between one FFT's elements. The engine's workgroup buffer gives each slot
// N / parts + 1 elements (kernels/stockham.ts slotStride) so that neighbouring slots, now adjacent
// invocations, use distinct banks.
//
// Two kinds of pass (docs/any-shape.md derives them):
// - 'column': the data are [A][L][W] (W = width); FFT j = a * W + col runs down column col of block
//   a, and the result goes back to the same positions, multiplied by the four-step twiddle
//   w_T^(m k) (m = col / inner, k the output index). In place is safe: a workgroup reads and writes
//   only its own columns.
// - 'final': FFT j = a * W + q * inner + b reads the row whose offset o is the mixed-radix number
//   of q's digits (the earlier passes' output indices) and writes output index q + k * (W / inner):
//   the transposition of the four-step algorithm, done by choosing addresses, no transpose kernel.
//   When inner is 1 the rows are contiguous and C of them are loaded through workgroup memory
//   (stagedInput), so that reads stay coalesced too.
//
// The convolution's four-step paths (src/convolution/fourstep*.ts) use three more options, all on
// specialised column kernels: the twiddle on the load (twiddleAt 'load': the pass that undoes a
// forward column pass), `convolve` (forward FFT, pointwise with a stored spectrum, inverse FFT in
// one pass; f32 or df64) and realPairs / outOffset / inWrap (two real signals per complex one; the
// 'same' crop; a circular convolution's wrapped prefix). The twiddle on the load, realPairs, outOffset
// and inWrap run in every precision (f32, df64, f16 sides).
//
// The engine always runs forward: an inverse transform conjugates on its first load and last store
// (IFFT(x) = conj(FFT(conj(x)))); that, the Hermitian mirror of C2R input and the Bluestein tables
// are PASS_FLAGS. The parameters (PassParams: sizes, strides, flags, twiddle length) can come from a
// uniform, so that one kernel serves every shape with the same L, or be baked in as constants
// (PassKernelSpec.constants, what createFFT does): on the H200 that made the passes 1.2-2.3x faster
// (docs/any-shape.md), as the index math then divides by literals and dead flag branches vanish.
//
// Precision (docs/precision.md): `precision` is the arithmetic of the pass, f32 or df64 (the engine
// and the complex products of kernels/arith.ts; f64 four-step twiddles from the df64 sincos, its
// buffers of vec4<f32> = (re_hi, im_hi, re_lo, im_lo) per complex value and vec2<f32> = (hi, lo) per
// real). f16 plans compute in f32: `halfInput` / `halfOutput` make the pass read / write the user's
// f16 buffers (vec2<f16>, f16), converting on the first load and the last store only.
import { arithFor, ARITH_F32, DF64_PUBLIC_PREFIX, df64PublicHelpers, type Arith } from '../arith.js';
import { flatCallbackWGSL, type FlatCallbacks } from '../callbacks.js';
import type { Sign } from '../codelets.js';
import { Definitions } from '../definitions.js';
import { naturalIndexWGSL } from './digit-order.js';
import { quadrantMethod, sincosFunction, sincosName, sincosStep } from '../sincos.js';
import { addBlockEngine, addCmul, addTwiddle, type ExchangeMode } from '../stockham.js';

/** Binding slots of pass kernels (group 0). */
export const PASS_BINDINGS = { input: 0, output: 1, params: 2, tables: 3 } as const;

/** Bytes of the PassParams uniform. */
export const PASS_PARAMS_BYTES = 112;

/** How a pass reads its input: complex values (a Hermitian half too, see PASS_FLAGS), or reals (imaginary part 0). */
export type PassInput = 'complex' | 'real';

/** Bits of PassParams.flags: what the first load and the last store of a transform add. */
export const PASS_FLAGS = {
  /** Input index idx > mirror / 2 reads conj(x[mirror - idx]) (C2R's Hermitian half). */
  hermitian: 1,
  /** Conjugate after loading (inverse transforms, first pass). */
  conjugateInput: 2,
  /** Conjugate before storing (inverse transforms, last pass). */
  conjugateOutput: 4,
  /** Multiply input index idx by tables[in_table + idx] (Bluestein chirp). */
  inputTable: 8,
  /** Multiply output index idx by tables[out_table + idx] (Bluestein kernel spectrum or chirp). */
  outputTable: 16,
} as const;
/** How a pass writes its output: complex values or their real parts. */
export type PassOutput = 'complex' | 'real';

export interface PassKernelSpec {
  /** FFT length L. */
  readonly size: number;
  /** Elements per invocation of the engine (L / ept invocations per FFT). */
  readonly ept: number;
  readonly exchange: ExchangeMode;
  readonly parts: number;
  /** FFTs per workgroup C (adjacent invocations). */
  readonly columns: number;
  readonly kind: 'column' | 'final';
  /** Column passes: multiply output k of column col by w_T^((col / inner) k) (T, step: parameters). */
  readonly twiddle: boolean;
  /**
   * Where the column pass's twiddle goes: 'store' (default: the forward four-step pass, FFT then
   * twiddle) or 'load' (the pass that undoes it, as the convolution's inverse column passes run:
   * input k of column col times w_T^((col / inner) k) after the input conjugation, then the FFT; with
   * conjugateInput and conjugateOutput set, that is the inverse FFT of the input times the
   * conjugate twiddle).
   */
  readonly twiddleAt?: 'store' | 'load';
  readonly input: PassInput;
  readonly output: PassOutput;
  /** Final passes with inner = 1: load the C rows through workgroup memory (coalesced row reads). */
  readonly stagedInput: boolean;
  /** One read_write binding for input and output. */
  readonly inPlace: boolean;
  readonly maxWorkgroupBytes: number;
  /**
   * The pass's parameters, baked into the WGSL as constants (all but inBase / outBase, which stay in
   * the uniform): the index math divides by literals (a multiply-high, not a u32 division), the
   * digits loop unrolls, bounds checks that cannot fail vanish, and the twiddle's length is a literal
   * (a shift for powers of two). One kernel per pass of a shape and direction. Without it, one kernel
   * serves every shape with the same pass length.
   */
  readonly constants?: Omit<PassParams, 'inBase' | 'outBase'>;
  /** Arithmetic and intermediate values: 'f32' (default) or 'f64' (df64). */
  readonly precision?: 'f32' | 'f64';
  /** The input buffer holds f16 values (f32 arithmetic; an f16 plan's first pass). */
  readonly halfInput?: boolean;
  /** The output buffer takes f16 values (f32 arithmetic; an f16 plan's last pass). */
  readonly halfOutput?: boolean;
  /** f64: the device's fma rounds once (WGSLOptions.exactFma, src/host/fma.ts): df64 products with one fma. */
  readonly exactFma?: boolean;
  /**
   * The user's callbacks (../callbacks.ts): `load` replaces the pass's reads of the input buffer
   * (the first pass of a plan: before the Hermitian conjugation, the inverse's conjugation and the
   * Bluestein chirp), `store` its writes to the output buffer (the last pass: after them). Out of
   * place only, without staged input.
   */
  readonly callbacks?: FlatCallbacks;
  /**
   * The convolution's fused column pass (src/convolution/fourstep-2d.ts): after the forward FFT of
   * each column, the pointwise multiply with the filter spectrum (the tables binding, stored in the
   * data's own order), the input conjugation, the engine again (the inverse FFT by conjugation:
   * set conjugateOutput), stored back in place of the input. Specialised column kernels without
   * twiddle, with inner = width (column b of block a is spectrum column kx = b).
   */
  readonly convolve?: ConvolveColumns;
}

/** What the fused convolution column pass needs to know (PassKernelSpec.convolve). */
export interface ConvolveColumns {
  /** Blocks per signal: block a is row a % rowsPerSignal (of the column axis's four-step split) of signal a / rowsPerSignal. */
  readonly rowsPerSignal: number;
  /** The column axis's earlier pass lengths L_1 .. L_(p-1), first first (none when the axis is one pass). */
  readonly radices: readonly number[];
  /** The column axis's length: spectrum row ky of element k of block row r is the natural index of (r, k) (./digit-order.ts). */
  readonly axisLength: number;
  /** The spectrum pass multiplies the forward output by this (1 / the transform's points). */
  readonly scale: number;
  /** The user's WGSL defining `pointwise(fft, index, x, h)`, or undefined for the complex multiply x h. */
  readonly pointwise?: string;
}

export interface PassKernel {
  readonly code: string;
  readonly workgroupSize: readonly [number, number, number];
  /** Bytes of workgroup memory the kernel declares. */
  readonly workgroupBytes: number;
  /** Whether the kernel declares the tables binding (a specialised kernel only when its flags read a table). */
  readonly usesTables: boolean;
}

/** Values of the PassParams uniform (see PassParamsWGSL); all u32 except twStep. */
export interface PassParams {
  /** FFTs in the pass. */
  readonly count: number;
  /** Workgroups along x of the dispatch (a 2D dispatch beyond maxComputeWorkgroupsPerDimension). */
  readonly groupsX: number;
  /** Workgroups that carry FFTs. */
  readonly groups: number;
  /** W: FFTs per block a. */
  readonly width: number;
  /** Distance between consecutive elements of one FFT along the transformed axis (product of the later axes). */
  readonly inner: number;
  /** Elements between blocks a in the input and output buffers. */
  readonly inBlock: number;
  readonly outBlock: number;
  /** Input indices >= inValid read as zero (zero padding); output indices >= outValid are not stored. */
  readonly inValid: number;
  readonly outValid: number;
  /** Hermitian input: the logical length n (index idx > n / 2 reads conj(x[n - idx])). */
  readonly mirror: number;
  /** PASS_FLAGS bits. */
  readonly flags: number;
  /** Column passes: twiddle length T. */
  readonly twLength: number;
  /** Final passes: the digits of q (radix, and the input offset per unit), earliest pass first. */
  readonly digits: readonly { readonly radix: number; readonly stride: number }[];
  /** Offsets (complex elements) of the input and output tables in the tables binding. */
  readonly inTable: number;
  readonly outTable: number;
  /**
   * Specialised f64 kernels only: the offset of the engine's stage twiddle table in the tables
   * binding (kernels/twiddle-table.ts, the layout of engineTwiddleTable for the pass's engine, sign
   * -1); absent: the engine computes its twiddles.
   */
  readonly engineTable?: number;
  /**
   * Specialised kernels only (constants): output index idx is written to position idx - outOffset,
   * when idx - outOffset < outValid (the convolution's 'same' crop fused into its last pass). 0 or absent: none.
   */
  readonly outOffset?: number;
  /**
   * Specialised kernels only (constants): input index idx < inValid reads element (idx - prefix) mod
   * length of its block (a circular convolution through a linear one: the signal's last `prefix`
   * values in front of it, fused into its first pass). Absent: element idx.
   */
  readonly inWrap?: { readonly length: number; readonly prefix: number };
  /**
   * Specialised kernels only: the real side (input 'real' or output 'real') as pairs of real
   * signals, the convolution's two real signals in one complex one: block a reads (writes) signal
   * 2a as the real part and signal 2a + 1, `offset` elements further, as the imaginary part (zero /
   * not written when 2a + 1 >= signals).
   */
  readonly realPairs?: { readonly offset: number; readonly signals: number };
  /**
   * Convolution column passes (PassKernelSpec.convolve): 1 = the spectrum pass (store the forward
   * FFT's output times the scale, skip the rest). A uniform value (the `pad1` word), never baked
   * into the kernel: both settings run one compiled kernel.
   */
  readonly spectrumPass?: number;
  /**
   * Offsets (complex elements) of the input and output within the one binding of an in-place kernel:
   * two regions of one workspace buffer are bound once (WebGPU forbids binding one buffer both
   * read-only and writable in a dispatch). 0 for out-of-place kernels.
   */
  readonly inBase: number;
  readonly outBase: number;
}

export const PASS_PARAMS_WGSL = `struct PassParams {
  count: u32, groups_x: u32, width: u32, inner: u32,
  in_block: u32, out_block: u32, in_valid: u32, out_valid: u32,
  mirror: u32, tw_len: u32, tw_step: f32, digits: u32,
  in_table: u32, out_table: u32, groups: u32, in_base: u32,
  out_base: u32, flags: u32, pad1: u32, pad2: u32,
  radix: vec4<u32>, dstride: vec4<u32>,
}`;

/** The uniform's bytes for `p`. */
export function passParamsData(p: PassParams): ArrayBuffer {
  if (p.digits.length > 4) throw new Error(`webfftdx: a final pass takes at most 4 earlier passes, got ${p.digits.length}`);
  const buf = new ArrayBuffer(PASS_PARAMS_BYTES);
  const u = new Uint32Array(buf);
  const f = new Float32Array(buf);
  u.set([p.count, p.groupsX, p.width, p.inner, p.inBlock, p.outBlock, p.inValid, p.outValid, p.mirror, p.twLength, 0, p.digits.length, p.inTable, p.outTable, p.groups, p.inBase, p.outBase, p.flags, p.spectrumPass ?? 0, 0]);
  f[10] = p.twLength > 0 ? Math.PI / 2 / p.twLength : 0;
  p.digits.forEach((d, i) => {
    u[20 + i] = d.radix;
    u[24 + i] = d.stride;
  });
  return buf;
}

/** Padding of each slot's workgroup buffer (see the file comment). */
const SLOT_PAD = 1;
/** df64 four-step twiddles: one from the sincos every this many elements of an invocation, the rest by products. */
const DF_TWIDDLE_ANCHOR = 8;

function smemElements(spec: PassKernelSpec): number {
  return spec.exchange === 'none' ? 0 : spec.columns * (spec.size / spec.parts + SLOT_PAD);
}

/** Workgroup bytes of the engine's buffer for this shape (complex: a register per element, 8 bytes in f32 and 16 in df64; split: half that). */
export function passEngineBytes(size: number, columns: number, exchange: ExchangeMode, parts: number, registerBytes = 8): number {
  if (exchange === 'none') return 0;
  return columns * (size / parts + SLOT_PAD) * (exchange === 'complex' ? registerBytes : registerBytes / 2);
}

/** WGSL element type of a pass's global buffer on one side. */
function bufferElement(kind: PassInput, precision: 'f32' | 'f64', half: boolean): string {
  if (half) return kind === 'real' ? 'f16' : 'vec2<f16>';
  if (precision === 'f64') return kind === 'real' ? 'vec2<f32>' : 'vec4<f32>';
  return kind === 'real' ? 'f32' : 'vec2<f32>';
}

/** An element read from a global buffer (`bufferElement`) as a register value. */
function toValue(x: string, kind: PassInput, precision: 'f32' | 'f64', half: boolean): string {
  if (precision === 'f64') return kind === 'real' ? `vec4<f32>(${x}.x, 0.0f, ${x}.y, 0.0f)` : x;
  if (kind === 'real') return half ? `vec2<f32>(f32(${x}), 0.0f)` : `vec2<f32>(${x}, 0.0f)`;
  return half ? `vec2<f32>(${x})` : x;
}

/** A register value as the global buffer's element (`bufferElement`); real outputs keep the real part. */
function fromValue(v: string, kind: PassOutput, precision: 'f32' | 'f64', half: boolean): string {
  if (precision === 'f64') return kind === 'real' ? `${v}.xz` : v;
  if (kind === 'real') return half ? `f16(${v}.x)` : `${v}.x`;
  return half ? `vec2<f16>(${v})` : v;
}

export function passKernelName(spec: PassKernelSpec): string {
  const bits = [
    spec.kind,
    `n${spec.size}`,
    `e${spec.ept}`,
    `c${spec.columns}`,
    spec.exchange === 'split' ? 'split' : '',
    spec.parts > 1 ? `p${spec.parts}` : '',
    spec.twiddle ? (spec.twiddleAt === 'load' ? 'twload' : 'tw') : '',
    spec.input !== 'complex' ? spec.input : '',
    spec.output !== 'complex' ? `out${spec.output}` : '',
    spec.stagedInput ? 'staged' : '',
    spec.inPlace ? 'inplace' : '',
    spec.constants ? 'const' : '',
    spec.callbacks?.load ? 'load' : '',
    spec.callbacks?.store ? 'store' : '',
    spec.precision === 'f64' ? 'f64' : '',
    spec.halfInput ? 'h16in' : '',
    spec.halfOutput ? 'h16out' : '',
    spec.precision === 'f64' && spec.exactFma ? 'fma' : '',
    spec.convolve ? (spec.convolve.pointwise ? 'convpw' : 'conv') : '',
  ];
  return bits.filter(Boolean).join('_');
}

export function passKernel(spec: PassKernelSpec): PassKernel {
  const { size: L, ept: E, columns: C } = spec;
  const sign: Sign = -1;
  const S = L / E;
  if (!Number.isInteger(S)) throw new Error(`webfftdx: pass length ${L} is not a multiple of ${E} elements per invocation`);
  if (spec.stagedInput && (spec.kind !== 'final' || spec.input !== 'complex')) {
    throw new Error('webfftdx: staged input is for final passes reading complex intermediates (no load flags)');
  }
  if (spec.twiddle && spec.kind !== 'column') throw new Error('webfftdx: the four-step twiddle belongs to column passes');
  const twiddleOnLoad = spec.twiddle && spec.twiddleAt === 'load';
  const outOffset = spec.constants?.outOffset ?? 0;
  const prefix = 'ax';
  const defs = new Definitions();
  const precision = spec.precision ?? 'f32';
  const df = precision === 'f64';
  const halfIn = spec.halfInput === true;
  const halfOut = spec.halfOutput === true;
  if (df && (halfIn || halfOut)) throw new Error('internal: f16 buffers belong to f32 passes');
  // The register arithmetic: f32 (its text is what the f32 passes always had) or df64.
  const ar: Arith = df ? arithFor('f64', defs, prefix, { exactFma: spec.exactFma === true }) : ARITH_F32;
  const V = ar.register;
  const smem = `${prefix}_smem`;
  const elements = smemElements(spec);
  const K = spec.constants;
  // f64 engines of createFFT's passes read their stage twiddles from the tables binding (PassParams.engineTable).
  const readsEngineTable = df && K?.engineTable !== undefined;
  const engine = addBlockEngine(defs, {
    ...(readsEngineTable ? { twiddleTable: 'fft_tables', twiddleTableOffset: K!.engineTable } : {}),
    arith: ar,
    prefix,
    size: L,
    ept: E,
    storage: E,
    sign,
    slots: C,
    exchange: spec.exchange,
    smem,
    parts: spec.parts,
    slotStride: spec.size / spec.parts + SLOT_PAD,
  });
  const cmul = addCmul(defs, prefix, ar);
  if (df && !K) throw new Error('internal: f64 passes are specialised (their df64 twiddle length is a constant)');
  // A parameter: its literal when the kernel is specialised, else the uniform's field.
  const u = (value: number | undefined, field: string) => (K ? `${value}u` : `P.${field}`);
  // Code that depends on a flag: kept or dropped when specialised, else behind a uniform branch.
  const ifFlag = (bit: number, code: string, set = true): string[] => {
    if (K) return ((K.flags & bit) !== 0) === set ? [code] : [];
    return [`if ((P.flags & ${bit}u) ${set ? '!=' : '=='} 0u) { ${code} }`];
  };
  const twMethod = K && K.twLength > 0 ? quadrantMethod(K.twLength) : 'estimate';
  // f64: exp(-2 pi i e / T) from the df64 sincos (exact reduction to eighths of a turn; the integer
  // e * 8 and the remainder must stay exact in u32 / f32: T <= 2^25).
  if (df && spec.twiddle && K!.twLength > 2 ** 25) throw new Error(`webfftdx: an f64 four-step twiddle length ${K!.twLength} exceeds 2^25 (the df64 sincos's exact range)`);
  const sincos = df ? '' : defs.add(sincosName(prefix, twMethod), () => sincosFunction(prefix, twMethod));
  const dfTwiddle = df && spec.twiddle ? addTwiddle(defs, prefix, -1, K!.twLength, ar) : '';

  const inElem = bufferElement(spec.input, precision, halfIn);
  const outElem = bufferElement(spec.output, precision, halfOut);
  if (spec.inPlace && inElem !== outElem) throw new Error('webfftdx: an in-place pass needs the same element type on both sides');
  const inName = spec.inPlace ? 'fft_data' : 'fft_in';
  const outName = spec.inPlace ? 'fft_data' : 'fft_out';
  const cb = spec.callbacks;
  if (cb?.load || cb?.store) {
    if (spec.inPlace) throw new Error('webfftdx: a pass with load/store callbacks runs out of place (the callbacks address fft_in / fft_out)');
    if (cb.load && spec.stagedInput) throw new Error('webfftdx: a load callback belongs to a plan\'s first pass, which never stages its input');
  }
  // A read of the input buffer at flat element address `at`, and a write of the output buffer.
  const readAt = (at: string) => (cb?.load ? `fft_load_at(${at})` : `${inName}[${at}]`);
  const writeAt = (at: string, value: string) => (cb?.store ? `fft_store_at(${at}, ${value});` : `${outName}[${at}] = ${value};`);
  const decls: string[] = [];
  decls.push(
    spec.inPlace
      ? `@group(0) @binding(${PASS_BINDINGS.input}) var<storage, read_write> fft_data: array<${inElem}>;`
      : `@group(0) @binding(${PASS_BINDINGS.input}) var<storage, read> fft_in: array<${inElem}>;\n` +
          `@group(0) @binding(${PASS_BINDINGS.output}) var<storage, read_write> fft_out: array<${outElem}>;`,
    PASS_PARAMS_WGSL,
    `@group(0) @binding(${PASS_BINDINGS.params}) var<uniform> P: PassParams;`,
  );
  const cv = spec.convolve;
  if (cv && (!K || halfIn || halfOut || spec.kind !== 'column' || spec.twiddle || K.inner !== K.width || (K.flags & PASS_FLAGS.conjugateOutput) === 0)) {
    throw new Error('webfftdx: internal: a convolution column pass is a specialised f32 or df64 column kernel without twiddle, inner = width, conjugating its output');
  }
  const usesTables = !K || cv !== undefined || (K.flags & (PASS_FLAGS.inputTable | PASS_FLAGS.outputTable)) !== 0 || readsEngineTable;
  // The Bluestein and engine twiddle tables: complex values in the pass's precision (df64: vec4<f32> hi/lo pairs of f64 values).
  if (usesTables) decls.push(`@group(0) @binding(${PASS_BINDINGS.tables}) var<storage, read> fft_tables: array<${V}>;`);
  let smemType = '';
  if (spec.exchange === 'complex') smemType = V;
  if (spec.exchange === 'split') smemType = ar.splitElement;
  const B = ar.bytes;
  let stageName = smem;
  let stageComplex = spec.exchange === 'complex';
  let stageCapacity = spec.exchange === 'complex' ? elements : Math.floor(elements / 2);
  let workgroupBytes = passEngineBytes(L, C, spec.exchange, spec.parts, B);
  let smemLength = elements;
  // Chunks of the staged rows: registers [q E / Q, (q + 1) E / Q) hold row elements [q L / Q, (q + 1) L / Q).
  let chunks = 0;
  if (spec.stagedInput) {
    if (spec.exchange === 'none') {
      stageName = `${prefix}_stage`;
      stageComplex = true;
      stageCapacity = Math.min(Math.floor(spec.maxWorkgroupBytes / B) - C, C * (L + 1));
      decls.push(`var<workgroup> ${stageName}: array<${V}, ${stageCapacity}>;`);
      workgroupBytes = stageCapacity * B;
    }
    // Fewer chunks (fewer barriers) where growing the engine's buffer a little, within the limit, allows.
    const budget = spec.exchange === 'none' ? stageCapacity : Math.floor((spec.maxWorkgroupBytes - C * 4) / B);
    for (let q = 1; q <= E; q++) {
      if (E % q === 0 && C * (L / q + 1) <= Math.max(stageCapacity, budget)) {
        chunks = q;
        break;
      }
    }
    if (chunks && spec.exchange !== 'none' && C * (L / chunks + 1) > stageCapacity) {
      stageCapacity = C * (L / chunks + 1);
      smemLength = spec.exchange === 'complex' ? stageCapacity : 2 * stageCapacity;
      workgroupBytes = smemLength * (spec.exchange === 'complex' ? B : B / 2);
    }
    if (!chunks) throw new Error(`webfftdx: ${C} rows of ${L} points cannot be staged through ${stageCapacity} elements of workgroup memory`);
    decls.push(`var<workgroup> ${prefix}_rows: array<u32, ${C}>;`);
    workgroupBytes += C * 4;
  }
  if (smemType) decls.push(`var<workgroup> ${smem}: array<${smemType}, ${smemLength}>;`);

  const tw = `vec2<f32>(cs.x, -cs.y)`;
  // v times the four-step twiddle w_T^(q e) (q: the column's twiddle factor, e: the element's index in its FFT).
  // Element i (e = t + i S) of an invocation: `update` runs for every i in order, whether or not the
  // element exists; `apply` multiplies v. df64: a sincos costs about 7 complex products, so only
  // every DF_TWIDDLE_ANCHOR-th twiddle comes from it and the others are the previous one times
  // w_T^(q S): at most DF_TWIDDLE_ANCHOR - 1 products in a chain (~2^-45 of the twiddle).
  const dfExact = (m: string) => `${dfTwiddle}(${m}, ${K!.twLength}u, ${ar.sincosStep(K!.twLength)})`;
  const twiddleLines = (e: string, i: number): { update: string[]; apply: string[] } => {
    if (df) {
      const update = i % DF_TWIDDLE_ANCHOR === 0 ? `tw_run = ${dfExact(`q * ${e}`)};` : `tw_run = ${cmul}(tw_run, tw_step);`;
      return { update: [update], apply: [`v = ${cmul}(v, tw_run);`] };
    }
    const args = K ? `${K.twLength}u, ${sincosStep(K.twLength)}` : 'P.tw_len, P.tw_step';
    return { update: [], apply: [`let cs = ${sincos}(q * ${e}, ${args});`, `v = ${cmul}(v, ${tw});`] };
  };
  const twiddleSetup = (): string[] => (df ? [`let tw_step = ${dfExact(`q * ${S}u`)};`, `var tw_run = vec4<f32>(0.0f);`] : []);
  const body: string[] = [];
  const push = (...l: string[]) => body.push(...l);
  push(
    `let group = wg.y * ${u(K?.groupsX, 'groups_x')} + wg.x;`,
    // A one-row dispatch has exactly `groups` workgroups.
    ...(K && K.groupsX === K.groups ? [] : [`if (group >= ${u(K?.groups, 'groups')}) { return; }`]),
    `let c = lid.x;`,
    `let t = lid.y;`,
    `let j = group * ${C}u + c;`,
    `let is_active = ${K && K.count % C === 0 ? 'true' : `j < ${u(K?.count, 'count')}`};`,
    `let sub = ${K ? `${K.width / K.inner}u` : 'P.width / P.inner'};`,
    `let a = j / ${u(K?.width, 'width')};`,
    `let r = j - a * ${u(K?.width, 'width')};`,
    `let q = r / ${u(K?.inner, 'inner')};`,
    `let b = r - q * ${u(K?.inner, 'inner')};`,
    ...(K?.realPairs ? [`let has_b = 2u * a + 1u < ${K.realPairs.signals}u;`] : []),
    `let in_row = P.in_base + a * ${u(K?.inBlock, 'in_block')} + b;`,
    `let out_row = P.out_base + a * ${u(K?.outBlock, 'out_block')} + b;`,
    `var data: array<${V}, ${E}>;`,
  );
  // Every index a pass forms lies below L * (width / inner): a bound at or above it cannot fail.
  const span = K ? L * (K.width / K.inner) : 0;
  // Input index of element l (the FFT's l-th input) and output index of element k.
  let inIdx: (l: string) => string;
  let outIdx: (k: string) => string;
  if (spec.kind === 'column') {
    // r = col (the column in block a), q = m (its four-step twiddle factor), index l * sub + m.
    inIdx = (l) => `${l} * sub + q`;
    outIdx = inIdx;
  } else {
    push(`// Offset of this FFT's row: the mixed-radix number of q's digits (earlier passes' outputs).`, `var o = 0u;`, `var rest = q;`);
    if (K) {
      for (const d of K.digits) push(`o += (rest % ${d.radix}u) * ${d.stride}u;`, `rest = rest / ${d.radix}u;`);
    } else {
      push(`for (var d = 0u; d < P.digits; d++) {`, `  let digit = rest % P.radix[d];`, `  rest = rest / P.radix[d];`, `  o += digit * P.dstride[d];`, `}`);
    }
    inIdx = (l) => `o + ${l}`;
    outIdx = (k) => `q + ${k} * sub`;
  }

  // Loads.
  const readInput = (idx: string): string[] => {
    const lines: string[] = [];
    const value = (x: string) => toValue(x, spec.input, precision, halfIn);
    if (spec.input === 'real') {
      lines.push(`var v = ${value(readAt(`in_row + ${idx} * ${u(K?.inner, 'inner')}`))};`);
      // Pairs: the second real signal as the imaginary part (f16: widened; df64: its (hi, lo) into (im_hi, im_lo)).
      if (K?.realPairs) {
        // Without signal b, signal a is read again and dropped by a select (no load under a branch).
        const second = readAt(`in_row + select(0u, ${K.realPairs.offset}u, has_b) + ${idx} * ${K.inner}u`);
        lines.push(
          df
            ? `{ let w = select(vec2<f32>(), ${second}, has_b); v.y = w.x; v.w = w.y; }`
            : `v.y = select(0.0f, ${halfIn ? `f32(${second})` : second}, has_b);`,
        );
      }
    } else if (K && (K.flags & PASS_FLAGS.hermitian) === 0) {
      lines.push(`var v = ${value(readAt(`in_row + ${idx} * ${u(K.inner, 'inner')}`))};`);
    } else {
      lines.push(
        `var v: ${ar.value};`,
        `if (${K ? '' : `(P.flags & ${PASS_FLAGS.hermitian}u) == 0u || `}${idx} <= ${K ? `${Math.floor(K.mirror / 2)}u` : 'P.mirror / 2u'}) { v = ${value(readAt(`in_row + ${idx} * ${u(K?.inner, 'inner')}`))}; }`,
        `else { let w = ${value(readAt(`in_row + (${u(K?.mirror, 'mirror')} - ${idx}) * ${u(K?.inner, 'inner')}`))}; v = ${df ? ar.conj('w') : 'vec2<f32>(w.x, -w.y)'}; }`,
      );
    }
    lines.push(
      ...ifFlag(PASS_FLAGS.conjugateInput, df ? `v = ${ar.conj('v')};` : 'v.y = -v.y;'),
      ...ifFlag(PASS_FLAGS.inputTable, `v = ${cmul}(v, fft_tables[${u(K?.inTable, 'in_table')} + ${idx}]);`),
    );
    return lines;
  };
  if (spec.stagedInput) {
    if (halfIn) throw new Error('internal: staged input reads a workspace, never f16 data');
    const Lc = L / chunks;
    const threads = C * S;
    const rowStride = Lc + 1;
    // Split staging: a register as its two split halves (re, im: f32 each, or df64 (hi, lo) pairs).
    const [reHalf, imHalf] = ar.splitParts;
    const write = (at: string, v: string) =>
      stageComplex
        ? `${stageName}[${at}] = ${v};`
        : `{ let sv = ${v}; ${stageName}[2u * (${at})] = ${reHalf.get('sv')}; ${stageName}[2u * (${at}) + 1u] = ${imHalf.get('sv')}; }`;
    const read = (at: string) => {
      if (stageComplex) return `${stageName}[${at}]`;
      const [a, b] = [`${stageName}[2u * (${at})]`, `${stageName}[2u * (${at}) + 1u]`];
      return df ? `vec4<f32>(${a}.x, ${b}.x, ${a}.y, ${b}.y)` : `vec2<f32>(${a}, ${b})`;
    };
    push(
      `// Staged rows: row starts first, then ${chunks} chunk(s) of ${Lc} elements per row, read with consecutive invocations on consecutive elements.`,
      `if (t == 0u) { ${prefix}_rows[c] = select(0xffffffffu, in_row + o * ${u(K?.inner, 'inner')}, is_active); }`,
      `workgroupBarrier();`,
    );
    // Unrolled, every chunk's loads first: each invocation keeps all its E global reads in flight
    // (a loop whose workgroup store waited on its load kept one, and per-chunk loads kept E / chunks:
    // the staged passes were latency-bound). The values wait in registers for their chunk's turn.
    const steps = Math.ceil((C * Lc) / threads);
    const exact = steps * threads === C * Lc;
    // Every row is a real one when the FFT count is a multiple of C (specialised kernels).
    const allActive = K !== undefined && K.count % C === 0;
    for (let k = 0; k < steps; k++) {
      push(
        `let e${k} = flat + ${k * threads}u;`,
        `let row${k} = e${k} / ${Lc}u;`,
        `let col${k} = e${k} - row${k} * ${Lc}u;`,
        `let start${k} = ${prefix}_rows[min(row${k}, ${C - 1}u)];`,
      );
    }
    for (let ch = 0; ch < chunks; ch++) {
      for (let k = 0; k < steps; k++) {
        const guard = [exact ? '' : `e${k} < ${C * Lc}u`, allActive ? '' : `start${k} != 0xffffffffu`].filter(Boolean).join(' && ');
        const load = `${inName}[start${k} + ${ch * Lc}u + col${k}]`;
        push(guard ? `var v${ch}_${k} = ${V}(0.0f);\nif (${guard}) { v${ch}_${k} = ${load}; }` : `let v${ch}_${k} = ${load};`);
      }
    }
    for (let ch = 0; ch < chunks; ch++) {
      for (let k = 0; k < steps; k++) {
        const store = write(`row${k} * ${rowStride}u + col${k}`, `v${ch}_${k}`);
        push(exact ? store : `if (e${k} < ${C * Lc}u) { ${store} }`);
      }
      push(`workgroupBarrier();`, `if (is_active) {`);
      for (let i = (ch * E) / chunks; i < ((ch + 1) * E) / chunks; i++) {
        push(`  data[${i}] = ${read(`c * ${rowStride}u + t + ${(i - (ch * E) / chunks) * S}u`)};`);
      }
      push(`}`, `workgroupBarrier();`);
    }
  } else {
    push(`if (is_active) {`);
    if (twiddleOnLoad) push(...twiddleSetup().map((s) => `  ${s}`));
    for (let i = 0; i < E; i++) {
      const l = `(t + ${i * S}u)`;
      push(`  {`, `    let idx = ${inIdx(l)};`);
      const tl = twiddleOnLoad ? twiddleLines(l, i) : { update: [], apply: [] };
      push(...tl.update.map((s) => `    ${s}`));
      const wrap = K?.inWrap;
      const src = wrap && wrap.prefix > 0 ? `select(idx - ${wrap.prefix}u, idx + ${wrap.length - wrap.prefix}u, idx < ${wrap.prefix}u)` : 'idx';
      const read = [...readInput(src), ...tl.apply];
      if (K && K.inValid >= span) push(...read.map((s) => `    ${s}`), `    data[${i}] = v;`);
      else push(`    if (idx < ${u(K?.inValid, 'in_valid')}) {`, ...read.map((s) => `      ${s}`), `      data[${i}] = v;`, `    }`);
      push(`  }`);
    }
    push(`}`);
  }

  push(`${engine}(&data, t, c);`);
  if (cv && K) {
    const scale = Math.fround(cv.scale);
    const scaleText = /[.eE]/.test(String(scale)) ? `${scale}f` : `${scale}.0f`;
    push(
      `// Convolution: block a is row conv_row of signal conv_sig; column b is spectrum column b.`,
      `let conv_sig = a / ${cv.rowsPerSignal}u;`,
      `let conv_row = a - conv_sig * ${cv.rowsPerSignal}u;`,
      // A uniform value: the spectrum pass leaves before the inverse FFT in uniform control flow.
      // df64 plans take their spectrum from the host: no spectrum pass.
      ...(df
        ? []
        : [
            `if (P.pad1 != 0u) {`,
            `  if (is_active) {`,
            ...Array.from({ length: E }, (_, i) => `    ${outName}[out_row + (t + ${i * S}u) * ${K.inner}u] = data[${i}] * ${scaleText};`),
            `  }`,
            `  return;`,
            `}`,
          ]),
      `if (is_active) {`,
      ...Array.from({ length: E }, (_, i) =>
        [
          `  {`,
          `    let k = t + ${i * S}u;`,
          `    let h = fft_tables[(conv_row * ${L}u + k) * ${K.width}u + b];`,
          `    let y = conv_pointwise(conv_sig, conv_natural(conv_row, k) * ${K.width}u + b, data[${i}], h);`,
          `    data[${i}] = ${df ? ar.conj('y') : 'vec2<f32>(y.x, -y.y)'};`,
          `  }`,
        ].join('\n'),
      ),
      `}`,
      `${engine}(&data, t, c);`,
    );
  }

  // Stores.
  push(`if (is_active) {`);
  if (spec.twiddle && !twiddleOnLoad) push(...twiddleSetup().map((s) => `  ${s}`));
  for (let i = 0; i < E; i++) {
    const k = `(t + ${i * S}u)`;
    push(`  {`, `    let idx = ${outIdx(k)};`, `    var v = data[${i}];`);
    if (spec.twiddle && !twiddleOnLoad) {
      const tl = twiddleLines(k, i);
      push(...[...tl.update, ...tl.apply].map((s) => `    ${s}`));
    }
    const store: string[] = [];
    store.push(
      ...ifFlag(PASS_FLAGS.conjugateOutput, df ? `v = ${ar.conj('v')};` : 'v.y = -v.y;'),
      ...ifFlag(PASS_FLAGS.outputTable, `v = ${cmul}(v, fft_tables[${u(K?.outTable, 'out_table')} + idx]);`),
    );
    // With an output offset, idx - offset wraps above outValid for idx < offset: one compare.
    const pos = outOffset ? `(idx - ${outOffset}u)` : 'idx';
    const at = `out_row + ${pos} * ${u(K?.inner, 'inner')}`;
    store.push(writeAt(at, fromValue('v', spec.output, precision, halfOut)));
    if (spec.output === 'real' && K?.realPairs) store.push(`if (has_b) { ${writeAt(`${at} + ${K.realPairs.offset}u`, df ? 'v.yw' : halfOut ? 'f16(v.y)' : 'v.y')} }`);
    if (K && !outOffset && K.outValid >= span) push(...store.map((s) => `    ${s}`), `  }`);
    else push(`    if (${pos} < ${u(K?.outValid, 'out_valid')}) {`, ...store.map((s) => `      ${s}`), `    }`, `  }`);
  }
  push(`}`);

  const header = [
    `// webfftdx any-shape pass "${passKernelName(spec)}": ${C} ${L}-point FFTs per workgroup (forward; inverse by conjugation),`,
    `// ${E} elements per invocation, ${spec.exchange} exchange${spec.parts > 1 ? ` in ${spec.parts} parts` : ''}${df ? ', df64 arithmetic' : ''}${
      halfIn || halfOut ? `, f32 arithmetic on f16 ${[halfIn ? 'input' : '', halfOut ? 'output' : ''].filter(Boolean).join(' and ')}` : ''
    } (kernels/any-shape/pass.ts).`,
  ].join('\n');
  const code = [
    ...(halfIn || halfOut ? ['enable f16;'] : []),
    header,
    ...decls,
    defs.toString(),
    ...(cb?.load || cb?.store ? [flatCallbackWGSL(cb, inElem, outElem, inName, outName)] : []),
    ...(cv ? [convolveWGSL(cv, L, df, spec.exactFma === true)] : []),
    `@compute @workgroup_size(${C}, ${S}, 1)`,
    `fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>, @builtin(local_invocation_index) flat: u32) {`,
    ...body.map((l) => `  ${l}`),
    `}`,
  ].join('\n\n');
  return { code, workgroupSize: [C, S, 1], workgroupBytes, usesTables };
}

/** The pointwise function (the user's, or the multiply) and the natural-index helper of a convolution column pass. */
function convolveWGSL(cv: ConvolveColumns, size: number, df: boolean, exactFma: boolean): string {
  if (df) {
    // df64: the helpers (kernels/arith.ts), then the user's function or the df64 complex multiply.
    const call = cv.pointwise === undefined ? `${DF64_PUBLIC_PREFIX}_cmul(x, h)` : 'pointwise(fft, index, x, h)';
    const fn = `fn conv_pointwise(fft: u32, index: u32, x: vec4<f32>, h: vec4<f32>) -> vec4<f32> {\n  return ${call};\n}`;
    return [df64PublicHelpers(exactFma), ...(cv.pointwise === undefined ? [] : [cv.pointwise]), fn, naturalIndexWGSL('conv_natural', cv.radices, cv.axisLength, size)].join('\n\n');
  }
  const multiply = `fn conv_pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32> {\n  return vec2<f32>(x.x * h.x - x.y * h.y, x.x * h.y + x.y * h.x);\n}`;
  const user = `${cv.pointwise}\n\nfn conv_pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32> {\n  return pointwise(fft, index, x, h);\n}`;
  return [cv.pointwise === undefined ? multiply : user, naturalIndexWGSL('conv_natural', cv.radices, cv.axisLength, size)].join('\n\n');
}
