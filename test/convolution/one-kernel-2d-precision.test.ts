// createConvolution's one-kernel 2D path in f64 (df64 modules, spectrum and buffers) and f16 (f16
// signals and outputs, f32 FFTs and spectrum), on a default-limits device, against direct f64 sums:
// complex circular (also in place, and through run()), real 'same' with 3 x 3 taps (the zero-padding
// and the crop in the kernel's load and store; batch 3), an f64 plan whose df64 pointwise function
// doubles the product with the df64 helpers. f64: random doubles (all 53 bits), relative L2 <= 1e-13; f16: f16 inputs, bound 2 x
// the error of the exact result rounded once to f16 (as test/convolution/f16.test.ts). Outputs
// poisoned (0xff: NaN), error scopes. One kernel per plan (two with in place).
import { describe, expect, it } from 'vitest';
import { createConvolution, type ConvolutionOptions } from '../../src/index.js';
import { complexFromDF64, complexToDF64, realFromDF64, realToDF64 } from '../../kernels/df64-layout.js';
import { f16Round } from '../../kernels/f16.js';
import { f16Bits, f16FromBits } from '../../src/host/f16-data.js';
import { testDevice } from '../support/gpu.js';
import { batchedReference, directConvolution2D } from '../support/convolution.js';
import { batchRelativeL2 } from '../support/precision.js';
import { makeSeed, rng } from '../support/random.js';
import { encodeRaw } from './harness.js';
import { planMultiPass } from '../../src/convolution/multipass-plan.js';
import { planFourStep2D } from '../../src/convolution/fourstep-2d-plan.js';
import { planLimits } from '../../src/convolution/path.js';
import { passKernel } from '../../kernels/any-shape/pass.js';
import { compileShader } from '../../src/host/shader.js';
import { withErrorScopes } from '../support/gpu.js';

type Case = {
  name: string;
  shape: [number, number];
  filterShape: [number, number];
  type: 'real' | 'complex';
  mode: 'circular' | 'same' | 'linear';
  batch: number;
  inPlace?: boolean;
};

const CASES: Case[] = [
  { name: 'complex circular [16, 32], 3 x 5 taps, batch 2, also in place', shape: [16, 32], filterShape: [3, 5], type: 'complex', mode: 'circular', batch: 2, inPlace: true },
  { name: "real 'same' [20, 30], 3 x 3 taps, batch 3", shape: [20, 30], filterShape: [3, 3], type: 'real', mode: 'same', batch: 3 },
];

for (const precision of ['f64', 'f16'] as const) {
  describe(`createConvolution precision '${precision}' on the one-kernel 2D path`, () => {
    for (const c of CASES) {
      it(c.name, async () => {
        const { device } = await testDevice();
        const seed = makeSeed();
        const r = rng(seed);
        const complex = c.type === 'complex';
        const per = complex ? 2 : 1;
        const [ny, nx] = c.shape;
        const [my, mx] = c.filterShape;
        const df = precision === 'f64';
        const random = df ? () => 2 * (r() + r() * 2 ** -32) - 1 : () => f16Round(2 * r() - 1);
        const taps = df ? Float64Array.from({ length: per * my * mx }, random) : Float32Array.from({ length: per * my * mx }, () => 2 * r() - 1);
        const options: ConvolutionOptions = { shape: c.shape, filterShape: c.filterShape, type: c.type, mode: c.mode, filter: taps, batch: c.batch, precision };
        const conv = await createConvolution(device, options);
        expect(conv.passes.map((p) => p.kernel)).toEqual(['fused-2d']);
        const x = Float64Array.from({ length: per * ny * nx * c.batch }, random);
        const want = batchedReference(x, c.batch, (s) => directConvolution2D(s, taps, c.shape, c.filterShape, complex, c.mode));
        const [toDF64, fromDF64] = complex ? [complexToDF64, complexFromDF64] : [realToDF64, realFromDF64];
        const input = df ? toDF64(x) : Uint16Array.from(x, f16Bits);
        const decode = (b: ArrayBuffer) => (df ? fromDF64(new Float32Array(b)) : Float64Array.from(new Uint16Array(b).subarray(0, want.length), f16FromBits));
        const got = decode(await encodeRaw(device, conv, input, false));
        const error = batchRelativeL2([got], [want]);
        const bound = df ? 1e-13 : 2 * batchRelativeL2([want.map(f16Round)], [want]);
        console.log(`${precision} one-kernel 2D convolution ${c.name}: relative L2 ${error.toExponential(2)}, bound ${bound.toExponential(2)} (seed ${seed})`);
        expect(error, `seed ${seed}`).toBeLessThanOrEqual(bound);
        if (c.inPlace) expect(batchRelativeL2([decode(await encodeRaw(device, conv, input, true))], [got])).toBe(0);
        const viaRun = df ? await conv.run(x) : await conv.run(input as Uint16Array);
        expect(viaRun).toBeInstanceOf(df ? Float64Array : Uint16Array);
        const runValues = df ? (viaRun as Float64Array) : Float64Array.from(viaRun as Uint16Array, f16FromBits);
        expect(batchRelativeL2([runValues], [got])).toBe(0);
        conv.destroy();
      });
    }
  });
}

describe("createConvolution precision 'f64' on the one-kernel 2D path, df64 pointwise", () => {
  it('complex circular [16, 32]: pointwise df64_dscale(df64_cmul(x, h), 2) is twice the convolution', async () => {
    const { device } = await testDevice();
    const seed = makeSeed();
    const r = rng(seed);
    const random = () => 2 * (r() + r() * 2 ** -32) - 1;
    const shape: [number, number] = [16, 32];
    const f: [number, number] = [2, 3];
    const taps = Float64Array.from({ length: 2 * f[0] * f[1] }, random);
    const conv = await createConvolution(device, {
      shape,
      filterShape: f,
      type: 'complex',
      mode: 'circular',
      filter: taps,
      batch: 1,
      precision: 'f64',
      pointwise: /* wgsl */ `
        fn pointwise(fft: u32, index: u32, x: vec4<f32>, h: vec4<f32>) -> vec4<f32> {
          return df64_dscale(df64_cmul(x, h), vec2<f32>(2.0, 0.0));
        }`,
    });
    const x = Float64Array.from({ length: 2 * shape[0] * shape[1] }, random);
    const want = directConvolution2D(x, taps, shape, f, true, 'circular').map((v) => 2 * v);
    const got = complexFromDF64(new Float32Array(await encodeRaw(device, conv, complexToDF64(x), false)));
    const error = batchRelativeL2([got], [want]);
    console.log(`f64 one-kernel 2D convolution with a df64 pointwise: relative L2 ${error.toExponential(2)} (seed ${seed})`);
    expect(error, `seed ${seed}`).toBeLessThanOrEqual(1e-13);
    conv.destroy();
  });
});

for (const precision of ['f64', 'f16'] as const) {
  describe(`createConvolution precision '${precision}' on the 2D four-step path (${precision === 'f64' ? 'df64 passes' : 'f32 column passes, f16 rows passes at the ends'})`, () => {
    for (const c of [
      { name: "real 'same' [64, 64], 3 x 3 taps, batch 3 (FFT [72, 70])", shape: [64, 64], filterShape: [3, 3], type: 'real', mode: 'same', batch: 3 },
      { name: 'complex circular [128, 128], 5 x 5 taps, batch 2, also in place', shape: [128, 128], filterShape: [5, 5], type: 'complex', mode: 'circular', batch: 2, inPlace: true },
    ] as Case[]) {
      it(c.name, async () => {
        const { device } = await testDevice();
        const seed = makeSeed();
        const r = rng(seed);
        const complex = c.type === 'complex';
        const per = complex ? 2 : 1;
        const [ny, nx] = c.shape;
        const [my, mx] = c.filterShape;
        const df = precision === 'f64';
        const random = df ? () => 2 * (r() + r() * 2 ** -32) - 1 : () => f16Round(2 * r() - 1);
        const taps = df ? Float64Array.from({ length: per * my * mx }, random) : Float32Array.from({ length: per * my * mx }, () => 2 * r() - 1);
        const conv = await createConvolution(device, { shape: c.shape, filterShape: c.filterShape, type: c.type, mode: c.mode, filter: taps, batch: c.batch, precision });
        expect(conv.passes.map((p) => p.kernel)).toEqual(['rows-forward', 'fused-columns', 'rows-inverse']);
        const x = Float64Array.from({ length: per * ny * nx * c.batch }, random);
        const want = batchedReference(x, c.batch, (s) => directConvolution2D(s, taps, c.shape, c.filterShape, complex, c.mode));
        const [toDF64, fromDF64] = complex ? [complexToDF64, complexFromDF64] : [realToDF64, realFromDF64];
        const input = df ? toDF64(x) : Uint16Array.from(x, f16Bits);
        const decode = (b: ArrayBuffer) => (df ? fromDF64(new Float32Array(b)) : Float64Array.from(new Uint16Array(b).subarray(0, want.length), f16FromBits));
        const bound = df ? 1e-13 : 2 * batchRelativeL2([want.map(f16Round)], [want]);
        const got = decode(await encodeRaw(device, conv, input, false));
        const error = batchRelativeL2([got], [want]);
        console.log(`${precision} 2D four-step convolution ${c.name}: relative L2 ${error.toExponential(2)}, bound ${bound.toExponential(2)} (seed ${seed})`);
        expect(error, `seed ${seed}`).toBeLessThanOrEqual(bound);
        if (c.inPlace) expect(batchRelativeL2([decode(await encodeRaw(device, conv, input, true))], [got])).toBe(0);
        const viaRun = df ? await conv.run(x) : await conv.run(Float32Array.from(x));
        expect(viaRun).toBeInstanceOf(df ? Float64Array : Float32Array);
        expect(batchRelativeL2([Float64Array.from(viaRun)], [got])).toBe(0);
        conv.destroy();
      });
    }
  });
}

describe("createConvolution precision 'f64', 2D four-step: the fused column pass with exactFma", () => {
  it('takes the fma products (no Veltkamp splits) with a df64 pointwise, and is valid WGSL', async () => {
    // lavapipe's fma rounds twice, so createConvolution never takes this path here: the text and the WGSL front end.
    const { device } = await testDevice();
    const limits = planLimits(device.limits);
    const l = planMultiPass({ type: 'real', mode: 'same', signalLength: 4096, filterLength: 9, shape: [64, 64], filterShape: [3, 3], precision: 'f64' }, limits);
    const f = planFourStep2D(l, 3, limits, 'f64')!;
    expect(f.precision).toBe('f64');
    const Lp = f.factors[f.factors.length - 1];
    const pointwise = 'fn pointwise(fft: u32, index: u32, x: vec4<f32>, h: vec4<f32>) -> vec4<f32> { return df64_cmul(x, h); }';
    const convolve = { rowsPerSignal: l.fftShape[0] / Lp, radices: f.factors.slice(0, -1), axisLength: l.fftShape[0], scale: 1 / l.fftLength, pointwise };
    const groups = Math.ceil(f.fused.params.count / 16);
    const code = passKernel({
      ...f.fused.spec,
      convolve,
      maxWorkgroupBytes: device.limits.maxComputeWorkgroupStorageSize,
      constants: { ...f.fused.params, groupsX: groups, groups },
      exactFma: true,
      inPlace: true,
    }).code;
    expect(code).toContain('fma(');
    expect(code).not.toContain('_dsplit(');
    await withErrorScopes(device, () => compileShader(device, code, 'f64 fused column pass with exactFma'));
  });
});
