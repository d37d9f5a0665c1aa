// One spectrum in the three precisions: the same 1024-point C2C transforms through createBatchedFFT
// in f64 (double-float: Float64Array in and out), f32 and f16 (two FFTs per register; Float32Array
// in, rounded to f16 on upload, f16 values out). Each is checked against the f64 reference with a
// bound of its own precision; f16 needs the adapter's `shader-f16` feature (lavapipe and Chromium
// have it, Dawn on the NVIDIA driver does not), and without it createBatchedFFT refuses up front.
import { Block, createBatchedFFT, Direction, fft, Precision, Size } from '../src/index.js';
import { referenceDFT, relativeL2 } from '../src/reference.js';
import type { Example } from './support.js';

const N = 1024;
const BATCH = 16;

/** Doubles in [-1, 1) with all 53 bits random (an f32 input would hide what f64 adds). */
function random53(count: number): Float64Array {
  return Float64Array.from({ length: count }, () => 2 * (Math.random() + Math.random() * 2 ** -32) - 1);
}

function referenceOf(x: Float64Array): Float64Array {
  const want = new Float64Array(x.length);
  for (let b = 0; b < BATCH; b++) want.set(referenceDFT(x.subarray(2 * N * b, 2 * N * (b + 1)), N, -1), 2 * N * b);
  return want;
}

const descriptor = (p: 'f16' | 'f32' | 'f64') => fft(Size(N), Direction('forward'), Precision(p), Block());

export const f64Spectrum: Example = {
  name: 'f64-spectrum',
  summary: `${BATCH} x ${N}-point C2C in f64 (double-float) and in f32, the same input, against the f64 reference`,
  async run({ device }) {
    const x = random53(2 * N * BATCH);
    const want = referenceOf(x);
    const f64 = await createBatchedFFT(device, descriptor('f64'), { batch: BATCH });
    const f32 = await createBatchedFFT(device, descriptor('f32'), { batch: BATCH });
    try {
      const start = performance.now();
      const y = await f64.run(x);
      const ms = performance.now() - start;
      const y32 = await f32.run(Float32Array.from(x));
      const e32 = relativeL2(y32, want);
      const error = relativeL2(y, want);
      return { did: `f64 error ${error.toExponential(1)}, f32 on the same input ${e32.toExponential(1)}`, error, limit: 1e-13, ms };
    } finally {
      f64.destroy();
      f32.destroy();
    }
  },
};

export const f16Spectrum: Example = {
  name: 'f16-spectrum',
  summary: `${BATCH} x ${N}-point C2C in f16 (RRII: two FFTs per vec4<f16>), Float32Array in and out`,
  async run({ device }) {
    if (!device.features.has('shader-f16')) {
      // What a user of such an adapter gets: a clear refusal before anything reaches the GPU.
      const message = await createBatchedFFT(device, descriptor('f16'), { batch: BATCH }).then(
        (plan) => (plan.destroy(), 'no error'),
        (e: Error) => e.message,
      );
      if (!message.includes('shader-f16')) throw new Error(`expected a refusal naming shader-f16, got: ${message}`);
      return { did: `not computed: this adapter has no shader-f16, and createBatchedFFT says so ("${message}")`, error: 0, limit: 0, ms: 0 };
    }
    const x = random53(2 * N * BATCH);
    const want = referenceOf(x);
    const plan = await createBatchedFFT(device, descriptor('f16'), { batch: BATCH });
    try {
      const start = performance.now();
      const y = await plan.run(Float32Array.from(x));
      const ms = performance.now() - start;
      const error = relativeL2(y, want);
      // f16 keeps 11 significant bits (unit roundoff 4.9e-4): inputs, twiddles and outputs each round once.
      return { did: `f16 error ${error.toExponential(1)} (f16's unit roundoff 4.9e-4)`, error, limit: 5e-3, ms };
    } finally {
      plan.destroy();
    }
  },
};
