// 2D image filtering with createFFT: a synthetic 256 x 256 image, its R2C spectrum (numpy's rfft2
// layout, [256][129]), a Gaussian low-pass applied to the spectrum, and the C2R back. The low-pass is
// the C2R plan's load callback: the weights are computed from the spectrum index inside the inverse
// FFT's first pass (no pass, no host loop for the filter). The image, the log-magnitude spectrum and
// the filtered image are written as PNG files to examples/output/.
import { fileURLToPath } from 'node:url';
import { createFFT } from '../src/index.js';
import { referenceIRFFTN, referenceRFFTN } from '../src/reference-nd.js';
import { relativeL2 } from '../src/reference.js';
import { writeGreyPNG } from './png.js';
import type { Example } from './support.js';

const N = 256;
const H = N / 2 + 1;
const SIGMA = 20;

/** A 256 x 256 test picture: checkerboard, a disc, noise (also examples/image-convolution.ts's input). */
export function syntheticImage(): Float32Array<ArrayBuffer> {
  const img = new Float32Array(N * N);
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      const checker = ((x >> 5) + (y >> 5)) & 1 ? 0.6 : 0.2;
      const r = Math.hypot(x - 150, y - 100);
      const disc = r < 50 ? 0.4 : 0;
      img[y * N + x] = checker + disc + 0.3 * (Math.random() - 0.5); // plus noise the filter removes
    }
  }
  return img;
}

/** Gaussian low-pass weights on the R2C spectrum (rows ky, columns kx <= N/2), 1/N^2 folded in (f64: the reference's). */
function lowPass(): Float64Array {
  const w = new Float64Array(N * H);
  for (let ky = 0; ky < N; ky++) {
    const fy = ky <= N / 2 ? ky : ky - N;
    for (let kx = 0; kx < H; kx++) w[ky * H + kx] = Math.exp(-(fy * fy + kx * kx) / (2 * SIGMA * SIGMA)) / (N * N);
  }
  return w;
}

/** The same weights as createFFT's load callback: `index` is the flat index in the [N][H] half spectrum. */
const lowPassLoad = `fn load(fft: u32, index: u32) -> vec2<f32> {
  let ky = index / ${H}u;
  let kx = f32(index % ${H}u);
  let fy = select(f32(ky), f32(ky) - ${N}.0, ky > ${N / 2}u);
  let w = exp(-(fy * fy + kx * kx) / ${2 * SIGMA * SIGMA}.0) / ${N * N}.0;
  return fft_in[fft * ${N * H}u + index] * w;
}`;

export const imageFilter: Example = {
  name: 'image-filter',
  summary: 'createFFT 2D R2C / C2R: Gaussian low-pass of a 256 x 256 image, PNGs in examples/output/',
  async run({ device }) {
    const forward = await createFFT(device, { shape: [N, N], type: 'r2c', precision: 'f32', batch: 1 });
    const inverse = await createFFT(device, { shape: [N, N], type: 'c2r', precision: 'f32', batch: 1, load: lowPassLoad });
    const img = syntheticImage();
    const weights = lowPass();
    const t0 = performance.now();
    const spectrum = await forward.run(img);
    const filtered = await inverse.run(spectrum); // the low-pass runs in the C2R's load callback
    const ms = performance.now() - t0;
    forward.destroy();
    inverse.destroy();

    // The same pipeline in f64 on the host.
    const refSpectrum = referenceRFFTN(img, [N, N], 1);
    for (let i = 0; i < N * H; i++) {
      refSpectrum[2 * i] *= weights[i];
      refSpectrum[2 * i + 1] *= weights[i];
    }
    const error = relativeL2(filtered, referenceIRFFTN(refSpectrum, [N, N], 1));

    const out = fileURLToPath(new URL('./output/', import.meta.url));
    const logMagnitude = new Float32Array(N * N);
    for (let ky = 0; ky < N; ky++) {
      for (let kx = 0; kx < N; kx++) {
        // Full spectrum from the Hermitian half, centred (fftshift) for viewing.
        const [sy, sx] = kx < H ? [ky, kx] : [(N - ky) % N, N - kx];
        const i = sy * H + sx;
        logMagnitude[((ky + N / 2) % N) * N + ((kx + N / 2) % N)] = Math.log1p(Math.hypot(spectrum[2 * i], spectrum[2 * i + 1]));
      }
    }
    writeGreyPNG(`${out}image.png`, N, N, img);
    writeGreyPNG(`${out}spectrum.png`, N, N, logMagnitude);
    writeGreyPNG(`${out}filtered.png`, N, N, filtered);
    return { did: 'R2C, Gaussian low-pass (a load callback of the C2R), C2R of 256 x 256; wrote image.png, spectrum.png, filtered.png', error, ms };
  },
};
