// The df64 (emulated f64) arithmetic relies on error-free transformations: two-sum (the rounding
// error of a + b recovered by (a - (s - v)) + (b - v)) and two-product (fma(a, b, -p)). A compiler
// that reassociated the sums (fast-math) or fused the wrong operations would silently turn them into
// zeros and leave f32 accuracy. This kernel runs the module's own helpers (kernels/arith.ts) on values
// whose exact low parts are known and checks them bit for bit.
import { describe, expect, it } from 'vitest';
import { arithFor } from '../../kernels/arith.js';
import { Definitions } from '../../kernels/definitions.js';
import { runDispatch, testDevice } from '../support/gpu.js';

describe('df64 error-free transformations survive the shader compiler', () => {
  it('two-sum, two-product and the complex product keep their exact low parts', async () => {
    const { device } = await testDevice();
    const defs = new Definitions();
    const ar = arithFor('f64', defs, 't');
    const cmul = ar.addCmul(defs, 't');
    // Operands come from the buffer, so nothing folds at compile time.
    const exprs = [
      ar.add('v[0]', 'v[1]'), // (1, 1) + (2^-30, 3 * 2^-30): hi 1, lo 2^-30 | 1, 3 * 2^-30
      ar.sub('v[0]', 'v[2]'), // (1, 1) - (2^-30, -2^-31)
      ar.scale('v[3]', 1 + 2 ** -23), // (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46
      `${cmul}(v[3], v[4])`, // see below
    ];
    const code = [
      `@group(0) @binding(0) var<storage, read> v: array<vec4<f32>>;`,
      `@group(0) @binding(1) var<storage, read_write> o: array<vec4<f32>>;`,
      defs.toString(),
      `@compute @workgroup_size(1) fn main() {`,
      ...exprs.map((e, i) => `  o[${i}] = ${e};`),
      `}`,
    ].join('\n');
    // Referenced after generation: the helpers are added as the expressions are built.
    const u = 1 + 2 ** -23;
    const input = new Float32Array([
      1, 1, 0, 0, // v0 = (1, 1)
      2 ** -30, 3 * 2 ** -30, 0, 0, // v1
      2 ** -30, -(2 ** -31), 0, 0, // v2
      u, 0, 0, 0, // v3 = 1 + 2^-23 (real)
      u, u, 0, 0, // v4 = (1 + 2^-23)(1 + i)
    ]);
    const [, out] = await runDispatch(device, { code, workgroups: [1], bindings: [{ data: input }, { size: 64, read: true }] });
    const got = Array.from(out!);
    const hiLo = (i: number) => got.slice(4 * i, 4 * i + 4);
    // a + b: the f32 sum rounds to 1; the two-sum keeps 2^-30 (and 3 * 2^-30) in the low part.
    expect(hiLo(0)).toEqual([1, 1, 2 ** -30, 3 * 2 ** -30]);
    expect(hiLo(1)).toEqual([1, 1, -(2 ** -30), 2 ** -31]);
    // Two-product with fma: the 2^-46 below the f32 product survives.
    expect(hiLo(2)).toEqual([1 + 2 ** -22, 0, 2 ** -46, 0]);
    // (u + 0i)(u + ui) = u^2 (1 + i): both components 1 + 2^-22 + 2^-46.
    expect(hiLo(3)).toEqual([1 + 2 ** -22, 1 + 2 ** -22, 2 ** -46, 2 ** -46]);
  });
});
