// The complex arithmetic the generators emit through, one implementation per precision. A register
// (`value`) holds one complex element of one FFT (f32), of two FFTs (f16, RRII) or one emulated f64:
//
//   f32  vec2<f32> = (re, im)
//   f16  vec4<f16> = (re_a, re_b, im_a, im_b): FFTs a and b of a pair (cuFFTDx's RRII), every
//        operation acts on both at once; butterflies compute in f32 (see F16 below).
//   f64  vec4<f32> = (re_hi, im_hi, re_lo, im_lo): "df64", a double-float per component, the value
//        being hi + lo (48 significant bits), |lo| <= ulp(hi) / 2 after a product, a few ulps of hi
//        after sums (lazy renormalisation, see dfHelpers). Sums use two-sum, products two-product
//        (error-free transformations), so each operation rounds to ~2^-48 of its operands.
//
// Twiddles have a type of their own (`twiddle`): f32 and f64 use their value arithmetic; f16 computes
// twiddles in f32 (the accurate sincos of kernels/sincos.ts, within 2 ulp of f32), as its butterflies
// do. Constant twiddles are f64 values rounded once (f32 literals; f64 as hi/lo f32 literal pairs).
//
// The f32 implementation prints exactly the text the generators printed before this layer existed.
import type { FFTPrecision } from '../descriptors/model.js';
import { Definitions as DefinitionsCtor, type Definitions } from './definitions.js';
import { addSincos, addSincosDF, sincosStep, sincosStepDF } from './sincos.js';
import { f32Literal, f32Operand } from './wgsl.js';

/** How the split exchange moves one half of a register through a narrower workgroup array. */
export interface SplitPart {
  /** Expression of the half to write. */
  get(reg: string): string;
  /** Statement storing `value` (read from the array) into that half of register `reg`. */
  set(reg: string, value: string): string;
}

export interface Arith {
  readonly precision: FFTPrecision;
  /** WGSL type the arithmetic computes in. */
  readonly value: string;
  /** WGSL type of one register as stored (registers, workgroup and global memory): `value` except f16. */
  readonly register: string;
  /** Bytes of one register. */
  readonly bytes: number;
  /** A register as a value, and back (identity except f16: vec4<f16> <-> vec4<f32>). */
  load(x: string): string;
  store(x: string): string;
  /** Arithmetic of twiddles (this one for f32 and f64; f32 for f16). */
  readonly twiddle: Arith;
  add(a: string, b: string): string;
  sub(a: string, b: string): string;
  neg(a: string): string;
  /** a0 + a1 + ... (left to right). */
  sum(terms: readonly string[]): string;
  /** x * c for a real constant c (rounded once to the register precision). */
  scale(x: string, c: number): string;
  /** x * (s i). */
  mulI(x: string, s: 1 | -1): string;
  /** x * exp(i pi octant / 4) for an odd octant. */
  rot45(x: string, octant: 1 | 3 | 5 | 7): string;
  /** x * (re + i im), constants. */
  mulConst(x: string, re: number, im: number): string;
  /** A zero register. */
  readonly zero: string;
  conj(x: string): string;
  /** Adds `fn(a: value, w: twiddle.value) -> value` (complex product) and returns its name. */
  addCmul(defs: Definitions, prefix: string): string;
  /** Adds the sincos of length l (twiddle arithmetic only) and returns its name. */
  addSincos(defs: Definitions, prefix: string, l: number): string;
  /** The `step` argument of that sincos for length l. */
  sincosStep(l: number): string;
  /** Twiddle of the forward direction from a sincos result (cos, sin): conjugate. */
  conjTwiddle(cs: string): string;
  /** The split exchange: the array element type and the register halves, in order. */
  readonly splitElement: string;
  readonly splitParts: readonly SplitPart[];
}

// ---------------------------------------------------------------------------------------------- f32

const F32: Arith = {
  precision: 'f32',
  value: 'vec2<f32>',
  register: 'vec2<f32>',
  bytes: 8,
  load: (x) => x,
  store: (x) => x,
  get twiddle() {
    return F32;
  },
  add: (a, b) => `${a} + ${b}`,
  sub: (a, b) => `${a} - ${b}`,
  neg: (a) => `-${a}`,
  sum: (terms) => terms.join(' + '),
  scale: (x, c) => `${x} * ${f32Operand(c)}`,
  mulI: (x, s) => (s > 0 ? `vec2<f32>(-${x}.y, ${x}.x)` : `vec2<f32>(${x}.y, -${x}.x)`),
  rot45: (x, octant) => {
    const k = f32Literal(Math.SQRT1_2);
    switch (octant) {
      case 1:
        return `vec2<f32>(${x}.x - ${x}.y, ${x}.x + ${x}.y) * ${k}`;
      case 3:
        return `vec2<f32>(-${x}.x - ${x}.y, ${x}.x - ${x}.y) * ${k}`;
      case 5:
        return `vec2<f32>(${x}.y - ${x}.x, -${x}.x - ${x}.y) * ${k}`;
      case 7:
        return `vec2<f32>(${x}.x + ${x}.y, ${x}.y - ${x}.x) * ${k}`;
    }
  },
  mulConst: (x, re, im) => {
    const c = f32Operand(re);
    const s = f32Operand(im);
    return `vec2<f32>(${x}.x * ${c} - ${x}.y * ${s}, ${x}.x * ${s} + ${x}.y * ${c})`;
  },
  zero: 'vec2<f32>(0.0f)',
  conj: (x) => `(${x} * vec2<f32>(1.0f, -1.0f))`,
  addCmul: (defs, prefix) =>
    defs.add(`${prefix}_cmul`, () =>
      [
        `fn ${prefix}_cmul(a: vec2<f32>, b: vec2<f32>) -> vec2<f32> {`,
        `  return vec2<f32>(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);`,
        `}`,
      ].join('\n'),
    ),
  addSincos: (defs, prefix, l) => addSincos(defs, prefix, l),
  sincosStep: (l) => sincosStep(l),
  conjTwiddle: (cs) => `vec2<f32>(${cs}.x, -${cs}.y)`,
  splitElement: 'f32',
  splitParts: [
    { get: (r) => `${r}.x`, set: (r, v) => `${r}.x = ${v};` },
    { get: (r) => `${r}.y`, set: (r, v) => `${r}.y = ${v};` },
  ],
};

// ---------------------------------------------------------------------------------------------- f16

// Registers are vec4<f16> (RRII); each butterfly converts its inputs to vec4<f32>, computes in f32
// and rounds its outputs to f16 once. Measured on lavapipe (test/kernels/precision.test.ts), f16
// arithmetic throughout gave 3x the error of an FFT that rounds only inputs, twiddles and outputs at
// Size(256) (1.0e-3 against 3.5e-4), above the 2x the issue accepts; with f32 inside the butterflies
// a stage rounds once. The data stay f16 in registers, workgroup memory and global memory.
const F16: Arith = {
  precision: 'f16',
  value: 'vec4<f32>',
  register: 'vec4<f16>',
  bytes: 8,
  twiddle: F32,
  load: (x) => `vec4<f32>(${x})`,
  store: (x) => `vec4<f16>(${x})`,
  add: (a, b) => `${a} + ${b}`,
  sub: (a, b) => `${a} - ${b}`,
  neg: (a) => `-${a}`,
  sum: (terms) => terms.join(' + '),
  scale: (x, c) => `${x} * ${f32Operand(c)}`,
  mulI: (x, s) => (s > 0 ? `vec4<f32>(-${x}.zw, ${x}.xy)` : `vec4<f32>(${x}.zw, -${x}.xy)`),
  rot45: (x, octant) => {
    const k = f32Literal(Math.SQRT1_2);
    const [re, im] = [`${x}.xy`, `${x}.zw`];
    switch (octant) {
      case 1:
        return `vec4<f32>(${re} - ${im}, ${re} + ${im}) * ${k}`;
      case 3:
        return `vec4<f32>(-${re} - ${im}, ${re} - ${im}) * ${k}`;
      case 5:
        return `vec4<f32>(${im} - ${re}, -${re} - ${im}) * ${k}`;
      case 7:
        return `vec4<f32>(${re} + ${im}, ${im} - ${re}) * ${k}`;
    }
  },
  mulConst: (x, re, im) => {
    const c = f32Operand(re);
    const s = f32Operand(im);
    return `vec4<f32>(${x}.xy * ${c} - ${x}.zw * ${s}, ${x}.xy * ${s} + ${x}.zw * ${c})`;
  },
  zero: 'vec4<f16>(0.0h)',
  conj: (x) => `(${x} * vec4<f32>(1.0f, 1.0f, -1.0f, -1.0f))`,
  addCmul: (defs, prefix) =>
    defs.add(`${prefix}_cmul_h`, () =>
      [
        `// Both FFTs of an RRII value (re_a, re_b, im_a, im_b) times the twiddle w.`,
        `fn ${prefix}_cmul_h(a: vec4<f32>, w: vec2<f32>) -> vec4<f32> {`,
        `  return vec4<f32>(a.xy * w.x - a.zw * w.y, a.xy * w.y + a.zw * w.x);`,
        `}`,
      ].join('\n'),
    ),
  addSincos: () => {
    throw new Error('internal: f16 twiddles use the f32 arithmetic');
  },
  sincosStep: () => {
    throw new Error('internal: f16 twiddles use the f32 arithmetic');
  },
  conjTwiddle: () => {
    throw new Error('internal: f16 twiddles use the f32 arithmetic');
  },
  splitElement: 'vec2<f16>',
  splitParts: [
    { get: (r) => `${r}.xy`, set: (r, v) => `${r} = vec4<f16>(${v}, ${r}.zw);` },
    { get: (r) => `${r}.zw`, set: (r, v) => `${r} = vec4<f16>(${r}.xy, ${v});` },
  ],
};

// ---------------------------------------------------------------------------------------------- f64

/** The double-float pair (hi, lo) of an f64 value: hi = f32(v), lo = f32(v - hi). */
export function dfSplit(v: number): [number, number] {
  const hi = Math.fround(v);
  return [hi, Math.fround(v - hi)];
}

/** df64 literal of a complex constant: vec4<f32>(re_hi, im_hi, re_lo, im_lo). */
export function dfComplexLiteral(re: number, im: number): string {
  const [rh, rl] = dfSplit(re);
  const [ih, il] = dfSplit(im);
  return `vec4<f32>(${[rh, ih, rl, il].map(f32Literal).join(', ')})`;
}

/** df64 literal of a real constant: vec2<f32>(hi, lo). */
export function dfRealLiteral(v: number): string {
  const [h, l] = dfSplit(v);
  return `vec2<f32>(${f32Literal(h)}, ${f32Literal(l)})`;
}

/** The barrier against reassociation and contraction (see dfHelpers), for vec2<f32> expressions. */
export function keep(expr: string): string {
  return `max(${expr}, vec2<f32>(-3e38f))`;
}

/**
 * Where the df64 helpers renormalise their result (hi, lo) to |lo| <= ulp(hi) / 2 (see dfHelpers):
 * after every operation, after products only (sums return the two-sum's pair as it is), or never.
 */
export type Df64Renormalisation = 'every-op' | 'products' | 'none';

export const DF64_RENORMALISATIONS: readonly Df64Renormalisation[] = ['every-op', 'products', 'none'];

/** The library's mode (measured in docs/precision.md). */
export const DEFAULT_DF64_RENORMALISATION: Df64Renormalisation = 'products';

// The mode of the kernels generated from now on. Internal: bench/run.ts (--df64) times the modes
// against each other in one process; the library never changes it.
let df64Renormalisation: Df64Renormalisation = DEFAULT_DF64_RENORMALISATION;

/** Internal (bench): the df64 renormalisation of kernels generated after this call; returns the previous one. */
export function setDf64Renormalisation(mode: Df64Renormalisation): Df64Renormalisation {
  const previous = df64Renormalisation;
  df64Renormalisation = mode;
  return previous;
}

/**
 * The df64 helpers, vectorised over (re, im): vec2 halves hi = v.xy, lo = v.zw.
 *   add: two-sum of the high parts (Knuth, no branch), the low parts added: (s, t) with
 *        s = fl(a.hi + b.hi) and t = e + (a.lo + b.lo), e the two-sum's exact error. Error
 *        <= ~2^-47 (|a| + |b|) per component ("sloppy" add: enough for FFTs, whose error analysis is
 *        normwise). Not renormalised by default ("lazy", Df64Renormalisation 'products'): see below.
 *   scale, cmul: two-product of high parts by Dekker's algorithm (Veltkamp split into 12-bit
 *        halves, whose products are exact in f32), cross terms in f32, renormalised with
 *        fast-two-sum. Not fma by default: WGSL does not promise a fused fma (lavapipe computes
 *        fma(a, b, -a b) as 0), and Dekker's partial products are exact, so a compiler contracting
 *        them into fmas changes nothing. With `exactFma` (a device whose fma rounds once: src/host/fma.ts tests it) the
 *        error of p = fl(a b) is fma(a, b, -p), one instruction.
 *        A product with a constant splits the constant at compile time (constant folding is exact).
 * Lazy sums. Renormalising (hi = fl(s + t), lo = t - (hi - s)) costs 3 operations and a keep of
 * the add's 14; the FFT's operations are mostly adds. Without it a pair is still exact as a value
 * (hi + lo is the value; host helpers add the two in f64) but |lo| may exceed ulp(hi) / 2, which
 * nothing downstream relies on:
 *   - the two-sum of the high parts is exact for any two floats, normalised or not;
 *   - what an operation rounds is its low-part arithmetic, whose error is 2^-24 of the low parts:
 *     lo stays a few ulps of the operands' magnitudes (it is the sum of the two-sum and product
 *     errors since the last renormalisation, the error an f32 computation would have made there),
 *     so the rounding stays ~2^-48 of the operands, normwise, as the FFT's error analysis needs;
 *     cancellation of the high parts can leave |lo| >= |hi| for one element, still ~2^-24 of the
 *     operands in absolute terms, which is what a normwise bound counts;
 *   - products renormalise (the default, 'products'), so lo restarts from half an ulp at every
 *     twiddle multiplication: it grows over the adds of one radix butterfly (log2 of the radix
 *     levels) and over the untwiddled paths (element 0 of each butterfly), never over a whole FFT
 *     in general. Measured on lavapipe (bench/f64-check.ts, docs/precision.md): errors grow by
 *     ~1.3x (6.6e-15 -> 8.5e-15 at 4096), every size 2 to 2^17 within issue 19's bounds 7x over;
 *   - a compiler may regroup the low parts' sums across operations now that no renormalisation
 *     separates them: harmless for sums, whose terms (the two-sum's two exact parts, the lo's) are
 *     each a few ulps of the result, not for Dekker's error (see err).
 * Values are renormalised where a product ends, and the helpers offered to user WGSL
 * (df64PublicHelpers) renormalise every result; FFT outputs (registers, global memory) are pairs
 * whose sum is the value, |lo| a few ulps of hi. Mode 'none' (products lazy too: 3 more
 * operations saved per product, a keep added to Dekker's error: see err) and 'every-op' (every
 * result renormalised, as before) exist for bench/run.ts --df64.
 * Shader compilers treat WGSL float arithmetic as reassociable: Mesa's NIR (lavapipe) rewrites
 * (a + b) - a to b, which zeroes every two-sum's error term, NVIDIA's driver rewrites s - (s - a) to
 * a (measured: f64 FFTs at 5e-8 on an H200 until the two-sum's v was kept too), and GPU compilers
 * contract a product into the additions that follow it (fma(a, b, e) in place of fl(a b) + e). The
 * rounded intermediates whose exact value a transformation depends on (s, v, the split's t and
 * t - a, products, Dekker's error when products are lazy) therefore pass through `max(x, -3e38)`
 * (keep): a no-op on every value the FFT produces that no compiler can see through, so it can
 * neither be cancelled algebraically nor fused. (Side effect: a NaN there becomes -3e38; WGSL gives no NaN guarantees
 * anyway.) test/kernels/df64-eft.test.ts checks the exact low parts on the device it runs on; on
 * lavapipe it fails without the keep of the add's s or of a product's renormalised hi (checked by
 * replacing each keep in turn, 2026-11-24).
 */
function dfHelpers(
  prefix: string,
  exactFma: boolean,
  renormalise: Df64Renormalisation,
): Record<'split' | 'add' | 'sub' | 'scale' | 'cmul', { name: string; code: string }> {
  // hi - s is not kept: no compiler measured rewrites t - (hi - s) (the helper probe's first add
  // would see it), and keeping it cost 7 % on the H200 (bench/NOTES.md run 28).
  const renorm = (s: string, t: string) => [`  let hi = ${keep(`${s} + ${t}`)};`, `  return vec4<f32>(hi, ${t} - (hi - ${s}));`];
  // The pair (s, t) as it is: s + t is the value, |t| possibly above ulp(s) / 2 (see above).
  const lazy = (s: string, t: string) => [`  return vec4<f32>(${s}, ${t});`];
  const sumEnd = renormalise === 'every-op' ? renorm : lazy;
  const productEnd = renormalise === 'none' ? lazy : renorm;
  const split = `${prefix}_dsplit`;
  const add = `${prefix}_dadd`;
  const sub = `${prefix}_dsub`;
  const scale = `${prefix}_dscale`;
  const cmul = `${prefix}_cmul`;
  // The exact error of p = fl(x y) from the splits xs, ys (vec4: 12-bit high halves, low halves).
  // Its terms are ~2^-12 of p and cancel to ~2^-24 of p in this order only: a product that is not
  // renormalised hands its low part on to the next operation, where lavapipe regrouped these terms
  // with the next ones (2e-12 twiddles, measured): then the sum passes through keep.
  const err = (xs: [string, string], ys: [string, string], p: string) => {
    const sum = `((${xs[0]} * ${ys[0]} - ${p}) + ${xs[0]} * ${ys[1]} + ${xs[1]} * ${ys[0]}) + ${xs[1]} * ${ys[1]}`;
    return renormalise === 'none' ? keep(sum) : sum;
  };
  // With exactFma the exact error of p = fl(x y) is fma(x, y, -p): no splits. (p passes through keep,
  // so the compiler cannot fold it into the fma.)
  return {
    split: {
      name: split,
      code: [
        `// Veltkamp split of f32 values into 12-bit halves: (high.xy, low.zw), high + low exact.`,
        `fn ${split}(a: vec2<f32>) -> vec4<f32> {`,
        `  let t = ${keep('a * 4097.0f')};`,
        `  let h = ${keep(`t - ${keep('t - a')}`)};`,
        `  return vec4<f32>(h, a - h);`,
        `}`,
      ].join('\n'),
    },
    add: {
      name: add,
      code: [
        `// df64 a + b for both components: two-sum of the high parts, low parts added${renormalise === 'every-op' ? ', renormalised' : ' (not renormalised)'}.`,
        `fn ${add}(a: vec4<f32>, b: vec4<f32>) -> vec4<f32> {`,
        `  let s = ${keep('a.xy + b.xy')};`,
        `  let v = ${keep('s - a.xy')};`,
        `  let e = (a.xy - (s - v)) + (b.xy - v);`,
        `  let t = e + (a.zw + b.zw);`,
        ...sumEnd('s', 't'),
        `}`,
      ].join('\n'),
    },
    sub: {
      name: sub,
      code: [`fn ${sub}(a: vec4<f32>, b: vec4<f32>) -> vec4<f32> {`, `  return ${add}(a, -b);`, `}`].join('\n'),
    },
    scale: {
      name: scale,
      code: [
        `// df64 x * c for a real df64 c = (hi, lo): two-product of the high parts (${exactFma ? 'one fma' : 'Dekker'}), cross terms in f32.`,
        `fn ${scale}(x: vec4<f32>, c: vec2<f32>) -> vec4<f32> {`,
        ...(exactFma ? [] : [`  let xs = ${split}(x.xy);`, `  let cs = ${split}(c.xx);`]),
        `  let p = ${keep('x.xy * c.x')};`,
        exactFma ? `  let e = fma(x.xy, c.xx, -p);` : `  let e = ${err(['xs.xy', 'xs.zw'], ['cs.xy', 'cs.zw'], 'p')};`,
        `  let t = e + (x.xy * c.y + x.zw * c.x);`,
        ...productEnd('p', 't'),
        `}`,
      ].join('\n'),
    },
    cmul: {
      name: cmul,
      code: [
        `// df64 complex a * b: re = ar br - ai bi, im = ai br + ar bi. Each product of high parts is`,
        `// p + e exactly (${exactFma ? 'one fma' : 'Dekker'}); the two of a component are added by two-sum; errors and cross terms in f32.`,
        `fn ${cmul}(a: vec4<f32>, b: vec4<f32>) -> vec4<f32> {`,
        `  let sg = vec2<f32>(-1.0f, 1.0f);`,
        ...(exactFma ? [] : [`  let sa = ${split}(a.xy);`, `  let sb = ${split}(b.xy);`]),
        `  let p1 = ${keep('a.xy * b.xx')};`,
        exactFma ? `  let e1 = fma(a.xy, b.xx, -p1);` : `  let e1 = ${err(['sa.xy', 'sa.zw'], ['sb.xx', 'sb.zz'], 'p1')};`,
        `  let q2 = ${keep('a.yx * b.yy')};`,
        `  let p2 = q2 * sg;`,
        exactFma ? `  let e2 = fma(a.yx, b.yy, -q2) * sg;` : `  let e2 = (${err(['sa.yx', 'sa.wz'], ['sb.yy', 'sb.ww'], 'q2')}) * sg;`,
        `  let cross = (a.xy * b.zz + a.zw * b.xx) + sg * (a.yx * b.ww + a.wz * b.yy);`,
        `  let s = ${keep('p1 + p2')};`,
        `  let v = ${keep('s - p1')};`,
        `  let t = ((p1 - (s - v)) + (p2 - v)) + ((e1 + e2) + cross);`,
        ...productEnd('s', 't'),
        `}`,
      ].join('\n'),
    },
  };
}

function df64(defs: Definitions, prefix: string, exactFma: boolean, renormalise: Df64Renormalisation): Arith {
  const helpers = dfHelpers(prefix, exactFma, renormalise);
  // Each helper with the helpers it calls.
  const products: (keyof typeof helpers)[] = exactFma ? [] : ['split'];
  const needs: Record<keyof typeof helpers, (keyof typeof helpers)[]> = { split: [], add: [], sub: ['add'], scale: products, cmul: products };
  const use = (k: keyof typeof helpers): string => {
    for (const d of needs[k]) use(d);
    return defs.add(helpers[k].name, () => helpers[k].code);
  };
  const self: Arith = {
    precision: 'f64',
    value: 'vec4<f32>',
    register: 'vec4<f32>',
    bytes: 16,
    load: (x) => x,
    store: (x) => x,
    get twiddle() {
      return self;
    },
    add: (a, b) => `${use('add')}(${a}, ${b})`,
    sub: (a, b) => `${use('sub')}(${a}, ${b})`,
    neg: (a) => `-${a}`,
    sum: (terms) => terms.slice(1).reduce((acc, t) => self.add(acc, t), terms[0]),
    scale: (x, c) => `${use('scale')}(${x}, ${dfRealLiteral(c)})`,
    mulI: (x, s) => (s > 0 ? `vec4<f32>(-${x}.y, ${x}.x, -${x}.w, ${x}.z)` : `vec4<f32>(${x}.y, -${x}.x, ${x}.w, -${x}.z)`),
    rot45: (x, octant) => {
      // x (1 + i) = x + i x, x (-1 + i) = i x - x, x (-1 - i) = -i x - x, x (1 - i) = x - i x; then / sqrt 2.
      const ix = self.mulI(x, 1);
      const t = octant === 1 ? self.add(x, ix) : octant === 3 ? self.sub(ix, x) : octant === 5 ? self.sub(self.neg(ix), x) : self.sub(x, ix);
      return self.scale(t, Math.SQRT1_2);
    },
    mulConst: (x, re, im) => `${use('cmul')}(${x}, ${dfComplexLiteral(re, im)})`,
    zero: 'vec4<f32>(0.0f)',
    conj: (x) => `(${x} * vec4<f32>(1.0f, -1.0f, 1.0f, -1.0f))`,
    addCmul: () => use('cmul'),
    addSincos: (d, p, l) => addSincosDF(d, p, l, { add: use('add'), scale: use('scale') }),
    sincosStep: (l) => sincosStepDF(l),
    conjTwiddle: (cs) => `(${cs} * vec4<f32>(1.0f, -1.0f, 1.0f, -1.0f))`,
    splitElement: 'vec2<f32>',
    splitParts: [
      { get: (r) => `${r}.xz`, set: (r, v) => `${r} = vec4<f32>(${v}.x, ${r}.y, ${v}.y, ${r}.w);` },
      { get: (r) => `${r}.yw`, set: (r, v) => `${r} = vec4<f32>(${r}.x, ${v}.x, ${r}.z, ${v}.y);` },
    ],
  };
  return self;
}

/**
 * The arithmetic of a precision. f64's helpers are WGSL functions named after `prefix`, added to
 * `defs` when first used; f32 and f16 are inline expressions (their products go through addCmul).
 */
export function arithFor(
  precision: FFTPrecision,
  defs: Definitions,
  prefix: string,
  options: { exactFma?: boolean; renormalise?: Df64Renormalisation } = {},
): Arith {
  if (precision === 'f32') return F32;
  if (precision === 'f16') return F16;
  return df64(defs, prefix, options.exactFma ?? false, options.renormalise ?? df64Renormalisation);
}

/** The f32 arithmetic (kernels that exist in f32 only). */
export const ARITH_F32: Arith = F32;

/** The prefix of the df64 helpers a user's f64 function may call (`df64PublicHelpers`). */
export const DF64_PUBLIC_PREFIX = 'df64';

/**
 * The df64 helpers offered to user WGSL in f64 kernels (createConvolution's f64 `pointwise`), the
 * arithmetic the FFTs use: df64_cmul(a, b) (complex product), df64_dadd(a, b), df64_dsub(a, b)
 * (complex sums), df64_dscale(x, c) (x times a real df64 c = vec2<f32>(hi, lo)); df64_dsplit is
 * their internal Veltkamp split (absent with exactFma).
 */
export function df64PublicHelpers(exactFma: boolean): string {
  const defs = new DefinitionsCtor();
  const ar = df64(defs, DF64_PUBLIC_PREFIX, exactFma, 'every-op');
  ar.addCmul(defs, DF64_PUBLIC_PREFIX);
  ar.sub('a', 'b');
  ar.scale('x', 1);
  return defs.toString();
}
