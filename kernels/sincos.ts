// Accurate twiddles that depend on the invocation index: cos and sin of 2 pi m / L from integers.
// WGSL's sin/cos only promise ~2^-11 absolute error; this is within 2 ulp (tested for every m < L):
// the angle is reduced exactly in u32 to an octant and a fraction r / L of 45 degrees (reflected on
// odd octants so the fraction stays in [0, 1]), the fraction becomes one f32 (exact when L is a
// power of two, else within 1 ulp through the host-rounded constant 1/L), and Taylor polynomials of
// sin/cos(pi/4 * x) on [0, 1] (truncation below 2e-9) are evaluated by Horner in f32. The octant
// then picks signs and a swap.
import { f32Literal } from './wgsl.js';

/** Coefficients of sin(pi/4 x) = x * (S1 + S3 x^2 + ...) and cos(pi/4 x) = 1 + C2 x^2 + ... on [0, 1]. */
function taylor(): { sin: number[]; cos: number[] } {
  const q = Math.PI / 4;
  const sin: number[] = [];
  const cos: number[] = [];
  let fact = 1;
  for (let k = 1; k <= 11; k++) {
    fact *= k;
    const term = q ** k / fact;
    if (k % 2 === 1) sin.push((((k - 1) / 2) % 2 === 0 ? 1 : -1) * term);
    else cos.push(((k / 2) % 2 === 0 ? 1 : -1) * term);
  }
  return { sin, cos }; // sin: x^1..x^11 (6 terms), cos: x^2..x^10 (5 terms)
}

function horner(coeffs: readonly number[], x2: string): string {
  // c0 + x2*(c1 + x2*(c2 + ...))
  let expr = f32Literal(coeffs[coeffs.length - 1]);
  for (let i = coeffs.length - 2; i >= 0; i--) expr = `${f32Literal(coeffs[i])} + ${x2} * (${expr})`;
  return expr;
}

export function sincosName(prefix: string): string {
  return `${prefix}_sincos`;
}

/**
 * WGSL `<prefix>_sincos(m: u32, l: u32, inv_l: f32) -> vec2<f32>` = (cos, sin)(2 pi m / l) for
 * m < l <= 2^28; `inv_l` is 1/l rounded to f32 (pass a literal: calls are inlined with constants).
 */
export function sincosFunction(prefix: string): string {
  const { sin, cos } = taylor();
  return [
    `// (cos, sin)(2 pi m / l) for m < l, accurate to ~1 ulp (exact integer octant reduction).`,
    `fn ${sincosName(prefix)}(m: u32, l: u32, inv_l: f32) -> vec2<f32> {`,
    `  let q = 8u * m;`,
    `  let octant = q / l;`,
    `  let rem = q - octant * l;`,
    `  let odd = (octant & 1u) == 1u;`,
    `  // Odd octants reflect: angle = (octant + 1) * pi/4 - pi/4 * (l - rem) / l.`,
    `  let x = f32(select(rem, l - rem, odd)) * inv_l;`,
    `  let x2 = x * x;`,
    `  let s = x * (${horner(sin, 'x2')});`,
    `  let c = 1.0f + x2 * (${horner(cos, 'x2')});`,
    `  let ss = select(s, -s, odd);`,
    `  // Rotate by quarter turns: quadrant = round(octant / 2) mod 4.`,
    `  let quadrant = ((octant + 1u) >> 1u) & 3u;`,
    `  let a = select(vec2<f32>(c, ss), vec2<f32>(-ss, c), (quadrant & 1u) != 0u);`,
    `  return select(a, -a, (quadrant & 2u) != 0u);`,
    `}`,
  ].join('\n');
}

/** The f32 constant to pass as inv_l. */
export function invLiteral(l: number): string {
  return f32Literal(1 / l);
}
