// The df64 helpers (kernels/arith.ts) on operands whose exact results are known, on the device at
// hand: shared by test/kernels/df64-eft.test.ts (lavapipe) and bench/f64-check.ts (the GPU machine,
// which has no vitest). A compiler that reassociated the two-sums or contracted the products the
// wrong way would lose the low parts and leave f32 accuracy.
import { arithFor } from '../kernels/arith.js';
import { Definitions } from '../kernels/definitions.js';
import { runOnce } from '../src/host/run-once.js';

const u = 1 + 2 ** -23;

/** Each helper's expected (hi.xy, lo.zw), in the order the probe kernel writes them. */
export const DF64_EFT_EXPECTED: readonly { readonly what: string; readonly value: readonly number[] }[] = [
  // a + b: the f32 sum rounds to 1; the two-sum keeps 2^-30 (and 3 * 2^-30) in the low part.
  { what: 'add (1, 1) + (2^-30, 3 * 2^-30)', value: [1, 1, 2 ** -30, 3 * 2 ** -30] },
  { what: 'sub (1, 1) - (2^-30, -2^-31)', value: [1, 1, -(2 ** -30), 2 ** -31] },
  // The smaller operand first: s - (s - a) is no longer a (a compiler rewriting it to a loses the low part).
  { what: 'add (2^-30, 3 * 2^-30) + (1, 1)', value: [1, 1, 2 ** -30, 3 * 2 ** -30] },
  // Two-product: (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46, the 2^-46 below the f32 product.
  { what: 'scale (1 + 2^-23)^2', value: [1 + 2 ** -22, 0, 2 ** -46, 0] },
  // (u + 0i)(u + ui) = u^2 (1 + i).
  { what: 'cmul (u + 0i)(u + ui)', value: [1 + 2 ** -22, 1 + 2 ** -22, 2 ** -46, 2 ** -46] },
];

/** The probe kernel (operands read from a buffer, so nothing folds at compile time) and its input. */
export function df64EftProbe(exactFma: boolean): { code: string; input: Float32Array<ArrayBuffer>; outputBytes: number } {
  const defs = new Definitions();
  const ar = arithFor('f64', defs, 't', { exactFma });
  const cmul = ar.addCmul(defs, 't');
  const exprs = [ar.add('v[0]', 'v[1]'), ar.sub('v[0]', 'v[2]'), ar.add('v[1]', 'v[0]'), ar.scale('v[3]', u), `${cmul}(v[3], v[4])`];
  const code = [
    `@group(0) @binding(0) var<storage, read> v: array<vec4<f32>>;`,
    `@group(0) @binding(1) var<storage, read_write> o: array<vec4<f32>>;`,
    defs.toString(), // after the expressions: the helpers are added as they are built
    `@compute @workgroup_size(1) fn main() {`,
    ...exprs.map((e, i) => `  o[${i}] = ${e};`),
    `}`,
  ].join('\n');
  // prettier-ignore
  const input = new Float32Array([
    1, 1, 0, 0, // v0 = (1, 1)
    2 ** -30, 3 * 2 ** -30, 0, 0, // v1
    2 ** -30, -(2 ** -31), 0, 0, // v2
    u, 0, 0, 0, // v3 = 1 + 2^-23 (real)
    u, u, 0, 0, // v4 = (1 + 2^-23)(1 + i)
  ]);
  return { code, input, outputBytes: DF64_EFT_EXPECTED.length * 16 };
}

/** Runs the probe on `device`: each helper's result rows (4 floats), in DF64_EFT_EXPECTED's order. */
export async function runDf64EftProbe(device: GPUDevice, exactFma: boolean): Promise<number[][]> {
  const { code, input, outputBytes } = df64EftProbe(exactFma);
  const pipeline = await device.createComputePipelineAsync({ layout: 'auto', compute: { module: device.createShaderModule({ code }), entryPoint: 'main' } });
  const out = await runOnce(device, {
    data: input,
    inputBytes: input.byteLength,
    outputBytes,
    encode: (pass, src, dst) => {
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: src } }, { binding: 1, resource: { buffer: dst } }] }));
      pass.dispatchWorkgroups(1);
    },
  });
  const got = Array.from(out);
  return DF64_EFT_EXPECTED.map((_, i) => got.slice(4 * i, 4 * i + 4));
}
