// Thread codelets: straight-line, fully unrolled complex DFTs of any length (used up to 64), built
// recursively by mixed radix (n = r * m, Cooley-Tukey with constant twiddles) down to prime lengths,
// which are computed directly with the (j, n - j) symmetry. Every constant is computed in f64 on the
// host and printed as an exact f32 literal; twiddles of 0, 90, 180, 270 and odd multiples of 45
// degrees are specialised (no multiplication, or one shared 1/sqrt(2) scale). The direction is
// fixed by the sign of the constants: no runtime branches.
import { ARITH_F32, type Arith } from './arith.js';
import { gcd } from './wgsl.js';

/** -1: forward (e^(-2 pi i jk/n)), +1: inverse (e^(+2 pi i jk/n)). */
export type Sign = -1 | 1;

/** cos and sin of 2 pi e / n in f64, with e reduced exactly first (integers, no drift). */
export function unitRoot(e: number, n: number): { re: number; im: number } {
  const r = ((e % n) + n) % n;
  // Exact values on the axes keep trivial twiddles exact.
  if (r === 0) return { re: 1, im: 0 };
  if (4 * r === n) return { re: 0, im: 1 };
  if (2 * r === n) return { re: -1, im: 0 };
  if (4 * r === 3 * n) return { re: 0, im: -1 };
  const a = (2 * Math.PI * r) / n;
  return { re: Math.cos(a), im: Math.sin(a) };
}

/**
 * Collects `let` statements of straight-line register code. Values are named v0, v1, ... so
 * generated functions stay readable and every intermediate is computed once.
 */
export class Emitter {
  readonly lines: string[] = [];
  private next = 0;

  constructor(private readonly stem = 'v') {}

  /** Binds expr to a fresh name and returns the name. */
  bind(expr: string): string {
    const name = `${this.stem}${this.next++}`;
    this.lines.push(`let ${name} = ${expr};`);
    return name;
  }

  comment(text: string): void {
    this.lines.push(`// ${text}`);
  }
}

/** x * exp(sign * 2 pi i e / n) with trivial angles specialised. */
export function emitTwiddle(em: Emitter, x: string, e: number, n: number, sign: Sign, ar: Arith = ARITH_F32): string {
  const g = gcd(((e % n) + n) % n, n);
  const num = (((e % n) + n) % n) / g;
  const den = n / g;
  if (num === 0) return x;
  // Angle in eighths of a turn, when it is a multiple of 45 degrees.
  if (8 % den === 0) {
    let octant = (num * (8 / den)) % 8;
    if (sign < 0) octant = (8 - octant) % 8;
    switch (octant) {
      case 2: // * i
        return em.bind(ar.mulI(x, 1));
      case 4: // * -1
        return em.bind(ar.neg(x));
      case 6: // * -i
        return em.bind(ar.mulI(x, -1));
      case 1: // * (1 + i)/sqrt2
      case 3: // * (-1 + i)/sqrt2
      case 5: // * (-1 - i)/sqrt2
      case 7: // * (1 - i)/sqrt2
        return em.bind(ar.rot45(x, octant as 1 | 3 | 5 | 7));
    }
  }
  const w = unitRoot(num, den);
  return em.bind(ar.mulConst(x, w.re, sign * w.im));
}

function smallestFactor(n: number): number {
  for (let p = 2; p * p <= n; p++) if (n % p === 0) return p;
  return n;
}

/** The split n = r * m used by the recursion: the divisor nearest sqrt(n) (1 when n is prime). */
export function codeletSplit(n: number): number {
  if (smallestFactor(n) === n) return 1;
  let best = 1;
  for (let d = 2; d < n; d++) {
    if (n % d !== 0) continue;
    if (best === 1 || Math.abs(Math.log(d) - Math.log(n) / 2) < Math.abs(Math.log(best) - Math.log(n) / 2) - 1e-12) best = d;
  }
  return best;
}

/** Direct DFT of prime (or any odd) length using x_j +- x_(n-j): ~n^2/4 complex multiply-adds. */
function emitDirectOdd(em: Emitter, x: readonly string[], sign: Sign, ar: Arith): string[] {
  const n = x.length;
  const h = (n - 1) / 2;
  const a: string[] = [];
  const b: string[] = [];
  for (let j = 1; j <= h; j++) {
    a.push(em.bind(ar.add(x[j], x[n - j])));
    b.push(em.bind(ar.sub(x[j], x[n - j])));
  }
  const out: string[] = new Array(n);
  out[0] = em.bind(ar.sum([x[0], ...a]));
  for (let k = 1; k <= h; k++) {
    const cosTerms = a.map((aj, j) => ar.scale(aj, unitRoot((j + 1) * k, n).re));
    const sinTerms = b.map((bj, j) => ar.scale(bj, unitRoot((j + 1) * k, n).im));
    const re = em.bind(ar.sum([x[0], ...cosTerms]));
    const im = em.bind(ar.sum(sinTerms));
    // sign * i * im
    const rot = em.bind(ar.mulI(im, sign));
    out[k] = em.bind(ar.add(re, rot));
    out[n - k] = em.bind(ar.sub(re, rot));
  }
  return out;
}

/**
 * Emits the DFT of the values named in x (any length >= 1) and returns the names of the outputs in
 * natural order. Decimation in time: n = r * m, j = r * j1 + j2, k = k1 + m * k2.
 */
export function emitDFT(em: Emitter, x: readonly string[], sign: Sign, ar: Arith = ARITH_F32): string[] {
  const n = x.length;
  if (n === 1) return [x[0]];
  if (n === 2) return [em.bind(ar.add(x[0], x[1])), em.bind(ar.sub(x[0], x[1]))];
  const r = codeletSplit(n);
  if (r === 1) return emitDirectOdd(em, x, sign, ar);
  const m = n / r;
  // r interleaved sub-sequences, m-point DFT each, then the twiddles w_n^(j2 * k1).
  const sub: string[][] = [];
  for (let j2 = 0; j2 < r; j2++) {
    const seq = Array.from({ length: m }, (_, j1) => x[r * j1 + j2]);
    const y = emitDFT(em, seq, sign, ar);
    sub.push(y.map((v, k1) => emitTwiddle(em, v, j2 * k1, n, sign, ar)));
  }
  // m r-point DFTs across the sub-sequences.
  const out: string[] = new Array(n);
  for (let k1 = 0; k1 < m; k1++) {
    const z = emitDFT(
      em,
      sub.map((s) => s[k1]),
      sign,
      ar,
    );
    for (let k2 = 0; k2 < r; k2++) out[k1 + m * k2] = z[k2];
  }
  return out;
}

/** Name of the codelet function of length n (inverse ones carry `_inv`, so both can share a module). */
export function codeletName(prefix: string, n: number, sign: Sign): string {
  return sign < 0 ? `${prefix}_codelet_${n}` : `${prefix}_codelet_${n}_inv`;
}

/**
 * WGSL function `<prefix>_codelet_<n>(x: array<V, n>) -> array<V, n>` (V the register type): the
 * unnormalised DFT of x in natural order, direction fixed by sign.
 */
export function codeletFunction(prefix: string, n: number, sign: Sign, ar: Arith = ARITH_F32): string {
  const em = new Emitter();
  // f16 registers compute in f32: convert once in, round once out (identity otherwise).
  const inputs = Array.from({ length: n }, (_, i) => (ar.register === ar.value ? `x[${i}]` : em.bind(ar.load(`x[${i}]`))));
  const out = emitDFT(em, inputs, sign, ar).map(ar.store);
  const type = `array<${ar.register}, ${n}>`;
  const dir = sign < 0 ? 'forward' : 'inverse';
  return [
    `// ${n}-point ${dir} DFT, unrolled (split ${describeSplit(n)}).`,
    `fn ${codeletName(prefix, n, sign)}(x: ${type}) -> ${type} {`,
    ...em.lines.map((l) => `  ${l}`),
    `  return ${type}(${out.join(', ')});`,
    `}`,
  ].join('\n');
}

function describeSplit(n: number): string {
  const r = codeletSplit(n);
  if (n <= 2) return 'butterfly';
  if (r === 1) return 'prime, direct';
  return `${r} x ${n / r}`;
}
