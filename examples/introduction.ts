// cuFFTDx's introduction example in webfftdx: a 128-point complex FFT computed by a workgroup,
// 8 elements per invocation, 2 FFTs per workgroup, run over a batch by the ready-made host helper.
import { Block, createBatchedFFT, Direction, ElementsPerThread, fft, FFTsPerBlock, Precision, Size, Type } from '../src/index.js';
import { errorAgainst, randomComplex, referenceBatch, type Example } from './support.js';

const FFT = fft(Size(128), Type('c2c'), Direction('forward'), Precision('f32'), Block(), ElementsPerThread(8), FFTsPerBlock(2));

export const introduction: Example = {
  name: 'introduction',
  summary: `128-point C2C forward, Block, ElementsPerThread(8), FFTsPerBlock(2): stride ${FFT.stride}, blockDim [${FFT.blockDim.join(', ')}]`,
  async run({ device }) {
    const batch = 1000;
    const plan = await createBatchedFFT(device, FFT, { batch });
    const x = randomComplex(FFT.size * batch);
    const start = performance.now();
    const y = await plan.run(x);
    const ms = performance.now() - start;
    plan.destroy();
    return { did: `${batch} FFTs of 128 points with createBatchedFFT`, error: errorAgainst(y, referenceBatch(x, 128, batch, -1)), ms };
  },
};
