// The 2D four-step convolution on the GPU (./fourstep-2d-plan.ts says what runs): a rows pass each
// way (createFFT's, with the zero-padding and the crop as its load / store callbacks) around the
// column axis's four-step passes, whose last factor's forward FFT, pointwise multiply and inverse FFT
// are one kernel (kernels/any-shape/pass.ts, `convolve`). One scratch buffer (batch x Py x Sx complex
// values) carries the data, in place between the rows passes; the filter spectrum H / (Py Px),
// stored in the fused pass's order, is computed once at plan creation by the same passes (the fused
// pass's spectrum mode: a uniform flag of the same kernel).
// f16 plans: the same f32 passes and scratch; the forward rows pass reads the f16 signals (its
// zero-padding callback in f16), the inverse rows pass writes f16 outputs; the spectrum is computed
// on the host in f64 (src/reference-nd.ts). f64 plans: every pass in df64 (createBatchedFFT's f64
// rows kernel, df64 column passes and fused column pass, fma products where the device's fma rounds
// once), df64 scratch, spectrum and buffers; the spectrum from the host too.
import { checkCreated, convolutionIO, ownedResources } from './resources.js';
import { makeColumnsPass, makeRowsPass, NO_HALF, type GPUPass, type Region } from '../any-shape/fft.js';
import { naturalIndex } from '../../kernels/any-shape/digit-order.js';
import { complexToDF64 } from '../../kernels/df64-layout.js';
import { hasExactFma } from '../host/fma.js';
import { checkBufferBytes } from '../host/device.js';
import { PlanLifecycle } from '../host/lifecycle.js';
import { runOnce } from '../host/run-once.js';
import { referenceFFTN, referenceRFFTN } from '../reference-nd.js';
import { padAndCropWGSL, type FourStep2DLayout } from './fourstep-2d-plan.js';
import { layoutFields, type MultiPassLayout } from './multipass-plan.js';
import { checkPointwise } from './pointwise.js';
import { downloadData, ioBytes, uploadData } from './precision-io.js';
import type { Convolution, ConvolutionBuffers, ConvolutionOptions, MultiPassConvolutionPass } from './types.js';
import { checkSpectrumShape } from './validate.js';

export interface FourStep2DOptions {
  readonly batch: number;
  readonly filter: ConvolutionOptions['filter'];
  readonly pointwise: string | undefined;
  /** 'f32' (default), 'f16' (f16 signals and outputs on the f32 passes) or 'f64' (df64 passes: the layout's precision must be f64). */
  readonly precision?: 'f16' | 'f32' | 'f64';
}

/** The unnormalised fft2 / rfft2 of the taps zero-padded to the FFT shape, in f64 (f16 plans). */
function tapsSpectrum(taps: ArrayLike<number>, l: MultiPassLayout): Float64Array {
  const [Py, Px] = l.fftShape;
  const per = l.type === 'complex' ? 2 : 1;
  const [my, mx] = l.filterShape!;
  const padded = new Float64Array(per * Py * Px);
  for (let r = 0; r < my; r++) for (let j = 0; j < per * mx; j++) padded[r * Px * per + j] = taps[r * mx * per + j];
  return l.type === 'complex' ? referenceFFTN(padded, [Py, Px], 1, -1) : referenceRFFTN(padded, [Py, Px], 1);
}

/** A user's spectrum (numpy's fft2 / rfft2 of the padded taps, [Py, Sx]) scaled by 1/(Py Px) and permuted into the fused pass's row order. */
function permutedSpectrum(spectrum: ArrayLike<number>, l: MultiPassLayout, f: FourStep2DLayout, f64 = false): Float32Array<ArrayBuffer> {
  const [Py, Px] = l.fftShape;
  const Sx = f.columns;
  const Lp = f.factors[f.factors.length - 1];
  const radices = f.factors.slice(0, -1);
  const out = f64 ? new Float64Array(2 * Py * Sx) : new Float32Array(2 * Py * Sx);
  const scale = 1 / (Py * Px);
  for (let y = 0; y < Py; y++) {
    const ky = naturalIndex(radices, Py, Lp, y);
    for (let x = 0; x < Sx; x++) {
      out[2 * (y * Sx + x)] = spectrum[2 * (ky * Sx + x)] * scale;
      out[2 * (y * Sx + x) + 1] = spectrum[2 * (ky * Sx + x) + 1] * scale;
    }
  }
  // f64: the df64 pairs of the f64 values.
  return out instanceof Float64Array ? (complexToDF64(out) as Float32Array<ArrayBuffer>) : out;
}

/** A 2D four-step convolution plan; every check runs before any GPU work. */
export async function createFourStep2DConvolution(device: GPUDevice, l: MultiPassLayout, f: FourStep2DLayout, options: FourStep2DOptions): Promise<Convolution> {
  const { batch, filter, pointwise } = options;
  const precision = options.precision ?? 'f32';
  const half = precision === 'f16';
  const df = precision === 'f64';
  if (f.precision !== (df ? 'f64' : 'f32')) throw new Error(`webfftdx: internal: a ${f.precision} 2D four-step plan for precision '${precision}'`);
  const complexBytes = df ? 16 : 8;
  const complex = l.type === 'complex';
  const perPoint = complex ? 2 : 1;
  const [Py, Px] = l.fftShape;
  const [ny, nx] = l.shape;
  const Sx = f.columns;
  const Lp = f.factors[f.factors.length - 1];
  const label = `webfftdx convolution ${l.mode} ${l.type} [${l.shape.join(', ')}]${precision === 'f32' ? '' : ` ${precision}`} (four-step, FFT [${Py}, ${Px}], columns ${f.factors.join(' x ')})`;
  const inputValues = batch * l.signalLength * perPoint;
  const outputValues = batch * l.outputLength * perPoint;
  const inputBytes = ioBytes(inputValues, precision);
  const outputBytes = ioBytes(outputValues, precision);
  const scratchBytes = batch * Py * Sx * complexBytes;
  checkBufferBytes(device, inputBytes, `the input of ${batch} signals of ${label}`);
  checkBufferBytes(device, outputBytes, `the output of ${batch} signals of ${label}`);
  checkBufferBytes(device, scratchBytes, `the ${batch} spectra ([${Py}, ${Sx}] complex values each) of ${label}`);
  if (filter !== undefined && !(filter instanceof Float32Array) && !(filter instanceof Float64Array)) checkSpectrumShape(filter.spectrum, l);
  // f16: the callbacks on the user's f16 buffers (f64: the plan's are df64 already).
  const { padLoad, cropStore } = half ? padAndCropWGSL(l, 'fft_in', 'fft_out', 'f16') : f;
  // f16 and f64: the spectrum from the host.
  const hostSpectrum = precision !== 'f32';
  if (pointwise !== undefined) await checkPointwise(device, pointwise, df ? 'f64' : 'f32');
  const exactFma = df && (await hasExactFma(device));
  const arith = df ? 'f64' : 'f32';
  const [my, mx] = l.filterShape ?? [1, 1];
  // The taps go where signal 0 lies (the forward rows pass pads them like a signal) when they fit there.
  const tapsFit = my <= ny && mx <= nx;

  const { own, buffer, destroyAll } = ownedResources(device, label);
  try {
    const storage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
    const spectrum = buffer(Py * Sx * complexBytes, storage, 'filter spectrum');
    const rowsForward = own(await makeRowsPass(device, f.rowsForward, arith, { input: half, output: false }, padLoad ? { load: padLoad } : {}, Py, exactFma));
    // The passes between the rows passes run in place on the scratch buffer: only that kernel is compiled.
    const forward: GPUPass[] = [];
    for (const p of f.forward) forward.push(own(await makeColumnsPass(device, p, spectrum, undefined, NO_HALF, exactFma, true)));
    const convolve = { rowsPerSignal: Py / Lp, radices: f.factors.slice(0, -1), axisLength: Py, scale: 1 / (Py * Px), ...(pointwise === undefined ? {} : { pointwise }) };
    const fusedPlanned = { ...f.fused, spec: { ...f.fused.spec, convolve } };
    let fused: GPUPass;
    try {
      fused = own(await makeColumnsPass(device, fusedPlanned, spectrum, undefined, NO_HALF, exactFma, true));
    } catch (e) {
      const hint = pointwise === undefined ? '' : "\n(the pointwise function shares the column pass's kernel: leave the names fft_*, ax_*, P, main and conv_* to it)";
      throw new Error(`${(e as Error).message}${hint}`);
    }
    const inverse: GPUPass[] = [];
    for (const p of f.inverse) inverse.push(own(await makeColumnsPass(device, p, spectrum, undefined, NO_HALF, exactFma, true)));
    const rowsInverse = own(await makeRowsPass(device, f.rowsInverse, arith, { input: false, output: half }, cropStore ? { store: cropStore } : {}, Py, exactFma));

    device.pushErrorScope('validation');
    const scratch = buffer(scratchBytes, storage, 'spectra');
    const region = (b: GPUBuffer): Region => ({ buffer: b, offset: 0, size: b.size });
    const scratchRegion = region(scratch);
    if (hostSpectrum) {
      // f16 / f64: the spectrum from the host (the taps' fft2 / rfft2 in f64), permuted and scaled as a given one.
      const given = filter === undefined ? undefined : filter instanceof Float32Array || filter instanceof Float64Array ? tapsSpectrum(filter, l) : filter.spectrum;
      const unit = Float64Array.from({ length: 2 * Py * Sx }, (_, i) => (i % 2 === 0 ? 1 : 0));
      device.queue.writeBuffer(spectrum, 0, permutedSpectrum(given ?? unit, l, f, df));
    } else if (filter instanceof Float32Array) {
      // H: the forward passes on the taps, then the fused pass's spectrum mode (the same kernel, a
      // uniform flag: forward FFTs times 1/(Py Px), stored in place), copied out of the scratch buffer.
      const tapsRows = tapsFit ? rowsForward : own(await makeRowsPass(device, { ...f.rowsForward, batch: Py }, 'f32', NO_HALF, {}, 1));
      const grid = tapsFit ? nx : Px;
      const taps = device.createBuffer({ size: tapsFit ? inputBytes : Py * Px * perPoint * 4, usage: storage, label: `${label} taps` });
      const padded = new Float32Array(taps.size / 4);
      for (let r = 0; r < my; r++) padded.set(filter.subarray(r * mx * perPoint, (r + 1) * mx * perPoint), r * grid * perPoint);
      device.queue.writeBuffer(taps, 0, padded);
      const spectrumPass = own(await makeColumnsPass(device, { ...fusedPlanned, params: { ...f.fused.params, spectrumPass: 1 } }, spectrum, undefined, NO_HALF, false, true));
      const encoder = device.createCommandEncoder({ label: `${label} filter spectrum` });
      const pass = encoder.beginComputePass();
      tapsRows.encode(pass, region(taps), scratchRegion);
      for (const g of forward) g.encode(pass, scratchRegion, scratchRegion);
      spectrumPass.encode(pass, scratchRegion, scratchRegion);
      pass.end();
      encoder.copyBufferToBuffer(scratch, 0, spectrum, 0, Py * Sx * 8);
      device.queue.submit([encoder.finish()]);
      await device.queue.onSubmittedWorkDone();
      taps.destroy();
    } else {
      const h = filter ? permutedSpectrum((filter as { spectrum: Float32Array }).spectrum, l, f) : Float32Array.from({ length: 2 * Py * Sx }, (_, i) => (i % 2 === 0 ? 1 / (Py * Px) : 0));
      device.queue.writeBuffer(spectrum, 0, h);
    }
    await device.queue.onSubmittedWorkDone();
    await checkCreated(device);

    const life = new PlanLifecycle(device, 'createConvolution plan', () => {
      destroyAll();
    });
    const encode = (pass: GPUComputePassEncoder, buffers: ConvolutionBuffers): void => {
      life.assertUsable('encode()');
      const { input, output, inPlace } = convolutionIO(buffers, { inputBytes, outputBytes }, l, l.mode !== 'linear');
      rowsForward.encode(pass, region(input), scratchRegion);
      for (const g of [...forward, fused, ...inverse]) g.encode(pass, scratchRegion, scratchRegion);
      rowsInverse.encode(pass, scratchRegion, region(output));
    };

    const unit = complex ? 'complex values' : 'reals';
    const run = (signals: Float32Array | Float64Array | Uint16Array): Promise<Float32Array | Float64Array | Uint16Array> =>
      life.run(async () => {
        const data = uploadData(signals, inputValues, `${batch} signals x ${l.signalLength} ${unit}`, precision, l.type);
        const out = await runOnce(device, { data, inputBytes, outputBytes, encode: (pass, input, output) => encode(pass, { input, output }) });
        return downloadData(out, outputValues, signals, precision, l.type);
      });

    const rowType = complex ? 'C2C' : 'R2C';
    const passes: MultiPassConvolutionPass[] = [
      {
        kernel: 'rows-forward',
        does: `forward ${rowType} FFTs of the ${batch * Py} rows of ${Px} points${padLoad ? ` (the [${ny}, ${nx}] signals zero-padded as they are read)` : ''}: ${f.rowsForward.what}`,
        workgroups: rowsForward.info.workgroups,
      },
      ...f.forward.map((p, k) => ({ kernel: 'forward-column' as const, does: p.what, workgroups: forward[k].info.workgroups })),
      {
        kernel: 'fused-columns',
        does: `${fusedPlanned.what}; ${pointwise === undefined ? 'the multiply' : 'the user pointwise function'} with h = H / ${Py * Px}`,
        workgroups: fused.info.workgroups,
      },
      ...f.inverse.map((p, k) => ({ kernel: 'inverse-column' as const, does: p.what, workgroups: inverse[k].info.workgroups })),
      {
        kernel: 'rows-inverse',
        does: `inverse ${complex ? 'C2C' : 'C2R'} FFTs of the rows${cropStore ? `, storing the [${l.outputShape.join(', ')}] outputs${l.outputOffset.some((o) => o > 0) ? ` from (${l.outputOffset.join(', ')})` : ''}` : ''}: ${f.rowsInverse.what}`,
        workgroups: rowsInverse.info.workgroups,
      },
    ];

    return {
      ...layoutFields(l),
      batch,
      inputBytes,
      outputBytes,
      passes,
      code: fused.info.code,
      encode,
      run: run as Convolution['run'],
      destroy: () => life.destroy(),
    };
  } catch (e) {
    destroyAll();
    throw e;
  }
}
