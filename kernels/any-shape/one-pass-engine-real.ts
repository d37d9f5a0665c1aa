// A whole 2D or 3D R2C or C2R transform per workgroup through the phased engine
// (kernels/any-shape/one-pass-engine.ts) of HALF its size: the real values x of shape [.., nx] as
// the complex values z = (x[2p], x[2p + 1]) of shape [.., nx / 2] (nx even), as numpy's and
// cuFFT's real transforms do in 1D. With Z the C2C transform of z, H = nx / 2, -k negating every
// axis (the innermost modulo H) and W = exp(-2 pi i / nx):
//
//   R2C:  X(k) = (Z(k) + conj Z(-k)) / 2 - i W^kx (Z(k) - conj Z(-k)) / 2,   kx = 0 .. H
//   C2R:  Z'(k) = (X(k) + conj X(k')) + i W^-kx (X(k) - conj X(k')),        k' = (-k_outer, H - kx)
//         whose inverse C2C is N z (unnormalised, as createFFT's C2R). At kx = 0 the DC and Nyquist
//         columns enter Hermitian-symmetrised over the outer axes, which is what numpy's irfftn does
//         with input that is not Hermitian (it keeps their real parts after the outer inverses).
//
// R2C: load the pairs, run the engine with its output in natural order (one more exchange), put Z
// in the workgroup buffer (the engine's, one part: N / 2 values), then every invocation forms the
// outputs it stores from Z(k) and Z(-k). C2R: each register's Z'(k) from two reads of the half
// spectrum (X(k) and the mirrored X(k')), the inverse engine, the pairs stored where the engine
// leaves them. Same bindings, parameters and callbacks as the other one-pass kernels (real sides
// indexed by real position, complex sides by numpy's rfftn layout [..][H + 1]). f32 registers;
// f16 data converted on load and store (`half`).
import { arithFor } from '../arith.js';
import { Definitions } from '../definitions.js';
import { addBlockEngine, addCmul, addTwiddle, engineOutputPosition, type BlockEngineSpec } from '../stockham.js';
import type { OnePassEngineShape } from './one-pass-engine.js';
import { globalAccess, ONE_PASS_PARAMS } from './one-pass.js';

export interface OnePassEngineRealSpec extends OnePassEngineShape {
  /** The real shape [ny, nx] or [nz, ny, nx], nx even; the engine runs [.., nx / 2]. */
  readonly shape: readonly number[];
  readonly type: 'r2c' | 'c2r';
  readonly half?: boolean;
  readonly load?: string;
  readonly store?: string;
}

const SMEM = 'fft_nd_smem';

export function onePassEngineRealName(spec: Pick<OnePassEngineRealSpec, 'shape' | 'type' | 'half' | 'load' | 'store'>): string {
  return ['one_pass_engine', spec.type, spec.shape.join('x'), spec.half ? 'f16' : '', spec.load ? 'load' : '', spec.store ? 'store' : ''].filter(Boolean).join('_');
}

export function onePassEngineRealKernel(spec: OnePassEngineRealSpec): { code: string; workgroupSize: readonly [number, number, number]; workgroupBytes: number } {
  const { shape, ept, type } = spec;
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
  if (type === 'r2c' && (spec.parts !== 1 || spec.exchange !== 'complex')) throw new Error('internal: the R2C engine keeps the whole spectrum in its one-part complex buffer');
  const defs = new Definitions();
  const ar = arithFor('f32', defs, 'fft_e');
  const sign = type === 'r2c' ? -1 : 1;
  const engineSpec: BlockEngineSpec = {
    prefix: 'fft_e',
    size: n,
    arith: ar,
    ept,
    storage: ept,
    sign,
    slots: 1,
    exchange: spec.exchange,
    smem: SMEM,
    parts: spec.parts,
    radices: spec.radices,
    phases: halfShape,
    ...(type === 'r2c' ? { naturalOutput: true } : {}),
  };
  const engine = addBlockEngine(defs, engineSpec);
  const twiddle = addTwiddle(defs, 'fft_r', sign, nx, ar);
  const cmul = addCmul(defs, 'fft_r', ar);
  const step = ar.twiddle.sincosStep(nx);
  const io = globalAccess({
    type,
    inElem: type === 'r2c' ? 'f32' : 'vec2<f32>',
    outElem: type === 'r2c' ? 'vec2<f32>' : 'f32',
    inMem: spec.half ? (type === 'r2c' ? 'f16' : 'vec2<f16>') : type === 'r2c' ? 'f32' : 'vec2<f32>',
    outMem: spec.half ? (type === 'r2c' ? 'vec2<f16>' : 'f16') : type === 'r2c' ? 'vec2<f32>' : 'f32',
    inPlace: false,
    convolution: false,
    load: spec.load,
    store: spec.store,
    inPerTransform: type === 'r2c' ? rows * nx : rows * w,
    outPerTransform: type === 'r2c' ? rows * w : rows * nx,
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
  ];
  if (type === 'r2c') {
    body.push(
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
    );
  } else {
    body.push(
      ...Array.from({ length: ept }, (_, i) => [
        `{`,
        `  let p = t + ${i * stride}u;`,
        `  let kx = p % ${H}u;`,
        `  let o = p / ${H}u;`,
        `  let mo = ${mirrorOuter('o')};`,
        `  var a = fft_load(g, o * ${w}u + kx);`,
        `  let m = fft_load(g, mo * ${w}u + ${H}u - kx);`,
        `  var b = vec2<f32>(m.x, -m.y);`,
        `  if (kx == 0u) {`,
        `    // numpy's irfftn keeps the real part of the DC and Nyquist columns after the outer axes' inverse:`,
        `    // those columns Hermitian-symmetrised over the outer axes.`,
        `    let a_m = fft_load(g, mo * ${w}u);`,
        `    let n_o = fft_load(g, o * ${w}u + ${H}u);`,
        `    a = 0.5f * (a + vec2<f32>(a_m.x, -a_m.y));`,
        `    b = 0.5f * (b + n_o);`,
        `  }`,
        `  let tw = ${cmul}(a - b, ${twiddle}(kx, ${nx}u, ${step}));`,
        `  data[${i}] = (a + b) + vec2<f32>(-tw.y, tw.x);`,
        `}`,
      ]).flat(),
      `${engine}(&data, t, 0u);`,
    );
    const out = engineOutputPosition(engineSpec);
    body.push(...out.lines('t'));
    for (let i = 0; i < ept; i++) {
      body.push(`fft_store(g, 2u * (${out.position('t', i)}), data[${i}].x);`, `fft_store(g, 2u * (${out.position('t', i)}) + 1u, data[${i}].y);`);
    }
  }
  const header =
    `// webfftdx one-pass engine "${onePassEngineRealName(spec)}": [${shape}] ${type} f32${spec.half ? ' (f16 data)' : ''} per workgroup as the ` +
    `[${halfShape}] C2C engine (${stride} invocations x E${ept}, radices ${spec.radices.join(' x ')}, ${spec.exchange} exchange in ${spec.parts} part(s)) (kernels/any-shape/one-pass-engine-real.ts).`;
  const element = spec.exchange === 'split' ? ar.splitElement : 'vec2<f32>';
  const smemElements = n / spec.parts;
  const code = [
    ...(spec.half ? ['enable f16;'] : []),
    header,
    io.bindings,
    ONE_PASS_PARAMS,
    `var<workgroup> ${SMEM}: array<${element}, ${smemElements}>;`,
    defs.toString(),
    io.loadFn,
    io.storeFn,
    `@compute @workgroup_size(${stride}, 1, 1)`,
    `fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {\n  let t = lid.x;\n${body.map((l) => `  ${l}`).join('\n')}\n}`,
  ].join('\n\n');
  return { code, workgroupSize: [stride, 1, 1], workgroupBytes: smemElements * (spec.exchange === 'split' ? 4 : 8) };
}
