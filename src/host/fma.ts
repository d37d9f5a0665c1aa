// Whether a device's WGSL `fma(a, b, c)` rounds once. WGSL allows either a fused or an unfused
// fma; the df64 (Precision('f64')) products are faster with a fused one (WGSLOptions.exactFma) and
// wrong without it, so the host helpers ask the device once and remember the answer.
import { keep } from '../../kernels/arith.js';
import { runOnce } from './run-once.js';
import { compileShader } from './shader.js';

const answers = new WeakMap<GPUDevice, Promise<boolean>>();

/** Pairs (a, b) of f32 values whose product needs more than 24 bits, and the exact error of fl(a b). */
function probes(): { input: Float32Array<ArrayBuffer>; expected: Float32Array<ArrayBuffer> } {
  const count = 64;
  const input = new Float32Array(2 * count);
  const expected = new Float32Array(count);
  let s = 0x9e3779b9;
  const next = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
  for (let i = 0; i < count; i++) {
    // 1 + 2^-12 squared (a rounding tie) first, then random values in [0.5, 2) of either sign.
    const a = i === 0 ? 1 + 2 ** -12 : Math.fround((0.5 + 1.5 * next()) * (next() < 0.5 ? -1 : 1));
    const b = i === 0 ? 1 + 2 ** -12 : Math.fround(0.5 + 1.5 * next());
    input[2 * i] = a;
    input[2 * i + 1] = b;
    // a b is exact in f64 (48 significant bits); its error against the f32 rounding is exact in f32.
    expected[i] = a * b - Math.fround(a * b);
  }
  return { input, expected };
}

async function measure(device: GPUDevice): Promise<boolean> {
  const { input, expected } = probes();
  const code = [
    `@group(0) @binding(0) var<storage, read> v: array<vec2<f32>>;`,
    `@group(0) @binding(1) var<storage, read_write> o: array<f32>;`,
    `@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) id: vec3<u32>) {`,
    `  let x = v[id.x];`,
    // As the df64 helpers write it: the product kept from folding into the fma (kernels/arith.ts keep).
    `  let p = ${keep('vec2<f32>(x.x * x.y, 0.0f)')}.x;`,
    `  o[id.x] = fma(x.x, x.y, -p);`,
    `}`,
  ].join('\n');
  const module = await compileShader(device, code, 'webfftdx fma probe');
  const pipeline = await device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' }, label: 'webfftdx fma probe' });
  const got = await runOnce(device, {
    data: input,
    inputBytes: input.byteLength,
    outputBytes: expected.byteLength,
    encode: (pass, src, dst) => {
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: src } }, { binding: 1, resource: { buffer: dst } }] }));
      pass.dispatchWorkgroups(1);
    },
  });
  return got.every((e, i) => e === expected[i]);
}

/**
 * True when `device` computes WGSL's `fma(a, b, c)` with one rounding (checked on 64 products whose
 * exact error is known), so that df64 kernels may be generated with `wgsl({ exactFma: true })`.
 * Measured once per device; NVIDIA's Vulkan driver does, Mesa's lavapipe does not.
 */
export function hasExactFma(device: GPUDevice): Promise<boolean> {
  let answer = answers.get(device);
  if (!answer) {
    answer = measure(device);
    answer.catch(() => answers.delete(device));
    answers.set(device, answer);
  }
  return answer;
}
