// Hand-written user kernels, written only from the documented contract (docs/engine.md), in the
// spirit of cuFFTDx's simple_fft_thread / simple_fft_block / simple_fft_block_shared and its
// convolution example: the generated functions are called from the user's own entry points.
import { describe, expect, it } from 'vitest';
import { resolvePlan } from '../../descriptors/plan.js';
import { generateModule } from '../../kernels/module.js';
import { runDispatch, testDevice } from '../support/gpu.js';
import { makeSeed, randomFloats } from '../support/random.js';
import { referenceDFT, relativeL2 } from '../support/reference.js';

function referenceBatch(input: Float32Array, n: number, batch: number, sign: -1 | 1): Float64Array {
  const out = new Float64Array(2 * n * batch);
  for (let b = 0; b < batch; b++) out.set(referenceDFT(input.subarray(2 * n * b, 2 * n * (b + 1)), n, sign), 2 * n * b);
  return out;
}

describe('user kernels', () => {
  it('Thread: one FFT per invocation (Size 16, forward)', async () => {
    const { device } = await testDevice();
    const FFT = generateModule(resolvePlan({ size: 16, direction: 'forward', execution: 'thread' }));
    const code = /* wgsl */ `
@group(0) @binding(0) var<storage, read_write> buf: array<vec2<f32>>;
${FFT.code}
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  if (gid.x >= 100u) { return; }
  var x: array<vec2<f32>, 16>;
  for (var i = 0u; i < 16u; i++) { x[i] = buf[gid.x * 16u + i]; }   // register i = element i
  ${FFT.execute}(&x);
  for (var i = 0u; i < 16u; i++) { buf[gid.x * 16u + i] = x[i]; }
}`;
    const input = randomFloats(2 * 16 * 100, makeSeed());
    const [out] = await runDispatch(device, { code, workgroups: [2], bindings: [{ data: input.slice(), read: true }] });
    expect(relativeL2(out!, referenceBatch(input, 16, 100, -1))).toBeLessThan(3e-7);
  });

  it('Block, registers: Size(128), EPT 8, 2 FFTs per workgroup (inverse)', async () => {
    const { device } = await testDevice();
    const plan = resolvePlan({ size: 128, direction: 'inverse', execution: 'block', elementsPerThread: 8, fftsPerBlock: 2 });
    const FFT = generateModule(plan);
    expect(plan.stride).toBe(16);
    const code = /* wgsl */ `
@group(0) @binding(0) var<storage, read> src: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec2<f32>>;
${FFT.code}
@compute @workgroup_size(16, 2, 1)
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
  let offset = (wid.x * 2u + lid.y) * 128u;
  var x: array<vec2<f32>, 8>;
  for (var i = 0u; i < 8u; i++) { x[i] = src[offset + lid.x + i * 16u]; }   // element t + i * stride
  ${FFT.execute}(&x, lid.x, lid.y);
  for (var i = 0u; i < 8u; i++) { dst[offset + lid.x + i * 16u] = x[i]; }
}`;
    const input = randomFloats(2 * 128 * 6, makeSeed());
    const [, out] = await runDispatch(device, {
      code,
      workgroups: [3],
      bindings: [{ data: input, kind: 'read-only-storage' }, { size: input.byteLength, read: true }],
    });
    expect(relativeL2(out!, referenceBatch(input, 128, 6, 1))).toBeLessThan(3e-7);
  });

  it('Block, workgroup memory: Size(100), 2 FFTs per workgroup, coalesced loads by the whole workgroup', async () => {
    const { device } = await testDevice();
    const plan = resolvePlan({ size: 100, direction: 'forward', execution: 'block', elementsPerThread: 10, fftsPerBlock: 2 });
    const FFT = generateModule(plan);
    expect(FFT.executeShared).toBeDefined();
    const [bx, by] = plan.blockDim;
    const code = /* wgsl */ `
@group(0) @binding(0) var<storage, read> src: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec2<f32>>;
${FFT.code}
@compute @workgroup_size(${bx}, ${by}, 1)
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
  let flat = lid.y * ${bx}u + lid.x;
  for (var k = flat; k < 200u; k += ${bx * by}u) { ${FFT.sharedData}[k] = src[wid.x * 200u + k]; }  // FFT b at b * 100
  workgroupBarrier();
  ${FFT.executeShared}(lid.x, lid.y);
  workgroupBarrier();
  for (var k = flat; k < 200u; k += ${bx * by}u) { dst[wid.x * 200u + k] = ${FFT.sharedData}[k]; }
}`;
    const input = randomFloats(2 * 100 * 4, makeSeed());
    const [, out] = await runDispatch(device, {
      code,
      workgroups: [2],
      bindings: [{ data: input, kind: 'read-only-storage' }, { size: input.byteLength, read: true }],
    });
    expect(relativeL2(out!, referenceBatch(input, 100, 4, -1))).toBeLessThan(1e-6);
  });

  it('Block convolution: FFT, pointwise scale, IFFT back to back on one user-declared workgroup buffer', async () => {
    const { device } = await testDevice();
    const fwd = resolvePlan({ size: 512, direction: 'forward', execution: 'block' });
    const inv = resolvePlan({ size: 512, direction: 'inverse', execution: 'block' });
    const FFT = generateModule(fwd, { sharedMemory: 'scratch' });
    const IFFT = generateModule(inv, { sharedMemory: 'scratch' });
    expect(FFT.sharedMemoryDeclaration).toBe(IFFT.sharedMemoryDeclaration.replace(IFFT.sharedMemory, FFT.sharedMemory));
    const s = fwd.stride;
    const e = fwd.elementsPerThread;
    // The register API synchronises before its first use of workgroup memory, so FFT then IFFT on
    // one buffer needs no barrier from the user (cuFFTDx's convolution example relies on the same).
    const code = /* wgsl */ `
@group(0) @binding(0) var<storage, read_write> buf: array<vec2<f32>>;
${FFT.sharedMemoryDeclaration}
${FFT.code}
${IFFT.code}
@compute @workgroup_size(${s}, 1, 1)
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
  var x: array<vec2<f32>, ${e}>;
  for (var i = 0u; i < ${e}u; i++) { x[i] = buf[wid.x * 512u + lid.x + i * ${s}u]; }
  ${FFT.execute}(&x, lid.x, 0u);
  for (var i = 0u; i < ${e}u; i++) { x[i] = x[i] * (1.0 / 512.0); }
  ${IFFT.execute}(&x, lid.x, 0u);
  for (var i = 0u; i < ${e}u; i++) { buf[wid.x * 512u + lid.x + i * ${s}u] = x[i]; }
}`;
    const input = randomFloats(2 * 512 * 3, makeSeed());
    const [out] = await runDispatch(device, { code, workgroups: [3], bindings: [{ data: input.slice(), read: true }] });
    expect(relativeL2(out!, input)).toBeLessThan(6e-7);
  });

  it('Block convolution through execute_shared: tuned defaults (parted exchange), one user-declared data buffer', async () => {
    const { device } = await testDevice();
    const fwd = resolvePlan({ size: 1024, direction: 'forward', execution: 'block' });
    const inv = resolvePlan({ size: 1024, direction: 'inverse', execution: 'block' });
    expect(fwd.exchangeParts).toBeGreaterThan(1); // the register API's buffer cannot hold the data
    const FFT = generateModule(fwd, { sharedData: 'conv' });
    const IFFT = generateModule(inv, { sharedData: 'conv' });
    expect(FFT.executeShared).toBeDefined();
    const [bx] = fwd.blockDim;
    const code = /* wgsl */ `
@group(0) @binding(0) var<storage, read_write> buf: array<vec2<f32>>;
${FFT.sharedDataDeclaration}
${FFT.code}
${IFFT.code}
@compute @workgroup_size(${bx}, 1, 1)
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
  for (var k = lid.x; k < 1024u; k += ${bx}u) { conv[k] = buf[wid.x * 1024u + k]; }
  workgroupBarrier();
  ${FFT.executeShared}(lid.x, 0u);
  workgroupBarrier();
  for (var k = lid.x; k < 1024u; k += ${bx}u) { conv[k] = conv[k] * (1.0 / 1024.0); }
  workgroupBarrier();
  ${IFFT.executeShared}(lid.x, 0u);
  workgroupBarrier();
  for (var k = lid.x; k < 1024u; k += ${bx}u) { buf[wid.x * 1024u + k] = conv[k]; }
}`;
    const input = randomFloats(2 * 1024 * 2, makeSeed());
    const [out] = await runDispatch(device, { code, workgroups: [2], bindings: [{ data: input.slice(), read: true }] });
    expect(relativeL2(out!, input)).toBeLessThan(6e-7);
  });
});
