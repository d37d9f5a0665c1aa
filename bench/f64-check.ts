// The f64 (df64) kernels' accuracy on the adapter the bench runs on (the GPU machine has no vitest):
// createBatchedFFT in Precision('f64') against the f64 reference on random doubles (forward C2C, Thread
// and Block; R2C; folded C2R; Bluestein where a size needs it) and createFFT in f64 (1D in passes, 2D
// in one pass and in passes) and createConvolution in f64 (fused, four-step), with the df64 product the device gets (Dekker's splits, or one fma where hasExactFma says
// the device's fma rounds once). Issue 19's bounds: relative L2 per FFT <= 1e-13 up to 4096, 1e-12 above.
//   node dist/bench/f64-check.js [sizes, default 16,64,256,1000,1009,4096,8192] [df64 renormalisation]
// The second argument (every-op, products, none: kernels/arith.ts Df64Renormalisation) checks the
// kernels of another renormalisation than the library's default.
// Prints one line per case and exits non-zero if any case misses its bound.
import { Block, createBatchedFFT, createConvolution, createFFT, Direction, fft, hasExactFma, Limits, Precision, RealFFTOptions, Size, Thread, Type } from '../src/index.js';
import { DF64_EFT_EXPECTED, runDf64EftProbe } from './df64-eft.js';
import { FAST_TOGGLES, requestNodeDevice } from '../src/node.js';
import { referenceCircularConvolution, referenceDFT, relativeL2 } from '../src/reference.js';
import { DEFAULT_DF64_RENORMALISATION, DF64_RENORMALISATIONS, setDf64Renormalisation, type Df64Renormalisation } from '../kernels/arith.js';

const sizes = (process.argv[2] ?? '16,64,256,1000,1009,4096,8192').split(',').map(Number);
const mode = (process.argv[3] ?? DEFAULT_DF64_RENORMALISATION) as Df64Renormalisation;
if (!DF64_RENORMALISATIONS.includes(mode)) throw new Error(`df64 renormalisation: expected ${DF64_RENORMALISATIONS.join(', ')}, got '${mode}'`);
setDf64Renormalisation(mode);
const batch = 4;
const { device, adapterName } = await requestNodeDevice({ toggles: FAST_TOGGLES });
const fusedFma = await hasExactFma(device);
console.log(`${adapterName}: exact fma ${fusedFma}, df64 renormalisation ${mode}${mode === DEFAULT_DF64_RENORMALISATION ? ' (default)' : ''}`);
let failed = 0;
// The df64 helpers on known operands, with Dekker's products and with fma ones.
for (const exactFma of [false, true]) {
  const rows = await runDf64EftProbe(device, exactFma);
  DF64_EFT_EXPECTED.forEach((e, i) => {
    const ok = rows[i].every((x, k) => x === e.value[k]);
    // The fma products are expected exact only where hasExactFma said so.
    const expected = !exactFma || fusedFma || !e.what.match(/^(scale|cmul)/);
    if (ok !== expected) failed++;
    console.log(`df64 ${e.what}${exactFma ? ' (fma)' : ''}\t${ok ? 'exact' : `got ${rows[i].join(', ')}`}\t${ok === expected ? 'ok' : 'FAILED'}`);
  });
}

/** Doubles in [-1, 1) with all 53 bits random. */
function random(count: number): Float64Array {
  return Float64Array.from({ length: count }, () => 2 * (Math.random() + Math.random() * 2 ** -32) - 1);
}

/** Worst relative L2 over the batch: `got` and `want` hold `batch` transforms of `per` values each. */
function worst(got: Float64Array, want: (f: number) => Float64Array, per: number): number {
  let w = 0;
  for (let f = 0; f < batch; f++) w = Math.max(w, relativeL2(got.subarray(f * per, (f + 1) * per), want(f)));
  return w;
}

for (const n of sizes) {
  const bound = n <= 4096 ? 1e-13 : 1e-12;
  const cases = [
    { label: `c2c ${n}`, desc: () => fft(Size(n), Direction('forward'), Precision('f64'), Block(), Limits(device.limits)) },
    ...(n <= 32 ? [{ label: `c2c ${n} Thread`, desc: () => fft(Size(n), Direction('forward'), Precision('f64'), Thread()) }] : []),
    { label: `r2c ${n} natural`, desc: () => fft(Size(n), Type('r2c'), Precision('f64'), RealFFTOptions('natural', 'normal'), Block(), Limits(device.limits)) },
    { label: `c2r ${n} natural folded`, desc: () => fft(Size(n), Type('c2r'), Precision('f64'), RealFFTOptions('natural', 'folded'), Block(), Limits(device.limits)) },
  ];
  for (const c of cases) {
    let plan;
    try {
      plan = await createBatchedFFT(device, c.desc(), { batch });
    } catch (e) {
      console.log(`${c.label}\tnot run: ${(e as Error).message}`);
      continue;
    }
    const p = plan.plan;
    // Scalars per transform (folded C2R writes its reals as complex pairs: the same n scalars).
    const realIn = p.type === 'r2c';
    const realOut = p.type === 'c2r';
    const inPer = p.inputLength * (p.inputType === 'real' ? 1 : 2);
    const outPer = p.outputLength * (p.outputType === 'real' ? 1 : 2);
    let x: Float64Array;
    let want: (f: number) => Float64Array;
    if (realOut) {
      // C2R: the half spectrum of random reals in, n times those reals out.
      const signal = random(n * batch);
      x = new Float64Array(inPer * batch);
      for (let f = 0; f < batch; f++) {
        const complexIn = Float64Array.from({ length: 2 * n }, (_, i) => (i % 2 ? 0 : signal[f * n + (i >> 1)]));
        x.set(referenceDFT(complexIn, n, -1).subarray(0, inPer), f * inPer);
      }
      want = (f) => signal.subarray(f * n, (f + 1) * n).map((v) => n * v);
    } else {
      x = random(inPer * batch);
      want = (f) => {
        const xf = x.subarray(f * inPer, (f + 1) * inPer);
        const complexIn = realIn ? Float64Array.from({ length: 2 * n }, (_, i) => (i % 2 ? 0 : xf[i >> 1])) : xf;
        return referenceDFT(complexIn, n, -1).subarray(0, outPer);
      };
    }
    const y = await plan.run(x);
    const err = worst(y as Float64Array, want, outPer);
    const ok = err <= bound;
    if (!ok) failed++;
    console.log(`${c.label}\t${err.toExponential(2)}\t(bound ${bound})\t${ok ? 'ok' : 'FAILED'}`);
    plan.destroy();
  }
}
// createFFT in f64: a two-pass 1D length, a one-pass 2D shape and a 2D shape in passes (C2C forward).
/** The f64 reference of a row-major C2C transform of `shape` (one transform). */
function referenceND(x: Float64Array, shape: readonly number[]): Float64Array {
  let y = Float64Array.from(x);
  const total = shape.reduce((a, b) => a * b, 1);
  for (let axis = 0; axis < shape.length; axis++) {
    const n = shape[axis];
    const inner = shape.slice(axis + 1).reduce((a, b) => a * b, 1);
    const next = new Float64Array(y.length);
    for (let base = 0; base < total; base++) {
      if (Math.floor(base / inner) % n !== 0) continue; // one line per (outer, inner) position
      const line = new Float64Array(2 * n);
      for (let k = 0; k < n; k++) line.set(y.subarray(2 * (base + k * inner), 2 * (base + k * inner) + 2), 2 * k);
      const f = referenceDFT(line, n, -1);
      for (let k = 0; k < n; k++) next.set(f.subarray(2 * k, 2 * k + 2), 2 * (base + k * inner));
    }
    y = next;
  }
  return y;
}
for (const shape of [[65536], [32, 32], [64, 96]]) {
  const label = `createFFT c2c [${shape.join(', ')}]`;
  const plan = await createFFT(device, { shape, type: 'c2c', direction: 'forward', precision: 'f64', batch: 2 });
  const per = 2 * shape.reduce((a, b) => a * b, 1);
  const x = random(per * 2);
  const y = (await plan.run(x)) as Float64Array;
  let err = 0;
  for (let f = 0; f < 2; f++) err = Math.max(err, relativeL2(y.subarray(f * per, (f + 1) * per), referenceND(x.subarray(f * per, (f + 1) * per), shape)));
  const bound = per / 2 <= 4096 ? 1e-13 : 1e-12;
  const ok = err <= bound;
  if (!ok) failed++;
  console.log(`${label} (${plan.passes.map((q) => q.kind).join(' + ')})\t${err.toExponential(2)}\t(bound ${bound})\t${ok ? 'ok' : 'FAILED'}`);
  plan.destroy();
}
// createConvolution in f64: complex circular, the fused kernel (4096) and the four-step path (2^17),
// against the circular convolution computed with the f64 reference's FFTs.
for (const n of [4096, 131072]) {
  const taps = random(2 * 33);
  const conv = await createConvolution(device, { shape: n, type: 'complex', mode: 'circular', filter: taps, batch: 1, precision: 'f64' });
  const x = random(2 * n);
  const y = await conv.run(x);
  const want = referenceCircularConvolution(x, taps, n);
  const err = relativeL2(y, want);
  const bound = n <= 4096 ? 1e-13 : 1e-12;
  const ok = err <= bound;
  if (!ok) failed++;
  console.log(`createConvolution complex circular ${n}, 33 taps (${conv.passes.length} pass${conv.passes.length > 1 ? 'es' : ''})\t${err.toExponential(2)}\t(bound ${bound})\t${ok ? 'ok' : 'FAILED'}`);
  conv.destroy();
}
device.destroy();
process.exit(failed ? 1 : 0);
