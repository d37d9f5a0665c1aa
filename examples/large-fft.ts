// A 2^20-point FFT with createFFT: more points than one workgroup holds, so it runs as a few passes
// over global memory (plan.passes says which), each a batch of Block FFTs 16 columns at a time.
import { createFFT } from '../src/index.js';
import { referenceDFT } from '../src/reference.js';
import { errorAgainst, randomComplex, type Example } from './support.js';

export const largeFFT: Example = {
  name: 'large-fft',
  summary: 'createFFT({ shape: 2^20 }): a 1D FFT beyond one workgroup, in a few coalesced passes',
  async run({ device }) {
    const n = 1 << 20;
    const plan = await createFFT(device, { shape: n, type: 'c2c', direction: 'forward', precision: 'f32', batch: 1 });
    const x = randomComplex(n);
    const t0 = performance.now();
    const y = await plan.run(x);
    const ms = performance.now() - t0;
    const passes = plan.passes.map((p) => p.kind).join(' + ');
    plan.destroy();
    // Issue 17's bound for powers of two up to 2^20 (the gallery's default is 1e-6).
    return { did: `2^20-point C2C in ${passes}`, error: errorAgainst(y, referenceDFT(x, n, -1)), limit: 6e-7, ms };
  },
};
