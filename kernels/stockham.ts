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
// Stages after the first whose radix does not divide E gather their inputs from workgroup memory
// (descriptors/radices.ts gatherRadices); a gathered last stage costs one more exchange back to that
// layout, and lets lengths whose primes multiply to more than any E run without Bluestein.
import { ARITH_F32, type Arith } from './arith.js';
import { codeletFunction, codeletName, Emitter, emitDFT, emitTwiddle, type Sign } from './codelets.js';
import type { Definitions } from './definitions.js';
import { addDigitTwiddleDF, digitTwiddleProducts } from './digit-twiddle.js';
import { twiddleTableLayout, twiddleTableRead, type TwiddleTableLayout, type TwiddleTableStage } from './twiddle-table.js';
import { quadrantMethod, quadrantSuffix } from './sincos.js';
import { addConst, divConst, gcd, modConst, mulConst, u32Literal } from './wgsl.js';
import { GATHER_MAX_REGISTERS, gatherRadices, radixExchanges, stageRadices } from '../descriptors/radices.js';
import { isPowerOfTwo } from '../descriptors/sizes.js';

export { gatherRadices, stageRadices } from '../descriptors/radices.js';

export type ExchangeMode = 'none' | 'complex' | 'split';

export interface BlockEngineSpec {
  /** Prefix of every generated name. */
  readonly prefix: string;
  /** Distinguishes several engines in one module (stage/exchange names); '' for the main one. */
  readonly tag?: string;
  /** Complex FFT length N. */
  readonly size: number;
  /** Register arithmetic (kernels/arith.ts); default f32. */
  readonly arith?: Arith;
  /** Complex elements per invocation E (E | N; stages whose radix does not divide E gather); E = N: one invocation, no exchange. */
  readonly ept: number;
  /** Length of the register array the engine function takes (>= E; extra registers are left alone). */
  readonly storage: number;
  readonly sign: Sign;
  /** FFT slots per workgroup (`fft` < slots is working); slot f uses workgroup elements [f * N, (f + 1) * N). */
  readonly slots: number;
  /** 'complex': smem is array<V, >= slots * N>; 'split': array<arith.splitElement, >= slots * N>; 'none' when E = N. */
  readonly exchange: ExchangeMode;
  /** Name of the workgroup buffer. */
  readonly smem: string;
  /** XOR-swizzle workgroup indices against bank conflicts (default true). */
  readonly swizzle?: boolean;
  /**
   * Exchange in this many position parts (default 1): the slot buffer holds N / parts elements and
   * each exchange moves parts [p N / parts, (p + 1) N / parts) one after the other. Needs stage
   * radices (stageRadices with parts) whose butterflies per invocation E / R divide by parts.
   */
  readonly parts?: number;
  /**
   * Elements between the workgroup buffers of consecutive FFT slots (default N / parts). A kernel
   * whose adjacent invocations are adjacent slots (column FFTs, kernels/any-shape) pads it by one so
   * that the same element of neighbouring slots falls on distinct banks.
   */
  readonly slotStride?: number;
  /**
   * XOR every slot's indices with its slot number modulo the largest power of two (at most 16)
   * dividing N: the other way to keep adjacent slots on distinct banks, without the padding's extra
   * memory (a permutation within each aligned block, so the buffer stays N per slot). Complex
   * exchange in one part only.
   */
  readonly slotSwizzle?: boolean;
  /**
   * Stage radices in order (default stageRadices(size, ept, parts)): each divides E, and every stage
   * but the last runs a multiple of `parts` butterflies per invocation.
   */
  readonly radices?: readonly number[];
  /**
   * The axes of a multi-dimensional transform of `size` = their product, outermost first (default
   * [size]: a 1D FFT). Ns restarts at 1 whenever the radices so far complete an axis: a Stockham
   * sequence stopped after the product P of its radices leaves, in block q of P consecutive
   * elements, the P-point DFT of the elements q + (N / P) n' (n' < P). With P the outermost axis
   * that is the DFT along it of column q, stored transposed (block q); the next sequence, started
   * afresh on that array, transforms the next axis the same way, and after the innermost one the
   * data are back in row-major order. So a 2D / 3D FFT is one engine with standard twiddles of the
   * axis lengths, no transposes. Its last stage (Ns R = nx < N) leaves outputs where
   * engineOutputPosition says, not in the t + i * stride layout.
   */
  readonly phases?: readonly number[];
  /**
   * Exchange after the last stage too, so that the outputs end in the t + i * stride layout whatever
   * the phases (one more exchange; a phased engine's last stage otherwise leaves them where
   * engineOutputPosition says). Its last stage then runs a multiple of `parts` butterflies per invocation.
   */
  readonly naturalOutput?: boolean;
  /**
   * Name of a `var<storage, read>` array of twiddles (`arith.twiddle.value`) laid out as
   * engineTwiddleTable(spec) says: every stage with Ns > 1 reads its twiddles there instead of
   * computing them (kernels/twiddle-table.ts). Default: computed.
   */
  readonly twiddleTable?: string;
  /** Where this engine's table starts in the `twiddleTable` array (default 0). */
  readonly twiddleTableOffset?: number;
  /**
   * Computed f32 / f16 stage twiddles that are products of two computed ones are formed inside the
   * input's multiplication, where the butterfly uses them, instead of as lets before the butterfly
   * (FFTPlan.twiddlesAtUse): fewer values live at once. Not for stages whose twiddles serve several
   * butterflies of the invocation (they would be formed once per butterfly). Default: false.
   */
  readonly twiddlesAtUse?: boolean;
}

/**
 * The radices addBlockEngine runs for a 1D engine when the spec gives none: gatherRadices where the
 * exchange is in one part (a gathered stage's outputs do not fall into parts) and `gather` (f32 and
 * f16 twiddles: df64 stages read twiddle tables laid out by stage), else stageRadices.
 */
export function engineRadices(n: number, e: number, parts = 1, gather = true): number[] {
  return (gather && parts === 1 ? gatherRadices(n, e) : undefined) ?? stageRadices(n, e, parts);
}

/** Workgroup barriers the register engine executes (for documentation and tests); `gather` as engineRadices. */
export function engineBarriers(n: number, e: number, exchange: ExchangeMode, parts = 1, gather = true): number {
  const exchanges = radixExchanges(engineRadices(n, e, parts, gather), e);
  return (exchange === 'split' ? 4 : exchange === 'complex' ? 2 : 0) * parts * exchanges;
}

export function cmulName(prefix: string): string {
  return `${prefix}_cmul`;
}

/** Adds the complex product of a register and a twiddle (`<prefix>_cmul` in f32 and f64) and returns its name. */
export function addCmul(defs: Definitions, prefix: string, ar: Arith = ARITH_F32): string {
  return ar.addCmul(defs, prefix);
}

/**
 * Adds `<prefix>_twiddle[_pow2][_inv](e, l, step) = exp(sign 2 pi i e / l)` (and its sincos) for
 * twiddles of length l; returns its name (power-of-two lengths get their own, see QuadrantMethod).
 */
export function addTwiddle(defs: Definitions, prefix: string, sign: Sign, l: number, ar: Arith = ARITH_F32): string {
  const tw = ar.twiddle;
  const sincos = tw.addSincos(defs, prefix, l);
  const df = tw.precision === 'f64';
  const name = `${prefix}_twiddle${df ? '_df' : quadrantSuffix(quadrantMethod(l))}${sign < 0 ? '' : '_inv'}`;
  return defs.add(name, () =>
    [
      `// exp(${sign < 0 ? '-' : '+'}2 pi i e / l) for e < l.`,
      `fn ${name}(e: u32, l: u32, step: ${df ? 'vec2<f32>' : 'f32'}) -> ${tw.value} {`,
      `  let cs = ${sincos}(e, l, step);`,
      sign < 0 ? `  return ${tw.conjTwiddle('cs')};` : `  return cs;`,
      `}`,
    ].join('\n'),
  );
}

export function addCodelet(defs: Definitions, prefix: string, n: number, sign: Sign, ar: Arith = ARITH_F32): string {
  return defs.add(codeletName(prefix, n, sign), () => codeletFunction(prefix, n, sign, ar));
}

/**
 * Swizzle period (elements) of workgroup indices for an exchange of length n, or 0 for none. One
 * row of 32 four-byte banks holds 16 vec2 or 32 f32; XOR-ing the column with the row number keeps
 * the strided writes of early stages on distinct banks. It permutes indices within aligned blocks
 * of one period, so it needs n to be a multiple of it and never changes the buffer size.
 * f32 / f16 exchanges swizzle only where n is a power of two (and there only those whose writes
 * meet on a bank: exchangeAddressing): on an H200 (bench/NOTES.md run 87) dropping it everywhere cost
 * 4096 21 %, 8192 12 %, 2048 and 16384 2-3 %, but gained 13-31 % at 960, 1440, 1920, 2400, 2880,
 * 4032, 4320, 4800, 7200 and 9600 (2^k times an odd factor, k >= 5), 3-9 % at 480, 1008, 2016, 3840
 * and 7680, and left 64-1024 and 10000 within 1 %. df64 (16-byte registers, not measured) keeps it
 * on every exchange wherever n allows.
 */
export function swizzlePeriod(n: number, exchange: ExchangeMode, enabled: boolean, registerBytes = 8): number {
  if (!enabled || exchange === 'none') return 0;
  if (registerBytes === 8 && !isPowerOfTwo(n)) return 0;
  // 128 bytes per row of banks: 16 vec2<f32> or 32 f32 (8 vec4<f32> or 16 vec2<f32> for df64).
  const period = 128 / (exchange === 'complex' ? registerBytes : registerBytes / 2);
  return n % period === 0 ? period : 0;
}

/** Period of the slot swizzle (BlockEngineSpec.slotSwizzle): the largest power of two dividing n, at most 16 (one row of banks of vec2). */
export function slotSwizzlePeriod(n: number): number {
  let p = 1;
  while (p < 16 && n % (2 * p) === 0) p *= 2;
  return p;
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
  /**
   * A middle stage whose radix does not divide E (gatherRadices): its `per` butterflies per invocation
   * (b = thread + m * stride, the last one only where b < N / R) read their inputs from workgroup
   * memory into the engine's local array `g` (input r of butterfly m in g[m * R + r]).
   */
  readonly gathered: boolean;
  /** Butterflies per invocation: E / R, or ceil(N / (R stride)) for a gathered stage. */
  readonly per: number;
  /** Length of the engine's local array `g` (the most values a gathered stage holds), shared by its gathered stages. */
  readonly local: number;
}

type StageSpec = Pick<BlockEngineSpec, 'size' | 'ept' | 'parts' | 'radices' | 'phases' | 'naturalOutput' | 'arith' | 'twiddleTable'>;

/**
 * The default radices of a spec: engineRadices for a 1D engine (gathered stages where its twiddles
 * are f32 and computed: a twiddle table is laid out by stageRadices' stages), stageRadices for a
 * phased one (every stage must work on the t + i * stride layout).
 */
function defaultRadices(spec: StageSpec): number[] {
  const parts = spec.parts ?? 1;
  const oneAxis = (spec.phases ?? [spec.size]).length === 1 && !spec.naturalOutput;
  const gather = !spec.twiddleTable && (spec.arith ?? ARITH_F32).twiddle.precision !== 'f64';
  return oneAxis ? engineRadices(spec.size, spec.ept, parts, gather) : stageRadices(spec.size, spec.ept, parts);
}

function stagesOf(spec: StageSpec): Stage[] {
  const parts = spec.parts ?? 1;
  const radices = spec.radices ?? defaultRadices(spec);
  const phases = spec.phases ?? [spec.size];
  const stride = spec.size / spec.ept;
  if (phases.reduce((a, b) => a * b, 1) !== spec.size) throw new Error(`internal: engine phases [${phases}] do not multiply to ${spec.size}`);
  let ns = 1;
  let phase = 0;
  const stages = radices.map((radix, j) => {
    const exchanged = j < radices.length - 1 || spec.naturalOutput === true;
    const gathered = spec.ept % radix !== 0;
    const per = gathered ? Math.ceil(spec.size / radix / stride) : spec.ept / radix;
    if (gathered) {
      if (j === 0 || parts !== 1 || phases.length !== 1 || spec.naturalOutput || per * radix > GATHER_MAX_REGISTERS) {
        throw new Error(`internal: engine radix ${radix} (stage ${j}) does not divide E ${spec.ept} and cannot be gathered`);
      }
    } else if (exchanged && per % parts !== 0) {
      throw new Error(`internal: engine radix ${radix} (stage ${j}) with E ${spec.ept} in ${parts} part(s)`);
    }
    const s = { radix, ns, gathered, per, local: 0 };
    ns *= radix;
    if (ns === phases[phase]) {
      ns = 1;
      phase++;
    } else if (phase >= phases.length || phases[phase] % ns !== 0) throw new Error(`internal: engine radices [${radices}] do not complete the phases [${phases}]`);
    return s;
  });
  if (phase !== phases.length) throw new Error(`internal: engine radices [${radices}] do not complete the phases [${phases}]`);
  const local = Math.max(0, ...stages.filter((s) => s.gathered).map((s) => s.per * s.radix));
  return stages.map((s) => ({ ...s, local }));
}

/**
 * Where the engine leaves its outputs: register i of invocation `thread` holds element
 * position(thread, i). The identity layout (thread + i * stride) unless `phases` has several axes.
 */
export function engineOutputPosition(spec: BlockEngineSpec): { readonly lines: (thread: string) => string[]; position(thread: string, i: number): string } {
  const stages = stagesOf(spec);
  const { radix: R, ns } = stages[stages.length - 1];
  const stride = spec.size / spec.ept;
  if (spec.naturalOutput) return { lines: () => [], position: (thread, i) => addConst(thread, i * stride) };
  const per = spec.ept / R;
  // Register m + r * per holds output r of butterfly b = thread + m * stride, element (b / Ns) Ns R + b mod Ns + r Ns.
  if (ns * R === spec.size) return { lines: () => [], position: (thread, i) => addConst(thread, i * stride) };
  if (stride % ns === 0) {
    return {
      lines: (thread) => [`let out_base = ${mulConst(divConst(thread, ns), ns * R)} + ${modConst(thread, ns)};`],
      position: (_, i) => addConst('out_base', (i % per) * stride * R + Math.floor(i / per) * ns),
    };
  }
  return {
    lines: () => [],
    position: (thread, i) => {
      const b = addConst(thread, (i % per) * stride);
      return `${mulConst(divConst(`(${b})`, ns), ns * R)} + ${modConst(`(${b})`, ns)} + ${u32Literal(Math.floor(i / per) * ns)}`;
    },
  };
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

/**
 * `shift(m)` (a constant, default 0) is subtracted from butterfly m's output elements: a parted
 * exchange stores part p at its own offset 0.
 */
function butterflyIndex(stage: Stage, stride: number, ept: number, withOut: boolean, shift: (m: number) => number = () => 0): ButterflyIndex {
  const { radix: R, ns } = stage;
  const per = ept / R;
  const lines: string[] = [];
  if (ns === 1) {
    // k = 0; out = b * R + r, b = t + m * stride.
    if (withOut) lines.push(`let o = thread * ${R}u;`);
    return { lines, k: () => '0u', out: (m, r) => addConst('o', m * stride * R + r - shift(m)) };
  }
  if (stride % ns === 0) {
    // b mod Ns = t mod Ns for every m: twiddles computed once, output base once.
    lines.push(`let k = ${modConst('thread', ns)};`);
    if (withOut) lines.push(`let o = ${mulConst(divConst('thread', ns), ns * R)} + k;`);
    return { lines, k: () => 'k', out: (m, r) => addConst('o', m * stride * R + r * ns - shift(m)) };
  }
  for (let m = 0; m < per; m++) {
    lines.push(`let b${m} = ${addConst('thread', m * stride)};`);
    lines.push(`let q${m} = ${divConst(`b${m}`, ns)};`);
    lines.push(`let k${m} = b${m} - q${m} * ${ns}u;`);
    if (withOut) lines.push(`let o${m} = q${m} * ${ns * R}u + k${m}${shift(m) ? ` - ${shift(m)}u` : ''};`);
  }
  return { lines, k: (m) => `k${m}`, out: (m, r) => addConst(`o${m}`, r * ns) };
}

function registerType(storage: number, ar: Arith): string {
  return `ptr<function, array<${ar.register}, ${storage}>>`;
}

/**
 * Lets for the twiddles w^(r k), r < R, of one butterfly (w = exp(sign 2 pi i / L)); returns their
 * names by r.
 * - f32: with a = ceil(sqrt(R)), w^(s k) (s < a) and w^(a q k) come from the accurate sincos and the
 *   others as one product w^(a q k) * w^(s k): about 2 sqrt(R) sincos evaluations instead of R - 1,
 *   for at most one extra rounding (~1 ulp) per twiddle. Never a chain of products. With
 *   `productsAtUse` the products are returned as expressions, formed where the caller uses them.
 * - f64 (df64): only w^k is evaluated, the others are powers of it (w^(2j) = (w^j)^2,
 *   w^(2j+1) = w^(2j) w). A df64 sincos costs about 7 complex products, and a chain of at most
 *   2 log2(R) products errs by ~2^-45 of the twiddle, far inside f64's bounds (1e-13). w^k itself
 *   comes from `base` (kernels/digit-twiddle.ts: constants picked by k's octal digits) where given,
 *   and with `selectAll` (one digit) every w^(rk) does.
 */
function stageTwiddles(
  body: string[],
  stem: string,
  k: string,
  R: number,
  L: number,
  twiddle: string,
  cmul: string,
  tw: Arith,
  base?: (r: number) => string,
  selectAll = false,
  productsAtUse = false,
): string[] {
  const a = Math.ceil(Math.sqrt(R));
  const names: string[] = ['', ...Array.from({ length: R - 1 }, (_, i) => `${stem}${i + 1}`)];
  const accurate = (r: number) => body.push(`let ${names[r]} = ${twiddle}(${mulConst(k, r)}, ${L}u, ${tw.sincosStep(L)});`);
  if (tw.precision === 'f64') {
    if (base && selectAll) {
      for (let r = 1; r < R; r++) body.push(`let ${names[r]} = ${base(r)}(${k});`);
      return names;
    }
    if (base) body.push(`let ${names[1]} = ${base(1)}(${k});`);
    else accurate(1);
    for (let r = 2; r < R; r++) {
      const [x, y] = r % 2 === 0 ? [names[r / 2], names[r / 2]] : [names[r - 1], names[1]];
      body.push(`let ${names[r]} = ${cmul}(${x}, ${y});`);
    }
    return names;
  }
  for (let r = 1; r < R; r++) if (r < a || r % a === 0) accurate(r);
  for (let r = 1; r < R; r++) {
    if (r < a || r % a === 0) continue;
    if (productsAtUse) names[r] = `${cmul}(${names[r - (r % a)]}, ${names[r % a]})`;
    else body.push(`let ${names[r]} = ${cmul}(${names[r - (r % a)]}, ${names[r % a]});`);
  }
  return names;
}

/**
 * Which register holds each element slot: element t + i * stride sits in register reg[i]. The input
 * and output layouts are the identity; a parted exchange reads each part into the registers that
 * part's writes freed (the others still hold later parts' outputs), so it permutes them, and the
 * engine restores the identity after the last stage (register renaming, no data movement).
 */
type RegisterMap = readonly number[];

/** The twiddle table an engine with `twiddleTable` reads (kernels/twiddle-table.ts). */
export function engineTwiddleTable(spec: Pick<BlockEngineSpec, 'size' | 'ept' | 'parts' | 'radices' | 'phases' | 'naturalOutput' | 'twiddleTableOffset'>): TwiddleTableLayout {
  // The stages of an engine that reads a table (never gathered; the name only marks it).
  return twiddleTableLayout(stagesOf({ ...spec, twiddleTable: 'table' }), spec.twiddleTableOffset ?? 0);
}

/** `table`: where the stage's twiddles sit in spec.twiddleTable (a stage with Ns > 1 of an engine that has one). */
function stageFunction(defs: Definitions, spec: BlockEngineSpec, j: number, stage: Stage, name: string, reg: RegisterMap, table?: TwiddleTableStage): string {
  if (table) return tableStageFunction(defs, spec, j, stage, name, reg, table);
  const { prefix, sign, ept } = spec;
  const ar = spec.arith ?? ARITH_F32;
  const stride = spec.size / ept;
  const { radix: R, ns, per } = stage;
  const L = ns * R;
  // Last stage with several butterflies per invocation (Ns R = N >= per * stride, so k = thread +
  // m * stride for every m, no wrap): butterfly 0's twiddles come from the accurate sincos and
  // butterfly m's as those times the f64 constant w^(r m stride), the angle sum: one product each
  // instead of ~2 sqrt(R) more sincos per butterfly, for at most one more rounding.
  const angleSum = ns > 1 && stride % ns !== 0 && per * stride <= ns;
  const idx = butterflyIndex(stage, stride, per * R, false);
  const body: string[] = angleSum ? [] : [...idx.lines];
  let twiddle = '';
  let cmul = '';
  let twmul = '';
  if (ns > 1) {
    cmul = addCmul(defs, prefix, ar);
    twmul = addCmul(defs, prefix, ar.twiddle);
  }
  // df64: w^k (k < Ns) from constants picked by k's octal digits where that takes at most 2 products
  // (Ns <= 512), cheaper than the df64 sincos (bench/NOTES.md run 45).
  const digits = ns > 1 && ar.twiddle.precision === 'f64' && digitTwiddleProducts(ns) <= 2;
  const base = digits ? (r: number) => addDigitTwiddleDF(defs, prefix, sign, L, ns, twmul, r) : undefined;
  // Ns <= 8: every w^(rk) is one constant tree, no products (bench/NOTES.md run 46).
  const selectAll = digits && digitTwiddleProducts(ns) === 0;
  if (ns > 1 && !base) twiddle = addTwiddle(defs, prefix, sign, L, ar);
  // Twiddles shared by all butterflies when k does not depend on m (else butterfly 0's, for angleSum).
  const shared = ns > 1 && stride % ns === 0;
  // Products formed at their use (spec.twiddlesAtUse), except where one set serves several butterflies
  // (shared with per > 1) or is rotated into the others' (angleSum's butterfly 0).
  const atUse = spec.twiddlesAtUse === true && (per === 1 || !shared) && !angleSum;
  const tw = (k: string, stem: string) => stageTwiddles(body, stem, k, R, L, twiddle, twmul, ar.twiddle, base, selectAll, atUse);
  const baseW = shared ? tw('k', 'w') : angleSum ? tw('thread', 'w0_') : [];
  const rotated = (m: number) => {
    const em = new Emitter(`w${m}_`);
    const names = baseW.map((w0, r) => (r === 0 ? '' : emitTwiddle(em, w0, r * m * stride, L, sign, ar.twiddle)));
    body.push(...em.lines);
    return names;
  };
  for (let m = 0; m < per; m++) {
    const w = ns === 1 ? [] : shared || (angleSum && m === 0) ? baseW : angleSum ? rotated(m) : tw(idx.k(m), `w${m}_`);
    body.push(...butterflyLines(spec, stage, reg, m, cmul, w));
  }
  return stageCode(spec, j, stage, name, body, '');
}

/**
 * The register of input (and output) r of butterfly m: m + r * per in the t + i * stride layout
 * (through the parted exchange's map), m * R + r in a gathered stage's local array.
 */
function stageRegister(stage: Stage, reg: RegisterMap, m: number, r: number): number {
  return stage.gathered ? m * stage.radix + r : reg[m + r * stage.per];
}

/**
 * Butterfly m of a stage, straight-line: inputs times their twiddles `w[r]` (none when Ns = 1),
 * the radix-R DFT, outputs back to the same registers.
 */
function butterflyLines(spec: BlockEngineSpec, stage: Stage, reg: RegisterMap, m: number, cmul: string, w: readonly string[]): string[] {
  const ar = spec.arith ?? ARITH_F32;
  const { radix: R, ns } = stage;
  const em = new Emitter(`b${m}_`);
  const inputs: string[] = [];
  for (let r = 0; r < R; r++) {
    const value = ar.load(`(*data)[${stageRegister(stage, reg, m, r)}]`);
    inputs.push(em.bind(r === 0 || ns === 1 ? value : `${cmul}(${value}, ${w[r]})`));
  }
  const out = emitDFT(em, inputs, spec.sign, ar);
  return [`// butterfly ${m}: radix-${R} DFT`, ...em.lines, ...out.map((o, r) => `(*data)[${stageRegister(stage, reg, m, r)}] = ${ar.store(o)};`)];
}

/** A stage's WGSL function around its body; `note` ends its comment line. A gathered stage works on the local array (stage.local long). */
function stageCode(spec: BlockEngineSpec, j: number, stage: Stage, name: string, body: readonly string[], note: string): string {
  const stride = spec.size / spec.ept;
  const { per, radix: R } = stage;
  const storage = stage.gathered ? stage.local : spec.storage;
  const where = stage.gathered ? `local registers m * ${R} + r (the last butterfly only where thread + ${(per - 1) * stride} < ${spec.size / R})` : `registers m + r * ${per}`;
  return [
    `// Stage ${j}: radix ${R}, Ns = ${stage.ns}; butterflies thread + m * ${stride} (m < ${per}) on ${where}${note}.`,
    `fn ${name}(data: ${registerType(storage, spec.arith ?? ARITH_F32)}, thread: u32) {`,
    ...body.map((l) => `  ${l}`),
    `}`,
  ].join('\n');
}

/** stageFunction for a stage whose twiddles w^(r k) come from the twiddle table: one load each, k per butterfly. */
function tableStageFunction(defs: Definitions, spec: BlockEngineSpec, j: number, stage: Stage, name: string, reg: RegisterMap, table: TwiddleTableStage): string {
  const per = spec.ept / stage.radix;
  const cmul = addCmul(defs, spec.prefix, spec.arith ?? ARITH_F32);
  const idx = butterflyIndex(stage, spec.size / spec.ept, spec.ept, false);
  const body: string[] = [...idx.lines];
  // Butterflies with the same k (all of them when Ns divides the stride) share the loads.
  const loaded = new Map<string, string[]>();
  for (let m = 0; m < per; m++) {
    const k = idx.k(m);
    let w = loaded.get(k);
    if (!w) {
      w = ['', ...Array.from({ length: stage.radix - 1 }, (_, i) => `w${loaded.size}_${i + 1}`)];
      for (let r = 1; r < stage.radix; r++) body.push(`let ${w[r]} = ${twiddleTableRead(spec.twiddleTable!, table, r, k)};`);
      loaded.set(k, w);
    }
    body.push(...butterflyLines(spec, stage, reg, m, cmul, w));
  }
  return stageCode(spec, j, stage, name, body, `; twiddles from ${spec.twiddleTable}[${table.offset}..]`);
}

/** A register component an exchange moves: the whole register (complex exchange) or one half (split, SplitPart). */
export type Component = { get(reg: string): string; set(reg: string, value: string): string };
const WHOLE: Component = { get: (r) => r, set: (r, v) => `${r} = ${v};` };

/** The components an exchange moves one after the other. */
export function exchangeComponents(spec: Pick<BlockEngineSpec, 'exchange' | 'arith'>): readonly Component[] {
  return spec.exchange === 'complex' ? [WHOLE] : (spec.arith ?? ARITH_F32).splitParts;
}

/** Lines run only by invocations that own an FFT slot (`working`). */
function guarded(lines: readonly string[]): string[] {
  return [`if (working) {`, ...lines.map((l) => `  ${l}`), `}`];
}

/**
 * Workgroup-buffer addressing of an exchange over parts of partLen elements: `at(index)` names the
 * element (bank swizzle, slot base and slot swizzle applied), `setup` declares what it uses.
 */
function exchangeAddressing(defs: Definitions, spec: BlockEngineSpec, partLen: number, stage: Stage): { setup: string[]; at(index: string): string } {
  const ar = spec.arith ?? ARITH_F32;
  const period = swizzlePeriod(partLen, spec.exchange, spec.swizzle ?? true, ar.bytes);
  // f32 / f16: only exchanges whose writes meet on a bank (df64 keeps it on every exchange, not measured).
  const swizzled = period > 0 && (ar.bytes !== 8 || writeConflicts(stage, period) > 1);
  const swz = swizzled ? addSwizzle(defs, spec.prefix, period) : '';
  const slotPeriod = spec.slotSwizzle ? slotSwizzlePeriod(partLen) : 0;
  if (spec.slotSwizzle && ((spec.parts ?? 1) !== 1 || spec.exchange !== 'complex' || slotPeriod < 2)) {
    throw new Error(`internal: slotSwizzle needs the complex exchange in one part and an even length (got ${spec.exchange}, ${spec.parts ?? 1} parts, ${partLen})`);
  }
  const position = (index: string) => (swz ? `${swz}(${index})` : index);
  return {
    setup: [`let base = ${mulConst('fft', spec.slotStride ?? partLen)};`, ...(slotPeriod ? [`let slot_xor = fft & ${slotPeriod - 1}u;`] : [])],
    at: (index) => (slotPeriod ? `${spec.smem}[base + (${position(index)} ^ slot_xor)]` : `${spec.smem}[base + ${position(index)}]`),
  };
}

/**
 * The most distinct elements one bank serves when `lanes` adjacent invocations (a row of banks: 16
 * vec2 or 32 f32 elements) access runs of `run` consecutive elements `pitch` apart: invocation i at
 * (i / run) * pitch + i mod run. 1: no conflict (one wavefront).
 */
export function bankConflicts(lanes: number, run: number, pitch: number): number {
  const perBank = new Map<number, Set<number>>();
  for (let i = 0; i < lanes; i++) {
    const element = Math.floor(i / run) * pitch + (i % run);
    const bank = element % lanes;
    perBank.set(bank, (perBank.get(bank) ?? new Set<number>()).add(element));
  }
  return Math.max(...[...perBank.values()].map((e) => e.size));
}

/**
 * bankConflicts of a stage's outputs written unswizzled by `period` adjacent invocations: butterfly b's
 * output r goes to (b / Ns) Ns R + b mod Ns + r Ns (plus a constant per register), so with Ns >= period
 * the row's lanes write consecutive elements (1: no conflict), and the first stages of a power of two
 * meet on a bank up to period / Ns times. The reads (element b + r N / R) are always consecutive.
 * Only these exchanges need the swizzle: on an H200 the XOR on every index of the others cost 8192
 * and 16384 3-4 % and Bluestein's 8192-point engines 9 % (256-4096 within 0.4 %; bench/NOTES.md run
 * 87). Lengths other than powers of two never swizzle (swizzlePeriod), whatever this counts.
 */
function writeConflicts(stage: Stage, period: number): number {
  return bankConflicts(period, stage.ns, stage.ns * stage.radix);
}

/** The exchange after a stage: its WGSL function and the register map it leaves (identity unless parted). */
function exchangeFunction(
  defs: Definitions,
  spec: BlockEngineSpec,
  j: number,
  stage: Stage,
  name: string,
  reg: RegisterMap,
): { code: string; next: RegisterMap } {
  const { ept } = spec;
  const ar = spec.arith ?? ARITH_F32;
  const n = spec.size;
  const parts = spec.parts ?? 1;
  const partLen = n / parts;
  const stride = n / ept;
  const per = ept / stage.radix;
  const { setup: addressing, at } = exchangeAddressing(defs, spec, partLen, stage);
  // Butterfly m's outputs all lie in part floor(m * parts / per) (see BlockEngineSpec.parts).
  const partOf = (m: number) => Math.floor((m * parts) / per);
  const idx = butterflyIndex(stage, stride, ept, true, (m) => partOf(m) * partLen);
  const setup = [...addressing, ...idx.lines];
  const writes = (component: Component, p: number) => {
    const out: string[] = [];
    for (let m = 0; m < per; m++) {
      if (partOf(m) !== p) continue;
      for (let r = 0; r < stage.radix; r++) out.push(`${at(idx.out(m, r))} = ${component.get(`(*data)[${reg[m + r * per]}]`)};`);
    }
    return out;
  };
  // Part p is elements thread + i * stride with i in [p E / parts, (p + 1) E / parts); they go to
  // the registers part p's writes read from (identity when not parted).
  const next: number[] = new Array(ept);
  for (let p = 0; p < parts; p++) {
    const freed: number[] = [];
    for (let m = 0; m < per; m++) if (partOf(m) === p) for (let r = 0; r < stage.radix; r++) freed.push(reg[m + r * per]);
    if (parts === 1) freed.sort((a, b) => a - b);
    freed.forEach((physical, q) => (next[p * (ept / parts) + q] = physical));
  }
  const reads = (component: Component, p: number) =>
    Array.from({ length: ept / parts }, (_, q) => {
      const i = p * (ept / parts) + q;
      return component.set(`(*data)[${next[i]}]`, at(addConst('thread', q * stride)));
    });
  const body: string[] = [...setup];
  for (const c of exchangeComponents(spec)) {
    for (let p = 0; p < parts; p++) {
      body.push(`workgroupBarrier();`, ...guarded(writes(c, p)), `workgroupBarrier();`, ...guarded(reads(c, p)));
    }
  }
  const how = [spec.exchange === 'split' ? 'real parts, then imaginary parts' : '', parts > 1 ? `${parts} parts of ${partLen} elements` : '']
    .filter(Boolean)
    .join('; ');
  const code = [
    `// Exchange after stage ${j} (${spec.exchange}${how ? `: ${how}` : ''}):`,
    `// outputs to their Stockham positions, then elements thread + i * ${stride} back into register ${
      parts === 1 ? 'i' : `[${next.join(', ')}][i]`
    }.`,
    `fn ${name}(data: ${registerType(spec.storage, ar)}, thread: u32, fft: u32, working: bool) {`,
    ...body.map((l) => `  ${l}`),
    `}`,
  ].join('\n');
  return { code, next };
}

/**
 * The exchange into or out of a gathered stage (one part): `stage`'s outputs from its registers to
 * their Stockham positions, then `next`'s inputs (element b + r N / R of butterfly b) into its
 * registers. A gathered stage's registers are the local array `g`, the others `data` in the
 * t + i * stride layout; a gathered stage's last butterfly exists only where b < N / R.
 */
function gatherExchangeFunction(defs: Definitions, spec: BlockEngineSpec, j: number, stage: Stage, next: Stage, name: string): string {
  const ar = spec.arith ?? ARITH_F32;
  const n = spec.size;
  const stride = n / spec.ept;
  const { setup: addressing, at } = exchangeAddressing(defs, spec, n, stage);
  const identity: RegisterMap = Array.from({ length: spec.ept }, (_, i) => i);
  const idx = butterflyIndex(stage, stride, stage.per * stage.radix, true);
  const setup = [...addressing, ...idx.lines];
  const registers = (s: Stage, m: number, r: number) => `(*${s.gathered ? 'g' : 'data'})[${stageRegister(s, identity, m, r)}]`;
  // Butterfly m of stage s, guarded where it may not exist (thread + m * stride >= N / R).
  const butterfly = (s: Stage, m: number, lines: string[]) => {
    const limit = n / s.radix - m * stride;
    return s.gathered && limit < stride ? [`if (thread < ${limit}u) {`, ...lines.map((l) => `  ${l}`), `}`] : lines;
  };
  const writes = (c: Component) =>
    Array.from({ length: stage.per }, (_, m) =>
      butterfly(
        stage,
        m,
        Array.from({ length: stage.radix }, (_, r) => `${at(idx.out(m, r))} = ${c.get(registers(stage, m, r))};`),
      ),
    ).flat();
  const reads = (c: Component) =>
    Array.from({ length: next.per }, (_, m) =>
      butterfly(
        next,
        m,
        Array.from({ length: next.radix }, (_, r) => c.set(registers(next, m, r), at(addConst('thread', m * stride + (r * n) / next.radix)))),
      ),
    ).flat();
  const body: string[] = [...setup];
  for (const c of exchangeComponents(spec)) body.push(`workgroupBarrier();`, ...guarded(writes(c)), `workgroupBarrier();`, ...guarded(reads(c)));
  const describe = (s: Stage) => (s.gathered ? `local registers m * ${s.radix} + r` : `registers m + r * ${s.per}`);
  return [
    `// Exchange after stage ${j} (${spec.exchange}${spec.exchange === 'split' ? ': real parts, then imaginary parts' : ''}): outputs from ${describe(stage)} to their`,
    `// Stockham positions, then the inputs b + r * ${n / next.radix} of stage ${j + 1}'s butterflies b = thread + m * ${stride} into ${describe(next)}.`,
    `fn ${name}(data: ${registerType(spec.storage, ar)}, g: ${registerType(stage.local, ar)}, thread: u32, fft: u32, working: bool) {`,
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
  const parts = spec.parts ?? 1;
  const stages = stagesOf(spec);
  if (spec.phases && parts > 1) checkPartedPhases(spec, stages);
  if (stages.length > 1 && spec.exchange === 'none') throw new Error('webfftdx: a multi-invocation engine needs an exchange');
  const dir = sign < 0 ? '' : '_inv';
  const body: string[] = [];
  if (stages.length > 1) body.push(`let working = thread < ${stride}u && fft < ${u32Literal(spec.slots)};`);
  let reg: RegisterMap = Array.from({ length: ept }, (_, i) => i);
  const table = spec.twiddleTable ? twiddleTableLayout(stages, spec.twiddleTableOffset ?? 0) : undefined;
  const local = stages[0].local;
  if (local > 0) body.push(`var g: array<${(spec.arith ?? ARITH_F32).register}, ${local}>;`);
  stages.forEach((stage, j) => {
    const stageName = `${stem}_stage_${j}${dir}`;
    const map = reg;
    defs.add(stageName, () => stageFunction(defs, spec, j, stage, stageName, map, table?.stages[j]));
    body.push(`${stageName}(${stage.gathered ? '&g' : 'data'}, thread);`);
    const next = stages[j + 1];
    if (next && (stage.gathered || next.gathered)) {
      const exName = `${stem}_exchange_${j}`;
      defs.add(exName, () => gatherExchangeFunction(defs, spec, j, stage, next, exName));
      body.push(`${exName}(data, &g, thread, fft, working);`);
    } else if (j < stages.length - 1 || spec.naturalOutput) {
      const exName = `${stem}_exchange_${j}`;
      const ex = exchangeFunction(defs, spec, j, stage, exName, reg);
      defs.add(exName, () => ex.code);
      body.push(`${exName}(data, thread, fft, working);`);
      reg = ex.next;
    } else if (stage.gathered) {
      // A gathered last stage (gatherRadices) leaves its outputs in the local array: one more exchange
      // puts them back in the t + i * stride layout, as the stage that reads them in would (radix E).
      const exName = `${stem}_exchange_${j}`;
      const natural: Stage = { radix: ept, ns: n, gathered: false, per: 1, local: stage.local };
      defs.add(exName, () => gatherExchangeFunction(defs, spec, j, stage, natural, exName));
      body.push(`${exName}(data, &g, thread, fft, working);`);
    }
  });
  if (reg.some((physical, i) => physical !== i)) {
    // Back to the documented layout: element slot i in register i (renaming only, constant indices).
    body.push(`let held = *data;`, ...reg.map((physical, i) => `(*data)[${i}] = held[${physical}];`));
  }
  defs.add(name, () =>
    [
      `// ${n}-point ${spec.phases && spec.phases.length > 1 ? `[${spec.phases.join(' x ')}] ` : ''}${sign < 0 ? 'forward' : 'inverse'} FFT over ${stride} invocation(s) x ${ept} registers; radices ${stages
        .map((s) => s.radix)
        .join(' x ')}; ${(spec.exchange === 'split' ? 4 : spec.exchange === 'complex' ? 2 : 0) * parts * (stages.length - (spec.naturalOutput || stages[stages.length - 1].gathered ? 0 : 1))} barriers.`,
      `fn ${name}(data: ${registerType(storage, spec.arith ?? ARITH_F32)}, thread: u32, fft: u32) {`,
      ...body.map((l) => `  ${l}`),
      `}`,
    ].join('\n'),
  );
  return name;
}

/**
 * Whether addBlockEngine takes this spec's stages (radices, phases, parts), for planners that try
 * shapes: undefined when it does, else the reason.
 */
export function engineStagesProblem(spec: Pick<BlockEngineSpec, 'size' | 'ept' | 'parts' | 'radices' | 'phases' | 'naturalOutput'>): string | undefined {
  try {
    const full = { ...spec, prefix: '', storage: spec.ept, sign: -1, slots: 1, exchange: 'complex', smem: '' } as const;
    const stages = stagesOf(full);
    if ((spec.parts ?? 1) > 1) checkPartedPhases(full, stages);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

/**
 * A parted exchange moves part p of the butterflies' outputs (butterflies m with m parts / per = p)
 * through the buffer at once, so their output elements must lie in part p's range. Stockham stages
 * of a 1D length keep that by construction (stageRadices); a phased engine's stages are checked
 * element by element here (N x stages integer steps, at generation).
 */
function checkPartedPhases(spec: BlockEngineSpec, stages: readonly Stage[]): void {
  const parts = spec.parts ?? 1;
  const n = spec.size;
  const stride = n / spec.ept;
  const partLen = n / parts;
  (spec.naturalOutput ? stages : stages.slice(0, -1)).forEach(({ radix: R, ns }, j) => {
    const per = spec.ept / R;
    for (let t = 0; t < stride; t++) {
      for (let m = 0; m < per; m++) {
        const b = t + m * stride;
        const p = Math.floor((m * parts) / per);
        for (let r = 0; r < R; r++) {
          const at = Math.floor(b / ns) * ns * R + (b % ns) + r * ns;
          if (Math.floor(at / partLen) !== p) throw new Error(`internal: engine stage ${j} (radix ${R}, Ns ${ns}) cannot exchange in ${parts} parts`);
        }
      }
    }
  });
}
