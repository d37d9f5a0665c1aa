// FFTW's MEASURE and wisdom in webfftdx: `tuning: 'measure'` times the tuning table's shape against
// its neighbouring ElementsPerThread values on this device and keeps the fastest; exportTuning saves
// that choice as plain JSON, and importTuning hands it to a later device (a new page load, a new
// process), whose plans then take the saved shape without timing anything.
import { Block, createBatchedFFT, Direction, exportTuning, fft, importTuning, Size } from '../src/index.js';
import { requestNodeDevice } from '../src/node.js';
import { errorAgainst, randomComplex, referenceBatch, type Example } from './support.js';

const N = 2048;
const FFT = fft(Size(N), Direction('forward'), Block());

export const measuredShapes: Example = {
  name: 'measured-shapes',
  summary: `${N}-point C2C with tuning: 'measure', its choice saved by exportTuning and taken by a second device through importTuning`,
  async run({ device }) {
    const batch = 32;
    let t0 = performance.now();
    const measured = await createBatchedFFT(device, FFT, { batch, tuning: 'measure' });
    const measuring = performance.now() - t0;
    const timed = measured.tuning.timings.map((t) => `E${t.elementsPerThread} ${(t.ms * 1000).toFixed(0)} us`).join(', ');
    const kept = measured.plan.elementsPerThread;
    measured.destroy();
    const json = JSON.stringify(exportTuning(device));

    // A second device stands for the next session: it knows nothing until the wisdom is imported.
    const { device: later } = await requestNodeDevice();
    try {
      const taken = importTuning(later, json);
      t0 = performance.now();
      const plan = await createBatchedFFT(later, FFT, { batch, tuning: 'measure' });
      const taking = performance.now() - t0;
      const x = randomComplex(N * batch);
      const start = performance.now();
      const y = await plan.run(x);
      const ms = performance.now() - start;
      const same = plan.plan.elementsPerThread === kept;
      plan.destroy();
      if (!same) throw new Error(`the second device ran E${plan.plan.elementsPerThread}, not the saved E${kept}`);
      return {
        did: `measured in ${measuring.toFixed(0)} ms (${timed}), kept E${kept}; ${json.length} bytes of wisdom; a second device took ${taken} shape, built E${kept} in ${taking.toFixed(0)} ms untimed and ran ${batch} FFTs`,
        error: errorAgainst(y, referenceBatch(x, N, batch, -1)),
        ms,
      };
    } finally {
      later.destroy();
    }
  },
};
