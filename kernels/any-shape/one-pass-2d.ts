// A whole 2D C2C transform [ny, nx] per workgroup, in one pass over global memory (createFFT, for
// shapes whose ny x nx complex values fit the device's workgroup memory). Two Block FFT modules,
// both register API (kernels/complex-module.ts), share one workgroup buffer `fft2_smem` of ny x nx
// complex values: the rows module's and the columns module's exchange (the complex one in one part,
// L x slots values each) and, in between, the row results.
//
//   1. rows: invocation (thread t, row r) loads elements t + i * stride of row r from global memory
//      (runs of `stride` consecutive values), runs the rows module's `execute` with slot r;
//   2. barrier (the register API does not synchronise after its last exchange), the row results go
//      to fft2_smem in row-major order, barrier;
//   3. columns: invocation (thread t, column c), c = flat % nx, reads elements t + i * stride of
//      column c from fft2_smem: adjacent invocations read adjacent words (no bank conflicts, no
//      padding); the columns module's `execute` synchronises before its first exchange write, so
//      every invocation has read its column by then;
//   4. the results go from registers to global memory at (t + i * stride) * nx + c: invocation
//      `flat` writes address flat + i * stride * nx, so each register's store is one contiguous run.
//
// A workgroup reads all of its transform before it writes any of it, so in place is safe. The
// user's callbacks replace the global read (step 1) and write (step 4), with `fft` the transform
// and `index` the flat row-major index in it.
import { keepBinding } from '../callbacks.js';
import type { WGSLModule } from '../types.js';

/** The workgroup buffer both modules are generated with (WGSLOptions.sharedMemory). */
export const ONE_PASS_2D_SMEM = 'fft2_smem';

/** Binding slots (group 0), as the batched kernel's: input (or in-place data), output, parameters. */
export const ONE_PASS_2D_BINDINGS = { input: 0, output: 1, params: 2 } as const;

export interface OnePass2DSpec {
  readonly ny: number;
  readonly nx: number;
  /** `ny` FFTs of length nx, generated with sharedMemory ONE_PASS_2D_SMEM. */
  readonly rows: WGSLModule;
  /** `nx` FFTs of length ny, likewise. */
  readonly columns: WGSLModule;
  /** Invocations of the (one-dimensional) workgroup: at least both modules' stride x slots. */
  readonly invocations: number;
  readonly inPlace: boolean;
  /** The user's WGSL `fn load(fft: u32, index: u32) -> vec2<f32>` / `fn store(fft: u32, index: u32, value: vec2<f32>)`. */
  readonly load?: string;
  readonly store?: string;
}

export interface OnePass2DKernel {
  readonly code: string;
  readonly workgroupSize: readonly [number, number, number];
  readonly workgroupBytes: number;
}

export function onePass2DName(spec: Pick<OnePass2DSpec, 'ny' | 'nx' | 'rows' | 'inPlace' | 'load' | 'store'>): string {
  return ['one_pass_2d', `${spec.ny}x${spec.nx}`, spec.rows.plan.direction === 'forward' ? 'fwd' : 'inv', spec.inPlace ? 'inplace' : '', spec.load ? 'load' : '', spec.store ? 'store' : '']
    .filter(Boolean)
    .join('_');
}

export function onePass2DKernel(spec: OnePass2DSpec): OnePass2DKernel {
  const { ny, nx, rows, columns, invocations: W } = spec;
  const rp = rows.plan;
  const cp = columns.plan;
  if (rp.type !== 'c2c' || cp.type !== 'c2c' || rp.size !== nx || cp.size !== ny || rp.fftsPerBlock !== ny || cp.fftsPerBlock !== nx) {
    throw new Error(`internal: one-pass 2D [${ny}, ${nx}] needs ${ny} c2c FFTs of ${nx} and ${nx} of ${ny}`);
  }
  for (const [m, what] of [
    [rows, 'rows'],
    [columns, 'columns'],
  ] as const) {
    const p = m.plan;
    if (p.algorithm !== 'stockham' || p.execSize !== p.size || p.inputLength !== p.stride * p.inputEPT || p.outputLength !== p.stride * p.outputEPT) {
      throw new Error(`internal: one-pass 2D ${what}: a Stockham plan whose registers cover the length exactly is needed`);
    }
    if (p.exchange !== 'none' && (p.exchange !== 'complex' || p.exchangeParts !== 1 || m.sharedMemory !== ONE_PASS_2D_SMEM)) {
      throw new Error(`internal: one-pass 2D ${what}: the exchange must be the complex one in one part, in ${ONE_PASS_2D_SMEM}`);
    }
    if (p.stride * p.fftsPerBlock > W) throw new Error(`internal: one-pass 2D ${what} needs ${p.stride * p.fftsPerBlock} invocations, the workgroup has ${W}`);
  }
  const n = ny * nx;
  const inName = spec.inPlace ? 'fft_data' : 'fft_in';
  const outName = spec.inPlace ? 'fft_data' : 'fft_out';
  if (spec.inPlace && (spec.load || spec.store)) throw new Error('webfftdx: a kernel with load/store callbacks runs out of place (the callbacks address fft_in / fft_out)');
  const bindings = spec.inPlace
    ? `@group(0) @binding(${ONE_PASS_2D_BINDINGS.input}) var<storage, read_write> fft_data: array<vec2<f32>>;`
    : `@group(0) @binding(${ONE_PASS_2D_BINDINGS.input}) var<storage, read> fft_in: array<vec2<f32>>;\n` +
      `@group(0) @binding(${ONE_PASS_2D_BINDINGS.output}) var<storage, read_write> fft_out: array<vec2<f32>>;`;
  const params =
    `struct FFTBatchParams { batch: u32, groups_x: u32, groups: u32 }\n` +
    `@group(0) @binding(${ONE_PASS_2D_BINDINGS.params}) var<uniform> fft_params: FFTBatchParams;`;
  const loadFn = spec.load
    ? `${spec.load}\nfn fft_load(fft: u32, index: u32) -> vec2<f32> { ${keepBinding(inName)} return load(fft, index); }`
    : `fn fft_load(fft: u32, index: u32) -> vec2<f32> { return ${inName}[fft * ${n}u + index]; }`;
  const storeFn = spec.store
    ? `${spec.store}\nfn fft_store(fft: u32, index: u32, value: vec2<f32>) { ${keepBinding(outName)} store(fft, index, value); }`
    : `fn fft_store(fft: u32, index: u32, value: vec2<f32>) { ${outName}[fft * ${n}u + index] = value; }`;

  const rs = rp.stride;
  const cs = cp.stride;
  const body: string[] = [
    `let g = wg.y * fft_params.groups_x + wg.x;`,
    `// Uniform per workgroup: a workgroup past the batch leaves before any barrier.`,
    `if (g >= fft_params.batch) { return; }`,
    `// Rows: thread rt of row rr; invocations past ${rs} x ${ny} are idle but reach the barriers.`,
    `let rt = flat % ${rs}u;`,
    `let rr = flat / ${rs}u;`,
    `let row_active = rr < ${ny}u;`,
    `var row: array<vec2<f32>, ${rp.storageSize}>;`,
    `if (row_active) {`,
    ...Array.from({ length: rp.inputEPT }, (_, i) => `  row[${i}] = fft_load(g, rr * ${nx}u + rt + ${i * rs}u);`),
    `}`,
    `${rows.execute}(&row, rt, rr);`,
    `workgroupBarrier();`,
    `if (row_active) {`,
    ...Array.from({ length: rp.outputEPT }, (_, i) => `  ${ONE_PASS_2D_SMEM}[rr * ${nx}u + rt + ${i * rs}u] = row[${i}];`),
    `}`,
    `workgroupBarrier();`,
    `// Columns: column cc (adjacent invocations on adjacent columns), thread ct.`,
    `let cc = flat % ${nx}u;`,
    `let ct = flat / ${nx}u;`,
    `let col_active = ct < ${cs}u;`,
    `var col: array<vec2<f32>, ${cp.storageSize}>;`,
    `if (col_active) {`,
    ...Array.from({ length: cp.inputEPT }, (_, i) => `  col[${i}] = ${ONE_PASS_2D_SMEM}[(ct + ${i * cs}u) * ${nx}u + cc];`),
    `}`,
    `${columns.execute}(&col, ct, cc);`,
    `if (col_active) {`,
    ...Array.from({ length: cp.outputEPT }, (_, i) => `  fft_store(g, (ct + ${i * cs}u) * ${nx}u + cc, col[${i}]);`),
    `}`,
  ];
  const header =
    `// webfftdx one-pass 2D "${onePass2DName(spec)}": [${ny}, ${nx}] c2c ${rp.direction} f32 per workgroup: ` +
    `${ny} ${nx}-point FFTs (E${rp.execEPT}, stride ${rs}), then ${nx} ${ny}-point FFTs (E${cp.execEPT}, stride ${cs}) (kernels/any-shape/one-pass-2d.ts).`;
  const code = [
    header,
    bindings,
    params,
    `var<workgroup> ${ONE_PASS_2D_SMEM}: array<vec2<f32>, ${n}>;`,
    rows.code,
    columns.code,
    loadFn,
    storeFn,
    `@compute @workgroup_size(${W}, 1, 1)`,
    `fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) flat: u32) {\n${body.map((l) => `  ${l}`).join('\n')}\n}`,
  ].join('\n\n');
  return { code, workgroupSize: [W, 1, 1], workgroupBytes: n * 8 };
}
