// f16 rounding and WGSL f16 literals (Node's Math.f16round is not available on every supported runtime).

/** v rounded to the nearest IEEE binary16 value (ties to even), directly from f64: one rounding. */
export function f16Round(v: number): number {
  if (!Number.isFinite(v) || v === 0) return v;
  const a = Math.abs(v);
  // Largest finite f16 is 65504; from 65520 on, rounding goes to infinity.
  if (a >= 65520) return Math.sign(v) * Infinity;
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  if (2 ** (e + 1) <= a) e++;
  // Subnormals share the exponent of the smallest normal (2^-14); 10 fraction bits.
  const ulp = 2 ** (Math.max(e, -14) - 10);
  const q = a / ulp; // exact: a scaling by a power of two
  let r = Math.floor(q);
  const frac = q - r;
  if (frac > 0.5 || (frac === 0.5 && r % 2 === 1)) r++;
  return Math.sign(v) * r * ulp;
}

/** WGSL f16 literal for v rounded to the nearest f16, printed so that it parses back exactly. */
export function f16Literal(v: number): string {
  const f = f16Round(v);
  if (!Number.isFinite(f)) throw new Error(`webfftdx: cannot print ${v} as a WGSL f16 literal`);
  if (f === 0) return '0.0h';
  for (let digits = 1; digits <= 6; digits++) {
    const text = f.toPrecision(digits);
    if (f16Round(Number(text)) === f) return `${/[.e]/.test(text) ? text.replace('e+', 'e') : `${text}.0`}h`;
  }
  return `${f.toPrecision(8)}h`;
}

/** f16Literal in parentheses when negative, for use as an operand. */
export function f16Operand(v: number): string {
  const lit = f16Literal(v);
  return lit.startsWith('-') ? `(${lit})` : lit;
}
