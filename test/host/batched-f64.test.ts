// createBatchedFFT with Precision('f64'): Float64Array in and out, checked against the f64 reference
// (relative L2 <= 1e-13), a Thread plan (staged I/O, odd batch) and a Block plan with Bluestein
// (workspace of df64 pairs); real FFTs (N reals in, complex elements out, and back): a Thread R2C
// (staged) and a Block folded C2R; the wrong host array type fails with a clear error.
import { describe, expect, it } from 'vitest';
import { Block, createBatchedFFT, Direction, fft, Precision, RealFFTOptions, Size, Thread, Type } from '../../src/index.js';
import { referenceDFT } from '../../src/reference.js';
import { resolvePlan } from '../../descriptors/plan.js';
import { generateModule } from '../../kernels/module.js';
import type { CodeGenerating } from '../../src/host/workspace.js';
import { complexFromDF64, complexToDF64, realFromDF64, realToDF64 } from '../../kernels/df64-layout.js';
import { encodeAndRead, testDevice, withErrorScopes } from '../support/gpu.js';
import { makeSeed } from '../support/random.js';
import { batchRelativeL2, randomComplex64 } from '../support/precision.js';
import { c2rReference, r2cReference } from '../real/harness.js';

/**
 * A Block f64 plan with a forced shape: createBatchedFFT reads its stage twiddles from a table
 * (kernels/twiddle-table.ts), shared by all butterflies of a stage or, where Ns does not divide the
 * stride, one per butterfly; several FFT groups per workgroup (FFTPlan.batchRounds) as the GPU
 * tuning table picks them.
 */
function f64Block(size: number, direction: 'forward' | 'inverse', elementsPerThread: number, batchRounds = 1): CodeGenerating {
  const plan = resolvePlan({ type: 'c2c', execution: 'block', precision: 'f64', size, direction, elementsPerThread, batchRounds });
  return { wgsl: (options) => generateModule(plan, options) };
}

describe('createBatchedFFT, Precision(f64)', () => {
  const seed = makeSeed();
  const cases = [
    { name: 'Thread 16, batch 67', desc: fft(Size(16), Direction('forward'), Precision('f64'), Thread()), n: 16, batch: 67, sign: -1 as const },
    { name: 'Block 61 (Bluestein) inverse, batch 3', desc: fft(Size(61), Direction('inverse'), Precision('f64'), Block()), n: 61, batch: 3, sign: 1 as const },
    // 3 rounds, batch 5: the second workgroup's last round is past the batch.
    { name: 'Block 512 E8, 3 rounds (twiddle table), batch 5', desc: f64Block(512, 'forward', 8, 3), n: 512, batch: 5, sign: -1 as const },
    // Radices 16 x 16 x 2 over 32 invocations: the last stage (Ns 256) reads its twiddles per butterfly.
    { name: 'Block 512 E16 inverse (twiddle table, per-butterfly k), batch 3', desc: f64Block(512, 'inverse', 16), n: 512, batch: 3, sign: 1 as const },
  ];
  for (const c of cases) {
    it(`${c.name} (seed ${seed})`, async () => {
      const { device } = await testDevice();
      const plan = await createBatchedFFT(device, c.desc, { batch: c.batch });
      if (plan.plan.execution === 'block' && plan.plan.algorithm !== 'bluestein') expect(plan.code.outOfPlace).toMatch(/var<storage, read> fft(_c2c)?_twiddle_table/);
      const ffts = randomComplex64(c.n, c.batch, seed);
      const data = new Float64Array(2 * c.n * c.batch);
      ffts.forEach((x, b) => data.set(x, 2 * c.n * b));
      const out = await plan.run(data);
      expect(out).toBeInstanceOf(Float64Array);
      const got = ffts.map((_, b) => out.subarray(2 * c.n * b, 2 * c.n * (b + 1)));
      const error = batchRelativeL2(got, ffts.map((x) => referenceDFT(x, c.n, c.sign)));
      console.log(`${c.name}: relative L2 ${error.toExponential(2)}`);
      expect(error).toBeLessThanOrEqual(1e-13);
      await expect(plan.run(new Float32Array(2 * c.n * c.batch) as never)).rejects.toThrow(/Precision\('f64'\) plan takes a Float64Array/);
      plan.destroy();
    });
  }

  const realCases = [
    { name: 'Thread R2C 30 natural, batch 41', desc: fft(Size(30), Type('r2c'), Precision('f64'), RealFFTOptions('natural', 'normal'), Thread()), batch: 41 },
    { name: 'Block C2R 256 natural folded, batch 3', desc: fft(Size(256), Type('c2r'), Precision('f64'), RealFFTOptions('natural', 'folded'), Block()), batch: 3 },
  ];
  for (const c of realCases) {
    it(`${c.name} (seed ${seed})`, async () => {
      const { device } = await testDevice();
      const plan = await createBatchedFFT(device, c.desc, { batch: c.batch });
      const p = plan.plan;
      if (p.execution === 'block') expect(plan.code.outOfPlace).toMatch(/var<storage, read> fft_c2c_twiddle_table/);
      const inPer = p.inputLength * (p.inputType === 'real' ? 1 : 2);
      const outPer = p.outputLength * (p.outputType === 'real' ? 1 : 2);
      // Random doubles (all 53 bits), the FFTs back to back.
      const [data] = randomComplex64((inPer * c.batch) / 2, 1, seed + 1);
      const out = await plan.run(data);
      expect(out).toBeInstanceOf(Float64Array);
      expect(out.length).toBe(outPer * c.batch);
      const reference = (x: Float64Array) => (p.type === 'r2c' ? r2cReference(x, p) : c2rReference(x, p));
      const got = Array.from({ length: c.batch }, (_, b) => out.subarray(outPer * b, outPer * (b + 1)));
      const want = Array.from({ length: c.batch }, (_, b) => reference(data.subarray(inPer * b, inPer * (b + 1))));
      const error = batchRelativeL2(got, want);
      console.log(`${c.name}: relative L2 ${error.toExponential(2)}`);
      expect(error).toBeLessThanOrEqual(1e-13);
      // encode() into the caller's buffers, output poisoned with NaN: every output value written, the same as run().
      const toDF64 = p.inputType === 'real' ? realToDF64 : complexToDF64;
      const fromDF64 = p.outputType === 'real' ? realFromDF64 : complexFromDF64;
      const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
      const input = device.createBuffer({ size: plan.inputBytes, usage });
      const output = device.createBuffer({ size: plan.outputBytes, usage });
      const encoded = await withErrorScopes(device, async () => {
        device.queue.writeBuffer(input, 0, toDF64(data) as Float32Array<ArrayBuffer>);
        device.queue.writeBuffer(output, 0, new Float32Array(plan.outputBytes / 4).fill(Number.NaN));
        return fromDF64(new Float32Array(await encodeAndRead(device, (pass) => plan.encode(pass, { input, output }), output, plan.outputBytes)));
      });
      [input, output].forEach((b) => b.destroy());
      expect(encoded).toEqual(out);
      await expect(plan.run(new Float32Array(inPer * c.batch) as never)).rejects.toThrow(/Precision\('f64'\) plan takes a Float64Array/);
      plan.destroy();
    });
  }
});
