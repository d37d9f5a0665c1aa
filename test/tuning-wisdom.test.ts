// exportTuning / importTuning: what `tuning: 'measure'` chose on one device, saved as JSON and taken by a
// fresh device without timing again (the imported shape wins even where it is not what this device would
// measure), exact against the f64 reference; shapes measure could not choose are timed afresh; malformed
// wisdom is refused whole, with the field named, before anything is taken.
import { describe, expect, it } from 'vitest';
import { Block, createBatchedFFT, Direction, exportTuning, fft, importTuning, Size } from '../src/index.js';
import { candidateEPTs } from '../src/batched/measure.js';
import { f32Bound } from '../src/reference.js';
import { batchedError } from './support/batched-check.js';
import { freshDevice, withErrorScopes } from './support/gpu.js';
import { makeSeed } from './support/random.js';

const seed = makeSeed();
const desc = fft(Size(256), Direction('forward'), Block());
const batch = 12;

describe(`tuning wisdom (seed ${seed})`, () => {
  it('exports what measure chose and a fresh device takes it without timing', async () => {
    const first = (await freshDevice()).device;
    const measured = await createBatchedFFT(first, desc, { batch, tuning: 'measure' });
    const wisdom = exportTuning(first);
    expect(wisdom).toMatchObject({ format: 'webfftdx-tuning', version: 1 });
    expect(wisdom.shapes).toHaveLength(1);
    expect(wisdom.shapes[0].elementsPerThread).toBe(measured.plan.elementsPerThread);
    expect(wisdom.shapes[0].timings).toEqual(measured.tuning.timings);
    measured.destroy();
    first.destroy();

    // Save a shape this device did not keep: a plan that takes it cannot have timed the candidates itself.
    const other = candidateEPTs(desc.plan).find((e) => e !== wisdom.shapes[0].elementsPerThread)!;
    const saved = JSON.stringify({ ...wisdom, shapes: [{ ...wisdom.shapes[0], elementsPerThread: other }] });
    const device = (await freshDevice()).device;
    try {
      expect(importTuning(device, saved)).toBe(1);
      const plan = await withErrorScopes(device, () => createBatchedFFT(device, desc, { batch, tuning: 'measure' }));
      expect(plan.tuning.method).toBe('measure');
      expect(plan.plan.elementsPerThread).toBe(other);
      expect(plan.tuning.timings).toEqual(wisdom.shapes[0].timings);
      expect(await batchedError(device, plan, desc, seed)).toBeLessThan(Math.min(1e-6, 2 * f32Bound(256)));
      plan.destroy();
      // Another batch is another plan: not in the wisdom, so measured on this device.
      const more = await createBatchedFFT(device, desc, { batch: batch + 1, tuning: 'measure' });
      expect(more.tuning.timings.map((t) => t.elementsPerThread)).toEqual(candidateEPTs(desc.plan));
      expect(exportTuning(device).shapes).toHaveLength(2);
      more.destroy();
    } finally {
      device.destroy();
    }
  });

  it('times afresh where the saved shape is not one measure could choose', async () => {
    const device = (await freshDevice()).device;
    try {
      const first = await createBatchedFFT(device, desc, { batch: 3, tuning: 'measure' });
      const [shape] = exportTuning(device).shapes;
      first.destroy();
      const stranger = (await freshDevice()).device;
      importTuning(stranger, { format: 'webfftdx-tuning', version: 1, shapes: [{ ...shape, elementsPerThread: 3 }] });
      const plan = await createBatchedFFT(stranger, desc, { batch: 3, tuning: 'measure' });
      expect(candidateEPTs(desc.plan)).toContain(plan.plan.elementsPerThread);
      expect(plan.tuning.timings.map((t) => t.elementsPerThread)).toEqual(candidateEPTs(desc.plan));
      plan.destroy();
      stranger.destroy();
    } finally {
      device.destroy();
    }
  });

  it('refuses malformed wisdom whole, naming the field', async () => {
    const device = (await freshDevice()).device;
    const good = { key: 'k', elementsPerThread: 8, timings: [{ elementsPerThread: 8, fftsPerBlock: 1, ms: 0.5 }] };
    const bad: [unknown, RegExp][] = [
      ['{', /importTuning: the text is not JSON/],
      [[], /the wisdom must be exportTuning's object .* not an array/],
      [{ format: 'fftw', version: 1, shapes: [] }, /format must be 'webfftdx-tuning', not 'fftw'/],
      [{ format: 'webfftdx-tuning', version: 2, shapes: [] }, /version must be 1 \(this webfftdx's format\), not 2/],
      [{ format: 'webfftdx-tuning', version: 1, shapes: {} }, /shapes must be an array, not an object/],
      [{ format: 'webfftdx-tuning', version: 1, shapes: [good, { ...good, elementsPerThread: 2.5 }] }, /shapes\[1\]\.elementsPerThread must be a positive integer, not 2.5/],
      [{ format: 'webfftdx-tuning', version: 1, shapes: [{ ...good, key: '' }] }, /shapes\[0\]\.key must be a non-empty string/],
      [{ format: 'webfftdx-tuning', version: 1, shapes: [{ ...good, timings: [{ elementsPerThread: 8, fftsPerBlock: 1, ms: 'fast' }] }] }, /shapes\[0\]\.timings\[0\]\.ms must be a finite number of milliseconds >= 0, not 'fast'/],
    ];
    try {
      for (const [wisdom, message] of bad) expect(() => importTuning(device, wisdom as string)).toThrow(message);
      // Nothing of a refused wisdom was taken, not even its valid first shape.
      expect(exportTuning(device).shapes).toEqual([]);
    } finally {
      device.destroy();
    }
  });
});
