// A whole 2D or 3D R2C transform per workgroup through the phased engine
// (kernels/any-shape/one-pass-engine.ts) of HALF its size: the real values x of shape [.., nx] as
// the complex values z = (x[2p], x[2p + 1]) of shape [.., nx / 2] (nx even), as numpy's and
// cuFFT's real transforms do in 1D. With Z the C2C transform of z, H = nx / 2, -k negating every
// axis (the innermost modulo H) and W = exp(-2 pi i / nx):
//
//   X(k) = (Z(k) + conj Z(-k)) / 2 - i W^kx (Z(k) - conj Z(-k)) / 2,   kx = 0 .. H
//
// Load the pairs, run the engine with its output in natural order (one more exchange), put Z in the
// workgroup buffer (the engine's, one part: N / 2 values), then every invocation forms the outputs
// it stores from Z(k) and Z(-k). Same bindings, parameters and callbacks as the other one-pass
// kernels (the input indexed by real position, the output by numpy's rfftn layout [..][H + 1]). f32
// registers; f16 data converted on load and store (`half`). C2R the same way (Z'(k) from X(k) and
// X(-k_outer, H - kx), the inverse engine) measured slower than the axis-by-axis kernel at 32²
// (bench/NOTES.md run 35), so C2R keeps that kernel.
import { arithFor } from '../arith.js';
import { Definitions } from '../definitions.js';
import { addBlockEngine, addCmul, addTwiddle, type BlockEngineSpec } from '../stockham.js';
import { ENGINE_SMEM, phasedEngineSpec, type OnePassEngineShape } from './one-pass-engine.js';
import { globalAccess, ONE_PASS_PARAMS } from './one-pass.js';

export interface OnePassEngineRealSpec extends OnePassEngineShape {
  /** The real shape [ny, nx] or [nz, ny, nx], nx even; the engine runs [.., nx / 2]. */
  readonly shape: readonly number[];
  readonly half?: boolean;
  readonly load?: string;
  readonly store?: string;
}

const SMEM = ENGINE_SMEM;

export function onePassEngineR2CName(spec: Pick<OnePassEngineRealSpec, 'shape' | 'half' | 'load' | 'store'>): string {
  return ['one_pass_engine', 'r2c', spec.shape.join('x'), spec.half ? 'f16' : '', spec.load ? 'load' : '', spec.store ? 'store' : ''].filter(Boolean).join('_');
}

export function onePassEngineR2CKernel(spec: OnePassEngineRealSpec): { code: string; workgroupSize: readonly [number, number, number]; workgroupBytes: number } {
  const { shape, ept } = spec;
  const r = shape.length;
  const nx = shape[r - 1];
  if (r < 2 || r > 3 || nx % 2 !== 0) throw new Error('internal: the real one-pass engine takes 2 or 3 axes and an even innermost length');
  if (spec.slots !== 1) throw new Error('internal: the real one-pass engine runs one transform per workgroup');
  const H = nx / 2;
  const w = H + 1;
  const halfShape = [...shape.slice(0, -1), H];
  const outer = shape.slice(0, -1);
  const rows = outer.reduce((a, b) => a * b, 1);
  const n = rows * H;
  const stride = n / ept;
  if (spec.parts !== 1 || spec.exchange !== 'complex') throw new Error('internal: the R2C engine keeps the whole spectrum in its one-part complex buffer');
  const defs = new Definitions();
  const ar = arithFor('f32', defs, 'fft_e');
  const sign = -1;
  const engineSpec: BlockEngineSpec = { ...phasedEngineSpec(spec, halfShape, ar, sign), naturalOutput: true };
  const engine = addBlockEngine(defs, engineSpec);
  const twiddle = addTwiddle(defs, 'fft_r', sign, nx, ar);
  const cmul = addCmul(defs, 'fft_r', ar);
  const step = ar.twiddle.sincosStep(nx);
  const io = globalAccess({
    type: 'r2c',
    inElem: 'f32',
    outElem: 'vec2<f32>',
    inMem: spec.half ? 'f16' : 'f32',
    outMem: spec.half ? 'vec2<f16>' : 'vec2<f32>',
    inPlace: false,
    convolution: false,
    load: spec.load,
    store: spec.store,
    inPerTransform: rows * nx,
    outPerTransform: rows * w,
    half: spec.half === true,
  });
  // The flat outer index of -k for outer index `o` (each outer axis negated).
  const mirrorOuter = (o: string): string => {
    if (outer.length === 1) return `(${outer[0]}u - ${o}) % ${outer[0]}u`;
    const [nz, ny] = outer;
    return `((${nz}u - ${o} / ${ny}u) % ${nz}u) * ${ny}u + (${ny}u - ${o} % ${ny}u) % ${ny}u`;
  };
  const body = [
    `let g = wg.y * fft_params.groups_x + wg.x;`,
    `// Uniform per workgroup: a workgroup past the batch leaves before any barrier.`,
    `if (g >= fft_params.batch) { return; }`,
    `var data: array<vec2<f32>, ${ept}>;`,
    ...Array.from({ length: ept }, (_, i) => `data[${i}] = vec2<f32>(fft_load(g, ${2 * i * stride}u + 2u * t), fft_load(g, ${2 * i * stride + 1}u + 2u * t));`),
      `${engine}(&data, t, 0u);`,
      `// Z in natural order: into the (one-part) buffer once every invocation has read its last exchange.`,
      `workgroupBarrier();`,
      ...Array.from({ length: ept }, (_, i) => `${SMEM}[t + ${i * stride}u] = data[${i}];`),
      `workgroupBarrier();`,
      `for (var q = t; q < ${rows * w}u; q += ${stride}u) {`,
      `  let kx = q % ${w}u;`,
      `  let o = q / ${w}u;`,
      `  let a = ${SMEM}[o * ${H}u + kx % ${H}u];`,
      `  let m = ${SMEM}[(${mirrorOuter('o')}) * ${H}u + (${H}u - kx) % ${H}u];`,
      `  let b = vec2<f32>(m.x, -m.y);`,
      `  let tw = ${cmul}(0.5f * (a - b), ${twiddle}(kx, ${nx}u, ${step}));`,
    `  fft_store(g, q, 0.5f * (a + b) + vec2<f32>(tw.y, -tw.x));`,
    `}`,
  ];
  const header =
    `// webfftdx one-pass engine "${onePassEngineR2CName(spec)}": [${shape}] r2c f32${spec.half ? ' (f16 data)' : ''} per workgroup as the ` +
    `[${halfShape}] C2C engine (${stride} invocations x E${ept}, radices ${spec.radices.join(' x ')}, ${spec.exchange} exchange in ${spec.parts} part(s)) (kernels/any-shape/one-pass-engine-real.ts).`;
  const smemElements = n;
  const code = [
    ...(spec.half ? ['enable f16;'] : []),
    header,
    io.bindings,
    ONE_PASS_PARAMS,
    `var<workgroup> ${SMEM}: array<vec2<f32>, ${smemElements}>;`,
    defs.toString(),
    io.loadFn,
    io.storeFn,
    `@compute @workgroup_size(${stride}, 1, 1)`,
    `fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {\n  let t = lid.x;\n${body.map((l) => `  ${l}`).join('\n')}\n}`,
  ].join('\n\n');
  return { code, workgroupSize: [stride, 1, 1], workgroupBytes: smemElements * 8 };
}
