// createConvolution with precision 'f16' (the one fused kernel: f16 signals and outputs, f32 FFTs and
// spectrum, the spectrum computed on the host): each engine (c2c, folded with odd lengths read and
// written as scalars, pairs with an odd batch), against direct f64 sums; the bound is 2 x the error of
// the exact convolution of the same f16 inputs rounded once to f16 (the f16 analogue of issue 19's
// yardstick: nothing but the f16 storage of inputs and outputs). Outputs poisoned (0xff: NaN in both
// f16 halves), error scopes; run() returns the kind of array given; errors for an unknown precision,
// a device without shader-f16 and the multi-pass path.
import { describe, expect, it } from 'vitest';
import { convolutionLayout, createConvolution, type ConvolutionOptions } from '../../src/index.js';
import { f16Round } from '../../kernels/f16.js';
import { f16Bits, f16FromBits } from '../../src/host/f16-data.js';
import { defaultLimitsDevice, encodeAndRead, testDevice, withErrorScopes } from '../support/gpu.js';
import { batchedReference, directConvolution } from '../support/convolution.js';
import { batchRelativeL2 } from '../support/precision.js';
import { makeSeed, rng } from '../support/random.js';

describe("createConvolution precision 'f16' (fused kernel)", () => {
  const cases: { name: string; options: Omit<ConvolutionOptions, 'filter' | 'batch'>; taps: number; batch: number; engine: string; inPlace?: boolean }[] = [
    { name: 'complex circular 256, batch 2 (also in place)', options: { shape: 256, type: 'complex', mode: 'circular' }, taps: 9, batch: 2, engine: 'C2C', inPlace: true },
    { name: "real 'same' 999 with 31 taps, batch 3 (odd: scalar loads and stores)", options: { shape: 999, type: 'real', mode: 'same' }, taps: 31, batch: 3, engine: 'R2C (folded' },
    { name: 'real circular 512, batch 3 (pairs: the last slot half empty)', options: { shape: 512, type: 'real', mode: 'circular' }, taps: 16, batch: 3, engine: 'two real signals' },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const { device } = await testDevice();
      const seed = makeSeed();
      const r = rng(seed);
      const complex = c.options.type === 'complex';
      const per = complex ? 2 : 1;
      const n = c.options.shape as number;
      const taps = Float32Array.from({ length: per * c.taps }, () => 2 * r() - 1);
      const conv = await createConvolution(device, { ...c.options, filter: taps, batch: c.batch, precision: 'f16' });
      expect(conv.passes[0].does).toContain(c.engine);
      // f16 inputs (exactly representable), as bits.
      const x = Float64Array.from({ length: per * n * c.batch }, () => f16Round(2 * r() - 1));
      const bits = Uint16Array.from(x, f16Bits);
      const want = batchedReference(x, c.batch, (s) => directConvolution(s, taps, complex, c.options.mode));
      const ideal = want.map(f16Round);
      const bound = 2 * batchRelativeL2([ideal], [want]);

      const encoded = async (inPlace: boolean): Promise<Float64Array> =>
        withErrorScopes(device, async () => {
          const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;
          const input = device.createBuffer({ size: conv.inputBytes, usage });
          const padded = new Uint16Array(conv.inputBytes / 2);
          padded.set(bits);
          device.queue.writeBuffer(input, 0, padded);
          const output = inPlace ? input : device.createBuffer({ size: conv.outputBytes, usage });
          if (!inPlace) device.queue.writeBuffer(output, 0, new Uint8Array(conv.outputBytes).fill(0xff));
          const data = await encodeAndRead(device, (pass) => conv.encode(pass, { input, output }), output, conv.outputBytes);
          const out = Float64Array.from(new Uint16Array(data).subarray(0, want.length), f16FromBits);
          for (const b of [input, output]) b.destroy();
          return out;
        });
      const got = await encoded(false);
      const error = batchRelativeL2([got], [want]);
      console.log(`f16 convolution ${c.name}: relative L2 ${error.toExponential(2)}, bound ${bound.toExponential(2)} (seed ${seed})`);
      expect(error, `seed ${seed}`).toBeLessThanOrEqual(bound);
      if (c.inPlace) expect(batchRelativeL2([await encoded(true)], [got])).toBe(0);
      // run(): Uint16Array bits back as bits, Float32Array (rounded to f16) back as the f16 values.
      const viaBits = await conv.run(bits);
      expect(viaBits).toBeInstanceOf(Uint16Array);
      expect(batchRelativeL2([Float64Array.from(viaBits, f16FromBits)], [got])).toBe(0);
      const viaFloats = await conv.run(Float32Array.from(x));
      expect(viaFloats).toBeInstanceOf(Float32Array);
      expect(batchRelativeL2([Float64Array.from(viaFloats)], [got])).toBe(0);
      conv.destroy();
    });
  }

  it('an unknown precision and a device without shader-f16 are refused with clear errors', async () => {
    const { device } = await testDevice();
    const base = { shape: 64, type: 'complex', mode: 'circular', batch: 1, filter: new Float32Array(8) } as const;
    await expect(createConvolution(device, { ...base, precision: 'f8' as 'f32' })).rejects.toThrow(/precision must be 'f16', 'f32' or 'f64', got "f8"/);
    const plain = (await defaultLimitsDevice()).device;
    await expect(createConvolution(plain, { ...base, precision: 'f16' })).rejects.toThrow(/needs the device feature 'shader-f16'/);
    // Every path runs f16 (test/convolution/fourstep-precision, one-kernel-2d-precision, multipass-precision); convolutionLayout says which.
    expect(convolutionLayout(device.limits, { shape: (1 << 16) + 3, type: 'complex', mode: 'circular', taps: 4, precision: 'f16' }).engine).toBe('multipass');
  });
});
