// createFFT's `tuning: 'measure'`: rows passes take the ElementsPerThread createBatchedFFT's measure
// keeps for their length and row count, report it, and stay exact (against the f64 references, on
// poisoned outputs and workspaces); column passes keep their shapes.
import { describe, expect, it } from 'vitest';
import { createFFT, type TuningReport } from '../../src/index.js';
import { candidateEPTs, pickShape } from '../../src/batched/measure.js';
import type { FFTPlan } from '../../descriptors/model.js';
import { refusesBeforeGPU, testDevice } from '../support/gpu.js';
import { makeSeed, randomFloats } from '../support/random.js';
import { relativeL2 } from '../support/reference.js';
import { referenceFFTN, referenceRFFTN } from '../support/nd-reference.js';
import { boundFor, runPoisoned } from './harness.js';

const seed = makeSeed();

/** The plan of a pass's descriptor (every createFFT pass descriptor is an fft(...) descriptor). */
const planOfPass = (descriptor: unknown): FFTPlan => (descriptor as { plan: FFTPlan }).plan;

describe(`createFFT tuning: 'measure' (seed ${seed})`, () => {
  const cases = [
    { name: 'C2C [128, 128] forward (rows, then columns)', shape: [128, 128], type: 'c2c' as const, batch: 1 },
    { name: 'R2C 512 x batch 6 (one rows pass)', shape: [512], type: 'r2c' as const, batch: 6 },
  ];
  for (const c of cases) {
    it(`${c.name}: the rows pass keeps the measured shape and is exact`, async () => {
      const { device } = await testDevice();
      const plan = await createFFT(device, { shape: c.shape, type: c.type, direction: 'forward', batch: c.batch, tuning: 'measure' });
      const rows = plan.passes.filter((p) => p.kind === 'rows');
      expect(rows.length).toBe(1);
      const report = rows[0].tuning as TuningReport;
      expect(report.method).toBe('measure');
      const kept = planOfPass(rows[0].descriptor);
      const timed = report.timings.map((t) => t.elementsPerThread);
      // The table's shape first, then its neighbours: the candidates of the rows pass a plan without measure runs.
      const tabled = await createFFT(device, { shape: c.shape, type: c.type, direction: 'forward', batch: c.batch });
      const tabledRows = planOfPass(tabled.passes.find((p) => p.kind === 'rows')!.descriptor);
      tabled.destroy();
      expect(timed).toEqual(candidateEPTs(tabledRows));
      expect(kept.elementsPerThread).toBe(timed[pickShape(report.timings.map((t) => t.ms))]);
      for (const p of plan.passes) if (p.kind !== 'rows') expect(p.tuning).toBeUndefined();
      const data = randomFloats(plan.inputBytes / 4, seed + c.shape[0]);
      const got = await runPoisoned(device, plan, data);
      const want = c.type === 'r2c' ? referenceRFFTN(data, c.shape, c.batch) : referenceFFTN(data, c.shape, c.batch, -1);
      expect(relativeL2(got, want)).toBeLessThan(boundFor(c.shape));
      plan.destroy();
    });
  }

  it('leaves the passes to the tables by default, and refuses an unknown tuning before the GPU', async () => {
    const { device } = await testDevice();
    const plan = await createFFT(device, { shape: 256, type: 'c2c', direction: 'forward' });
    expect(plan.passes[0].tuning).toBeUndefined();
    plan.destroy();
    await refusesBeforeGPU(
      device,
      () => createFFT(device, { shape: 256, type: 'c2c', direction: 'forward', tuning: 'fast' as never }),
      `webfftdx: createFFT's tuning must be 'table' or 'measure', not "fast"`,
    );
  });
});
