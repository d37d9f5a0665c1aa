// createConvolution with precision 'f64' (the one fused kernel in df64: vec4<f32> complex values and
// spectrum, vec2<f32> = (hi, lo) reals, the df64 complex multiply; the spectrum computed on the host in
// f64): the c2c, folded (odd lengths, one real at a time) and pairs engines, taps and a given f64
// spectrum, against direct f64 sums (relative L2 <= 1e-13; the direct sums' own error is ~1e-16
// sqrt(M)); outputs poisoned (0xff: NaN), error scopes; run() takes and returns Float64Array; errors.
import { describe, expect, it } from 'vitest';
import { convolutionLayout, createConvolution, type ConvolutionOptions } from '../../src/index.js';
import { complexFromDF64, complexToDF64, realFromDF64, realToDF64 } from '../../kernels/df64-layout.js';
import { referenceDFT } from '../../src/reference.js';
import { convolutionKernel } from '../../src/convolution/kernel.js';
import { planConvolution } from '../../src/convolution/plan.js';
import { df64Pair } from '../../src/convolution/twiddle-tables.js';
import { compileShader } from '../../src/host/shader.js';
import { encodeAndRead, testDevice, withErrorScopes } from '../support/gpu.js';
import { batchedReference, directConvolution, directCorrelation } from '../support/convolution.js';
import { batchRelativeL2 } from '../support/precision.js';
import { makeSeed, rng } from '../support/random.js';

describe("createConvolution precision 'f64' (fused kernel, df64)", () => {
  const cases: { name: string; options: Omit<ConvolutionOptions, 'filter' | 'batch'>; taps: number; batch: number; engine: string; inPlace?: boolean; spectrum?: boolean }[] = [
    { name: 'complex circular 256, batch 2 (also in place)', options: { shape: 256, type: 'complex', mode: 'circular' }, taps: 9, batch: 2, engine: 'C2C', inPlace: true },
    // Small P (512, 128): df64 kernels compile slowly on the software driver; the paths are those of any P.
    { name: "real 'same' 255 with 31 taps, batch 3 (folded, one real at a time)", options: { shape: 255, type: 'real', mode: 'same' }, taps: 31, batch: 3, engine: 'R2C (folded' },
    { name: 'real circular 128, batch 3 (pairs: the last slot half empty)', options: { shape: 128, type: 'real', mode: 'circular' }, taps: 16, batch: 3, engine: 'two real signals' },
    { name: 'complex linear 200 with a given f64 spectrum of 57 taps', options: { shape: 200, type: 'complex', mode: 'linear' }, taps: 57, batch: 1, engine: 'C2C', spectrum: true },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const { device } = await testDevice();
      const seed = makeSeed();
      const r = rng(seed);
      const complex = c.options.type === 'complex';
      const per = complex ? 2 : 1;
      const n = c.options.shape as number;
      // All 53 bits random.
      const random = () => 2 * (r() + r() * 2 ** -32) - 1;
      const taps = Float64Array.from({ length: per * c.taps }, random);
      let filter: ConvolutionOptions['filter'] = taps;
      if (c.spectrum) {
        // numpy's fft(h, P) for this plan's P: the zero-padded taps' unnormalised DFT.
        const probe = await createConvolution(device, { ...c.options, filter: taps, batch: 1, precision: 'f64' });
        const padded = new Float64Array(2 * probe.fftLength);
        padded.set(taps);
        filter = { spectrum: referenceDFT(padded, probe.fftLength, -1), taps: c.taps };
        probe.destroy();
      }
      const conv = await createConvolution(device, { ...c.options, filter, batch: c.batch, precision: 'f64' });
      expect(conv.passes[0].does).toContain(c.engine);
      const x = Float64Array.from({ length: per * n * c.batch }, random);
      const want = batchedReference(x, c.batch, (s) => directConvolution(s, taps, complex, c.options.mode));
      const [toDF64, fromDF64] = complex ? [complexToDF64, complexFromDF64] : [realToDF64, realFromDF64];

      const encoded = async (inPlace: boolean): Promise<Float64Array> =>
        withErrorScopes(device, async () => {
          const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;
          const input = device.createBuffer({ size: conv.inputBytes, usage });
          device.queue.writeBuffer(input, 0, toDF64(x) as Float32Array<ArrayBuffer>);
          const output = inPlace ? input : device.createBuffer({ size: conv.outputBytes, usage });
          if (!inPlace) device.queue.writeBuffer(output, 0, new Uint8Array(conv.outputBytes).fill(0xff));
          const out = fromDF64(new Float32Array(await encodeAndRead(device, (pass) => conv.encode(pass, { input, output }), output, conv.outputBytes)));
          for (const b of [input, output]) b.destroy();
          return out;
        });
      const got = await encoded(false);
      const error = batchRelativeL2([got], [want]);
      console.log(`f64 convolution ${c.name}: relative L2 ${error.toExponential(2)} (seed ${seed})`);
      expect(error, `seed ${seed}`).toBeLessThanOrEqual(1e-13);
      if (c.inPlace) expect(batchRelativeL2([await encoded(true)], [got])).toBe(0);
      const viaRun = await conv.run(x);
      expect(viaRun).toBeInstanceOf(Float64Array);
      expect(batchRelativeL2([viaRun], [got])).toBe(0);
      await expect(conv.run(new Float32Array(x.length))).rejects.toThrow(/Float64Array/);
      conv.destroy();
    });
  }

  it('with exactFma (a device whose fma rounds once) the f64 kernel takes the fma products, reads its twiddle tables, and is valid WGSL', async () => {
    // lavapipe's fma rounds twice, so createConvolution never takes this path here: the text and the WGSL front end.
    const { device } = await testDevice();
    const layout = planConvolution({ type: 'real', mode: 'same', signalLength: 255, filterLength: 31, precision: 'f64' }, device.limits);
    const fused = df64Pair(layout, true);
    expect(convolutionKernel(layout, { inPlace: false })).not.toContain('fma(');
    const code = convolutionKernel(fused, { inPlace: false, exactFma: true });
    expect(code).toContain('fma(');
    expect(code).not.toContain('_dsplit(');
    // The forward and inverse FFTs' stage twiddles, each from its own table.
    expect(code).toMatch(/@binding\(4\) var<storage, read> conv_fwd\w*_twiddle_table/);
    expect(code).toMatch(/@binding\(5\) var<storage, read> conv_inv\w*_twiddle_table/);
    await withErrorScopes(device, () => compileShader(device, code, 'f64 convolution with exactFma'));
  });

  it('pointwise in df64: circular cross-correlation x * conj(h) with the df64_cmul helper, batch 2', async () => {
    const { device } = await testDevice();
    const seed = makeSeed();
    const r = rng(seed);
    const random = () => 2 * (r() + r() * 2 ** -32) - 1;
    const n = 128;
    const batch = 2;
    const taps = Float64Array.from({ length: 2 * 7 }, random);
    const conv = await createConvolution(device, {
      shape: n,
      type: 'complex',
      mode: 'circular',
      filter: taps,
      batch,
      precision: 'f64',
      pointwise: /* wgsl */ `
        fn pointwise(fft: u32, index: u32, x: vec4<f32>, h: vec4<f32>) -> vec4<f32> {
          return df64_cmul(x, h * vec4<f32>(1.0, -1.0, 1.0, -1.0));
        }`,
    });
    expect(conv.code).toContain('fn df64_cmul(');
    const x = Float64Array.from({ length: 2 * n * batch }, random);
    const want = batchedReference(x, batch, (s) => directCorrelation(s, taps, true));
    const got = await withErrorScopes(device, () => conv.run(x));
    const error = batchRelativeL2([got as Float64Array], [want]);
    console.log(`f64 convolution pointwise correlation 128 x 2: relative L2 ${error.toExponential(2)} (seed ${seed})`);
    expect(error, `seed ${seed}`).toBeLessThanOrEqual(1e-13);
    conv.destroy();
  });

  it('f64 pointwise with the f32 signature is refused with a clear error; convolutionLayout answers per precision', async () => {
    const { device } = await testDevice();
    const base = { shape: 64, type: 'complex', mode: 'circular', batch: 1, filter: new Float64Array(8), precision: 'f64' } as const;
    await expect(createConvolution(device, { ...base, pointwise: 'fn pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32> { return x; }' })).rejects.toThrow(
      /pointwise must be fn pointwise\(fft: u32, index: u32, x: vec4<f32>, h: vec4<f32>\) -> vec4<f32>; calling it that way fails/,
    );
    await expect(createConvolution(device, { ...base, pointwise: 'fn other(x: f32) -> f32 { return x; }' })).rejects.toThrow(/pointwise must define fn pointwise\(.*vec4<f32>.*\(re_hi, im_hi, re_lo, im_lo\)/);
    // convolutionLayout answers per precision: df64 values take twice the workgroup memory, so the largest fused length halves.
    const query = { shape: 4096, type: 'complex', mode: 'circular', taps: 9 } as const;
    expect(convolutionLayout(device.limits, { ...query, precision: 'f64' }).workgroupBytes).toBe(2 * convolutionLayout(device.limits, query).workgroupBytes!);
    expect(convolutionLayout(device.limits, { ...query, shape: 8192 }).engine).toBe('c2c');
    expect(convolutionLayout(device.limits, { ...query, shape: 8192, precision: 'f64' })).toMatchObject({ engine: 'multipass', passes: 3 });
    // A circular prime length with its taps: one fused kernel through a linear convolution (97 + 9 - 1 = 105 -> 108 points, the next length the f64 engine runs);
    // with a { spectrum } filter, createFFT's f64 Bluestein passes (test/convolution/multipass-precision.test.ts).
    expect(convolutionLayout(device.limits, { ...query, shape: 97, precision: 'f64' })).toMatchObject({ engine: 'c2c', fftLength: 108, passes: 1 });
    expect(convolutionLayout(device.limits, { ...query, shape: 97, precision: 'f64', spectrum: true })).toMatchObject({ engine: 'multipass', passes: 2 });
    // f32 plans still take Float32Array filters only.
    await expect(createConvolution(device, { ...base, precision: 'f32' })).rejects.toThrow(/filter must be a Float32Array of taps or \{ spectrum \}, got Float64Array/);
  });
});
