// A batched C2C kernel for lengths whose data outgrow one workgroup's registers: 32768 complex f32
// is 256 KiB per FFT, the whole register file of a multiprocessor, so the one-pass Block engine
// (1024 invocations x 32 registers) spills. Here one workgroup still computes one FFT in one
// dispatch, but keeps only part of it on chip at a time, using the FFT's own output row as the
// intermediate buffer:
//
//   N = P * M. Phase 1 (decimation in time): the P sub-sequences x[P m + r] (r < P) get an M-point
//   FFT each, Q of them at a time as Q FFT slots of the Block engine, and Y_r[k] goes to
//   out[r M + k]. Phase 2: for every k < M, X[k + M q] = sum_r w_N^(r k) Y_r[k] w_P^(r q): one
//   invocation reads the P values out[r M + k], twiddles them, runs a P-point DFT and writes
//   out[k + M q], the positions it read, so no invocation overwrites what another still has to read.
//
// Every input is read once and every output written once; the intermediate makes a round trip
// through the output row, which stays in the GPU's L2 cache while its workgroup runs when one FFT
// per multiprocessor fits there (32768: 256 KiB each; bench/NOTES.md run 18 measured the shapes).
// The kernel reads its input through `fft_load(fft, index)` and writes `fft_out` directly, so it
// serves out-of-place transforms without a store callback; in place, phase 1 would overwrite
// inputs that later rounds still read.
import { Emitter, emitDFT, type Sign } from './codelets.js';
import { Definitions } from './definitions.js';
import { sincosStep } from './sincos.js';
import { addBlockEngine, addCmul, addTwiddle, type ExchangeMode } from './stockham.js';

export interface TwoPhaseSpec {
  /** Complex FFT length N = outer * inner. */
  readonly size: number;
  /** P: the phase-2 radix (the number of sub-sequences). */
  readonly outer: number;
  /** Elements per invocation of the inner (M-point) Block engine. */
  readonly ept: number;
  /** Q: inner FFTs computed at once (FFT slots of the engine); divides P. */
  readonly slots: number;
  readonly exchange: Exclude<ExchangeMode, 'none'>;
  readonly parts: number;
  readonly sign: Sign;
  /**
   * Columns each phase-2 call loads before it computes and stores any (default 1). Phase 2 reads and
   * writes the same buffer, so the compiler keeps a call's loads after the previous call's stores;
   * loading several columns first overlaps their cache latencies.
   */
  readonly columns?: number;
}

/** The pieces a kernel wraps around its own bindings and entry point. */
export interface TwoPhaseKernel {
  /** Module-scope WGSL: the workgroup buffer, the inner engine and the phase-2 function. */
  readonly declarations: string;
  /**
   * Statements of the entry point. They expect `fft` (the FFT index, uniform across the workgroup,
   * inside the batch), `lid` (local_invocation_id) and `flat` (local_invocation_index), a function
   * `fft_load(fft: u32, index: u32) -> vec2<f32>`, and `fft_out: array<vec2<f32>>` (read_write).
   */
  readonly body: readonly string[];
  readonly workgroupSize: readonly [number, number, number];
}

/**
 * The `main` entry point around `body` (a kernel's statements, possibly edited by a probe): one
 * workgroup per FFT, FFT index `wg.y * groupsX + wg.x`, workgroups past `batch` return at once
 * (uniformly: the index depends on the workgroup only). `groupsX` and `batch` are WGSL u32 expressions.
 */
export function twoPhaseEntryPoint(kernel: TwoPhaseKernel, body: readonly string[], groupsX: string, batch: string): string {
  const [x, y, z] = kernel.workgroupSize;
  return [
    `@compute @workgroup_size(${x}, ${y}, ${z})`,
    `fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>, @builtin(local_invocation_index) flat: u32) {`,
    `  let fft = wg.y * ${groupsX} + wg.x;`,
    `  if (fft >= ${batch}) { return; }`,
    ...body.map((l) => `  ${l}`),
    `}`,
  ].join('\n');
}

/**
 * The shape the batched kernel uses, or undefined where the one-pass kernel stays: C2C lengths of
 * 32768 and more (1024 invocations x 32 registers in one pass), as 8 sub-sequences of 4096 points,
 * 2 at a time with 16 elements per invocation and the complex exchange in 2 parts (512
 * invocations, 32 KiB), phase 2 loading 4 columns per call: the fastest of the shapes run 18 measured.
 */
export function twoPhaseShape(size: number, sign: Sign, maxWorkgroupBytes: number, maxInvocations: number): TwoPhaseSpec | undefined {
  if (size < 32768 || size % 8 !== 0) return undefined;
  const spec: TwoPhaseSpec = { size, outer: 8, ept: 16, slots: 2, exchange: 'complex', parts: 2, sign, columns: 4 };
  const inner = size / spec.outer;
  if (inner % spec.ept !== 0) return undefined;
  const invocations = (inner / spec.ept) * spec.slots;
  const bytes = ((spec.slots * inner) / spec.parts) * 8;
  return invocations <= maxInvocations && bytes <= maxWorkgroupBytes ? spec : undefined;
}

export function twoPhaseKernel(spec: TwoPhaseSpec, prefix = `fft2p_${spec.size}_${spec.sign < 0 ? 'fwd' : 'inv'}`): TwoPhaseKernel {
  const { size: n, outer: p, ept: e, slots: q, exchange, parts, sign } = spec;
  const m = n / p;
  const stride = m / e;
  const threads = stride * q;
  // Phase 2 gives each invocation m / threads = e / q columns.
  if (!Number.isInteger(m) || !Number.isInteger(stride) || p % q !== 0 || m % threads !== 0) {
    throw new Error(`webfftdx: two-phase ${n} = ${p} x ${m} with ${e} elements per invocation and ${q} slots does not divide`);
  }
  const defs = new Definitions();
  const smem = `${prefix}_smem`;
  const engine = addBlockEngine(defs, { prefix, tag: '_inner', size: m, ept: e, storage: e, sign, slots: q, exchange, smem, parts });
  const twiddle = addTwiddle(defs, prefix, sign, n);
  const cmul = addCmul(defs, prefix);
  const smemLength = (q * m) / parts;

  // Phase 2, one call for `columns` columns k_c = k + c * threads: all P x columns loads first, then
  // per column the twiddles w_N^(r k) (r k < N: the accurate sincos), the P-point DFT and P stores.
  const columns = spec.columns ?? 1;
  const perInvocation = m / threads;
  if (perInvocation % columns !== 0) throw new Error(`webfftdx: two-phase phase 2 has ${perInvocation} columns per invocation, not a multiple of ${columns}`);
  const em = new Emitter('c');
  const column = (c: number) => (c === 0 ? 'k' : `k${c}`);
  const loaded = Array.from({ length: columns }, (_, c) => {
    if (c > 0) em.lines.push(`let ${column(c)} = k + ${c * threads}u;`);
    return Array.from({ length: p }, (_, r) => em.bind(`fft_out[row + ${r * m}u + ${column(c)}]`));
  });
  loaded.forEach((values, c) => {
    const inputs = values.map((v, r) => (r === 0 ? v : em.bind(`${cmul}(${v}, ${twiddle}(${r}u * ${column(c)}, ${n}u, ${sincosStep(n)}))`)));
    emitDFT(em, inputs, sign).forEach((o, j) => em.lines.push(`fft_out[row + ${column(c)} + ${j * m}u] = ${o};`));
  });
  const combine = `${prefix}_combine`;
  defs.add(combine, () =>
    [
      `// Phase 2 for columns k + c * ${threads} (c < ${columns}): X[k + ${m} q] from Y_r[k] = out[r * ${m} + k], r < ${p}, in place.`,
      `fn ${combine}(row: u32, k: u32) {`,
      ...em.lines.map((l) => `  ${l}`),
      `}`,
    ].join('\n'),
  );

  const body: string[] = [`let row = fft * ${n}u;`, `let thread = lid.x;`, `let slot = lid.y;`, `var data: array<vec2<f32>, ${e}>;`];
  for (let g = 0; g < p / q; g++) {
    body.push(`// Phase 1, round ${g}: sub-sequences r = ${g * q} + slot (elements ${p} m + r).`, `{`, `  let r = ${g * q}u + slot;`);
    for (let i = 0; i < e; i++) body.push(`  data[${i}] = fft_load(fft, (thread + ${i * stride}u) * ${p}u + r);`);
    body.push(`  ${engine}(&data, thread, slot);`);
    for (let i = 0; i < e; i++) body.push(`  fft_out[row + r * ${m}u + thread + ${i * stride}u] = data[${i}];`);
    body.push(`}`);
  }
  body.push(`// Phase 2: every Y_r written above is visible to the whole workgroup after this barrier.`, `storageBarrier();`);
  for (let j = 0; j < perInvocation; j += columns) body.push(`${combine}(row, flat + ${j * threads}u);`);

  const declarations = [
    `// Two-phase ${n}-point ${sign < 0 ? 'forward' : 'inverse'} C2C FFT: ${p} x ${m}; inner engine ${e} elements per invocation,`,
    `// ${q} slots, ${exchange} exchange in ${parts} part(s); the output row holds the intermediate.`,
    `var<workgroup> ${smem}: array<${exchange === 'complex' ? 'vec2<f32>' : 'f32'}, ${smemLength}>;`,
    defs.toString(),
  ].join('\n');
  return { declarations, body, workgroupSize: [stride, q, 1] };
}
