// A prime whose p - 1 factors into the engine's radices (257 = 2^8 + 1) runs by Rader's algorithm:
// the DFT becomes a cyclic convolution of length p - 1, two 256-point FFTs where Bluestein would run
// two of 1024. Like Bluestein it reads a workspace (the convolution kernel's spectrum and the
// generator's index permutations, computed in f64 on the host); `makeWorkspace` fills it, and
// createBatchedFFT does so by itself.
import { Block, createBatchedFFT, Direction, fft, Size } from '../src/index.js';
import { errorAgainst, randomComplex, referenceBatch, type Example } from './support.js';

const FFT = fft(Size(257), Direction('inverse'), Block());

export const raderPrime: Example = {
  name: 'rader-prime',
  summary: `257-point C2C (prime, Rader): ElementsPerThread=${FFT.elementsPerThread} (+1 register for element 256), stride=${FFT.stride}, workspaceSize=${FFT.workspaceSize} bytes`,
  async run({ device }) {
    const batch = 64;
    const plan = await createBatchedFFT(device, FFT, { batch });
    const x = randomComplex(257 * batch);
    const start = performance.now();
    const y = await plan.run(x);
    const ms = performance.now() - start;
    plan.destroy();
    return { did: `${batch} inverse FFTs of 257 points (Rader, workspace)`, error: errorAgainst(y, referenceBatch(x, 257, batch, 1)), ms };
  },
};
