// createBatchedFFT / makeWorkspace: the ready-made batched kernel against the f64 reference, with
// batches that do not fill the last workgroup, staged and unstaged I/O, in place and out of place,
// inlined load/store callbacks, Bluestein workspaces, and the errors that must come before the GPU.
import { describe, expect, it } from 'vitest';
import { Block, createBatchedFFT, Direction, ElementsPerThread, fft, FFTsPerBlock, Limits, Size, Thread } from '../src/index.js';
import { resolvePlan, type DescriptorState } from '../descriptors/plan.js';
import { generateModule } from '../kernels/module.js';
import { dispatchShape } from '../src/host/device.js';
import { makeWorkspace, type CodeGenerating } from '../src/host/workspace.js';
import { f32Bound, referenceDFT, relativeL2 } from '../src/reference.js';
import { testDevice, withErrorScopes } from './support/gpu.js';
import { makeSeed, randomFloats } from './support/random.js';

/** A Block C2C f32 plan with the batched kernel's rounds per workgroup forced (the table sets them for 16384 only). */
function withRounds(state: DescriptorState, batchRounds: number): CodeGenerating {
  const plan = resolvePlan({ type: 'c2c', execution: 'block', ...state, batchRounds });
  return { wgsl: (options) => generateModule(plan, options) };
}

function referenceBatch(x: Float32Array, n: number, batch: number, sign: -1 | 1): Float64Array {
  const out = new Float64Array(2 * n * batch);
  for (let b = 0; b < batch; b++) out.set(referenceDFT(x.subarray(2 * n * b, 2 * n * (b + 1)), n, sign), 2 * n * b);
  return out;
}

const seed = makeSeed();

describe(`createBatchedFFT (seed ${seed})`, () => {
  const cases = [
    { name: 'Thread 8 (staged, one FFT per invocation)', desc: fft(Size(8), Direction('forward'), Thread()), n: 8, batch: 301, sign: -1 as const },
    { name: 'Thread 64 inverse', desc: fft(Size(64), Direction('inverse'), Thread()), n: 64, batch: 70, sign: 1 as const },
    { name: 'Block 2 (128 FFTs per workgroup, staged; the batch ends in the last one)', desc: fft(Size(2), Direction('inverse'), Block()), n: 2, batch: 333, sign: 1 as const },
    // Small C2C lengths' defaults (descriptors/tuning.ts heuristicEPT): E = the largest prime with gathered stages,
    // and primes / lengths beyond the one-invocation limit by Rader or a 128-point Bluestein engine.
    { name: 'Block 30 (E5, gathered stages)', desc: fft(Size(30), Direction('forward'), Block()), n: 30, batch: 50, sign: -1 as const },
    { name: 'Block 41 (Rader by default, 16 FFTs per workgroup)', desc: fft(Size(41), Direction('inverse'), Block()), n: 41, batch: 37, sign: 1 as const },
    { name: 'Block 46 (Bluestein over 128 by default)', desc: fft(Size(46), Direction('forward'), Block()), n: 46, batch: 21, sign: -1 as const },
    { name: 'Block 16 (stride 1, suggested FFTs per block)', desc: fft(Size(16), Direction('forward'), Block()), n: 16, batch: 333, sign: -1 as const },
    { name: 'Block 256', desc: fft(Size(256), Direction('forward'), Block()), n: 256, batch: 37, sign: -1 as const },
    {
      name: 'Block 128, EPT 8, FPB 2 (odd batch)',
      desc: fft(Size(128), Direction('inverse'), Block(), ElementsPerThread(8), FFTsPerBlock(2)),
      n: 128,
      batch: 9,
      sign: 1 as const,
    },
    { name: 'Block 107 (Bluestein, workspace)', desc: fft(Size(107), Direction('forward'), Block()), n: 107, batch: 13, sign: -1 as const },
    // Rader: the kernel loads x_(g^q) and stores X_(g^(-q)) itself (WGSLModule.raderPermuted), X_0 from invocation 0.
    { name: 'Block 97 (Rader, permuted loads and stores)', desc: fft(Size(97), Direction('inverse'), Block()), n: 97, batch: 13, sign: 1 as const },
    { name: 'Block 257 (Rader), 3 FFTs per workgroup', desc: fft(Size(257), Direction('forward'), Block(), FFTsPerBlock(3)), n: 257, batch: 7, sign: -1 as const },
    // Several FFT groups per workgroup (FFTPlan.batchRounds): with these batches the last
    // workgroups stop a round early, and one 2-slot group is half past the batch.
    { name: 'Block 256, 3 rounds per workgroup', desc: withRounds({ size: 256, direction: 'forward' }, 3), n: 256, batch: 37, sign: -1 as const },
    { name: 'Block 128, EPT 8, FPB 2, 4 rounds (odd batch)', desc: withRounds({ size: 128, direction: 'inverse', elementsPerThread: 8, fftsPerBlock: 2 }, 4), n: 128, batch: 19, sign: 1 as const },
    { name: 'Block 107 (Bluestein), 2 rounds', desc: withRounds({ size: 107, direction: 'forward' }, 2), n: 107, batch: 13, sign: -1 as const },
    { name: 'Block 97 (Rader), 2 rounds', desc: withRounds({ size: 97, direction: 'forward' }, 2), n: 97, batch: 13, sign: -1 as const },
  ];
  // The kernel's staging and dispatch follow the device's limits, so every case runs on a device with
  // WebGPU's default limits (a plain requestDevice()) and on one with the adapter's.
  for (const limits of ['default', 'adapter'] as const) for (const c of cases) {
    it(`${c.name} (${limits} limits)`, async () => {
      const { device } = await testDevice(limits);
      const plan = await createBatchedFFT(device, c.desc, { batch: c.batch });
      const x = randomFloats(2 * c.n * c.batch, seed + c.n);
      const y = await withErrorScopes(device, () => plan.run(x));
      expect(y.length).toBe(2 * c.n * c.batch);
      expect(relativeL2(y, referenceBatch(x, c.n, c.batch, c.sign))).toBeLessThan(Math.min(1e-6, f32Bound(c.n) * 2));
      plan.destroy();
    });
  }

  it('uses the suggested FFTs per block unless told to keep the descriptor', async () => {
    const { device } = await testDevice();
    const desc = fft(Size(16), Direction('forward'), Block());
    const suggested = await createBatchedFFT(device, desc, { batch: 4 });
    const exact = await createBatchedFFT(device, desc, { batch: 4, fftsPerBlock: 'descriptor' });
    expect(suggested.plan.fftsPerBlock).toBe(desc.suggestedFFTsPerBlock);
    expect(exact.plan.fftsPerBlock).toBe(desc.fftsPerBlock);
  });

  it('encodes in place and out of place into the caller pass, with load/store callbacks', async () => {
    const { device } = await testDevice();
    const n = 64;
    const batch = 20;
    const desc = fft(Size(n), Direction('forward'), Block());
    // Callbacks: scale on load by 2, conjugate on store.
    const plan = await createBatchedFFT(device, desc, {
      batch,
      load: `fn load(fft: u32, index: u32) -> vec2<f32> { return 2.0 * fft_in[fft * ${n}u + index]; }`,
      store: `fn store(fft: u32, index: u32, value: vec2<f32>) { fft_out[fft * ${n}u + index] = vec2<f32>(value.x, -value.y); }`,
    });
    const x = randomFloats(2 * n * batch, seed + 1);
    const y = await plan.run(x);
    const want = referenceBatch(x, n, batch, -1).map((v, i) => (i % 2 ? -2 * v : 2 * v));
    expect(relativeL2(y, want)).toBeLessThan(1e-6);

    const inPlace = await createBatchedFFT(device, desc, { batch });
    const buffer = device.createBuffer({ size: inPlace.inputBytes, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC });
    const readback = device.createBuffer({ size: inPlace.outputBytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(buffer, 0, x);
    await withErrorScopes(device, async () => {
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      inPlace.encode(pass, { input: buffer });
      pass.end();
      encoder.copyBufferToBuffer(buffer, 0, readback, 0, inPlace.outputBytes);
      device.queue.submit([encoder.finish()]);
      await readback.mapAsync(GPUMapMode.READ);
    });
    const z = new Float32Array(readback.getMappedRange().slice(0));
    expect(relativeL2(z, referenceBatch(x, n, batch, -1))).toBeLessThan(1e-6);
    buffer.destroy();
    readback.destroy();
  });

  it('takes a load callback that ignores the input buffer (it generates the input from fft and index)', async () => {
    // The kernel then reads no fft_in itself; the binding must stay in its layout (the plan binds it).
    const { device } = await testDevice();
    const n = 64;
    const batch = 3;
    const plan = await createBatchedFFT(device, fft(Size(n), Direction('forward'), Block()), {
      batch,
      load: `fn load(fft: u32, index: u32) -> vec2<f32> { return vec2<f32>(f32((index * 7u + fft * 13u) % 17u) - 8.0, f32(index % 5u)); }`,
    });
    const x = new Float32Array(2 * n * batch);
    for (let t = 0; t < batch; t++) {
      for (let i = 0; i < n; i++) x.set([((i * 7 + t * 13) % 17) - 8, i % 5], 2 * (t * n + i));
    }
    const y = await withErrorScopes(device, () => plan.run(new Float32Array(2 * n * batch).fill(Number.NaN)));
    expect(relativeL2(y, referenceBatch(x, n, batch, -1))).toBeLessThan(1e-6);
    plan.destroy();
  });

  it('is deterministic: the same input twice gives bitwise-identical output', async () => {
    const { device } = await testDevice();
    const plan = await createBatchedFFT(device, fft(Size(1024), Direction('forward'), Block()), { batch: 6 });
    const x = randomFloats(2 * 1024 * 6, seed + 2);
    const a = await plan.run(x);
    const b = await plan.run(x);
    expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer))).toBe(true);
  });

  it('rejects bad input before anything reaches the GPU', async () => {
    const { device } = await testDevice();
    const plan = await createBatchedFFT(device, fft(Size(32), Direction('forward'), Block()), { batch: 4 });
    await expect(plan.run(new Float32Array(10))).rejects.toThrow(/expects 256 floats/);
    const small = device.createBuffer({ size: 64, usage: GPUBufferUsage.STORAGE });
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    expect(() => plan.encode(pass, { input: small })).toThrow('webfftdx: the input buffer has 64 bytes; the plan needs 1024');
    pass.end();
    await expect(createBatchedFFT(device, fft(Size(32), Direction('forward'), Block()), { batch: 0 })).rejects.toThrow(/batch must be a positive integer/);
    const bluestein = await createBatchedFFT(device, fft(Size(67), Direction('forward'), Block()), { batch: 2 });
    const buf = device.createBuffer({ size: bluestein.inputBytes, usage: GPUBufferUsage.STORAGE });
    const enc2 = device.createCommandEncoder();
    const pass2 = enc2.beginComputePass();
    expect(() => bluestein.encode(pass2, { input: buf })).toThrow(/requires a workspace of \d+ bytes/);
    pass2.end();
    // A descriptor asking for more workgroup memory than the device has.
    const big = fft(Size(64), Direction('forward'), Block(), ElementsPerThread(2), FFTsPerBlock(16), Limits({ maxComputeWorkgroupStorageSize: 1 << 20, maxComputeInvocationsPerWorkgroup: 1024 }));
    if (big.sharedMemorySize > device.limits.maxComputeWorkgroupStorageSize) {
      await expect(createBatchedFFT(device, big, { batch: 1 })).rejects.toThrow(/needs \d+ bytes of workgroup memory; this device allows \d+ \(maxComputeWorkgroupStorageSize\)/);
    }
    small.destroy();
    buf.destroy();
  });

  it('runs several FFT groups per workgroup where the tuning table says so (TuningEntry.rounds)', () => {
    const large = { maxComputeWorkgroupStorageSize: 49152, maxComputeInvocationsPerWorkgroup: 1024, subgroups: false };
    const rounds = (state: DescriptorState) => resolvePlan({ type: 'c2c', execution: 'block', direction: 'forward', limits: large, ...state }).batchRounds;
    expect(rounds({ size: 16384 })).toBe(2);
    expect(rounds({ size: 3125 })).toBe(2);
    expect(rounds({ size: 8192 })).toBe(1);
    // Another shape than the measured one, or a kind without an entry of its own on the same engine length: 1.
    expect(rounds({ size: 16384, elementsPerThread: 16 })).toBe(1);
    expect(rounds({ size: 16384, exchange: 'split', exchangeParts: 2 })).toBe(1);
    expect(rounds({ size: 16384, type: 'c2r', direction: 'inverse' })).toBe(1);
    expect(rounds({ size: 16384, type: 'r2c' })).toBe(2); // its own entry (kind-tuning-table.ts)
    expect(rounds({ size: 16384, batchRounds: 1 })).toBe(1);
    expect(() => rounds({ size: 256, batchRounds: 0 })).toThrow('batchRounds 0 is not supported: a positive integer');
    expect(() => resolvePlan({ size: 8, execution: 'thread', direction: 'forward', batchRounds: 2 })).toThrow('more than 1 only for Block execution');
  });

  it('dispatches one workgroup per batchRounds groups, and one per group where rounds do not apply', async () => {
    const { device } = await testDevice();
    const desc = withRounds({ size: 256, direction: 'forward' }, 3);
    expect((await createBatchedFFT(device, desc, { batch: 37 })).workgroups).toEqual([13, 1, 1]);
    expect((await createBatchedFFT(device, desc, { batch: 37 })).code.outOfPlace).toContain('for (var round = 0u; round < 3u; round++)');
    // Stride 1 (one invocation per FFT, staged I/O): one group per workgroup.
    const staged = withRounds({ size: 16, direction: 'forward', elementsPerThread: 16 }, 3);
    expect((await createBatchedFFT(device, staged, { batch: 37 })).code.outOfPlace).not.toContain('round');
  });

  it('stages one invocation per FFT in rows an odd number of elements apart (no workgroup-memory bank conflicts)', async () => {
    const { device } = await testDevice();
    // Row f starts at f * pitch: L itself where L is odd, L + 1 where it is even.
    const code = async (n: number, execution: 'block' | 'thread') =>
      (await createBatchedFFT(device, fft(Size(n), Direction('forward'), execution === 'block' ? Block() : Thread()), { batch: 5 })).code.outOfPlace;
    expect(await code(7, 'block')).toContain('[slot * 7u + ');
    expect(await code(8, 'block')).toContain('[slot * 9u + ');
    expect(await code(15, 'thread')).toContain('[lid * 15u + ');
    expect(await code(16, 'thread')).toContain('[lid * 17u + ');
  });

  it('makeWorkspace is empty for FFTs that need none', async () => {
    const { device } = await testDevice();
    const ws = makeWorkspace(device, fft(Size(64), Direction('forward'), Block()));
    expect(ws.buffer).toBeUndefined();
    expect(ws.size).toBe(0);
    const blue = fft(Size(67), Direction('forward'), Block());
    const ws2 = makeWorkspace(device, blue);
    expect(ws2.size).toBe(blue.workspaceSize);
    ws2.destroy();
  });

  it('splits dispatches beyond 65535 workgroups into two dimensions', () => {
    expect(dispatchShape(10, 65535)).toEqual([10, 1, 1]);
    const [x, y] = dispatchShape(200000, 65535);
    expect(x).toBeLessThanOrEqual(65535);
    expect(x * y).toBeGreaterThanOrEqual(200000);
  });

  it('runs a batch that needs a 2D dispatch', async () => {
    const { device } = await testDevice();
    const desc = fft(Size(2), Direction('forward'), Thread());
    const batch = 65536 * 8 + 3; // > 65535 workgroups of up to 64 FFTs each... at 8 FFTs per group
    const plan = await createBatchedFFT(device, desc, { batch });
    expect(plan.workgroups[1]).toBeGreaterThanOrEqual(1);
    const x = randomFloats(4 * batch, seed + 3);
    const y = await plan.run(x);
    // DFT of length 2: (a + b, a - b); check exactly (f32 addition is exact to rounding here).
    let maxErr = 0;
    for (let f = 0; f < batch; f++) {
      const [ar, ai, br, bi] = [x[4 * f], x[4 * f + 1], x[4 * f + 2], x[4 * f + 3]];
      maxErr = Math.max(maxErr, Math.abs(y[4 * f] - (ar + br)), Math.abs(y[4 * f + 1] - (ai + bi)), Math.abs(y[4 * f + 2] - (ar - br)), Math.abs(y[4 * f + 3] - (ai - bi)));
    }
    expect(maxErr).toBeLessThan(1e-6);
  });
});
