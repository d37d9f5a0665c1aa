// The Block engine: a Stockham autosort FFT of length N over `stride = N / E` invocations, each
// holding E complex values in registers (invocation t holds element t + i * stride in register i),
// exchanging through workgroup memory between stages.
//
// Stage j has radix R_j (dividing E) and Ns = R_0 * ... * R_(j-1). Invocation t computes the E / R
// butterflies b = t + m * stride (m < E / R). The inputs of butterfly b are the elements
// b + r * N / R, which are exactly its registers m + r * E / R (because N / R = stride * E / R): no
// gather. Each input is multiplied by w_(Ns R)^(r k) with k = b mod Ns, the radix-R codelet runs in
// place, and output r belongs at element (b / Ns) * Ns * R + k + r * Ns. Between stages, every
// invocation writes its outputs there in workgroup memory and reads back elements t + i * stride;
// after the last stage (Ns * R = N) that index is t + (m + r * E / R) * stride, i.e. the outputs
// already sit in the natural t + i * stride layout: k stages cost k - 1 exchanges, no bit reversal.
import { codeletFunction, codeletName, Emitter, emitDFT, type Sign } from './codelets.js';
import type { Definitions } from './definitions.js';
import { invLiteral, sincosFunction, sincosName } from './sincos.js';
import { addConst, divConst, gcd, modConst, mulConst, u32Literal } from './wgsl.js';

export type ExchangeMode = 'none' | 'complex' | 'split';

export interface BlockEngineSpec {
  /** Prefix of every generated name. */
  readonly prefix: string;
  /** Distinguishes several engines in one module (stage/exchange names); '' for the main one. */
  readonly tag?: string;
  /** Complex FFT length N. */
  readonly size: number;
  /** Complex elements per invocation E (E | N, every radix of N divides E); E = N: one invocation, no exchange. */
  readonly ept: number;
  /** Length of the register array the engine function takes (>= E; extra registers are left alone). */
  readonly storage: number;
  readonly sign: Sign;
  /** FFT slots per workgroup (`fft` < slots is working); slot f uses workgroup elements [f * N, (f + 1) * N). */
  readonly slots: number;
  /** 'complex': smem is array<vec2<f32>, >= slots * N>; 'split': array<f32, >= slots * N>; 'none' when E = N. */
  readonly exchange: ExchangeMode;
  /** Name of the workgroup buffer. */
  readonly smem: string;
  /** XOR-swizzle workgroup indices against bank conflicts (default true). */
  readonly swizzle?: boolean;
}

/** Stage radices for length n with e elements per invocation: each the largest divisor of e left in n. */
export function stageRadices(n: number, e: number): number[] {
  if (e === n) return [n];
  const out: number[] = [];
  let left = n;
  while (left > 1) {
    const r = gcd(e, left);
    if (r === 1) throw new Error(`webfftdx: length ${n} has a prime factor that does not divide ElementsPerThread ${e}`);
    out.push(r);
    left /= r;
  }
  return out;
}

/** Workgroup barriers the register engine executes (for documentation and tests). */
export function engineBarriers(n: number, e: number, exchange: ExchangeMode): number {
  const exchanges = stageRadices(n, e).length - 1;
  return exchange === 'split' ? 4 * exchanges : exchange === 'complex' ? 2 * exchanges : 0;
}

export function cmulName(prefix: string): string {
  return `${prefix}_cmul`;
}

/** Adds `<prefix>_cmul(a, b) -> a * b` (complex). */
export function addCmul(defs: Definitions, prefix: string): string {
  return defs.add(cmulName(prefix), () =>
    [
      `fn ${cmulName(prefix)}(a: vec2<f32>, b: vec2<f32>) -> vec2<f32> {`,
      `  return vec2<f32>(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);`,
      `}`,
    ].join('\n'),
  );
}

/** Adds `<prefix>_twiddle(e, l, inv_l) = exp(sign 2 pi i e / l)` (and sincos). */
export function addTwiddle(defs: Definitions, prefix: string, sign: Sign): string {
  defs.add(sincosName(prefix), () => sincosFunction(prefix));
  const name = sign < 0 ? `${prefix}_twiddle` : `${prefix}_twiddle_inv`;
  return defs.add(name, () =>
    [
      `// exp(${sign < 0 ? '-' : '+'}2 pi i e / l) for e < l.`,
      `fn ${name}(e: u32, l: u32, inv_l: f32) -> vec2<f32> {`,
      `  let cs = ${sincosName(prefix)}(e, l, inv_l);`,
      sign < 0 ? `  return vec2<f32>(cs.x, -cs.y);` : `  return cs;`,
      `}`,
    ].join('\n'),
  );
}

export function addCodelet(defs: Definitions, prefix: string, n: number, sign: Sign): string {
  return defs.add(codeletName(prefix, n, sign), () => codeletFunction(prefix, n, sign));
}

/**
 * Swizzle period (elements) of workgroup indices for an exchange of length n, or 0 for none. One
 * row of 32 four-byte banks holds 16 vec2 or 32 f32; XOR-ing the column with the row number keeps
 * the strided writes of early stages on distinct banks. It permutes indices within aligned blocks
 * of one period, so it needs n to be a multiple of it and never changes the buffer size.
 */
export function swizzlePeriod(n: number, exchange: ExchangeMode, enabled: boolean): number {
  if (!enabled || exchange === 'none') return 0;
  const period = exchange === 'complex' ? 16 : 32;
  return n % period === 0 ? period : 0;
}

function addSwizzle(defs: Definitions, prefix: string, period: number): string {
  const name = `${prefix}_swizzle${period}`;
  return defs.add(name, () =>
    [
      `// Bank-conflict swizzle: XOR the column (index mod ${period}) with the row; a permutation of each aligned block of ${period}.`,
      `fn ${name}(i: u32) -> u32 {`,
      `  return i ^ ((i >> ${Math.log2(period)}u) & ${period - 1}u);`,
      `}`,
    ].join('\n'),
  );
}

interface Stage {
  readonly radix: number;
  /** Product of the previous radices. */
  readonly ns: number;
}

function stagesOf(n: number, e: number): Stage[] {
  let ns = 1;
  return stageRadices(n, e).map((radix) => {
    const s = { radix, ns };
    ns *= radix;
    return s;
  });
}

/** Per-butterfly twiddle index k = b mod Ns and output base (b / Ns) * Ns * R + k, as WGSL lets. */
interface ButterflyIndex {
  /** Lines declaring what the expressions below need. */
  readonly lines: string[];
  /** k for butterfly m. */
  k(m: number): string;
  /** Output element of butterfly m, radix output r. */
  out(m: number, r: number): string;
}

function butterflyIndex(stage: Stage, stride: number, ept: number, withOut: boolean): ButterflyIndex {
  const { radix: R, ns } = stage;
  const per = ept / R;
  const lines: string[] = [];
  if (ns === 1) {
    // k = 0; out = b * R + r, b = t + m * stride.
    if (withOut) lines.push(`let o = thread * ${R}u;`);
    return { lines, k: () => '0u', out: (m, r) => addConst('o', m * stride * R + r) };
  }
  if (stride % ns === 0) {
    // b mod Ns = t mod Ns for every m: twiddles computed once, output base once.
    lines.push(`let k = ${modConst('thread', ns)};`);
    if (withOut) lines.push(`let o = ${mulConst(divConst('thread', ns), ns * R)} + k;`);
    return { lines, k: () => 'k', out: (m, r) => addConst('o', m * stride * R + r * ns) };
  }
  for (let m = 0; m < per; m++) {
    lines.push(`let b${m} = ${addConst('thread', m * stride)};`);
    lines.push(`let q${m} = ${divConst(`b${m}`, ns)};`);
    lines.push(`let k${m} = b${m} - q${m} * ${ns}u;`);
    if (withOut) lines.push(`let o${m} = q${m} * ${ns * R}u + k${m};`);
  }
  return { lines, k: (m) => `k${m}`, out: (m, r) => addConst(`o${m}`, r * ns) };
}

function registerType(storage: number): string {
  return `ptr<function, array<vec2<f32>, ${storage}>>`;
}

/**
 * Lets for the twiddles w^(r k), r < R, of one butterfly (w = exp(sign 2 pi i / L)); returns their
 * names by r. With a = ceil(sqrt(R)), w^(s k) (s < a) and w^(a q k) come from the accurate sincos
 * and the others as one product w^(a q k) * w^(s k): about 2 sqrt(R) sincos evaluations instead
 * of R - 1, for at most one extra rounding (~1 ulp) per twiddle. Never a chain of products.
 */
function stageTwiddles(
  body: string[],
  stem: string,
  k: string,
  R: number,
  L: number,
  twiddle: string,
  cmul: string,
): string[] {
  const a = Math.ceil(Math.sqrt(R));
  const names: string[] = ['', ...Array.from({ length: R - 1 }, (_, i) => `${stem}${i + 1}`)];
  const accurate = (r: number) => body.push(`let ${names[r]} = ${twiddle}(${mulConst(k, r)}, ${L}u, ${invLiteral(L)});`);
  for (let r = 1; r < R; r++) if (r < a || r % a === 0) accurate(r);
  for (let r = 1; r < R; r++) {
    if (r < a || r % a === 0) continue;
    body.push(`let ${names[r]} = ${cmul}(${names[r - (r % a)]}, ${names[r % a]});`);
  }
  return names;
}

function stageFunction(defs: Definitions, spec: BlockEngineSpec, j: number, stage: Stage, name: string): string {
  const { prefix, sign, ept } = spec;
  const stride = spec.size / ept;
  const { radix: R, ns } = stage;
  const per = ept / R;
  const L = ns * R;
  const idx = butterflyIndex(stage, stride, ept, false);
  const body: string[] = [...idx.lines];
  let twiddle = '';
  let cmul = '';
  if (ns > 1) {
    twiddle = addTwiddle(defs, prefix, sign);
    cmul = addCmul(defs, prefix);
  }
  // Twiddles shared by all butterflies when k does not depend on m.
  const shared = ns > 1 && stride % ns === 0;
  const tw = (k: string, stem: string) => stageTwiddles(body, stem, k, R, L, twiddle, cmul);
  const sharedW = shared ? tw('k', 'w') : [];
  for (let m = 0; m < per; m++) {
    // Butterfly m, straight-line: twiddled inputs, radix-R DFT, outputs back to the same registers.
    const em = new Emitter(`b${m}_`);
    const w = ns === 1 ? [] : shared ? sharedW : tw(idx.k(m), `w${m}_`);
    const inputs: string[] = [];
    for (let r = 0; r < R; r++) {
      const reg = `(*data)[${m + r * per}]`;
      inputs.push(em.bind(r === 0 || ns === 1 ? reg : `${cmul}(${reg}, ${w[r]})`));
    }
    const out = emitDFT(em, inputs, sign);
    body.push(`// butterfly ${m}: radix-${R} DFT`, ...em.lines);
    for (let r = 0; r < R; r++) body.push(`(*data)[${m + r * per}] = ${out[r]};`);
  }
  return [
    `// Stage ${j}: radix ${R}, Ns = ${ns}; butterflies thread + m * ${stride} (m < ${per}) on registers m + r * ${per}.`,
    `fn ${name}(data: ${registerType(spec.storage)}, thread: u32) {`,
    ...body.map((l) => `  ${l}`),
    `}`,
  ].join('\n');
}

function exchangeFunction(defs: Definitions, spec: BlockEngineSpec, j: number, stage: Stage, name: string): string {
  const { ept, smem } = spec;
  const n = spec.size;
  const stride = n / ept;
  const per = ept / stage.radix;
  const period = swizzlePeriod(n, spec.exchange, spec.swizzle ?? true);
  const swz = period ? addSwizzle(defs, spec.prefix, period) : '';
  const at = (index: string) => (swz ? `${smem}[base + ${swz}(${index})]` : `${smem}[base + ${index}]`);
  const idx = butterflyIndex(stage, stride, ept, true);
  const setup = [`let base = ${mulConst('fft', n)};`, ...idx.lines];
  const writes = (component: string) => {
    const out: string[] = [];
    for (let m = 0; m < per; m++) {
      for (let r = 0; r < stage.radix; r++) out.push(`${at(idx.out(m, r))} = (*data)[${m + r * per}]${component};`);
    }
    return out;
  };
  const reads = (component: string) =>
    Array.from({ length: ept }, (_, i) => `(*data)[${i}]${component} = ${at(addConst('thread', i * stride))};`);
  const guarded = (lines: string[]) => [`if (working) {`, ...lines.map((l) => `  ${l}`), `}`];
  const body: string[] = [];
  body.push(...setup);
  if (spec.exchange === 'complex') {
    body.push(`workgroupBarrier();`, ...guarded(writes('')), `workgroupBarrier();`, ...guarded(reads('')));
  } else {
    body.push(
      `workgroupBarrier();`,
      ...guarded(writes('.x')),
      `workgroupBarrier();`,
      ...guarded(reads('.x')),
      `workgroupBarrier();`,
      ...guarded(writes('.y')),
      `workgroupBarrier();`,
      ...guarded(reads('.y')),
    );
  }
  return [
    `// Exchange after stage ${j} (${spec.exchange}${spec.exchange === 'split' ? ': real parts, then imaginary parts' : ''}):`,
    `// outputs to their Stockham positions, then elements thread + i * ${stride} back into register i.`,
    `fn ${name}(data: ${registerType(spec.storage)}, thread: u32, fft: u32, working: bool) {`,
    ...body.map((l) => `  ${l}`),
    `}`,
  ].join('\n');
}

/**
 * Adds the engine and everything it needs to defs; returns the name of
 * `fn(data: ptr<function, array<vec2<f32>, storage>>, thread: u32, fft: u32)`, which computes the
 * unnormalised DFT (sign) of the registers in the t + i * stride layout, in place. Contract as the
 * Block register API: every invocation calls it in uniform control flow; it synchronises before its
 * first workgroup-memory access and not after its last; invocations with thread >= stride or
 * fft >= slots compute on their registers but never touch workgroup memory.
 */
export function addBlockEngine(defs: Definitions, spec: BlockEngineSpec): string {
  const { prefix, size: n, ept, sign, storage } = spec;
  if (n % ept !== 0) throw new Error(`webfftdx: ElementsPerThread ${ept} does not divide ${n}`);
  if (storage < ept) throw new Error(`webfftdx: register array ${storage} is shorter than ElementsPerThread ${ept}`);
  const tag = spec.tag ?? '';
  const stem = `${prefix}${tag}`;
  const name = `${stem}_engine${sign < 0 ? '' : '_inv'}`;
  if (defs.has(name)) return name;
  const stride = n / ept;
  const stages = stagesOf(n, ept);
  if (stages.length > 1 && spec.exchange === 'none') throw new Error('webfftdx: a multi-invocation engine needs an exchange');
  const dir = sign < 0 ? '' : '_inv';
  const body: string[] = [];
  if (stages.length > 1) body.push(`let working = thread < ${stride}u && fft < ${u32Literal(spec.slots)};`);
  stages.forEach((stage, j) => {
    const stageName = defs.add(`${stem}_stage_${j}${dir}`, () => stageFunction(defs, spec, j, stage, `${stem}_stage_${j}${dir}`));
    body.push(`${stageName}(data, thread);`);
    if (j < stages.length - 1) {
      const exName = `${stem}_exchange_${j}`;
      defs.add(exName, () => exchangeFunction(defs, spec, j, stage, exName));
      body.push(`${exName}(data, thread, fft, working);`);
    }
  });
  defs.add(name, () =>
    [
      `// ${n}-point ${sign < 0 ? 'forward' : 'inverse'} FFT over ${stride} invocation(s) x ${ept} registers; radices ${stages
        .map((s) => s.radix)
        .join(' x ')}; ${engineBarriers(n, ept, spec.exchange)} barriers.`,
      `fn ${name}(data: ${registerType(storage)}, thread: u32, fft: u32) {`,
      ...body.map((l) => `  ${l}`),
      `}`,
    ].join('\n'),
  );
  return name;
}
