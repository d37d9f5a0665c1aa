// createConvolution's 1D four-step path in f64 (df64 column passes and rows kernel, df64 scratch and
// spectrum) and f16 (f16 signals and outputs, f32 passes and scratch), on a default-limits device
// (16 KiB, 256 invocations: the f64 fused kernel stops at complex 4096 / real 8192, the f16 one at
// complex 8192 / real 16384), against direct f64 sums: complex circular (also in place, and through
// run()), real linear with an odd batch (two real signals per complex one in the first and last
// passes), real 'same' (the crop in the last pass). f64: random doubles (all 53 bits), relative L2
// <= 1e-12; f16: f16 inputs, bound 2 x the error of the exact result rounded once to f16 (as
// test/convolution/f16.test.ts). Outputs poisoned (0xff: NaN), error scopes. Each plan compiles its
// own three pass kernels (first column pass, rows kernel, last column pass); the df64 ones compile
// slowly on lavapipe, so the cases are few and small.
import { describe, expect, it } from 'vitest';
import { createConvolution, type ConvolutionOptions } from '../../src/index.js';
import { complexFromDF64, complexToDF64, realFromDF64, realToDF64 } from '../../kernels/df64-layout.js';
import { f16Round } from '../../kernels/f16.js';
import { f16Bits, f16FromBits } from '../../src/host/f16-data.js';
import { testDevice, withErrorScopes } from '../support/gpu.js';
import { encodeRaw as encoded } from './harness.js';
import { batchedReference, directConvolution, directCorrelation } from '../support/convolution.js';

const fromBytes = (b: ArrayBuffer) => realFromDF64(new Float32Array(b));
import { batchRelativeL2 } from '../support/precision.js';
import { makeSeed, rng } from '../support/random.js';
import { planMultiPass } from '../../src/convolution/multipass-plan.js';
import { planFourStep } from '../../src/convolution/fourstep-plan.js';
import { planLimits } from '../../src/convolution/path.js';
import { convolutionKernel } from '../../src/convolution/kernel.js';
import { df64Pair } from '../../src/convolution/twiddle-tables.js';
import { passKernel } from '../../kernels/any-shape/pass.js';
import { compileShader } from '../../src/host/shader.js';

type Case = { name: string; options: Omit<ConvolutionOptions, 'filter' | 'batch' | 'precision'>; taps: number; batch: number; passes: number; inPlace?: boolean };

describe("createConvolution precision 'f64' on the 1D four-step path (df64 passes)", () => {
  const cases: Case[] = [
    { name: 'complex circular 8192 (beyond the f64 fused kernel), batch 2, also in place', options: { shape: 8192, type: 'complex', mode: 'circular' }, taps: 9, batch: 2, passes: 3, inPlace: true },
    { name: 'real linear 16000 with 385 taps (V = 16384), batch 3 (pairs: the last one alone)', options: { shape: 16000, type: 'real', mode: 'linear' }, taps: 385, batch: 3, passes: 3 },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const { device } = await testDevice();
      const seed = makeSeed();
      const r = rng(seed);
      const complex = c.options.type === 'complex';
      const per = complex ? 2 : 1;
      const n = c.options.shape as number;
      const random = () => 2 * (r() + r() * 2 ** -32) - 1;
      const taps = Float64Array.from({ length: per * c.taps }, random);
      const conv = await createConvolution(device, { ...c.options, filter: taps, batch: c.batch, precision: 'f64' });
      expect(conv.passes.map((p) => p.kernel)).toEqual(['forward-column', 'fused-rows', 'inverse-column'].slice(0, c.passes));
      expect(conv.code).toContain('vec4<f32>');
      const x = Float64Array.from({ length: per * n * c.batch }, random);
      const want = batchedReference(x, c.batch, (s) => directConvolution(s, taps, complex, c.options.mode));
      const [toDF64, fromDF64] = complex ? [complexToDF64, complexFromDF64] : [realToDF64, realFromDF64];
      const got = fromDF64(new Float32Array(await encoded(device, conv, toDF64(x), false)));
      const error = batchRelativeL2([got], [want]);
      console.log(`f64 four-step convolution ${c.name}: relative L2 ${error.toExponential(2)} (seed ${seed})`);
      expect(error, `seed ${seed}`).toBeLessThanOrEqual(1e-12);
      if (c.inPlace) expect(batchRelativeL2([fromDF64(new Float32Array(await encoded(device, conv, toDF64(x), true)))], [got])).toBe(0);
      const viaRun = await conv.run(x);
      expect(viaRun).toBeInstanceOf(Float64Array);
      expect(batchRelativeL2([viaRun as Float64Array], [got])).toBe(0);
      await expect(conv.run(new Float32Array(x.length))).rejects.toThrow(/Float64Array/);
      conv.destroy();
    });
  }

  it('real circular 16384 with a df64 pointwise correlation, batch 2 (each real signal alone: the Hermitian mirror of pointwise in df64)', async () => {
    const { device } = await testDevice();
    const seed = makeSeed();
    const r = rng(seed);
    const random = () => 2 * (r() + r() * 2 ** -32) - 1;
    const n = 16384;
    const batch = 2;
    const taps = Float64Array.from({ length: 64 }, random);
    const conv = await createConvolution(device, {
      shape: n,
      type: 'real',
      mode: 'circular',
      filter: taps,
      batch,
      precision: 'f64',
      pointwise: /* wgsl */ `
        fn pointwise(fft: u32, index: u32, x: vec4<f32>, h: vec4<f32>) -> vec4<f32> {
          return df64_cmul(x, h * vec4<f32>(1.0, -1.0, 1.0, -1.0));
        }`,
    });
    expect(conv.passes.map((p) => p.kernel)).toEqual(['forward-column', 'fused-rows', 'inverse-column']);
    expect(conv.passes[1].does).toContain('per signal');
    const x = Float64Array.from({ length: n * batch }, random);
    const want = batchedReference(x, batch, (s) => directCorrelation(s, taps, false));
    const got = fromBytes(await encoded(device, conv, realToDF64(x), false));
    const error = batchRelativeL2([got], [want]);
    console.log(`f64 four-step convolution real circular 16384 pointwise correlation: relative L2 ${error.toExponential(2)} (seed ${seed})`);
    expect(error, `seed ${seed}`).toBeLessThanOrEqual(1e-12);
    conv.destroy();
  });

  it('with exactFma (a device whose fma rounds once) the df64 passes and rows kernel take the fma products, read their twiddle tables, and are valid WGSL', async () => {
    // lavapipe's fma rounds twice, so createConvolution never takes this path here: the text and the WGSL front end
    // of a real 'same' plan's first pass (pairs in), rows kernel (pointwise off) and last pass (twiddle on the load, pairs out, crop).
    const { device } = await testDevice();
    const limits = planLimits(device.limits);
    const l = planMultiPass({ type: 'real', mode: 'same', signalLength: 16000, filterLength: 385, shape: [16000], filterShape: [385], precision: 'f64' }, limits);
    const f = planFourStep(l, 3, { ...limits, ...device.limits }, false, 'f64')!;
    expect(f.precision).toBe('f64');
    // Every column pass's engine reads its stage twiddles from the passes' tables (one table per engine shape).
    expect(f.tables.length).toBeGreaterThan(0);
    for (const p of [...f.forward, ...f.inverse]) expect(p.params.engineTable).toBeDefined();
    const rows = convolutionKernel(df64Pair(f.rowsLayout, true), { inPlace: true, rows: f.rows, exactFma: true });
    expect(rows).toMatch(/var<storage, read> conv_fwd\w*_twiddle_table/);
    const passes = [f.forward[0], f.inverse[f.inverse.length - 1]].map((p) => {
      const groups = Math.ceil(p.params.count / 16);
      return passKernel({ ...p.spec, maxWorkgroupBytes: device.limits.maxComputeWorkgroupStorageSize, constants: { ...p.params, groupsX: groups, groups }, exactFma: true, inPlace: false }).code;
    });
    for (const code of passes) expect(code).toMatch(/twiddles from fft_tables\[\d+\.\.\]/);
    for (const code of [rows, ...passes]) {
      expect(code).toContain('fma(');
      expect(code).not.toContain('_dsplit(');
      await withErrorScopes(device, () => compileShader(device, code, 'f64 four-step convolution with exactFma'));
    }
  });
});

describe("createConvolution precision 'f16' on the 1D four-step path (f32 passes)", () => {
  const cases: Case[] = [
    { name: 'complex circular 16384 (beyond the f16 fused kernel), batch 2, also in place', options: { shape: 16384, type: 'complex', mode: 'circular' }, taps: 9, batch: 2, passes: 3, inPlace: true },
    { name: "real 'same' 20000 with 31 taps, batch 3 (pairs, the crop in the last pass)", options: { shape: 20000, type: 'real', mode: 'same' }, taps: 31, batch: 3, passes: 3 },
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
      expect(conv.passes.map((p) => p.kernel)).toEqual(['forward-column', 'fused-rows', 'inverse-column'].slice(0, c.passes));
      const x = Float64Array.from({ length: per * n * c.batch }, () => f16Round(2 * r() - 1));
      const bits = Uint16Array.from(x, f16Bits);
      const want = batchedReference(x, c.batch, (s) => directConvolution(s, taps, complex, c.options.mode));
      const bound = 2 * batchRelativeL2([want.map(f16Round)], [want]);
      const fromBits = (b: ArrayBuffer) => Float64Array.from(new Uint16Array(b).subarray(0, want.length), f16FromBits);
      const got = fromBits(await encoded(device, conv, bits, false));
      const error = batchRelativeL2([got], [want]);
      console.log(`f16 four-step convolution ${c.name}: relative L2 ${error.toExponential(2)}, bound ${bound.toExponential(2)} (seed ${seed})`);
      expect(error, `seed ${seed}`).toBeLessThanOrEqual(bound);
      if (c.inPlace) expect(batchRelativeL2([fromBits(await encoded(device, conv, bits, true))], [got])).toBe(0);
      const viaBits = await conv.run(bits);
      expect(viaBits).toBeInstanceOf(Uint16Array);
      expect(batchRelativeL2([Float64Array.from(viaBits, f16FromBits)], [got])).toBe(0);
      const viaFloats = await conv.run(Float32Array.from(x));
      expect(viaFloats).toBeInstanceOf(Float32Array);
      expect(batchRelativeL2([Float64Array.from(viaFloats)], [got])).toBe(0);
      conv.destroy();
    });
  }
});
