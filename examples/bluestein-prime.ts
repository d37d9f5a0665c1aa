// A prime length (1009) has no mixed-radix factorisation: the descriptor chooses Bluestein's
// algorithm with a global-memory workspace (the chirp and its spectrum, computed in f64 on the host),
// exactly as cuFFTDx does for sizes outside its database.
import { Block, createBatchedFFT, Direction, fft, Size } from '../src/index.js';
import { errorAgainst, randomComplex, referenceBatch, type Example } from './support.js';

const FFT = fft(Size(1009), Direction('forward'), Block());

export const bluesteinPrime: Example = {
  name: 'bluestein-prime',
  summary: `1009-point C2C (prime): requiresWorkspace=${FFT.requiresWorkspace}, workspaceSize=${FFT.workspaceSize} bytes`,
  async run({ device }) {
    const batch = 64;
    const plan = await createBatchedFFT(device, FFT, { batch });
    const x = randomComplex(1009 * batch);
    const start = performance.now();
    const y = await plan.run(x);
    const ms = performance.now() - start;
    plan.destroy();
    return { did: `${batch} FFTs of 1009 points (Bluestein, workspace)`, error: errorAgainst(y, referenceBatch(x, 1009, batch, -1)), ms };
  },
};
