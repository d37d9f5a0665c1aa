// createFFT and createConvolution in f32 on the adapter the bench runs on, against the f64 reference:
// the shapes whose passes only a GPU's limits hold (48 KiB / 1024 invocations: the 1024-point pass
// shapes of src/any-shape/pass-split.ts columnPassShape), which the software driver's tests (32 KiB)
// never compile. C2C forward and inverse, R2C and C2R; complex and real four-step convolutions.
// Issue 17's bound: relative L2 per transform <= 6e-7 for powers of two up to 2^20, else 1e-6.
//   node dist/bench/f32-check.js [shapes, default 65536,131072,262144,524288,1048576,2097152,4194304,256x256,512x512,1024x1024,2048x2048]
// F32_CHECK_BATCH=<b> sets the batch (default 2; 1 for the shapes of 2^26 values, 512 MiB each),
// F32_CHECK_CONVOLUTIONS=0 skips the convolutions; F32_CHECK_CONVOLUTIONS=<n,...> checks those lengths instead
// (e.g. primes: circular through a linear convolution).
// Prints one line per case and exits non-zero if any case misses its bound.
import { createConvolution, createFFT } from '../src/index.js';
import { FAST_TOGGLES, requestNodeDevice } from '../src/node.js';
import { referenceCircularConvolution, relativeL2 } from '../src/reference.js';
import { referenceFFTN, referenceIRFFTN, referenceRFFTN } from '../src/reference-nd.js';

const DEFAULT_SHAPES = '65536,131072,262144,524288,1048576,2097152,4194304,256x256,512x512,1024x1024,2048x2048';
const shapes = (process.argv[2] ?? DEFAULT_SHAPES).split(',').map((s) => s.split('x').map(Number));
const batch = Number(process.env.F32_CHECK_BATCH ?? 2);
if (!Number.isInteger(batch) || batch < 1) throw new Error(`F32_CHECK_BATCH must be a positive integer, got ${process.env.F32_CHECK_BATCH}`);
const { device, adapterName } = await requestNodeDevice({ toggles: FAST_TOGGLES });
console.log(`${adapterName}: createFFT / createConvolution f32 against the f64 reference, batch ${batch}`);
let failed = 0;

/** Values in [-1, 1). */
function random(count: number): Float32Array {
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = 2 * Math.random() - 1;
  return out;
}

function boundFor(points: number): number {
  return (points & (points - 1)) === 0 && points <= 2 ** 20 ? 6e-7 : 1e-6;
}

/** Worst relative L2 over the batch. */
function worst(got: Float32Array | Float64Array | Uint16Array, want: Float64Array, per: number): number {
  let w = 0;
  for (let f = 0; f < batch; f++) w = Math.max(w, relativeL2(got.subarray(f * per, (f + 1) * per), want.subarray(f * per, (f + 1) * per)));
  return w;
}

function report(label: string, passes: string, err: number, bound: number): void {
  const ok = err <= bound;
  if (!ok) failed++;
  console.log(`${label} (${passes})\t${err.toExponential(2)}\t(bound ${bound})\t${ok ? 'ok' : 'FAILED'}`);
}

for (const shape of shapes) {
  const points = shape.reduce((a, b) => a * b, 1);
  const bound = boundFor(points);
  for (const direction of ['forward', 'inverse'] as const) {
    const plan = await createFFT(device, { shape, type: 'c2c', direction, batch });
    const x = random(2 * points * batch);
    const y = await plan.run(x);
    const want = referenceFFTN(x, shape, batch, direction === 'forward' ? -1 : 1);
    report(`createFFT c2c ${direction} [${shape.join(', ')}]`, plan.passes.map((p) => p.kind).join(' + '), worst(y, want, 2 * points), bound);
    plan.destroy();
  }
  const half = [...shape.slice(0, -1), shape[shape.length - 1] / 2 + 1];
  const halfPoints = half.reduce((a, b) => a * b, 1);
  const r2c = await createFFT(device, { shape, type: 'r2c', direction: 'forward', batch });
  const xr = random(points * batch);
  report(`createFFT r2c [${shape.join(', ')}]`, r2c.passes.map((p) => p.kind).join(' + '), worst(await r2c.run(xr), referenceRFFTN(xr, shape, batch), 2 * halfPoints), bound);
  r2c.destroy();
  // C2R of a Hermitian spectrum (the rfftn of random reals), so that the reference is exact.
  const c2r = await createFFT(device, { shape, type: 'c2r', direction: 'inverse', batch });
  const spectrum = Float32Array.from(referenceRFFTN(random(points * batch), shape, batch));
  report(`createFFT c2r [${shape.join(', ')}]`, c2r.passes.map((p) => p.kind).join(' + '), worst(await c2r.run(spectrum), referenceIRFFTN(spectrum, shape, batch), points), bound);
  c2r.destroy();
}

// Convolutions (circular, 33 taps): 16384 in one kernel (its spectrum partly read before the forward FFT),
// the four-step path beyond (524288 and up: 4096-point rows, the same; 4194304 = 1024 x 4096 runs
// 1024-point column passes), against the circular convolution through the f64 reference's FFTs.
const convolutionSetting = process.env.F32_CHECK_CONVOLUTIONS;
const convolutionLengths = convolutionSetting === '0' ? [] : convolutionSetting ? convolutionSetting.split(',').map(Number) : [16384, 262144, 524288, 1048576, 4194304];
for (const n of convolutionLengths) {
  for (const type of ['complex', 'real'] as const) {
    const c = type === 'complex' ? 2 : 1;
    const taps = random(c * 33);
    const conv = await createConvolution(device, { shape: n, type, mode: 'circular', filter: taps, batch });
    const x = random(c * n * batch);
    const y = await conv.run(x);
    // Real signals and taps as complex ones with a zero imaginary part; the real result is the real part.
    const complex = (v: Float32Array) => (type === 'complex' ? v : Float64Array.from({ length: 2 * v.length }, (_, i) => (i % 2 ? 0 : v[i / 2])));
    const want = new Float64Array(c * n * batch);
    for (let f = 0; f < batch; f++) {
      const out = referenceCircularConvolution(complex(x.subarray(c * n * f, c * n * (f + 1))), complex(taps), n);
      want.set(type === 'complex' ? out : out.filter((_, i) => i % 2 === 0), c * n * f);
    }
    report(`createConvolution ${type} circular ${n}, 33 taps`, `${conv.passes.length} passes`, worst(y, want, c * n), 1e-6);
    conv.destroy();
  }
}
device.destroy();
process.exit(failed ? 1 : 0);
