// 2D image filtering with createConvolution: a 256 x 256 picture (image-filter.ts's) blurred by a
// 9 x 9 Gaussian and edge-detected by a Sobel kernel, both in mode 'same' (scipy.signal.convolve2d's
// 'same': the output has the image's size, centred on the filter). The plans run the 2D four-step path
// (R2C rows reading the image zero-padded -> the column passes, the multiply fused into the last
// column FFTs' kernel -> C2R rows writing the cropped outputs; docs/convolution.md). The Sobel kernel is given inside a 9 x 9 zero frame,
// centred: 'same' then crops the same outputs as for the 3 x 3 kernel, and both plans have one FFT
// shape, so they share every compiled kernel. Checked against a direct f64 convolution on the host
// (relative L2, the gallery's measure; the worse of the two filters);
// the outputs are written as PNG files to examples/output/.
import { fileURLToPath } from 'node:url';
import { createConvolution } from '../src/index.js';
import { relativeL2 } from '../src/reference.js';
import { syntheticImage } from './image-filter.js';
import { writeGreyPNG } from './png.js';
import type { Example } from './support.js';

const N = 256;
const K = 9;

/** A normalised K x K Gaussian of width sigma (row-major). */
function gaussian(sigma: number): Float32Array<ArrayBuffer> {
  const g = new Float32Array(K * K);
  const c = (K - 1) / 2;
  let sum = 0;
  for (let i = 0; i < K; i++) for (let j = 0; j < K; j++) sum += g[i * K + j] = Math.exp(-((i - c) ** 2 + (j - c) ** 2) / (2 * sigma * sigma));
  return g.map((v) => v / sum);
}

/** The horizontal Sobel kernel (vertical edges), centred in a K x K zero frame. */
function sobelX(): Float32Array<ArrayBuffer> {
  const s = [1, 0, -1, 2, 0, -2, 1, 0, -1];
  const g = new Float32Array(K * K);
  const c = (K - 3) / 2;
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) g[(i + c) * K + j + c] = s[i * 3 + j];
  return g;
}

/** scipy.signal.convolve2d(img, h, 'same') in f64, direct sums. */
function convolveSame(img: Float32Array, h: Float32Array): Float64Array {
  const out = new Float64Array(N * N);
  const o = (K - 1) >> 1;
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      let s = 0;
      for (let i = 0; i < K; i++) {
        const sy = y + o - i;
        if (sy < 0 || sy >= N) continue;
        for (let j = 0; j < K; j++) {
          const sx = x + o - j;
          if (sx >= 0 && sx < N) s += h[i * K + j] * img[sy * N + sx];
        }
      }
      out[y * N + x] = s;
    }
  }
  return out;
}

export const imageConvolution: Example = {
  name: 'image-convolution',
  summary: 'createConvolution 2D: 9 x 9 Gaussian blur and Sobel edges of a 256 x 256 image (same mode), PNGs in examples/output/',
  async run({ device }) {
    const img = syntheticImage();
    const filters = { blurred: gaussian(2), edges: sobelX() };
    const out = fileURLToPath(new URL('./output/', import.meta.url));
    let error = 0;
    let ms = 0;
    let passes = 0;
    for (const [name, h] of Object.entries(filters)) {
      const conv = await createConvolution(device, { shape: [N, N], type: 'real', mode: 'same', filter: h, filterShape: [K, K], batch: 1 });
      const t0 = performance.now();
      const y = await conv.run(img);
      ms += performance.now() - t0;
      passes = conv.passes.length;
      error = Math.max(error, relativeL2(y, convolveSame(img, h)));
      writeGreyPNG(`${out}convolved-${name}.png`, N, N, y);
      conv.destroy();
    }
    return {
      did: `2D real 'same' convolution of 256 x 256 with a 9 x 9 Gaussian and a Sobel kernel (${passes} passes each); wrote convolved-blurred.png, convolved-edges.png`,
      error,
      ms,
    };
  },
};
