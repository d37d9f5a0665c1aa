// createBatchedFFT with Precision('f64'): Float64Array in and out, checked against the f64 reference
// (relative L2 <= 1e-13), a Thread plan (staged I/O, odd batch) and a Block plan with Bluestein
// (workspace of df64 pairs); the wrong host array type and f16 descriptors fail with clear errors.
import { describe, expect, it } from 'vitest';
import { Block, createBatchedFFT, Direction, fft, Precision, Size, Thread } from '../../src/index.js';
import { referenceDFT } from '../../src/reference.js';
import { testDevice } from '../support/gpu.js';
import { makeSeed } from '../support/random.js';
import { batchRelativeL2, randomComplex64 } from '../support/precision.js';

describe('createBatchedFFT, Precision(f64)', () => {
  const seed = makeSeed();
  const cases = [
    { name: 'Thread 16, batch 67', desc: fft(Size(16), Direction('forward'), Precision('f64'), Thread()), n: 16, batch: 67, sign: -1 as const },
    { name: 'Block 61 (Bluestein) inverse, batch 3', desc: fft(Size(61), Direction('inverse'), Precision('f64'), Block()), n: 61, batch: 3, sign: 1 as const },
  ];
  for (const c of cases) {
    it(`${c.name} (seed ${seed})`, async () => {
      const { device } = await testDevice();
      const plan = await createBatchedFFT(device, c.desc, { batch: c.batch });
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

  it('f16 descriptors fail with a clear error', async () => {
    const { device } = await testDevice();
    await expect(createBatchedFFT(device, fft(Size(64), Direction('forward'), Precision('f16'), Block()), { batch: 2 })).rejects.toThrow(
      /does not run Precision\('f16'\) descriptors yet/,
    );
  });
});
