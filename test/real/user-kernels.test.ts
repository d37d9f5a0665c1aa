// Hand-written user kernels, one per complex layout (and one folded), that rely only on what
// docs/real-fft.md documents: the traits (stride, inputEPT/outputEPT, inputLength/outputLength,
// storageSize, blockDim), the function names, and the layouts (real j = component j & 1 of register
// j >> 1; invocation t holds element t + i * stride; packed element 0 = (X_0.re, X_(N/2).re)).
// Each is checked against an f64 reference on random data, with NaN-poisoned outputs.
import { describe, expect, it } from 'vitest';
import { resolvePlan } from '../../descriptors/plan.js';
import { generateRealModule } from '../../kernels/real/module.js';
import { runDispatch, testDevice } from '../support/gpu.js';
import { makeSeed, randomFloats } from '../support/random.js';
import { referenceDFT, relativeL2 } from '../support/reference.js';

function realDFT(x: ArrayLike<number>, n: number): Float64Array {
  const c = new Float64Array(2 * n);
  for (let j = 0; j < n; j++) c[2 * j] = x[j];
  return referenceDFT(c, n, -1);
}

describe('user kernels written against the documented layouts', () => {
  it('natural: power spectrum |X_k|^2, k <= N/2 (Block R2C, register API)', async () => {
    const { device } = await testDevice();
    const seed = makeSeed();
    const plan = resolvePlan({ size: 256, type: 'r2c', execution: 'block', fftsPerBlock: 2 });
    const fft = generateRealModule(plan, { prefix: 'spectrum' });
    const batch = 4;
    const x = randomFloats(batch * 256, seed);
    const code = `
@group(0) @binding(0) var<storage, read> signal: array<f32>;
@group(0) @binding(1) var<storage, read_write> power: array<f32>;
${fft.code}
@compute @workgroup_size(${plan.blockDim.join(', ')})
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
  let signal_id = wid.x * ${plan.fftsPerBlock}u + lid.y;
  var data: array<vec2<f32>, ${plan.storageSize}>;
  // Reals: element t + i * stride is real slot i = component i & 1 of register i >> 1.
  for (var i = 0u; i < ${plan.inputEPT}u; i++) {
    data[i >> 1u][i & 1u] = signal[signal_id * 256u + lid.x + i * ${plan.stride}u];
  }
  ${fft.execute}(&data, lid.x, lid.y);
  // Natural output: register i holds X_k, k = t + i * stride, valid while k < ${plan.outputLength}.
  for (var i = 0u; i < ${plan.outputEPT}u; i++) {
    let k = lid.x + i * ${plan.stride}u;
    if (k < ${plan.outputLength}u) { power[signal_id * ${plan.outputLength}u + k] = dot(data[i], data[i]); }
  }
}`;
    const [, out] = await runDispatch(device, {
      code,
      workgroups: [batch / plan.fftsPerBlock],
      bindings: [{ data: x, kind: 'read-only-storage' }, { size: batch * 129 * 4, read: true }],
    });
    for (let b = 0; b < batch; b++) {
      const X = realDFT(x.subarray(256 * b, 256 * (b + 1)), 256);
      const want = Array.from({ length: 129 }, (_, k) => X[2 * k] ** 2 + X[2 * k + 1] ** 2);
      expect(relativeL2(out!.subarray(129 * b, 129 * (b + 1)), want), `seed ${seed}`).toBeLessThan(5e-7);
    }
  });

  it('packed: circular convolution R2C -> multiply -> C2R in one kernel, sharing workgroup memory', async () => {
    const { device } = await testDevice();
    const seed = makeSeed();
    const n = 64;
    const options = { layout: 'packed', execution: 'block', elementsPerThread: 8 } as const;
    const fwd = resolvePlan({ size: n, type: 'r2c', ...options });
    const inv = resolvePlan({ size: n, type: 'c2r', ...options });
    const f = generateRealModule(fwd, { prefix: 'conv_fwd' });
    const g = generateRealModule(inv, { prefix: 'conv_inv', sharedMemory: f.sharedMemory });
    const x = randomFloats(n, seed);
    const h = randomFloats(n, seed + 1);
    // The filter's spectrum, in the packed layout (element 0 = (H_0.re, H_(N/2).re)).
    const H = realDFT(h, n);
    const response = new Float32Array(n);
    for (let k = 0; k < n / 2; k++) {
      response[2 * k] = H[2 * k];
      response[2 * k + 1] = H[2 * k + 1];
    }
    response[1] = H[n];
    const code = `
@group(0) @binding(0) var<storage, read> signal: array<f32>;
@group(0) @binding(1) var<storage, read> response: array<vec2<f32>>;
@group(0) @binding(2) var<storage, read_write> result: array<f32>;
${f.code}
${g.code}
@compute @workgroup_size(${fwd.blockDim.join(', ')})
fn main(@builtin(local_invocation_id) lid: vec3<u32>) {
  let t = lid.x;
  var data: array<vec2<f32>, ${fwd.storageSize}>;
  for (var i = 0u; i < ${fwd.inputEPT}u; i++) { data[i >> 1u][i & 1u] = signal[t + i * ${fwd.stride}u]; }
  ${f.execute}(&data, t, 0u);
  for (var i = 0u; i < ${fwd.outputEPT}u; i++) {
    let k = t + i * ${fwd.stride}u;
    if (k < ${fwd.outputLength}u) {
      let w = response[k];
      let z = data[i];
      if (k == 0u) {
        data[i] = z * w; // (X_0 H_0, X_(N/2) H_(N/2)): both real
      } else {
        data[i] = vec2<f32>(z.x * w.x - z.y * w.y, z.x * w.y + z.y * w.x);
      }
    }
  }
  // Back-to-back register-API calls on one buffer need no barrier (each synchronises before its first use).
  ${g.execute}(&data, t, 0u);
  for (var i = 0u; i < ${inv.outputEPT}u; i++) { result[t + i * ${inv.stride}u] = data[i >> 1u][i & 1u] / ${n}.0; }
}`;
    const [, , out] = await runDispatch(device, {
      code,
      workgroups: [1],
      bindings: [{ data: x, kind: 'read-only-storage' }, { data: response, kind: 'read-only-storage' }, { size: n * 4, read: true }],
    });
    const want = Array.from({ length: n }, (_, j) => {
      let s = 0;
      for (let m = 0; m < n; m++) s += x[m] * h[(j - m + n) % n];
      return s;
    });
    expect(relativeL2(out!, want), `seed ${seed}`).toBeLessThan(1e-6);
  });

  it('full: the whole Hermitian spectrum, one FFT per invocation (Thread R2C)', async () => {
    const { device } = await testDevice();
    const seed = makeSeed();
    const n = 30;
    const plan = resolvePlan({ size: n, type: 'r2c', layout: 'full', execution: 'thread' });
    const fft = generateRealModule(plan, { prefix: 'full' });
    const batch = 5;
    const x = randomFloats(batch * n, seed);
    const code = `
@group(0) @binding(0) var<storage, read> signal: array<f32>;
@group(0) @binding(1) var<storage, read_write> spectrum: array<vec2<f32>>;
${fft.code}
@compute @workgroup_size(8)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let s = gid.x;
  if (s >= ${batch}u) { return; }
  var data: array<vec2<f32>, ${plan.storageSize}>;
  for (var j = 0u; j < ${n}u; j++) { data[j >> 1u][j & 1u] = signal[s * ${n}u + j]; }
  ${fft.execute}(&data);
  for (var k = 0u; k < ${plan.outputLength}u; k++) { spectrum[s * ${n}u + k] = data[k]; }
}`;
    const [, out] = await runDispatch(device, {
      code,
      workgroups: [1],
      bindings: [{ data: x, kind: 'read-only-storage' }, { size: batch * n * 8, read: true }],
    });
    for (let b = 0; b < batch; b++) {
      const want = realDFT(x.subarray(n * b, n * (b + 1)), n);
      expect(relativeL2(out!.subarray(2 * n * b, 2 * n * (b + 1)), want), `seed ${seed}`).toBeLessThan(1e-6);
    }
  });

  it('folded: reals loaded as vec2 pairs, output natural (Block R2C, workgroup-memory API)', async () => {
    const { device } = await testDevice();
    const seed = makeSeed();
    const n = 512;
    const plan = resolvePlan({ size: n, type: 'r2c', mode: 'folded', execution: 'block', fftsPerBlock: 2, exchange: 'complex' });
    const fft = generateRealModule(plan, { prefix: 'folded' });
    expect(fft.executeShared).toBeDefined();
    const x = randomFloats(2 * n, seed);
    const sm = fft.sharedMemory;
    const threads = plan.blockDim[0] * plan.blockDim[1];
    const code = `
@group(0) @binding(0) var<storage, read> pairs: array<vec2<f32>>; // the reals, read as (x[2k], x[2k+1])
@group(0) @binding(1) var<storage, read_write> spectrum: array<vec2<f32>>;
${fft.code}
@compute @workgroup_size(${plan.blockDim.join(', ')})
fn main(@builtin(local_invocation_index) flat: u32, @builtin(local_invocation_id) lid: vec3<u32>) {
  // Slot f's ${plan.inputLength} pairs at ${sm}[f * ${plan.inputLength}].
  for (var k = flat; k < ${2 * plan.inputLength}u; k += ${threads}u) { ${sm}[k] = pairs[k]; }
  workgroupBarrier();
  ${fft.executeShared}(lid.x, lid.y);
  workgroupBarrier();
  // Slot f's ${plan.outputLength} spectrum elements at ${sm}[f * ${plan.outputLength}].
  for (var k = flat; k < ${2 * plan.outputLength}u; k += ${threads}u) { spectrum[k] = ${sm}[k]; }
}`;
    const [, out] = await runDispatch(device, {
      code,
      workgroups: [1],
      bindings: [{ data: x, kind: 'read-only-storage' }, { size: 2 * (n / 2 + 1) * 8, read: true }],
    });
    for (let b = 0; b < 2; b++) {
      const want = realDFT(x.subarray(n * b, n * (b + 1)), n).subarray(0, n + 2);
      const got = out!.subarray((n + 2) * b, (n + 2) * (b + 1));
      expect(relativeL2(got, want), `seed ${seed}`).toBeLessThan(3e-7);
    }
  });
});
