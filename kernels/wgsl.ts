// Small helpers for writing WGSL text: exact f32 literals, complex constants, indentation.
// Every numeric constant in generated code goes through f32Literal, so the host decides the value
// (computed in f64) and the shader compiler only parses it: no WGSL sin/cos anywhere.

/** WGSL f32 literal for v, rounded to the nearest f32 and printed so that it parses back exactly. */
export function f32Literal(v: number): string {
  const f = Math.fround(v);
  if (!Number.isFinite(f)) throw new Error(`webfftdx: cannot print ${v} as a WGSL f32 literal`);
  if (Object.is(f, -0) || f === 0) return '0.0f';
  // The shortest decimal that rounds to the same f32 (at most 9 significant digits).
  for (let digits = 1; digits <= 9; digits++) {
    const text = f.toPrecision(digits);
    if (Math.fround(Number(text)) === f) return `${normalise(text)}f`;
  }
  return `${normalise(f.toPrecision(9))}f`;
}

/** Makes toPrecision output a WGSL float literal: always a '.' or an exponent. */
function normalise(text: string): string {
  if (/[.e]/.test(text)) return text.replace('e+', 'e');
  return `${text}.0`;
}

/** f32Literal in parentheses when negative, for use as an operand. */
export function f32Operand(v: number): string {
  const lit = f32Literal(v);
  return lit.startsWith('-') ? `(${lit})` : lit;
}

/** u32 literal. */
export function u32Literal(v: number): string {
  if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) throw new Error(`webfftdx: ${v} is not a u32`);
  return `${v}u`;
}

export function vecType(scalar: string): string {
  return `vec2<${scalar}>`;
}

export function arrayType(element: string, count: number): string {
  return `array<${element}, ${count}>`;
}

/** Indents every non-empty line of text by `level` steps of two spaces. */
export function indent(text: string, level = 1): string {
  const pad = '  '.repeat(level);
  return text
    .split('\n')
    .map((line) => (line.length ? pad + line : line))
    .join('\n');
}

export function isPow2(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && (n & (n - 1)) === 0;
}

export function log2Exact(n: number): number {
  if (!isPow2(n)) throw new Error(`webfftdx: ${n} is not a power of two`);
  return 31 - Math.clz32(n);
}

export function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** `x / d` for u32 x and constant d, as a shift when d is a power of two. */
export function divConst(x: string, d: number): string {
  if (d === 1) return x;
  return isPow2(d) ? `(${x} >> ${log2Exact(d)}u)` : `(${x} / ${d}u)`;
}

/** `x % d` for u32 x and constant d, as a mask when d is a power of two. */
export function modConst(x: string, d: number): string {
  if (d === 1) return '0u';
  return isPow2(d) ? `(${x} & ${d - 1}u)` : `(${x} % ${d}u)`;
}

/** `x * c` for u32 x and constant c, simplified for 0 and 1. */
export function mulConst(x: string, c: number): string {
  if (c === 0) return '0u';
  if (c === 1) return x;
  return `${x} * ${c}u`;
}

/** `a + c` for a u32 expression and constant c, simplified for 0. */
export function addConst(a: string, c: number): string {
  return c === 0 ? a : `${a} + ${c}u`;
}
