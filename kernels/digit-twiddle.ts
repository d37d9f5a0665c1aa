// Twiddles w_L^k for k below a small count, as products of constants chosen by k's octal digits
// (df64 engines). A df64 sincos costs about 7 complex df64 products (kernels/sincos.ts); a Block
// stage's base twiddle w_L^k has k < Ns (the stage's distinct twiddle indices), so
//   w_L^k = prod_i w_L^(d_i 8^i),   k = sum_i d_i 8^i,
// where each factor is one of 8 df64 constants picked by a tree of 7 `select`s on the digit's bits:
// one constant tree and no product for Ns <= 8, two trees and one product for Ns <= 64. The
// constants are f64 values rounded once to hi/lo pairs, so the product chain is at most
// ceil(log8 Ns) - 1 products long.
import { dfComplexLiteral } from './arith.js';
import { unitRoot, type Sign } from './codelets.js';
import type { Definitions } from './definitions.js';

/** Octal digits of k < count that count needs (the last may have fewer than 3 bits). */
function digitBits(count: number): number[] {
  const bits = Math.max(1, Math.ceil(Math.log2(count)));
  const out: number[] = [];
  for (let b = bits; b > 0; b -= 3) out.push(Math.min(3, b));
  return out;
}

/** How many complex products `addDigitTwiddleDF` spends for k < count. */
export function digitTwiddleProducts(count: number): number {
  return digitBits(count).length - 1;
}

/** A select tree over `values` (length 2^bits) on the bits of `digit`, lowest bit innermost. */
function selectTree(values: string[], digit: string, bit = 0): string {
  if (values.length === 1) return values[0];
  const pairs: string[] = [];
  for (let i = 0; i < values.length; i += 2) pairs.push(`select(${values[i]}, ${values[i + 1]}, (${digit} & ${1 << bit}u) != 0u)`);
  return selectTree(pairs, digit, bit + 1);
}

/**
 * Adds `<prefix>_twsel_<L>_<count>[_x<r>][_inv](k: u32) -> vec4<f32>` = exp(sign 2 pi i r k / L) in
 * df64 for k < count, and returns its name. `cmul` names the module's df64 complex product.
 */
export function addDigitTwiddleDF(defs: Definitions, prefix: string, sign: Sign, L: number, count: number, cmul: string, r = 1): string {
  const name = `${prefix}_twsel_${L}_${count}${r === 1 ? '' : `_x${r}`}${sign < 0 ? '' : '_inv'}`;
  return defs.add(name, () => {
    const lines: string[] = [];
    let shift = 0;
    digitBits(count).forEach((bits, i) => {
      const values = Array.from({ length: 1 << bits }, (_, d) => {
        const w = unitRoot((r * d * 8 ** i) % L, L);
        return dfComplexLiteral(w.re, sign * w.im);
      });
      const digit = shift === 0 ? `(k & ${(1 << bits) - 1}u)` : `((k >> ${shift}u) & ${(1 << bits) - 1}u)`;
      lines.push(`  let d${i} = ${digit};`, `  let f${i} = ${selectTree(values, `d${i}`)};`);
      shift += bits;
    });
    const factors = lines.length / 2;
    const product = Array.from({ length: factors - 1 }, (_, i) => i + 1).reduce((acc, i) => `${cmul}(${acc}, f${i})`, 'f0');
    return [
      `// exp(${sign < 0 ? '-' : '+'}2 pi i ${r === 1 ? '' : `${r} `}k / ${L}) for k < ${count}: one df64 constant per octal digit of k, chosen by selects.`,
      `fn ${name}(k: u32) -> vec4<f32> {`,
      ...lines,
      `  return ${product};`,
      `}`,
    ].join('\n');
  });
}
