// createConvolution in f64 and f16 on createFFT's passes (where no fused or four-step path applies):
// circular Bluestein lengths (with a { spectrum } filter or a pointwise function: given the taps, they
// run as linear convolutions in the fused kernel, checked here too) and 2D rows beyond one workgroup. f64: createFFT's f64 plans (df64
// passes), the df64 pointwise load callback (the plain multiply, and a user function with the df64
// helpers), the window kernel on df64 values for the zero-padding and the crop; random doubles (all
// 53 bits), relative L2 <= 1e-12 against direct f64 sums. f16: createFFT's f32 plans between the
// converting window kernels; f16 inputs, bound 2 x the exact result's f16 rounding error. Outputs
// poisoned (0xff: NaN), error scopes.
import { describe, expect, it } from 'vitest';
import { createConvolution } from '../../src/index.js';
import { complexFromDF64, complexToDF64, realFromDF64, realToDF64 } from '../../kernels/df64-layout.js';
import { f16Round } from '../../kernels/f16.js';
import { f16Bits, f16FromBits } from '../../src/host/f16-data.js';
import { referenceDFT } from '../../src/reference.js';
import { testDevice } from '../support/gpu.js';
import { batchedReference, directConvolution, directConvolution2D, directCorrelation } from '../support/convolution.js';
import { batchRelativeL2 } from '../support/precision.js';
import { makeSeed, rng } from '../support/random.js';
import { encodeRaw } from './harness.js';

describe("createConvolution precision 'f64' on createFFT's passes", () => {
  it('complex circular 97, 5 taps, batch 2: Bluestein with the spectrum, then a df64 pointwise correlation; the taps: fused, through a linear convolution', async () => {
    const { device } = await testDevice();
    const seed = makeSeed();
    const r = rng(seed);
    const random = () => 2 * (r() + r() * 2 ** -32) - 1;
    const n = 97;
    const batch = 2;
    const taps = Float64Array.from({ length: 10 }, random);
    const padded = new Float64Array(2 * n);
    padded.set(taps);
    const spectrum = Float64Array.from(referenceDFT(padded, n, -1));
    const x = Float64Array.from({ length: 2 * n * batch }, random);
    for (const run of ['spectrum', 'correlate', 'taps'] as const) {
      const correlate = run === 'correlate';
      const conv = await createConvolution(device, {
        shape: n,
        type: 'complex',
        mode: 'circular',
        filter: run === 'spectrum' ? { spectrum } : taps,
        batch,
        precision: 'f64',
        ...(correlate
          ? { pointwise: 'fn pointwise(fft: u32, index: u32, x: vec4<f32>, h: vec4<f32>) -> vec4<f32> { return df64_cmul(x, h * vec4<f32>(1.0, -1.0, 1.0, -1.0)); }' }
          : {}),
      });
      if (run === 'taps') expect(conv.passes.map((p) => p.kernel)).toEqual(['fused']);
      else expect(conv.passes.every((p) => p.kernel === 'forward' || p.kernel === 'inverse')).toBe(true);
      const want = batchedReference(x, batch, (s) => (correlate ? directCorrelation(s, taps, true) : directConvolution(s, taps, true, 'circular')));
      const got = complexFromDF64(new Float32Array(await encodeRaw(device, conv, complexToDF64(x), false)));
      const error = batchRelativeL2([got], [want]);
      console.log(`f64 convolution 97 (${run}): relative L2 ${error.toExponential(2)} (seed ${seed})`);
      expect(error, `seed ${seed}`).toBeLessThanOrEqual(1e-12);
      const viaRun = await conv.run(x);
      expect(viaRun).toBeInstanceOf(Float64Array);
      expect(batchRelativeL2([viaRun], [got])).toBe(0);
      conv.destroy();
    }
  });

  it("real 'same' [2, 9000] with 1 x 3 taps, batch 2 (rows beyond one f64 workgroup: pad, createFFT's passes, crop)", async () => {
    const { device } = await testDevice();
    const seed = makeSeed();
    const r = rng(seed);
    const random = () => 2 * (r() + r() * 2 ** -32) - 1;
    const shape: [number, number] = [2, 9000];
    const f: [number, number] = [1, 3];
    const batch = 2;
    const taps = Float64Array.from({ length: 3 }, random);
    const conv = await createConvolution(device, { shape, filterShape: f, type: 'real', mode: 'same', filter: taps, batch, precision: 'f64' });
    expect(conv.passes[0].kernel).toBe('pad');
    expect(conv.passes[conv.passes.length - 1].kernel).toBe('crop');
    const x = Float64Array.from({ length: shape[0] * shape[1] * batch }, random);
    const want = batchedReference(x, batch, (s) => directConvolution2D(s, taps, shape, f, false, 'same'));
    const got = realFromDF64(new Float32Array(await encodeRaw(device, conv, realToDF64(x), false)));
    const error = batchRelativeL2([got], [want]);
    console.log(`f64 createFFT-passes convolution real same [2, 9000]: relative L2 ${error.toExponential(2)} (seed ${seed})`);
    expect(error, `seed ${seed}`).toBeLessThanOrEqual(1e-12);
    conv.destroy();
  });
});

describe("createConvolution precision 'f16' on createFFT's passes (f32 FFTs between converting window kernels)", () => {
  for (const c of [
    { name: 'complex circular 97 (Bluestein: a { spectrum } filter), 5 taps, batch 2', shape: [97], filterShape: [5], type: 'complex', mode: 'circular', spectrum: true, passes: ['pad', 'forward', 'inverse', 'crop'] },
    { name: 'complex circular 97 with its 5 taps: the fused kernel, through a linear convolution', shape: [97], filterShape: [5], type: 'complex', mode: 'circular', spectrum: false, passes: ['fused'] },
    { name: "real 'same' [2, 17000], 1 x 3 taps, batch 2 (rows beyond one workgroup)", shape: [2, 17000], filterShape: [1, 3], type: 'real', mode: 'same', spectrum: false, passes: undefined },
  ] as const) {
    it(c.name, async () => {
      const { device } = await testDevice();
      const seed = makeSeed();
      const r = rng(seed);
      const complex = c.type === 'complex';
      const per = complex ? 2 : 1;
      const batch = 2;
      const n = (c.shape as readonly number[]).reduce((a, b) => a * b, 1);
      const taps = Float32Array.from({ length: per * (c.filterShape as readonly number[]).reduce((a, b) => a * b, 1) }, () => 2 * r() - 1);
      const twoD = c.shape.length === 2;
      const padded = new Float64Array(2 * n);
      padded.set(taps);
      const conv = await createConvolution(device, {
        shape: twoD ? [...c.shape] : c.shape[0],
        ...(twoD ? { filterShape: [...c.filterShape] } : {}),
        type: c.type,
        mode: c.mode,
        filter: c.spectrum ? { spectrum: Float32Array.from(referenceDFT(padded, n, -1)) } : taps,
        batch,
        precision: 'f16',
      });
      const kernels = conv.passes.map((p) => p.kernel);
      if (c.passes?.[0] !== 'fused') {
        expect(kernels[0]).toBe('pad');
        expect(kernels[kernels.length - 1]).toBe('crop');
      }
      if (c.passes) expect(new Set(kernels)).toEqual(new Set(c.passes));
      const x = Float64Array.from({ length: per * n * batch }, () => f16Round(2 * r() - 1));
      const bits = Uint16Array.from(x, f16Bits);
      const want = batchedReference(x, batch, (s) =>
        twoD ? directConvolution2D(s, taps, c.shape as [number, number], c.filterShape as [number, number], complex, c.mode) : directConvolution(s, taps, complex, c.mode),
      );
      const bound = 2 * batchRelativeL2([want.map(f16Round)], [want]);
      const got = Float64Array.from(new Uint16Array(await encodeRaw(device, conv, bits, false)).subarray(0, want.length), f16FromBits);
      const error = batchRelativeL2([got], [want]);
      console.log(`f16 convolution ${c.name}: relative L2 ${error.toExponential(2)}, bound ${bound.toExponential(2)} (seed ${seed})`);
      expect(error, `seed ${seed}`).toBeLessThanOrEqual(bound);
      const viaBits = await conv.run(bits);
      expect(viaBits).toBeInstanceOf(Uint16Array);
      expect(batchRelativeL2([Float64Array.from(viaBits, f16FromBits)], [got])).toBe(0);
      conv.destroy();
    });
  }
});
