// createBatchedFFT's `tuning: 'measure'`: which shapes it times, which it keeps, that the kept plan is
// exact against the f64 reference (Stockham, Bluestein with its workspace, folded R2C), that the
// choice is remembered per device, and that descriptors which fix their shape are left as they are.
import { describe, expect, it } from 'vitest';
import { Block, createBatchedFFT, Direction, ElementsPerThread, fft, RealFFTOptions, Size, Thread, Type } from '../src/index.js';
import { candidateEPTs, pickShape } from '../src/batched/measure.js';
import { batchedError } from './support/batched-check.js';
import { refusesBeforeGPU, testDevice, withErrorScopes } from './support/gpu.js';
import { makeSeed } from './support/random.js';
import { f32Bound } from '../src/reference.js';

const seed = makeSeed();

describe('pickShape', () => {
  it("keeps the table's shape unless another is faster by more than 1 %", () => {
    expect(pickShape([1])).toBe(0);
    expect(pickShape([1, 0.995, 1.2])).toBe(0);
    expect(pickShape([1, 0.98])).toBe(1);
    expect(pickShape([1, 0.98, 0.97])).toBe(2);
    // Among the others the fastest wins outright, once one of them has beaten the table's by the margin.
    expect(pickShape([1, 0.97, 0.975])).toBe(1);
    expect(pickShape([1, 1.5, 0.9])).toBe(2);
  });
});

describe('candidateEPTs', () => {
  it("lists the table's ElementsPerThread first, then its neighbours among the values the descriptor accepts", () => {
    expect(candidateEPTs(fft(Size(256), Direction('forward'), Block()).plan)).toEqual([8, 4, 16]);
    expect(candidateEPTs(fft(Size(1024), Direction('forward'), Block()).plan)).toEqual([16, 8, 32]);
    // Bluestein (1009 over 2048 points) and Rader (97 over 96) take their own lists.
    expect(candidateEPTs(fft(Size(1009), Direction('forward'), Block()).plan)).toEqual([16, 8, 32]);
    expect(candidateEPTs(fft(Size(97), Direction('forward'), Block()).plan)).toEqual([6, 4, 8]);
    // Folded real FFTs count reals, twice the engine's complex elements.
    const folded = fft(Size(512), Type('r2c'), RealFFTOptions('natural', 'folded'), Block());
    expect(candidateEPTs(folded.plan).map((e) => e / 2)).toEqual(candidateEPTs(fft(Size(256), Direction('forward'), Block()).plan));
  });
});

describe(`createBatchedFFT tuning: 'measure' (seed ${seed})`, () => {
  const cases = [
    { name: 'C2C 256 forward', desc: fft(Size(256), Direction('forward'), Block()), batch: 24 },
    { name: 'C2C 107 inverse (Bluestein, workspace)', desc: fft(Size(107), Direction('inverse'), Block()), batch: 9 },
    { name: 'R2C 128 folded', desc: fft(Size(128), Type('r2c'), RealFFTOptions('natural', 'folded'), Block()), batch: 17 },
  ];
  for (const c of cases) {
    it(`${c.name}: times the candidates, keeps the fastest, and is exact`, async () => {
      const { device } = await testDevice();
      const plan = await withErrorScopes(device, () => createBatchedFFT(device, c.desc, { batch: c.batch, tuning: 'measure' }));
      expect(plan.tuning.method).toBe('measure');
      const wanted = candidateEPTs(c.desc.plan);
      expect(plan.tuning.timings.map((t) => t.elementsPerThread)).toEqual(wanted);
      for (const t of plan.tuning.timings) expect(t.ms).toBeGreaterThan(0);
      const kept = pickShape(plan.tuning.timings.map((t) => t.ms));
      expect(plan.plan.elementsPerThread).toBe(wanted[kept]);
      expect(plan.plan.fftsPerBlock).toBe(plan.tuning.timings[kept].fftsPerBlock);
      // The kept shape is the plan of the descriptor with that ElementsPerThread, its suggested FFTs per block.
      const same = c.desc.with(ElementsPerThread(wanted[kept]));
      expect(plan.plan.fftsPerBlock).toBe(same.suggestedFFTsPerBlock);
      const error = await batchedError(device, plan, c.desc, seed + c.desc.size);
      expect(error).toBeLessThan(Math.min(1e-6, 2 * f32Bound(c.desc.plan.execSize)));

      // A second plan of the same descriptor and batch on this device takes the remembered shape without timing again.
      const again = await createBatchedFFT(device, c.desc, { batch: c.batch, tuning: 'measure' });
      expect(again.plan.elementsPerThread).toBe(plan.plan.elementsPerThread);
      expect(again.tuning.timings).toBe(plan.tuning.timings);
      plan.destroy();
      again.destroy();
    });
  }

  it('leaves descriptors that fix their shape as they are, and says so', async () => {
    const { device } = await testDevice();
    for (const desc of [fft(Size(256), Direction('forward'), Block(), ElementsPerThread(4)), fft(Size(16), Direction('forward'), Thread())]) {
      const plan = await createBatchedFFT(device, desc, { batch: 4, tuning: 'measure' });
      expect(plan.tuning).toEqual({ method: 'descriptor', timings: [] });
      expect(plan.plan.elementsPerThread).toBe(desc.elementsPerThread);
      plan.destroy();
    }
    const exact = await createBatchedFFT(device, fft(Size(64), Direction('forward'), Block()), { batch: 4, tuning: 'measure', fftsPerBlock: 'descriptor' });
    expect(exact.tuning.method).toBe('descriptor');
    exact.destroy();
    const table = await createBatchedFFT(device, fft(Size(64), Direction('forward'), Block()), { batch: 4 });
    expect(table.tuning).toEqual({ method: 'table', timings: [] });
    table.destroy();
  });

  it('refuses an unknown tuning before anything reaches the GPU', async () => {
    const { device } = await testDevice();
    const desc = fft(Size(64), Direction('forward'), Block());
    await refusesBeforeGPU(
      device,
      () => createBatchedFFT(device, desc, { batch: 4, tuning: 'fast' as never }),
      `webfftdx: createBatchedFFT's tuning must be 'table' or 'measure', not "fast"`,
    );
  });
});
