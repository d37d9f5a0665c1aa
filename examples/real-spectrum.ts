// Audio-style spectra: frames of 1024 real samples through a folded R2C FFT (the real signal read
// as 512 complex pairs, a half-length complex FFT and one O(N) pass), natural layout: bins 0..512.
import { Block, createBatchedFFT, fft, RealFFTOptions, Size, Type } from '../src/index.js';
import { referenceDFT, relativeL2 } from '../src/reference.js';
import type { Example } from './support.js';

const N = 1024;
const R2C = fft(Size(N), Type('r2c'), RealFFTOptions('natural', 'folded'), Block());

export const realSpectrum: Example = {
  name: 'real-spectrum',
  summary: `${N}-point R2C, folded mode: ${R2C.inputLength} complex pairs in, ${R2C.outputLength} bins out per frame`,
  async run({ device }) {
    const frames = 256;
    const plan = await createBatchedFFT(device, R2C, { batch: frames });
    // A chirp plus noise: a signal with structure, never zeros.
    const x = new Float32Array(N * frames);
    for (let i = 0; i < x.length; i++) x[i] = Math.sin(1e-5 * i * i) + 0.1 * (Math.random() - 0.5);
    const start = performance.now();
    const y = await plan.run(x);
    const ms = performance.now() - start;
    plan.destroy();
    const bins = N / 2 + 1;
    const want = new Float64Array(2 * bins * frames);
    for (let f = 0; f < frames; f++) {
      const complex = new Float64Array(2 * N);
      for (let j = 0; j < N; j++) complex[2 * j] = x[f * N + j];
      want.set(referenceDFT(complex, N, -1).subarray(0, 2 * bins), 2 * bins * f);
    }
    return { did: `${frames} frames of ${N} real samples to ${bins} bins each`, error: relativeL2(y, want), ms };
  },
};
