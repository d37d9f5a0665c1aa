// createConvolution's bad input: every case a clear Error naming the problem (and the limit), thrown
// before anything reaches the GPU (no GPU object made, no work submitted, no GPU error; a pointwise
// function that does not compile is found through a shader module of its own, with no GPU error). Plans that
// must compile reuse the kernels of convolution.test.ts (complex circular 16, real linear 16 + 4 taps);
// the multi-pass ones are refused before their FFT plans are made.
import { describe, expect, it } from 'vitest';
import { createConvolution, type ConvolutionOptions } from '../../src/index.js';
import { refusesBeforeGPU, testDevice, withErrorScopes } from '../support/gpu.js';
import { randomFloats } from '../support/random.js';

const taps = (n: number) => randomFloats(n, n + 1);

/** Refused before any GPU object is made or work submitted (refusesBeforeGPU). */
async function rejects(options: ConvolutionOptions, message: RegExp): Promise<void> {
  const { device } = await testDevice();
  await refusesBeforeGPU(device, () => createConvolution(device, options), message);
}

/** Refused with no GPU error: the user's pointwise WGSL is checked through a shader module of its own (the WGSL front end). */
async function rejectsPointwise(options: ConvolutionOptions, message: RegExp): Promise<void> {
  const { device } = await testDevice();
  await withErrorScopes(device, () => expect(createConvolution(device, options)).rejects.toThrow(message));
}

describe('createConvolution rejects bad input before the GPU', () => {
  const base = { shape: 16, type: 'complex', mode: 'circular', batch: 5 } as const;

  it('a filter longer than the signal in circular mode', async () => {
    await rejects({ ...base, filter: taps(2 * 17) }, /17 taps, longer than the 16-point signal: circular convolution needs at most N taps/);
  });

  it('a filter of the wrong type or length', async () => {
    await rejects({ ...base, filter: new Float64Array(6) as unknown as Float32Array }, /filter must be a Float32Array of taps or \{ spectrum \}, got Float64Array/);
    await rejects({ ...base, filter: [1, 2] as unknown as Float32Array }, /got an Array/);
    await rejects({ ...base, filter: taps(5) }, /complex filter is interleaved re\/im, so its length must be even; got 5 floats/);
    await rejects({ ...base, filter: new Float32Array(0) }, /filter has no taps/);
    await rejects({ ...base, filter: Float32Array.of(1, Number.NaN) }, /non-finite value \(NaN\) at index 1/);
    await rejects({ ...base }, /a filter is required/);
  });

  it('a spectrum that does not match the shape', async () => {
    await rejects({ ...base, type: 'real', filter: { spectrum: new Float32Array(32) } }, /filter.spectrum has 32 floats; this plan's FFT length is P = 16, so it needs P\/2 \+ 1 = 9 complex values \(18 floats/);
    await rejects({ ...base, filter: { spectrum: new Float32Array(18) } }, /needs P = 16 complex values \(32 floats/);
    await rejects({ ...base, mode: 'linear', filter: { spectrum: new Float32Array(64) } }, /mode 'linear' with a spectrum needs filter.taps/);
    await rejects({ ...base, filter: { spectrum: new Float64Array(32) as unknown as Float32Array } }, /filter.spectrum must be a Float32Array/);
  });

  it('pointwise WGSL that does not compile, or has the wrong signature', async () => {
    const filter = taps(6);
    await rejectsPointwise(
      { ...base, filter, pointwise: 'fn pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32> {\n  return x * undefined_thing;\n}' },
      /the pointwise WGSL does not compile \(line:column in your pointwise source\):\n2:\d+ .*undefined_thing.*\n {2}> return x \* undefined_thing;/,
    );
    await rejectsPointwise(
      { ...base, filter, pointwise: 'fn pointwise(fft: u32, index: u32, x: f32, h: f32) -> f32 { return x * h; }' },
      /pointwise must be fn pointwise\(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>\) -> vec2<f32>; calling it that way fails/,
    );
    await rejectsPointwise({ ...base, filter, pointwise: 'fn multiply(a: f32) -> f32 { return a; }' }, /pointwise must define fn pointwise/);
  });

  it('a shape beyond the device limits', async () => {
    const { device } = await testDevice();
    expect(device.limits.maxStorageBufferBindingSize).toBe(134217728);
    // 5 x 2^22 complex values (160 MiB) exceed the 128 MiB storage binding: refused before any FFT plan is made.
    await rejects(
      { ...base, shape: 2 ** 22, filter: taps(6) },
      /the input of 5 signals of webfftdx convolution circular complex 4194304 \(four-step, 128 x 128 x 256\) needs a buffer of 167772160 bytes; this device allows 134217728 \(maxStorageBufferBindingSize\)/,
    );
    // The fused one-kernel path: 5000 signals of 4096 complex values (156 MiB).
    await rejects({ ...base, shape: 4096, batch: 5000, filter: taps(6) }, /the input of 5000 signals of .*4096.* needs a buffer of 163840000 bytes; this device allows 134217728 \(maxStorageBufferBindingSize\)/);
    await rejects(
      { ...base, type: 'real', mode: 'linear', shape: [4096, 4096], filterShape: [64, 64], filter: taps(64 * 64) },
      /the input of 5 signals of .*\[4096, 4096\].* needs a buffer of 335544320 bytes/,
    );
  });

  it('2D: shape, filterShape, taps and spectrum that do not match', async () => {
    const two = { ...base, shape: [64, 64] } as const;
    await rejects({ ...base, shape: [8, 8, 8], filter: taps(6) }, /shape \[8, 8, 8\]: 3D convolution is not supported \(1D: the signal length, 2D: \[ny, nx\]\)/);
    await rejects({ ...base, shape: [64, 1], filter: taps(6) }, /shape \[ny, nx\] needs integer lengths >= 2, got \[64,1\]/);
    await rejects({ ...two, filterShape: [3], filter: taps(6) }, /filterShape must be \[my, mx\] with positive integer lengths, got \[3\]/);
    await rejects({ ...two, filterShape: [3, 0], filter: taps(6) }, /got \[3,0\]/);
    await rejects({ ...two, filterShape: [3, 3], filter: taps(2 * 8) }, /filter has 16 floats; filterShape \[3, 3\] needs 9 taps \(18 floats, interleaved re\/im, row-major\)/);
    await rejects({ ...two, filter: taps(2 * 9) }, /filter has 18 floats; filterShape \[64, 64\] \(the default: the signal's shape\) needs 4096 taps/);
    await rejects({ ...two, filterShape: [65, 3], filter: taps(2 * 195) }, /filterShape \[65, 3\] is larger than the \[64, 64\] signal along an axis: circular convolution needs my <= ny and mx <= nx/);
    await rejects({ ...base, filterShape: [3, 3], filter: taps(6) }, /filterShape is for 2D plans; a 1D plan takes the filter's length from the taps/);
    await rejects({ ...two, filter: { spectrum: new Float32Array(8), taps: 3 } }, /a 2D plan takes the filter's shape from filterShape, not filter.taps/);
    await rejects(
      { ...two, type: 'real', mode: 'linear', filterShape: [3, 3], filter: { spectrum: new Float32Array(2 * 66 * 34) } },
      /filter.spectrum has 4488 floats; this plan's FFT shape is \[72, 70\], so it needs Py x \(Px\/2 \+ 1\) = 72 x 36 = 2592 complex values \(5184 floats, interleaved re\/im, row-major: np.fft.rfft2 of the taps zero-padded to \[72, 70\]\)/,
    );
    await rejects({ ...two, filter: { spectrum: new Float32Array(10) } }, /this plan's FFT shape is \[64, 64\], so it needs Py x Px = 64 x 64 = 4096 complex values/);
    // 1D multi-pass plans name P as the fused path does.
    await rejects({ ...base, shape: 97, filter: { spectrum: new Float32Array(10) } }, /filter.spectrum has 10 floats; this plan's FFT length is P = 97, so it needs P = 97 complex values/);
  });

  it('bad shape, type, mode, batch', async () => {
    const filter = taps(6);
    await rejects({ ...base, filter, shape: 1 }, /shape must be an integer signal length >= 2, got 1/);
    await rejects({ ...base, filter, shape: 16.5 }, /got 16.5/);
    await rejects({ ...base, filter, type: 'c2c' as never }, /type must be 'real' or 'complex', got "c2c"/);
    await rejects({ ...base, filter, mode: 'valid' as never }, /mode must be 'circular', 'linear' or 'same', got "valid"/);
    await rejects({ ...base, filter, batch: 0 }, /batch must be a positive integer \(at most 2\^32 - 1\), got 0/);
    await rejects({ ...base, mode: 'linear', pointwise: 'fn pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32> { return x; }' }, /mode 'linear' needs the filter's length/);
  });

  it('wrong data in run(), wrong buffers in encode(), a destroyed plan', async () => {
    const { device } = await testDevice();
    const conv = await createConvolution(device, { ...base, filter: taps(6) });
    await withErrorScopes(device, async () => {
      await expect(conv.run(new Float64Array(160) as unknown as Float32Array)).rejects.toThrow(/run\(\) takes a Float32Array \(f32 5 signals x 16 complex values\), got Float64Array/);
      await expect(conv.run(new Float32Array(80))).rejects.toThrow(/run\(\) expects 160 floats \(5 signals x 16 complex values\), got 80/);
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      const small = device.createBuffer({ size: 64, usage: GPUBufferUsage.STORAGE });
      const noStorage = device.createBuffer({ size: 640, usage: GPUBufferUsage.COPY_DST });
      const good = device.createBuffer({ size: 640, usage: GPUBufferUsage.STORAGE });
      expect(() => conv.encode(pass, { input: small })).toThrow(/the input buffer has 64 bytes; the plan needs 640/);
      expect(() => conv.encode(pass, { input: good, output: small })).toThrow(/the output buffer has 64 bytes; the plan needs 640/);
      expect(() => conv.encode(pass, { input: noStorage, output: good })).toThrow(/the input buffer lacks GPUBufferUsage.STORAGE/);
      expect(() => conv.encode(pass, { input: {} as GPUBuffer })).toThrow(/the input must be a GPUBuffer, got Object/);
      pass.end();
      encoder.finish();
      for (const b of [small, noStorage, good]) b.destroy();
    });
    conv.destroy();
    await expect(conv.run(new Float32Array(160))).rejects.toThrow(/run\(\) on a destroyed createConvolution plan/);
    conv.destroy(); // idempotent

    // Linear output is longer than the input: no in-place run.
    const linear = await createConvolution(device, { shape: 16, type: 'real', mode: 'linear', filter: taps(4), batch: 5 });
    expect(linear.outputLength).toBe(19);
    await withErrorScopes(device, () => {
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      const buffer = device.createBuffer({ size: linear.outputBytes, usage: GPUBufferUsage.STORAGE });
      expect(() => linear.encode(pass, { input: buffer })).toThrow(/mode 'linear' writes 19 points per signal from 16: it cannot run in place; pass an output buffer/);
      pass.end();
      encoder.finish();
      buffer.destroy();
    });
    linear.destroy();
  });
});
