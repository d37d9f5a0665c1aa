// createBatchedFFT with Precision('f16'): the user's layout (FFTs back to back, complex interleaved,
// reals plain), the pairing into RRII registers done by the kernel (odd batches included), data as
// Uint16Array bits (Node has no Float16Array) or Float32Array rounded to f16, output as the same kind
// of array; relative L2 over the batch within 2x that of an FFT which rounds only its inputs, twiddles
// and outputs to f16 (idealF16FFT); encode() into a NaN-poisoned output (and in place) gives the same
// values; load/store callbacks per FFT; wrong arrays and a device without shader-f16 fail with clear errors.
import { describe, expect, it } from 'vitest';
import type { FFTPlan } from '../../descriptors/model.js';
import { Block, createBatchedFFT, Direction, fft, Precision, RealFFTOptions, Size, Thread, Type } from '../../src/index.js';
import { f16Bits, f16FromBits } from '../../src/host/f16-data.js';
import { referenceDFT } from '../../src/reference.js';
import { defaultLimitsDevice, testDevice, withErrorScopes } from '../support/gpu.js';
import { batchRelativeL2, idealF16FFT } from '../support/precision.js';
import { makeSeed, rng } from '../support/random.js';
import { c2rReference, r2cReference, type ComplexDFT } from '../real/harness.js';

/** The transform of one FFT's values with the given complex DFT (reference or ideal f16). */
function transform(plan: FFTPlan, x: Float64Array, dft: ComplexDFT): Float64Array {
  if (plan.type === 'r2c') return r2cReference(x, plan, dft);
  if (plan.type === 'c2r') return c2rReference(x, plan, dft);
  return dft(x, plan.size, plan.direction === 'forward' ? -1 : 1);
}

describe('createBatchedFFT, Precision(f16)', () => {
  const seed = makeSeed();
  const cases = [
    { name: 'C2C Thread 16 forward, batch 5, Uint16Array', desc: fft(Size(16), Direction('forward'), Precision('f16'), Thread()), batch: 5, bits: true },
    { name: 'C2C Block 64 inverse, batch 6, Float32Array', desc: fft(Size(64), Direction('inverse'), Precision('f16'), Block()), batch: 6, bits: false },
    { name: 'R2C Block 256 natural folded, batch 3, Float32Array', desc: fft(Size(256), Type('r2c'), Precision('f16'), RealFFTOptions('natural', 'folded'), Block()), batch: 3, bits: false },
    { name: 'C2R Thread 30 natural, batch 7, Uint16Array', desc: fft(Size(30), Type('c2r'), Precision('f16'), RealFFTOptions('natural', 'normal'), Thread()), batch: 7, bits: true },
  ];
  for (const c of cases) {
    it(`${c.name} (seed ${seed})`, async () => {
      const { device } = await testDevice();
      const plan = await createBatchedFFT(device, c.desc, { batch: c.batch });
      const p = plan.plan;
      const inPer = p.inputLength * (p.inputType === 'real' ? 1 : 2);
      const outPer = p.outputLength * (p.outputType === 'real' ? 1 : 2);
      const r = rng(seed + p.size);
      const values = Float64Array.from({ length: inPer * c.batch }, () => 2 * r() - 1);
      // The f16 bits of the f32 values run() is given: rounding the doubles straight to f16 can differ
      // from f64 -> f32 -> f16 at a tie (double rounding), and encode() below must see run()'s input.
      const values32 = Float32Array.from(values);
      const bits = Uint16Array.from(values32, f16Bits);
      const data = c.bits ? bits : values32;
      const out = await plan.run(data as Uint16Array);
      expect(out).toBeInstanceOf(c.bits ? Uint16Array : Float32Array);
      expect(out.length).toBe(outPer * c.batch);
      const got64 = Float64Array.from(out as ArrayLike<number>, (v) => (c.bits ? f16FromBits(v) : v));
      const inputs = Array.from({ length: c.batch }, (_, b) => values.subarray(inPer * b, inPer * (b + 1)));
      const got = Array.from({ length: c.batch }, (_, b) => got64.subarray(outPer * b, outPer * (b + 1)));
      const want = inputs.map((x) => transform(p, x, referenceDFT));
      const ideal = inputs.map((x) => transform(p, x, idealF16FFT));
      const error = batchRelativeL2(got, want);
      const bound = 2 * batchRelativeL2(ideal, want);
      console.log(`${c.name}: relative L2 ${error.toExponential(2)} (bound ${bound.toExponential(2)})`);
      expect(error).toBeLessThanOrEqual(bound);

      // encode() into the caller's buffers, output poisoned with NaN (and in place where the plan
      // can run in place): the same bits as run().
      const encodeBits = (inPlace: boolean) => {
        const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
        const input = device.createBuffer({ size: plan.inputBytes, usage });
        const output = inPlace ? input : device.createBuffer({ size: plan.outputBytes, usage });
        const readback = device.createBuffer({ size: plan.outputBytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
        return withErrorScopes(device, async () => {
          const padded = new Uint16Array(plan.inputBytes / 2);
          padded.set(bits);
          device.queue.writeBuffer(input, 0, padded);
          if (!inPlace) device.queue.writeBuffer(output, 0, new Uint16Array(plan.outputBytes / 2).fill(0x7e00)); // f16 NaN
          const encoder = device.createCommandEncoder();
          const pass = encoder.beginComputePass();
          plan.encode(pass, inPlace ? { input } : { input, output });
          pass.end();
          encoder.copyBufferToBuffer(output, 0, readback, 0, plan.outputBytes);
          device.queue.submit([encoder.finish()]);
          await readback.mapAsync(GPUMapMode.READ);
          return Array.from(new Uint16Array(readback.getMappedRange().slice(0), 0, outPer * c.batch));
        }).finally(() => [input, output, readback].forEach((b) => b.destroy()));
      };
      const expected = Array.from(out as ArrayLike<number>, (v) => (c.bits ? v : f16Bits(v)));
      expect(await encodeBits(false)).toEqual(expected);
      if (plan.code.inPlace) expect(await encodeBits(true)).toEqual(expected);
      await expect(plan.run(new Float64Array(inPer * c.batch) as never)).rejects.toThrow(/Precision\('f16'\) plan takes a .*Uint16Array \(f16 bits\) or Float32Array/);
      await expect(plan.run(new Uint16Array(inPer * c.batch + 1))).rejects.toThrow(/expects \d+ f16 values/);
      plan.destroy();
    });
  }

  it(`load/store callbacks see one FFT at a time, in the user's element type (seed ${seed})`, async () => {
    const { device } = await testDevice();
    const n = 16;
    const batch = 3;
    // Scale by 2 on load, conjugate on store: both exact in f16.
    const plan = await createBatchedFFT(device, fft(Size(n), Direction('forward'), Precision('f16'), Thread()), {
      batch,
      load: `fn load(fft: u32, index: u32) -> vec2<f16> { return 2.0h * fft_in[fft * ${n}u + index]; }`,
      store: `fn store(fft: u32, index: u32, value: vec2<f16>) { fft_out[fft * ${n}u + index] = vec2<f16>(value.x, -value.y); }`,
    });
    const r = rng(seed + 1);
    const values = Float64Array.from({ length: 2 * n * batch }, () => 2 * r() - 1);
    const out = Float64Array.from(await plan.run(Float32Array.from(values)));
    const inputs = Array.from({ length: batch }, (_, b) => values.subarray(2 * n * b, 2 * n * (b + 1)));
    const conjTwice = (dft: ComplexDFT) => (x: Float64Array) => dft(x.map((v) => 2 * v), n, -1).map((v, i) => (i % 2 ? -v : v));
    const got = Array.from({ length: batch }, (_, b) => out.subarray(2 * n * b, 2 * n * (b + 1)));
    const want = inputs.map(conjTwice(referenceDFT));
    const error = batchRelativeL2(got, want);
    const bound = 2 * batchRelativeL2(inputs.map(conjTwice(idealF16FFT)), want);
    console.log(`callbacks: relative L2 ${error.toExponential(2)} (bound ${bound.toExponential(2)})`);
    expect(error).toBeLessThanOrEqual(bound);
    plan.destroy();
  });

  it('a device without shader-f16 fails with a clear error naming the feature', async () => {
    const { device } = await defaultLimitsDevice();
    expect(device.features.has('shader-f16')).toBe(false);
    await expect(createBatchedFFT(device, fft(Size(16), Direction('forward'), Precision('f16'), Thread()), { batch: 2 })).rejects.toThrow(
      /needs the device feature 'shader-f16'/,
    );
  });
});

describe('f16 host data (src/host/f16-data.ts)', () => {
  it('every f16 bit pattern decodes and encodes back; rounding is to nearest, ties to even', () => {
    for (let b = 0; b < 0x10000; b++) {
      const v = f16FromBits(b);
      if (Number.isNaN(v)) expect((b & 0x7c00) === 0x7c00 && (b & 0x3ff) !== 0).toBe(true);
      else expect(f16Bits(v)).toBe(b);
    }
    expect([1, -2, 65504, 65520, 2 ** -24, 2 ** -25, 3 * 2 ** -25, 1 + 2 ** -11, 1 + 3 * 2 ** -11, Number.NaN].map(f16Bits)).toEqual([
      0x3c00, 0xc000, 0x7bff, 0x7c00, 0x0001, 0x0000, 0x0002, 0x3c00, 0x3c02, 0x7e00,
    ]);
  });
});

