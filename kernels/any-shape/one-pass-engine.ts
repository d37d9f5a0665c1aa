// A whole 2D or 3D C2C transform per workgroup as ONE Stockham engine over all its N = nz ny nx
// values (kernels/stockham.ts, BlockEngineSpec.phases): the engine's stages run the outermost axis
// first, then restart their twiddles for each next axis, and leave the innermost axis's outputs in
// row-major order. Against the axis-by-axis kernel (one-pass.ts) this is the 1D engine's memory
// pattern: every register loads a run of `stride` consecutive values, the exchanges go through a
// buffer of N / parts values (not the whole transform), so a transform bigger than workgroup
// memory (128² under 48 KiB) still runs in one pass, and there is no transpose between axes.
//
//   load:  register i <- element t + i * stride (coalesced runs of stride values);
//   engine: the stages of axis 0, then axis 1 (, then axis 2), exchanging between stages;
//   store: register i -> engineOutputPosition (runs of nx / R_last consecutive values).
//
// Same bindings, parameters and callbacks as the axis-by-axis kernel (ONE_PASS_BINDINGS, fft_load /
// fft_store with `fft` the transform and `index` its flat row-major index). A workgroup reads all
// of its transform before it writes any (the engine's first exchange is a barrier), so in place is
// safe. f32 or f64 (df64) registers; f16 data run f32 registers (`half`).
//
// `convolution` (createConvolution's one-kernel 2D path): the forward engine exchanges once more to
// leave its spectrum in natural order, the pointwise step multiplies it there, and the inverse engine
// (the same stages, sign +1) runs before the store; `pairs` carries two real signals per transform.
import { arithFor, type Arith } from '../arith.js';
import { Definitions } from '../definitions.js';
import { addBlockEngine, engineOutputPosition, type BlockEngineSpec } from '../stockham.js';
import { keepBinding } from '../callbacks.js';
import { f32Text, globalAccess, ONE_PASS_BINDINGS, ONE_PASS_PARAMS, pointwiseDF64, pointwiseWGSL } from './one-pass.js';

/** The engine's shape: elements per invocation, stage radices (per axis, outermost first) and exchange. */
export interface OnePassEngineShape {
  readonly ept: number;
  /** All stage radices in order; their products complete the axes outermost first. */
  readonly radices: readonly number[];
  readonly exchange: 'complex' | 'split';
  readonly parts: number;
  /** Transforms per workgroup (workgroup N / E x slots; each slot its own exchange buffer). */
  readonly slots: number;
}

/** Workgroups a one-pass engine kernel of this shape dispatches for `batch` transforms. */
export function onePassEngineWorkgroups(batch: number, shape: Pick<OnePassEngineShape, 'slots'>): number {
  return Math.ceil(batch / shape.slots);
}

export interface OnePassEngineSpec extends OnePassEngineShape {
  /** [ny, nx] or [nz, ny, nx], row-major. */
  readonly shape: readonly number[];
  readonly direction: 'forward' | 'inverse';
  readonly precision: 'f32' | 'f64';
  /** f16 global data, f32 registers. */
  readonly half?: boolean;
  readonly inPlace: boolean;
  /** f64: one fma per df64 product (the device's fma rounds once: src/host/fma.ts). */
  readonly exactFma?: boolean;
  readonly load?: string;
  readonly store?: string;
  /**
   * A convolution kernel (direction 'forward'): the forward engine with its outputs brought to
   * natural order (one more exchange, BlockEngineSpec.naturalOutput), the pointwise step with the
   * filter spectrum (binding ONE_PASS_BINDINGS.spectrum, natural layout), the inverse engine, store.
   * A uniform flag (the parameters' 4th word) makes it the spectrum pass (f32): the forward's output
   * times `scale` to the spectrum binding. Its load / store (pad, crop) may address `fft_data` in place.
   */
  readonly convolution?: EngineConvolution;
}

/** The pointwise step of a one-pass engine convolution (as OnePassConvolution, with the same engine inverted). */
export interface EngineConvolution {
  /** The user's WGSL defining `pointwise(fft, index, x, h)`, or undefined for the complex multiply x h. */
  readonly pointwise?: string;
  /** The spectrum pass's factor (1 / the transform's points). */
  readonly scale: number;
  /**
   * Two real signals per transform (f32, the complex multiply only): transform g holds signals 2g
   * (real parts) and 2g + 1 (imaginary parts; zero past the batch), in real buffers of `inPerTransform`
   * / `outPerTransform` reals per signal. A real filter's spectrum multiplies both at once
   * (conv(a + i b, h) = conv(a, h) + i conv(b, h)). The parameters then hold the transforms in their
   * 1st word and the signals in their 3rd; `load` / `store` take a signal and return / store a real.
   */
  readonly pairs?: { readonly inPerSignal: number; readonly outPerSignal: number };
}

export interface OnePassEngineKernel {
  readonly code: string;
  readonly workgroupSize: readonly [number, number, number];
  readonly workgroupBytes: number;
}

/** The workgroup buffer of the one-pass engine kernels (the same name as the axis-by-axis kernel's). */
export const ENGINE_SMEM = 'fft_nd_smem';
const SMEM = ENGINE_SMEM;

/** The Block engine (kernels/stockham.ts) of a one-pass engine shape over `phases`, named `fft_e_*`, exchanging through ENGINE_SMEM. */
export function phasedEngineSpec(shape: OnePassEngineShape, phases: readonly number[], ar: Arith, sign: 1 | -1): BlockEngineSpec {
  const ept = shape.ept;
  return {
    prefix: 'fft_e',
    size: phases.reduce((a, b) => a * b, 1),
    arith: ar,
    ept,
    storage: ept,
    sign,
    slots: shape.slots,
    exchange: shape.exchange,
    smem: ENGINE_SMEM,
    parts: shape.parts,
    radices: shape.radices,
    phases,
  };
}

export function onePassEngineName(spec: Pick<OnePassEngineSpec, 'shape' | 'direction' | 'precision' | 'half' | 'inPlace' | 'load' | 'store' | 'convolution'>): string {
  return ['one_pass_engine', spec.shape.join('x'), spec.convolution ? 'conv' : spec.direction === 'forward' ? 'fwd' : 'inv', spec.precision === 'f32' ? '' : spec.precision, spec.half ? 'f16' : '', spec.inPlace ? 'inplace' : '', spec.load ? 'load' : '', spec.store ? 'store' : '']
    .filter(Boolean)
    .join('_');
}

/** Workgroup bytes of the engine's exchange buffer. */
export function onePassEngineBytes(n: number, shape: Pick<OnePassEngineShape, 'exchange' | 'parts' | 'slots'>, precision: 'f32' | 'f64'): number {
  const valueBytes = precision === 'f64' ? 16 : 8;
  return shape.slots * (n / shape.parts) * (shape.exchange === 'split' ? valueBytes / 2 : valueBytes);
}

export function onePassEngineKernel(spec: OnePassEngineSpec): OnePassEngineKernel {
  const { shape, ept, precision } = spec;
  if (shape.length < 2 || shape.length > 3) throw new Error('internal: the one-pass engine takes 2 or 3 axes');
  if (spec.half && precision !== 'f32') throw new Error('internal: f16 data belong to f32 registers');
  const n = shape.reduce((a, b) => a * b, 1);
  const stride = n / ept;
  const defs = new Definitions();
  const ar = arithFor(precision, defs, 'fft_e', { exactFma: spec.exactFma === true });
  const engineSpec = phasedEngineSpec(spec, shape, ar, spec.direction === 'forward' ? -1 : 1);
  const conv = spec.convolution;
  if (conv && spec.direction !== 'forward') throw new Error('internal: a one-pass engine convolution runs the forward engine first');
  // A convolution: the forward with natural output, then the same stages inverted (their own names).
  const engine = addBlockEngine(defs, conv ? { ...engineSpec, naturalOutput: true } : engineSpec);
  const inverseSpec: BlockEngineSpec = { ...engineSpec, sign: 1, tag: '_i' };
  const inverse = conv ? addBlockEngine(defs, inverseSpec) : '';
  const out = engineOutputPosition(conv ? inverseSpec : engineSpec);
  const df = precision === 'f64';
  // f16 and f64 convolutions take their spectrum from the host: no spectrum-pass branch.
  const spectrumPass = conv !== undefined && !df && !spec.half;
  const V = ar.register;
  const element = spec.exchange === 'split' ? ar.splitElement : V;
  const smemElements = spec.slots * (n / spec.parts);
  const pairs = conv?.pairs;
  if (pairs && (precision !== 'f32' || spec.half || conv?.pointwise !== undefined)) throw new Error('internal: the pairs engine convolution is f32 with the complex multiply');
  const io = pairs ? pairAccess(spec.inPlace, pairs, spec.load, spec.store) : globalAccess({
    type: 'c2c',
    inElem: V,
    outElem: V,
    inMem: spec.half ? 'vec2<f16>' : V,
    outMem: spec.half ? 'vec2<f16>' : V,
    inPlace: spec.inPlace,
    convolution: conv !== undefined,
    load: spec.load,
    store: spec.store,
    inPerTransform: n,
    outPerTransform: n,
    half: spec.half === true,
  });
  const slots = spec.slots;
  const guard = (lines: string[]) => (slots === 1 ? lines : [`if (slot_active) {`, ...lines.map((l) => `  ${l}`), `}`]);
  const body = [
    ...(slots === 1
      ? [
          `let g = wg.y * fft_params.groups_x + wg.x;`,
          `// Uniform per workgroup: a workgroup past the batch leaves before any barrier.`,
          `if (g >= fft_params.batch) { return; }`,
        ]
      : [
          `let g = (wg.y * fft_params.groups_x + wg.x) * ${slots}u + slot;`,
          `// A slot past the batch computes on zeros in its own exchange buffer and reaches every barrier.`,
          `let slot_active = g < fft_params.batch;`,
        ]),
    `var data: array<${V}, ${ept}>;`,
    ...guard(Array.from({ length: ept }, (_, i) => `data[${i}] = fft_load(g, t + ${i * stride}u);`)),
    `${engine}(&data, t, ${slots === 1 ? '0u' : 'slot'});`,
    ...(conv
      ? [
          ...(spectrumPass
            ? [
                `// The spectrum pass (a uniform flag): the forward's spectrum times ${conv.scale}, natural layout, then leave.`,
                `if (fft_params.spectrum_pass != 0u) {`,
                ...guard(Array.from({ length: ept }, (_, i) => `conv_spectrum[t + ${i * stride}u] = data[${i}] * ${f32Text(conv.scale)};`)).map((l) => `  ${l}`),
                `  return;`,
                `}`,
              ]
            : []),
          ...guard(Array.from({ length: ept }, (_, i) => `data[${i}] = conv_pointwise(g, t + ${i * stride}u, data[${i}], conv_spectrum[t + ${i * stride}u]);`)),
          `${inverse}(&data, t, ${slots === 1 ? '0u' : 'slot'});`,
        ]
      : []),
    ...out.lines('t'),
    ...guard(Array.from({ length: ept }, (_, i) => `fft_store(g, ${out.position('t', i)}, data[${i}]);`)),
  ];
  const header =
    `// webfftdx one-pass engine "${onePassEngineName(spec)}": [${shape}] c2c ${spec.direction} ${precision}${spec.half ? ' (f16 data)' : ''} per workgroup, ` +
    `${conv ? `a convolution${pairs ? ' of two real signals per transform' : ''}: forward engine, pointwise, inverse engine; ` : ''}one ${n}-point engine phased by axis: ${stride} invocations x E${ept}, ${spec.slots} transform(s) per workgroup, radices ${spec.radices.join(' x ')}, ${spec.exchange} exchange in ${spec.parts} part(s) (kernels/any-shape/one-pass-engine.ts).`;
  const code = [
    ...(spec.half ? ['enable f16;'] : []),
    header,
    io.bindings,
    conv
      ? `struct FFTBatchParams { batch: u32, groups_x: u32, groups: u32, spectrum_pass: u32 }\n` +
        `@group(0) @binding(${ONE_PASS_BINDINGS.params}) var<uniform> fft_params: FFTBatchParams;\n` +
        `@group(0) @binding(${ONE_PASS_BINDINGS.spectrum}) var<storage, read_write> conv_spectrum: array<${V}>;`
      : ONE_PASS_PARAMS,
    `var<workgroup> ${SMEM}: array<${element}, ${smemElements}>;`,
    defs.toString(),
    ...(conv ? [df ? pointwiseDF64(conv.pointwise, spec.exactFma === true) : pointwiseWGSL(conv.pointwise)] : []),
    io.loadFn,
    io.storeFn,
    `@compute @workgroup_size(${stride}, ${slots}, 1)`,
    `fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {\n  let t = lid.x;\n  let slot = lid.y;\n${body.map((l) => `  ${l}`).join('\n')}\n}`,
  ].join('\n\n');
  return { code, workgroupSize: [stride, slots, 1], workgroupBytes: onePassEngineBytes(n, spec, precision) };
}

/**
 * The bindings and fft_load / fft_store of the pairs convolution: complex value (a[i], b[i]) of the
 * real signals 2g and 2g + 1 (b = 0 and never stored past the signal count, fft_params.groups).
 */
function pairAccess(inPlace: boolean, pairs: { inPerSignal: number; outPerSignal: number }, load?: string, store?: string): { bindings: string; loadFn: string; storeFn: string } {
  const inName = inPlace ? 'fft_data' : 'fft_in';
  const outName = inPlace ? 'fft_data' : 'fft_out';
  const bindings = inPlace
    ? `@group(0) @binding(${ONE_PASS_BINDINGS.input}) var<storage, read_write> fft_data: array<f32>;`
    : `@group(0) @binding(${ONE_PASS_BINDINGS.input}) var<storage, read> fft_in: array<f32>;\n` +
      `@group(0) @binding(${ONE_PASS_BINDINGS.output}) var<storage, read_write> fft_out: array<f32>;`;
  const realLoad = load
    ? `${load}\nfn real_load(signal: u32, index: u32) -> f32 { ${keepBinding(inName)} return load(signal, index); }`
    : `fn real_load(signal: u32, index: u32) -> f32 { return ${inName}[signal * ${pairs.inPerSignal}u + index]; }`;
  const realStore = store
    ? `${store}\nfn real_store(signal: u32, index: u32, value: f32) { ${keepBinding(outName)} store(signal, index, value); }`
    : `fn real_store(signal: u32, index: u32, value: f32) { ${outName}[signal * ${pairs.outPerSignal}u + index] = value; }`;
  const loadFn = [
    realLoad,
    `// Two real signals as one complex one: 2 fft (real parts) and 2 fft + 1 (imaginary parts, zero past the signals).`,
    `fn fft_load(fft: u32, index: u32) -> vec2<f32> {`,
    // Without signal b, signal a is read twice and a select drops the copy: a load under a branch of
    // its own is not issued together with the others.
    `  let has_b = 2u * fft + 1u < fft_params.groups;`,
    `  let b = real_load(select(2u * fft, 2u * fft + 1u, has_b), index);`,
    `  return vec2<f32>(real_load(2u * fft, index), select(0.0f, b, has_b));`,
    `}`,
  ].join('\n');
  const storeFn = [
    realStore,
    `fn fft_store(fft: u32, index: u32, value: vec2<f32>) {`,
    `  real_store(2u * fft, index, value.x);`,
    `  if (2u * fft + 1u < fft_params.groups) { real_store(2u * fft + 1u, index, value.y); }`,
    `}`,
  ].join('\n');
  return { bindings, loadFn, storeFn };
}
