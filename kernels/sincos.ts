// Accurate twiddles that depend on the invocation index: cos and sin of 2 pi m / L from integers.
// WGSL's sin/cos only promise ~2^-11 absolute error; this is within 2 ulp (tested for every m < L;
// 1.64 ulp at worst in an f32 emulation over L up to 2^24). The angle is split into whole quarter
// turns and a remainder: 4m = quadrant * L + rem, quadrant the nearest integer to 4m / L. For a
// power-of-two L the quadrant is an exact division (a shift); for other L it is estimated in f32 (an
// estimate one off near a half-way point only widens |rem| <= L / 2 by a hair). rem itself is exact
// integer arithmetic either way, so no rounding enters the reduction. The remainder becomes the
// angle y = rem * (pi/2) / L in [-pi/4, pi/4] (one f32 product with the host-rounded constant
// (pi/2) / L: within 1 ulp), minimax polynomials give sin y and cos y, and the quadrant picks a
// swap and signs.
//
// Cost matters here: on the non-power-of-two lengths whose radix-25/27 stages need many twiddles
// the twiddles took 7-19 % of the FFT's time (bench/NOTES.md, run 20). This form needs about 20
// instructions, against about 40 for the octant reduction with Taylor polynomials it replaced.
import type { Definitions } from './definitions.js';
import { f32Literal, isPow2 } from './wgsl.js';

// Minimax (Remez) polynomials on |y| <= pi/4, fitted in 40-digit arithmetic with the leading
// coefficient fixed at 1 and then rounded to f32:
//   sin y = y + y^3 * (S3 + y^2 * (S5 + y^2 * S7)), relative error 6.5e-9 (0.1 ulp);
//   cos y = 1 + y^2 * (C2 + y^2 * (C4 + y^2 * (C6 + y^2 * C8))), absolute error 8.8e-11.
const SIN = [-0.16666655242443085, 0.008332100696861744, -0.0001950396253960207];
const COS = [-0.5, 0.04166662320494652, -0.0013886683154851198, 2.4379880414926447e-5];

function horner(coeffs: readonly number[], y2: string): string {
  // c0 + y2 * (c1 + y2 * (c2 + ...))
  let expr = f32Literal(coeffs[coeffs.length - 1]);
  for (let i = coeffs.length - 2; i >= 0; i--) expr = `${f32Literal(coeffs[i])} + ${y2} * (${expr})`;
  return expr;
}

/**
 * How the quadrant (the nearest integer to 4m / l) is found: `pow2`, for power-of-two l, divides
 * exactly (after inlining the division is a shift); `estimate`, for any other l, rounds
 * f32(m) * 4 / l instead. Both measured on the H200 (bench/NOTES.md, run 20): the exact division by
 * other constants (a multiply-high and a fix-up) made 10000 9 % slower than the estimate, while the
 * estimate's two conversions made the power-of-two lengths up to 4 % slower than the shift.
 */
export type QuadrantMethod = 'pow2' | 'estimate';

export function quadrantMethod(l: number): QuadrantMethod {
  return isPow2(l) ? 'pow2' : 'estimate';
}

/** The name suffix of functions specialised to a quadrant method ('_pow2' or none). */
export function quadrantSuffix(method: QuadrantMethod): string {
  return method === 'pow2' ? '_pow2' : '';
}

export function sincosName(prefix: string, method: QuadrantMethod): string {
  return `${prefix}_sincos${quadrantSuffix(method)}`;
}

/**
 * WGSL `<name>(m: u32, l: u32, step: f32) -> vec2<f32>` = (cos, sin)(2 pi m / l) for m < l <= 2^24
 * (m and rem convert to f32 exactly); `step` is (pi/2) / l rounded to f32 (pass sincosStep(l): calls
 * are inlined with constants, so the division or step * 8 / pi folds). `pow2` is exact for any l
 * but meant for powers of two (see QuadrantMethod).
 */
export function sincosFunction(prefix: string, method: QuadrantMethod): string {
  const quadrant =
    method === 'pow2'
      ? [`  // 4m = quadrant * l + rem, quadrant the nearest integer to 4m / l (exact; a shift for l = 2^k).`, `  let quadrant = (4u * m + l / 2u) / l;`]
      : [
          `  // 4m = quadrant * l + rem, quadrant the nearest integer to 4m / l = m * step * 8 / pi (an f32`,
          `  // estimate: rem stays exact, |rem| <= l / 2 + 1).`,
          `  let quadrant = u32(f32(m) * (step * ${f32Literal(8 / Math.PI)}) + 0.5f);`,
        ];
  return [
    `// (cos, sin)(2 pi m / l) for m < l, accurate to ~1 ulp (exact integer quarter-turn reduction).`,
    `fn ${sincosName(prefix, method)}(m: u32, l: u32, step: f32) -> vec2<f32> {`,
    ...quadrant,
    `  // y = rem * (pi/2) / l, in [-pi/4, pi/4].`,
    `  let y = f32(i32(4u * m) - i32(quadrant * l)) * step;`,
    `  let y2 = y * y;`,
    `  let s = y + y * (y2 * (${horner(SIN, 'y2')}));`,
    `  let c = 1.0f + y2 * (${horner(COS, 'y2')});`,
    `  // Rotate by quadrant quarter turns (quadrant 4, from m near l, is a full turn).`,
    `  let a = select(vec2<f32>(c, s), vec2<f32>(-s, c), (quadrant & 1u) != 0u);`,
    `  return select(a, -a, (quadrant & 2u) != 0u);`,
    `}`,
  ].join('\n');
}

/** Adds the sincos for length l to a module's definitions; returns its name. */
export function addSincos(defs: Definitions, prefix: string, l: number): string {
  const method = quadrantMethod(l);
  return defs.add(sincosName(prefix, method), () => sincosFunction(prefix, method));
}

/** The f32 constant to pass as `step` for length l: (pi/2) / l. */
export function sincosStep(l: number): string {
  return f32Literal(Math.PI / 2 / l);
}

// ---------------------------------------------------------------------------------------- df64
// The emulated-f64 twiddle: (cos, sin)(2 pi m / l) as df64 vec4<f32>(cos_hi, sin_hi, cos_lo, sin_lo),
// accurate to ~2^-47. Exact integer reduction to eighths of a turn (8m = oct * l + rem, oct the
// nearest integer, an exact u32 division), y = rem * (pi/4) / l in [-pi/8, pi/8] as a df64 product
// (the integer rem is exact in f32; the step is a hi/lo pair of the f64 value), then Taylor
// polynomials in z = y^2 evaluated in df64, both at once (lane re: cos, lane im: sin / y):
//   cos y = sum_k (-z)^k / (2k)!, sin y = y sum_k (-z)^k / (2k + 1)!, k <= 6: the first omitted
// terms are below 3e-17 relative at |y| = pi/8. Then a rotation by 45 degrees for odd octants and
// by quarter turns (exact sign swaps).

/** Taylor coefficients (cos lane, sin lane) of z^k, k = 0..6, as f64. */
function taylorPairs(): [number, number][] {
  const out: [number, number][] = [];
  let f = 1; // (2k)!
  for (let k = 0; k <= 6; k++) {
    if (k > 0) f *= 2 * k * (2 * k - 1);
    const sign = k % 2 === 0 ? 1 : -1;
    out.push([sign / f, sign / (f * (2 * k + 1))]);
  }
  return out;
}

function dfPair(v: number): [string, string] {
  const hi = Math.fround(v);
  return [f32Literal(hi), f32Literal(v - hi)];
}

/**
 * Adds `<prefix>_sincos_df(m: u32, l: u32, step: vec2<f32>) -> vec4<f32>` for m < l <= 2^24 (8m fits
 * u32 up to 2^29); `step` is the df64 (pi/4) / l (sincosStepDF). `ops` name the module's df64 add and
 * scale (kernels/arith.ts).
 */
export function addSincosDF(defs: Definitions, prefix: string, _l: number, ops: { add: string; scale: string }): string {
  const name = `${prefix}_sincos_df`;
  const coeff = (k: number) => {
    const [c, s] = taylorPairs()[k];
    const [ch, cl] = dfPair(c);
    const [sh, sl] = dfPair(s);
    return `vec4<f32>(${ch}, ${sh}, ${cl}, ${sl})`;
  };
  const horner: string[] = [`  var acc = ${coeff(6)};`];
  for (let k = 5; k >= 0; k--) horner.push(`  acc = ${ops.add}(${ops.scale}(acc, z), ${coeff(k)});`);
  const [rh, rl] = dfPair(Math.SQRT1_2);
  return defs.add(name, () =>
    [
      `// (cos, sin)(2 pi m / l) in df64, m < l: exact reduction to eighths of a turn, Taylor polynomials in df64.`,
      `fn ${name}(m: u32, l: u32, step: vec2<f32>) -> vec4<f32> {`,
      `  // 8m = oct * l + rem, oct the nearest integer to 8m / l (exact integer division).`,
      `  let oct = (8u * m + l / 2u) / l;`,
      `  let rem = f32(i32(8u * m) - i32(oct * l));`,
      `  // y = rem * (pi/4) / l: the exact integer times the df64 step.`,
      `  let y = ${ops.scale}(vec4<f32>(rem, rem, 0.0f, 0.0f), step).xz;`,
      `  let z = ${ops.scale}(vec4<f32>(y.x, y.x, y.y, y.y), y).xz;`,
      ...horner,
      `  // cos = acc.re, sin = y * acc.im.`,
      `  let sy = ${ops.scale}(vec4<f32>(acc.y, acc.y, acc.w, acc.w), y);`,
      `  let r = vec4<f32>(acc.x, sy.x, acc.z, sy.z);`,
      `  // Odd octants: times (1 + i) / sqrt 2.`,
      `  let r45 = ${ops.scale}(${ops.add}(r, vec4<f32>(-r.y, r.x, -r.w, r.z)), vec2<f32>(${rh}, ${rl}));`,
      `  let r1 = select(r, r45, (oct & 1u) != 0u);`,
      `  // Quarter turns (oct 8, from m near l, is a full turn).`,
      `  let a = select(r1, vec4<f32>(-r1.y, r1.x, -r1.w, r1.z), (oct & 2u) != 0u);`,
      `  return select(a, -a, (oct & 4u) != 0u);`,
      `}`,
    ].join('\n'),
  );
}

/** The df64 `step` for length l: (pi/4) / l as vec2<f32>(hi, lo). */
export function sincosStepDF(l: number): string {
  const [h, lo] = dfPair(Math.PI / 4 / l);
  return `vec2<f32>(${h}, ${lo})`;
}
