// createFFT's contract beyond accuracy: bad input is refused with a clear Error before anything
// reaches the GPU, buffers and workspaces are checked, plans run in place and batched, destroy is
// final and idempotent. Default-limits device; small shapes (few kernels to compile).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFFT, makeWorkspace, type AnyShapeFFT } from '../../src/index.js';
import { defaultLimitsDevice, refusesBeforeGPU } from '../support/gpu.js';
import { makeSeed, randomFloats } from '../support/random.js';
import { relativeL2 } from '../support/reference.js';
import { referenceFFTN } from '../support/nd-reference.js';
import { runPoisoned } from './harness.js';

let device: GPUDevice;
let multi: AnyShapeFFT; // 16384 = 32 x 512 under the default limits: two passes and a workspace
beforeAll(async () => {
  device = (await defaultLimitsDevice()).device;
  multi = await createFFT(device, { shape: 16384, type: 'c2c', direction: 'inverse', precision: 'f32', batch: 1 });
});
afterAll(() => multi?.destroy());

const base = { type: 'c2c', direction: 'forward', precision: 'f32', batch: 1 } as const;

describe('createFFT refuses bad options before anything reaches the GPU', () => {
  const shapes: [unknown, RegExp][] = [
    [0, /axis 0 is 0; every axis length must be an integer >= 2/],
    [-8, /axis 0 is -8/],
    [2.5, /axis 0 is 2.5/],
    [1, /axis 0 is 1/],
    ['64', /shape must be a number or an array/],
    [Number.NaN, /axis 0 is NaN/],
    [[], /0 axes; 1 to 3 are supported/],
    [[4, 4, 4, 4], /4 axes; 1 to 3 are supported/],
    [[64, 0], /axis 1 is 0/],
    [[64, '8'], /axis 1 is the string "8"/],
  ];
  for (const [shape, message] of shapes) {
    it(`shape ${JSON.stringify(shape)}`, async () => {
      await refusesBeforeGPU(device, () => createFFT(device, { ...base, shape: shape as number }), message);
    });
  }
  it('a total beyond the device buffer limits names the limit', async () => {
    // 2^14 x 2^14 complex f32 = 2 GiB; the default maxStorageBufferBindingSize is 128 MiB.
    await refusesBeforeGPU(device, () => createFFT(device, { ...base, shape: [1 << 14, 1 << 14] }), /needs a buffer of 2147483648 bytes; this device allows 134217728 \(maxStorageBufferBindingSize\)/);
    await refusesBeforeGPU(device, () => createFFT(device, { ...base, shape: [1 << 12, 1 << 12], batch: 3 }), /maxStorageBufferBindingSize/);
  });
  it('a prime axis whose Bluestein workspace exceeds the buffer limit names the workspace (its data alone would fit)', async () => {
    // 2^24 - 3 is prime: its 128 MiB of data fit, the Bluestein padding to 2^25 does not.
    await refusesBeforeGPU(device, () => createFFT(device, { ...base, shape: 16777213 }), /the workspace needs a buffer of 536870912 bytes; this device allows 134217728 \(maxStorageBufferBindingSize\)/);
  });
  it('precision: an unknown one, f16 without shader-f16, f64 beyond the buffer limit', async () => {
    await refusesBeforeGPU(device, () => createFFT(device, { ...base, shape: 64, precision: 'f8' as 'f32' }), /precision must be 'f16', 'f32' or 'f64', got the string "f8"/);
    await refusesBeforeGPU(device, () => createFFT(device, { ...base, shape: 64, precision: 'f16' }), /precision 'f16' needs the device feature 'shader-f16'/);
    // 2^12 x 2^12 complex df64 values = 256 MiB.
    await refusesBeforeGPU(device, () => createFFT(device, { ...base, shape: [1 << 12, 1 << 12], precision: 'f64' }), /f64 data .* needs a buffer of 268435456 bytes/);
    await refusesBeforeGPU(device, () => createFFT(device, { ...base, shape: 64, precision: 'f64', load: 'fn load(fft: u32, index: u32) -> vec2<f32> { return vec2<f32>(0.0); }' }), 
      /load callback of a c2c f64 FFT must be WGSL defining `fn load\(fft: u32, index: u32\) -> vec4<f32>`/,
    );
  });
  it('type, direction, batch, layout and callbacks', async () => {
    await refusesBeforeGPU(device, () => createFFT(device, { ...base, shape: 64, type: 'r2r' as 'c2c' }), /type must be 'c2c', 'r2c' or 'c2r'/);
    await refusesBeforeGPU(device, () => createFFT(device, { shape: 64, type: 'c2c' }), /direction must be 'forward' or 'inverse', got undefined/);
    await refusesBeforeGPU(device, () => createFFT(device, { shape: 64, type: 'r2c', direction: 'inverse' }), /r2c FFT is forward/);
    await refusesBeforeGPU(device, () => createFFT(device, { shape: 64, type: 'c2r', direction: 'forward' }), /c2r FFT is inverse/);
    await refusesBeforeGPU(device, () => createFFT(device, { ...base, shape: 64, batch: 0 }), /batch must be a positive integer \(at most 2\^32 - 1\), got 0/);
    await refusesBeforeGPU(device, () => createFFT(device, { ...base, shape: 64, batch: 1.5 }), /batch must be a positive integer \(at most 2\^32 - 1\), got 1.5/);
    await refusesBeforeGPU(device, () => createFFT(device, { ...base, shape: 64, type: 'r2c', layout: 'packed' as 'natural' }), /'natural' layout/);
    await refusesBeforeGPU(device, () => createFFT(device, { ...base, shape: 64, load: 'fn load() {}' }), /load callback of a c2c FFT must be WGSL defining `fn load\(fft: u32, index: u32\) -> vec2<f32>`; got `fn load\(\)`/);
  });
});

describe('createFFT checks buffers and host data', () => {
  // GPUBufferUsage exists once the device (Dawn) is loaded, i.e. inside the tests.
  const storageUsage = () => GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
  const tryEncode = (plan: AnyShapeFFT, buffers: Parameters<AnyShapeFFT['encode']>[1]) => {
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    try {
      plan.encode(pass, buffers);
    } finally {
      pass.end();
      encoder.finish();
    }
  };
  it('wrong sizes, usage, missing or shared workspace', () => {
    const usage = storageUsage();
    const big = device.createBuffer({ size: multi.inputBytes, usage });
    const small = device.createBuffer({ size: multi.inputBytes - 8, usage });
    const mapped = device.createBuffer({ size: multi.inputBytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    const ws = makeWorkspace(device, multi);
    expect(ws.size).toBe(multi.workspaceSize);
    expect(multi.workspaceSize).toBeGreaterThan(0);
    expect(() => tryEncode(multi, { input: small, output: big, workspace: ws })).toThrow(/the input buffer has 131064 bytes; the plan needs 131072/);
    expect(() => tryEncode(multi, { input: big, output: small, workspace: ws })).toThrow(/output buffer has 131064 bytes/);
    expect(() => tryEncode(multi, { input: mapped, output: big, workspace: ws })).toThrow(/lacks GPUBufferUsage.STORAGE/);
    expect(() => tryEncode(multi, { input: big })).toThrow(/needs a workspace of \d+ bytes: pass \{ workspace: makeWorkspace\(device, plan\) \}/);
    expect(() => tryEncode(multi, { input: big, workspace: big })).toThrow(/workspace has \d+ bytes|workspace must be a buffer of its own/);
    const short = device.createBuffer({ size: multi.workspaceSize - 16, usage });
    expect(() => tryEncode(multi, { input: big, workspace: short })).toThrow(`the workspace buffer has ${multi.workspaceSize - 16} bytes; the plan needs ${multi.workspaceSize}`);
    short.destroy();
    for (const b of [big, small, mapped]) b.destroy();
    ws.destroy();
  });
  it('run() takes a Float32Array of the right length', async () => {
    await expect(multi.run(new Float64Array(32768) as unknown as Float32Array)).rejects.toThrow(/takes a Float32Array .* got Float64Array/);
    await expect(multi.run(new Float32Array(100))).rejects.toThrow(/expects 32768 floats \(1 x 16384 complex values, re\/im interleaved\), got 100/);
  });
  it('an r2c plan cannot run in place', async () => {
    const plan = await createFFT(device, { shape: 8, type: 'r2c', precision: 'f32' });
    const buf = device.createBuffer({ size: 64, usage: storageUsage() });
    expect(() => tryEncode(plan, { input: buf })).toThrow(/r2c FFT cannot run in place/);
    buf.destroy();
    plan.destroy();
  });
});

describe('createFFT plans', () => {
  it('lists one pass per sweep over global memory, with its descriptor', () => {
    expect(multi.passes.map((p) => p.kind)).toEqual(['column', 'final']);
    // 32-point columns of 16, then 512-point rows staged 8 per workgroup (src/any-shape/pass-split.ts planSplit).
    const expected = [
      { size: 32, columns: 16 },
      { size: 512, columns: 8 },
    ];
    for (const [i, p] of multi.passes.entries()) {
      expect(p.what).toMatch(new RegExp(`${expected[i].size}-point inverse FFTs`));
      expect((p.descriptor as { size: number }).size).toBe(expected[i].size);
      expect((p.descriptor as { fftsPerBlock: number }).fftsPerBlock).toBe(expected[i].columns);
      // Specialised kernels: sizes, strides and flags are WGSL constants, only the buffer offsets a uniform.
      expect(p.code).not.toMatch(/P\.(count|width|inner|in_block|out_block|flags|digits|tw_len)\b/);
      expect(p.code).toMatch(/P\.in_base/);
    }
  });
  it('real rows passes run the folded engine where it applies (f32, an even length whose half runs natively, no callbacks)', async () => {
    const modeOf = async (options: Parameters<typeof createFFT>[1]) => {
      const plan = await createFFT(device, options);
      const rows = plan.passes.find((p) => p.kind === 'rows');
      const mode = (rows?.descriptor as { realFFTOptions: { mode: string } } | undefined)?.realFFTOptions.mode;
      plan.destroy();
      return mode;
    };
    expect(await modeOf({ shape: 64, type: 'r2c' })).toBe('folded');
    expect(await modeOf({ shape: 64, type: 'c2r' })).toBe('folded');
    expect(await modeOf({ shape: 48, type: 'r2c' })).toBe('folded');
    expect(await modeOf({ shape: 202, type: 'r2c' })).toBe('normal'); // 101 would take Bluestein
    expect(await modeOf({ shape: 45, type: 'c2r' })).toBe('normal');
    // f64: two df64 reals are not laid out as one df64 complex value, so the pairs would be misread.
    expect(await modeOf({ shape: 64, type: 'r2c', precision: 'f64' })).toBe('normal');
    // A load callback sees reals (index j), which the folded engine reads in pairs.
    expect(await modeOf({ shape: 64, type: 'r2c', load: 'fn load(fft: u32, index: u32) -> f32 { return f32(index); }' })).toBe('normal');
  });
  it('runs in place (input = output) and out of place, through run() too', async () => {
    const seed = makeSeed();
    const x = randomFloats(2 * 16384, seed);
    const want = referenceFFTN(x, [16384], 1, 1);
    expect(relativeL2(await runPoisoned(device, multi, x, true), want), `seed ${seed}`).toBeLessThan(1e-6);
    expect(relativeL2(await runPoisoned(device, multi, x, false), want), `seed ${seed}`).toBeLessThan(1e-6);
    expect(relativeL2(await multi.run(x), want), `seed ${seed}`).toBeLessThan(1e-6);
  });
  it('batches: 3 transforms of [100, 48] one after the other', async () => {
    const plan = await createFFT(device, { shape: [100, 48], type: 'c2c', direction: 'forward', precision: 'f32', batch: 3 });
    const seed = makeSeed();
    const x = randomFloats(2 * 3 * 4800, seed);
    const got = await runPoisoned(device, plan, x);
    expect(relativeL2(got, referenceFFTN(x, [100, 48], 3, -1)), `seed ${seed}`).toBeLessThan(1e-6);
    plan.destroy();
  });
  it('destroy is final and idempotent', async () => {
    const plan = await createFFT(device, { shape: 8, type: 'c2c', direction: 'forward', precision: 'f32' });
    plan.destroy();
    plan.destroy();
    await expect(plan.run(new Float32Array(16))).rejects.toThrow(/destroyed/);
    expect(() => plan.createWorkspace()).toThrow(/destroyed/);
  });
});
