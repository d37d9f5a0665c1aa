// createConvolution's bad input: every case a clear Error naming the problem (and the limit), thrown
// before anything reaches the GPU (no GPU error escapes the surrounding error scopes). Plans that
// must compile reuse the kernels of convolution.test.ts (complex circular 16, real linear 16 + 4 taps).
import { describe, expect, it } from 'vitest';
import { createConvolution, type ConvolutionOptions } from '../../src/index.js';
import { testDevice, withErrorScopes } from '../support/gpu.js';
import { randomFloats } from '../support/random.js';

const taps = (n: number) => randomFloats(n, n + 1);

async function rejects(options: ConvolutionOptions, message: RegExp): Promise<void> {
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
    await rejects(
      { ...base, filter, pointwise: 'fn pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32> {\n  return x * undefined_thing;\n}' },
      /the pointwise WGSL does not compile \(line:column in your pointwise source\):\n2:\d+ .*undefined_thing/,
    );
    await rejects(
      { ...base, filter, pointwise: 'fn pointwise(fft: u32, index: u32, x: f32, h: f32) -> f32 { return x * h; }' },
      /pointwise must be fn pointwise\(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>\) -> vec2<f32>; calling it that way fails/,
    );
    await rejects({ ...base, filter, pointwise: 'fn multiply(a: f32) -> f32 { return a; }' }, /pointwise must define fn pointwise/);
  });

  it('a shape beyond the device limits or the fused kernel', async () => {
    const { device } = await testDevice();
    expect(device.limits.maxComputeWorkgroupStorageSize).toBe(16384);
    await rejects(
      { ...base, shape: 16384, filter: taps(6) },
      /circular convolution of 16384 points needs an FFT of 16384 points, beyond the largest complex convolution one workgroup runs on this device \(8192 points with 16384 bytes of workgroup memory and 256 invocations\); larger sizes need the multi-pass path/,
    );
    await rejects(
      { ...base, type: 'real', mode: 'linear', shape: 10000, filter: taps(7000) },
      /linear convolution of 10000 points with 7000 taps \(16999 outputs before cropping\) needs an FFT of 32768 points, beyond the largest real convolution .* \(16384 points/,
    );
    await rejects({ ...base, shape: 97, filter: taps(6) }, /97 has the prime factor 97 \(above 13\).*Bluestein; a fused Bluestein convolution is not built yet/);
    await rejects({ ...base, shape: [64, 64], filter: taps(6) }, /shape \[64, 64\]: 2D convolution is not built yet/);
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
