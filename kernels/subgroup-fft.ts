// A complex FFT held by one subgroup: N = E * g points on g lanes of E registers each, exchanged by
// subgroup shuffles only (no workgroup memory, no barriers). Lane l loads elements l + g i (i < E),
// the coalesced Block layout. With l = a + E h (a < E, h < H = g / E) and k = k1 + E (c + H d):
//
//   A  radix-E DFT over the registers i -> k1, times w_N^(l k1)
//   X  H-point DFT across the lane groups h (lanes E apart): log2(H) xor-shuffle butterflies,
//      decimation in frequency, so lane (a, h) ends with output c = bitrev(h)
//   T  E x E transposition within each group of E lanes (log2(E) rounds of E / 2 xor shuffles):
//      lane (a', h) register a <- lane (a, h) register a'
//   B  times w_g^(a c), radix-E DFT over the registers a -> d
//
// so lane (a', h) register d holds X[a' + E bitrev(h) + g d] (`subgroupOutputPosition`): the
// Block layout when H <= 2, runs of E consecutive outputs otherwise. The inverse runs the same
// steps mirrored (B^-1, T, X^-1 by decimation in time, A^-1): it takes its input in the forward's
// output order and leaves N x in the Block layout, so a convolution multiplies in that order and
// nothing is reordered.
import { ARITH_F32 } from './arith.js';
import { Emitter, emitDFT, unitRoot, type Sign } from './codelets.js';
import type { Definitions } from './definitions.js';
import { addCmul, addTwiddle } from './stockham.js';

export interface SubgroupFFTSpec {
  readonly prefix: string;
  /** Points N = ept * lanes. */
  readonly size: number;
  /** Registers per lane E (a power of two dividing lanes). */
  readonly ept: number;
  /** Lanes g: the subgroup size the kernel is built for (a power of two). */
  readonly lanes: number;
}

const log2 = (n: number) => Math.round(Math.log2(n));

function bitReverse(x: number, bits: number): number {
  let r = 0;
  for (let b = 0; b < bits; b++) r |= ((x >> b) & 1) << (bits - 1 - b);
  return r;
}

/** Problem with a spec, or undefined. */
export function subgroupFFTProblem(spec: SubgroupFFTSpec): string | undefined {
  const { size, ept, lanes } = spec;
  const pow2 = (n: number) => Number.isInteger(n) && n >= 1 && (n & (n - 1)) === 0;
  if (!pow2(ept) || !pow2(lanes) || ept < 2) return `E ${ept} and lanes ${lanes} must be powers of two, E >= 2`;
  if (lanes % ept !== 0) return `E ${ept} must divide the ${lanes} lanes`;
  if (size !== ept * lanes) return `size ${size} is not E ${ept} x ${lanes} lanes`;
  return undefined;
}

/** Element of the forward output held in register d of `lane` (see the header). */
export function subgroupOutputPosition(spec: SubgroupFFTSpec, lane: number, d: number): number {
  const { ept: E, lanes: g } = spec;
  const H = g / E;
  const a = lane % E;
  const h = Math.floor(lane / E);
  return a + E * bitReverse(h, log2(H)) + g * d;
}

/** WGSL expression of the same position for `lane` (u32) and a constant register d. */
export function subgroupOutputPositionWGSL(spec: SubgroupFFTSpec, lane: string, d: number): string {
  const { ept: E, lanes: g } = spec;
  const H = g / E;
  const bits = log2(H);
  if (bits <= 1) return `${lane} + ${g * d}u`;
  // a + E bitrev(h): reverse the `bits` bits above log2(E).
  return `((${lane} & ${E - 1}u) | (reverseBits(${lane} >> ${log2(E)}u) >> ${32 - bits - log2(E)}u)) + ${g * d}u`;
}

/** A complex constant as a WGSL vec2 literal. */
function literal(re: number, im: number): string {
  const f = (x: number) => {
    const v = Math.fround(x);
    return Object.is(v, -0) || v === 0 ? '0.0f' : `${v}f`;
  };
  return `vec2<f32>(${f(re)}, ${f(im)})`;
}

/** WGSL selecting among per-index constants: values[idx] for idx a u32 expression in [0, values.length). */
function selectConst(values: readonly string[], idx: string): string {
  let expr = values[0];
  for (let v = 1; v < values.length; v++) if (values[v] !== values[0]) expr = `select(${expr}, ${values[v]}, ${idx} == ${v}u)`;
  return expr;
}

/**
 * Adds `<prefix>_sgfft[_inv](data: ptr<function, array<vec2<f32>, E>>, lane: u32)` to defs and
 * returns its name. Every lane of the subgroup calls it in uniform control flow; `lane` is the
 * invocation's subgroup_invocation_id, and the subgroup size must equal spec.lanes.
 */
export function addSubgroupFFT(defs: Definitions, spec: SubgroupFFTSpec, sign: Sign): string {
  const problem = subgroupFFTProblem(spec);
  if (problem) throw new Error(`webfftdx: subgroup FFT: ${problem}`);
  const { prefix, size: N, ept: E, lanes: g } = spec;
  const H = g / E;
  const name = `${prefix}_sgfft${sign < 0 ? '' : '_inv'}`;
  if (defs.has(name)) return name;
  const ar = ARITH_F32;
  const cmul = addCmul(defs, prefix, ar);
  const twiddle = addTwiddle(defs, prefix, sign, N, ar);
  const body: string[] = [];
  const reg = (i: number) => `(*data)[${i}]`;

  // Radix-E DFT over the registers, in place (natural order in, natural order out).
  const registerDFT = (tag: string) => {
    const em = new Emitter(`${tag}_`);
    const inputs = Array.from({ length: E }, (_, i) => em.bind(reg(i)));
    const out = emitDFT(em, inputs, sign, ar);
    body.push(...em.lines, ...out.map((o, i) => `${reg(i)} = ${o};`));
  };
  // Step A's twiddles w_N^(sign l k1), k1 < E: about 2 sqrt(E) accurate sincos, the rest one product.
  const stepATwiddles = (apply: (k: number, w: string) => void) => {
    const q = Math.ceil(Math.sqrt(E));
    const w: string[] = [];
    for (let k = 1; k < E; k++) {
      if (k < q || k % q === 0) {
        w[k] = `wa${k}`;
        body.push(`let wa${k} = ${twiddle}(lane * ${k}u, ${N}u, ${ar.sincosStep(N)});`);
      }
    }
    for (let k = 1; k < E; k++) {
      if (w[k]) continue;
      w[k] = `wa${k}`;
      body.push(`let wa${k} = ${cmul}(wa${k - (k % q)}, wa${k % q});`);
    }
    for (let k = 1; k < E; k++) apply(k, w[k]);
  };
  // Step B's twiddles w_g^(sign a c), c = bitrev(h): exact constants picked by h.
  const stepBTwiddle = (a: number) => {
    const values = Array.from({ length: H }, (_, h) => {
      const w = unitRoot(a * bitReverse(h, log2(H)), g);
      return literal(w.re, sign * w.im);
    });
    return selectConst(values, 'h');
  };
  // One butterfly of the cross-lane DFT with span M (in groups): lanes E M apart.
  const crossLaneStep = (M: number, inverse: boolean) => {
    const mask = E * M;
    const tw = Array.from({ length: M }, (_, j) => {
      const w = unitRoot(j, 2 * M);
      // Forward DIF twiddle w_2M^(sign j); the inverse (DIT) uses its conjugate, i.e. sign flips.
      return literal(w.re, sign * w.im);
    });
    body.push(`{`, `  let top = (lane & ${mask}u) == 0u;`);
    const w = selectConst(tw, `(h % ${M}u)`);
    const trivial = tw.every((t) => t === tw[0]);
    body.push(`  let w = ${trivial ? tw[0] : w};`);
    for (let k = 0; k < E; k++) {
      body.push(`  { let x = ${reg(k)}; let p = subgroupShuffleXor(x, ${mask}u);`);
      if (!inverse) {
        // DIF: top a + b, bottom (a - b) w (the bottom lane's own value is b, its partner's a).
        body.push(`    ${reg(k)} = select(${trivial && tw[0] === literal(1, 0) ? 'p - x' : `${cmul}(p - x, w)`}, x + p, top); }`);
      } else {
        // DIT, the inverse of the above (unnormalised): top a' + b' w, bottom a' - b' w.
        const bw = (v: string) => (trivial && tw[0] === literal(1, 0) ? v : `${cmul}(${v}, w)`);
        body.push(`    ${reg(k)} = select(p - ${bw('x')}, x + ${bw('p')}, top); }`);
      }
    }
    body.push(`}`);
  };
  // E x E transposition within groups of E lanes.
  const transpose = () => {
    for (let m = E / 2; m >= 1; m /= 2) {
      body.push(`{`, `  let up = (lane & ${m}u) != 0u;`);
      for (let i = 0; i < E; i++) {
        if (i & m) continue;
        body.push(
          `  { let s = select(${reg(i + m)}, ${reg(i)}, up); let r = subgroupShuffleXor(s, ${m}u);`,
          `    ${reg(i + m)} = select(r, ${reg(i + m)}, up); ${reg(i)} = select(${reg(i)}, r, up); }`,
        );
      }
      body.push(`}`);
    }
  };

  body.push(`let h = lane >> ${log2(E)}u;`);
  if (sign < 0) {
    registerDFT('a');
    stepATwiddles((k, w) => body.push(`${reg(k)} = ${cmul}(${reg(k)}, ${w});`));
    for (let M = H / 2; M >= 1; M /= 2) crossLaneStep(M, false);
    transpose();
    for (let a = 1; a < E; a++) if (H > 1) body.push(`${reg(a)} = ${cmul}(${reg(a)}, ${stepBTwiddle(a)});`);
    registerDFT('b');
  } else {
    registerDFT('b');
    for (let a = 1; a < E; a++) if (H > 1) body.push(`${reg(a)} = ${cmul}(${reg(a)}, ${stepBTwiddle(a)});`);
    transpose();
    for (let M = 1; M < H; M *= 2) crossLaneStep(M, true);
    stepATwiddles((k, w) => body.push(`${reg(k)} = ${cmul}(${reg(k)}, ${w});`));
    registerDFT('a');
  }
  defs.add(name, () =>
    [
      `// ${N}-point ${sign < 0 ? 'forward' : 'inverse'} FFT on one subgroup of ${g} lanes x ${E} registers, shuffles only`,
      sign < 0
        ? `// (input element lane + ${g} i in register i; output X[a + ${E} bitrev(h) + ${g} d] in register d, lane = a + ${E} h).`
        : `// (input in the forward's output order; output N x, element lane + ${g} i in register i).`,
      `fn ${name}(data: ptr<function, array<vec2<f32>, ${E}>>, lane: u32) {`,
      ...body.map((l) => `  ${l}`),
      `}`,
    ].join('\n'),
  );
  return name;
}
