// A whole 2D transform [ny, nx] per workgroup, in one pass over global memory (createFFT, for
// shapes that fit the device's workgroup memory). Two Block FFT modules, both register API
// (kernels/complex-module.ts, kernels/real/module.ts), share one workgroup buffer `fft2_smem` of
// ny x w complex values (w = nx for C2C, nx / 2 + 1 for R2C / C2R) or more: the rows module's and
// the columns module's exchanges (the complex one in one part) and, in between, the first axis's results.
// C2C and R2C run rows first (R2C: real rows, then the w columns of the half spectrum); C2R runs
// the w columns first, then the C2R rows.
//
//   1. first axis: each invocation loads its registers straight from global memory (rows: thread t
//      of row r holds elements t + i * stride, runs of `stride` consecutive values; columns: column
//      c = flat % w, thread t = flat / w, so invocation `flat` reads address flat + i * stride * w,
//      one contiguous run per register) and runs its module's `execute`;
//   2. barrier (the register API does not synchronise after its last exchange), the results go to
//      fft2_smem in row-major order ([r][w]), barrier;
//   3. second axis: the registers come from fft2_smem (columns: adjacent invocations on adjacent
//      columns, adjacent words, no bank conflicts and no padding); its `execute` synchronises before
//      its first exchange write, so every invocation has read its data by then;
//   4. the results go from registers to global memory, laid out as in step 1.
//
// A workgroup reads all of its transform before it writes any of it, so in place is safe (C2C). The
// user's callbacks replace the global read (step 1) and write (step 4), with `fft` the transform
// and `index` the flat row-major index in it (numpy's rfftn layout on the complex side of R2C / C2R).
import { keepBinding } from '../callbacks.js';
import type { WGSLModule } from '../types.js';

/** The workgroup buffer both modules are generated with (WGSLOptions.sharedMemory). */
export const ONE_PASS_2D_SMEM = 'fft2_smem';

/** Binding slots (group 0), as the batched kernel's: input (or in-place data), output, parameters. */
export const ONE_PASS_2D_BINDINGS = { input: 0, output: 1, params: 2 } as const;

export interface OnePass2DSpec {
  readonly ny: number;
  readonly nx: number;
  readonly type: 'c2c' | 'r2c' | 'c2r';
  /** `ny` FFTs of length nx of `type`, generated with sharedMemory ONE_PASS_2D_SMEM. */
  readonly rows: WGSLModule;
  /** `w` c2c FFTs of length ny (w = nx, or nx / 2 + 1 for real types), likewise. */
  readonly columns: WGSLModule;
  /** Invocations of the (one-dimensional) workgroup: at least both modules' stride x slots. */
  readonly invocations: number;
  readonly inPlace: boolean;
  /** The user's WGSL `fn load(fft: u32, index: u32) -> E` / `fn store(fft: u32, index: u32, value: E)`. */
  readonly load?: string;
  readonly store?: string;
}

export interface OnePass2DKernel {
  readonly code: string;
  readonly workgroupSize: readonly [number, number, number];
  readonly workgroupBytes: number;
}

export function onePass2DName(spec: Pick<OnePass2DSpec, 'ny' | 'nx' | 'type' | 'rows' | 'inPlace' | 'load' | 'store'>): string {
  const dir = spec.rows.plan.direction === 'forward' ? 'fwd' : 'inv';
  return ['one_pass_2d', spec.type, `${spec.ny}x${spec.nx}`, dir, spec.inPlace ? 'inplace' : '', spec.load ? 'load' : '', spec.store ? 'store' : ''].filter(Boolean).join('_');
}

/** Complex elements a module's workgroup declaration holds (0 without one); only `array<vec2<f32>, N>` can share the buffer. */
function declaredElements(m: WGSLModule, what: string): number {
  if (!m.sharedMemoryDeclaration) return 0;
  const match = /array<vec2<f32>, (\d+)>/.exec(m.sharedMemoryDeclaration);
  if (!match || m.sharedMemory !== ONE_PASS_2D_SMEM) {
    throw new Error(`internal: one-pass 2D ${what}: the exchange must be the complex one, in ${ONE_PASS_2D_SMEM} (got "${m.sharedMemoryDeclaration}")`);
  }
  return Number(match[1]);
}

/** WGSL lvalue / rvalue of element slot `i` of register array `data` on a side: complex registers, or reals two per register. */
function slot(data: string, i: number, real: boolean): string {
  return real ? `${data}[${i >> 1}][${i & 1}]` : `${data}[${i}]`;
}

export function onePass2DKernel(spec: OnePass2DSpec): OnePass2DKernel {
  const { ny, nx, type, rows, columns, invocations: W } = spec;
  const w = type === 'c2c' ? nx : Math.floor(nx / 2) + 1;
  const rp = rows.plan;
  const cp = columns.plan;
  if (rp.type !== type || cp.type !== 'c2c' || rp.size !== nx || cp.size !== ny || rp.fftsPerBlock !== ny || cp.fftsPerBlock !== w || rp.direction !== cp.direction) {
    throw new Error(`internal: one-pass 2D ${type} [${ny}, ${nx}] needs ${ny} ${type} FFTs of ${nx} and ${w} c2c FFTs of ${ny}, in one direction`);
  }
  for (const [m, what] of [
    [rows, 'rows'],
    [columns, 'columns'],
  ] as const) {
    const p = m.plan;
    if (p.execution !== 'block' || p.algorithm !== 'stockham' || p.mode !== 'normal' || p.layout !== 'natural' || p.precision !== 'f32') {
      throw new Error(`internal: one-pass 2D ${what}: a Block Stockham f32 plan (natural layout, normal mode) is needed`);
    }
    if (p.stride * p.fftsPerBlock > W) throw new Error(`internal: one-pass 2D ${what} needs ${p.stride * p.fftsPerBlock} invocations, the workgroup has ${W}`);
  }
  const elements = Math.max(ny * w, declaredElements(rows, 'rows'), declaredElements(columns, 'columns'));
  const inPerTransform = type === 'c2r' ? ny * w : ny * nx;
  const outPerTransform = type === 'r2c' ? ny * w : ny * nx;
  const inElem = type === 'r2c' ? 'f32' : 'vec2<f32>';
  const outElem = type === 'c2r' ? 'f32' : 'vec2<f32>';
  if (spec.inPlace && type !== 'c2c') throw new Error(`webfftdx: a ${type} kernel cannot run in place`);
  const inName = spec.inPlace ? 'fft_data' : 'fft_in';
  const outName = spec.inPlace ? 'fft_data' : 'fft_out';
  if (spec.inPlace && (spec.load || spec.store)) throw new Error('webfftdx: a kernel with load/store callbacks runs out of place (the callbacks address fft_in / fft_out)');
  const bindings = spec.inPlace
    ? `@group(0) @binding(${ONE_PASS_2D_BINDINGS.input}) var<storage, read_write> fft_data: array<vec2<f32>>;`
    : `@group(0) @binding(${ONE_PASS_2D_BINDINGS.input}) var<storage, read> fft_in: array<${inElem}>;\n` +
      `@group(0) @binding(${ONE_PASS_2D_BINDINGS.output}) var<storage, read_write> fft_out: array<${outElem}>;`;
  const params =
    `struct FFTBatchParams { batch: u32, groups_x: u32, groups: u32 }\n` +
    `@group(0) @binding(${ONE_PASS_2D_BINDINGS.params}) var<uniform> fft_params: FFTBatchParams;`;
  const loadFn = spec.load
    ? `${spec.load}\nfn fft_load(fft: u32, index: u32) -> ${inElem} { ${keepBinding(inName)} return load(fft, index); }`
    : `fn fft_load(fft: u32, index: u32) -> ${inElem} { return ${inName}[fft * ${inPerTransform}u + index]; }`;
  const storeFn = spec.store
    ? `${spec.store}\nfn fft_store(fft: u32, index: u32, value: ${outElem}) { ${keepBinding(outName)} store(fft, index, value); }`
    : `fn fft_store(fft: u32, index: u32, value: ${outElem}) { ${outName}[fft * ${outPerTransform}u + index] = value; }`;

  const smem = ONE_PASS_2D_SMEM;
  /**
   * One axis: registers from `source` (global or smem), execute, registers to `dest`. Rows: element
   * e of row f at f * width + e (width: nx for reals, w for complex values); columns: at e * w + f.
   */
  const phase = (axis: 'rows' | 'columns', source: 'global' | 'smem', dest: 'global' | 'smem'): string[] => {
    const m = axis === 'rows' ? rows : columns;
    const p = m.plan;
    const s = p.stride;
    const x = axis === 'rows' ? 'r' : 'c';
    const t = `${x}_t`;
    const f = `${x}_f`;
    const data = `${x}_data`;
    const out: string[] = [];
    if (axis === 'rows') {
      out.push(`// Rows: thread ${t} of row ${f}; invocations past ${s} x ${ny} are idle but reach the barriers.`, `let ${t} = flat % ${s}u;`, `let ${f} = flat / ${s}u;`, `let ${x}_active = ${f} < ${ny}u;`);
    } else {
      out.push(`// Columns: column ${f} (adjacent invocations on adjacent columns), thread ${t}.`, `let ${f} = flat % ${w}u;`, `let ${t} = flat / ${w}u;`, `let ${x}_active = ${t} < ${s}u;`);
    }
    const at = (e: string, real: boolean) => (axis === 'rows' ? `${f} * ${real ? nx : w}u + ${e}` : `(${e}) * ${w}u + ${f}`);
    const inReal = p.inputType === 'real';
    const outReal = p.outputType === 'real';
    out.push(`var ${data}: array<vec2<f32>, ${p.storageSize}>;`, `if (${x}_active) {`);
    for (let i = 0; i < p.inputEPT; i++) {
      const e = `${t} + ${i * s}u`;
      const guard = (i + 1) * s > p.inputLength ? `if (${e} < ${p.inputLength}u) ` : '';
      const value = source === 'global' ? `fft_load(g, ${at(e, inReal)})` : `${smem}[${at(e, false)}]`;
      out.push(`  ${guard}{ ${slot(data, i, inReal)} = ${value}; }`);
    }
    out.push(`}`, `${m.execute}(&${data}, ${t}, ${f});`);
    if (dest === 'smem') out.push(`workgroupBarrier();`);
    out.push(`if (${x}_active) {`);
    for (let i = 0; i < p.outputEPT; i++) {
      const e = `${t} + ${i * s}u`;
      const guard = (i + 1) * s > p.outputLength ? `if (${e} < ${p.outputLength}u) ` : '';
      const value = slot(data, i, outReal);
      out.push(`  ${guard}{ ${dest === 'global' ? `fft_store(g, ${at(e, outReal)}, ${value});` : `${smem}[${at(e, false)}] = ${value};`} }`);
    }
    out.push(`}`);
    if (dest === 'smem') out.push(`workgroupBarrier();`);
    return out;
  };
  const [first, second] = type === 'c2r' ? (['columns', 'rows'] as const) : (['rows', 'columns'] as const);
  const body: string[] = [
    `let g = wg.y * fft_params.groups_x + wg.x;`,
    `// Uniform per workgroup: a workgroup past the batch leaves before any barrier.`,
    `if (g >= fft_params.batch) { return; }`,
    ...phase(first, 'global', 'smem'),
    ...phase(second, 'smem', 'global'),
  ];
  const header =
    `// webfftdx one-pass 2D "${onePass2DName(spec)}": [${ny}, ${nx}] ${type} ${rp.direction} f32 per workgroup: ` +
    `${ny} ${nx}-point ${type} FFTs (E${rp.execEPT}, stride ${rp.stride}) and ${w} ${ny}-point c2c FFTs (E${cp.execEPT}, stride ${cp.stride}), ${first} first (kernels/any-shape/one-pass-2d.ts).`;
  const code = [
    header,
    bindings,
    params,
    `var<workgroup> ${smem}: array<vec2<f32>, ${elements}>;`,
    rows.code,
    columns.code,
    loadFn,
    storeFn,
    `@compute @workgroup_size(${W}, 1, 1)`,
    `fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) flat: u32) {\n${body.map((l) => `  ${l}`).join('\n')}\n}`,
  ].join('\n\n');
  return { code, workgroupSize: [W, 1, 1], workgroupBytes: elements * 8 };
}
