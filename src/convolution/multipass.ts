// The multi-pass convolution: what createConvolution runs where one fused kernel cannot (1D lengths
// beyond one workgroup or needing Bluestein, every 2D shape). Built from createFFT's plans:
//   [pad] -> forward FFT (createFFT: R2C or C2C) -> inverse FFT (C2R or C2C) -> [crop]
// with the pointwise multiply (x H / P, or the user's function) fused into the inverse's first pass
// as createFFT's load callback, so it costs no pass. Circular plans need neither pad nor crop (the
// FFTs read the input and write the output); linear and same plans zero-pad into a scratch buffer
// and crop from it, with one shared window kernel (createFFT's callbacks cannot do it: its buffer
// size checks want the padded sizes). The filter's spectrum is computed once, at plan creation, by
// the forward plan itself on the zero-padded taps (no extra kernel), and kept behind the spectra.
// f64 plans: createFFT's f64 plans (df64 passes, fma where exact), the df64 pointwise callback, the
// window kernel on df64 values, H / P computed on the host in f64 (src/reference-nd.ts). f16 plans:
// createFFT's f32 plans between two window kernels that always run (circular too): f16 signals into
// f32, f32 results to f16 outputs (createFFT's f16 plans would round the spectra to f16 in between).
import { checkCreated, convolutionIO, ownedResources } from './resources.js';
import { complexToDF64 } from '../../kernels/df64-layout.js';
import { createFFT, type AnyShapeFFT } from '../any-shape/fft.js';
import { checkBufferBytes, dispatchShape } from '../host/device.js';
import { hasExactFma } from '../host/fma.js';
import { PlanLifecycle } from '../host/lifecycle.js';
import { runOnce } from '../host/run-once.js';
import { referenceFFTN, referenceRFFTN } from '../reference-nd.js';
import { ELEMENTWISE_WORKGROUP, pointwiseLoadCallback, pointwiseLoadCallbackDF64, WINDOW_BINDINGS, windowKernel, windowParams, type FloatGrid } from './multipass-kernels.js';
import { downloadData, ioBytes, uploadData } from './precision-io.js';
import { layoutFields, type MultiPassLayout } from './multipass-plan.js';
import { sharedPipeline } from '../host/pipelines.js';
import { checkPointwise } from './pointwise.js';
import type { Convolution, ConvolutionBuffers, ConvolutionOptions, MultiPassConvolutionPass } from './types.js';
import { checkSpectrumShape } from './validate.js';

const shapeText = (s: readonly number[]) => (s.length === 1 ? `${s[0]}` : `[${s.join(', ')}]`);

/** An array of `shape` points in floats: rows x cols (a complex point is 2 floats). */
function grid(shape: readonly number[], perPoint: number): FloatGrid {
  return shape.length === 1 ? { rows: 1, cols: perPoint * shape[0] } : { rows: shape[0], cols: perPoint * shape[1] };
}

/** The taps zero-padded to the FFT shape (one signal: reals, or complex values interleaved). */
function paddedTaps(taps: Float32Array, l: MultiPassLayout, perPoint: number): Float32Array<ArrayBuffer> {
  const out = new Float32Array(perPoint * l.fftLength);
  const f = grid(l.filterShape!, perPoint);
  const p = grid(l.fftShape, perPoint);
  for (let r = 0; r < f.rows; r++) out.set(taps.subarray(r * f.cols, (r + 1) * f.cols), r * p.cols);
  return out;
}

export interface MultiPassOptions {
  readonly batch: number;
  readonly filter: ConvolutionOptions['filter'];
  readonly pointwise: string | undefined;
  /** 'f32' (default), 'f16' (f32 FFTs between converting window kernels) or 'f64'. */
  readonly precision?: 'f16' | 'f32' | 'f64';
}

/** f64: H / P in f64 from the taps (numpy's fftn / rfftn of the padded taps), a given spectrum, or (1/P, 0). */
function hostSpectrum(filter: ConvolutionOptions['filter'], l: MultiPassLayout, perPoint: number): Float64Array {
  const scale = 1 / l.fftLength;
  if (filter === undefined) return Float64Array.from({ length: 2 * l.spectrumLength }, (_, i) => (i % 2 === 0 ? scale : 0));
  if (filter instanceof Float32Array || filter instanceof Float64Array) {
    const padded = new Float64Array(perPoint * l.fftLength);
    const f = grid(l.filterShape!, perPoint);
    const p = grid(l.fftShape, perPoint);
    for (let r = 0; r < f.rows; r++) for (let j = 0; j < f.cols; j++) padded[r * p.cols + j] = filter[r * f.cols + j];
    const h = perPoint === 2 ? referenceFFTN(padded, l.fftShape, 1, -1) : referenceRFFTN(padded, l.fftShape, 1);
    return h.map((v) => v * scale);
  }
  return Float64Array.from(filter.spectrum, (v) => v * scale);
}

/** A multi-pass convolution plan for a validated layout; every check runs before any GPU work. */
export async function createMultiPassConvolution(device: GPUDevice, l: MultiPassLayout, options: MultiPassOptions): Promise<Convolution> {
  const { batch, filter, pointwise } = options;
  const precision = options.precision ?? 'f32';
  const df = precision === 'f64';
  const half = precision === 'f16';
  // f16: the window kernels always run (they convert), so there is always a padded f32 buffer.
  const pad = l.pad || half;
  const crop = l.crop || half;
  // Bytes of a complex value (a real takes half): f32 or df64.
  const complexBytes = df ? 16 : 8;
  const complex = l.type === 'complex';
  const perPoint = complex ? 2 : 1;
  const label = `webfftdx convolution ${l.mode} ${l.type} ${shapeText(l.shape)}${df ? ' f64' : ''} (multi-pass)`;
  const inputValues = batch * l.signalLength * perPoint;
  const outputValues = batch * l.outputLength * perPoint;
  const inputBytes = ioBytes(inputValues, precision);
  const outputBytes = ioBytes(outputValues, precision);
  // The batch's spectra, then the filter spectrum H (the inverse's load callback reads both from its input).
  const spectraBytes = (batch + 1) * l.spectrumLength * complexBytes;
  const filterOffset = batch * l.spectrumLength * complexBytes;
  // Linear / same: the padded signals, and the inverse's result before the crop.
  const paddedBytes = pad ? (batch * l.fftLength * perPoint * complexBytes) / 2 : 0;
  checkBufferBytes(device, inputBytes, `the input of ${batch} signals of ${label}`);
  checkBufferBytes(device, outputBytes, `the output of ${batch} signals of ${label}`);
  checkBufferBytes(device, spectraBytes, `the ${batch} spectra (${shapeText(l.spectrumShape)} complex values each) and the filter spectrum of ${label}`);
  // (A circular plan's temporary taps buffer has the input's size, checked above.)
  checkBufferBytes(device, paddedBytes, `the padded signals of ${label}`);
  if (filter !== undefined && !(filter instanceof Float32Array) && !(filter instanceof Float64Array)) checkSpectrumShape(filter.spectrum, l);
  if (pointwise !== undefined) await checkPointwise(device, pointwise, df ? 'f64' : 'f32');
  const hostH = df ? hostSpectrum(filter, l, perPoint) : undefined;

  const { own, buffer, uniform, destroyAll } = ownedResources(device, label);
  const groupsFor = (count: number) => dispatchShape(Math.ceil(count / ELEMENTWISE_WORKGROUP), device.limits.maxComputeWorkgroupsPerDimension);

  try {
    const fftPrecision = df ? { precision } : {};
    const forward: AnyShapeFFT = await createFFT(device, { shape: l.fftShape, type: complex ? 'c2c' : 'r2c', direction: 'forward', batch, ...fftPrecision });
    own(forward);
    // f64: the helpers with the fma products where createFFT's passes take them (the same device test).
    const load = df
      ? pointwiseLoadCallbackDF64(pointwise, l.spectrumLength, batch, await hasExactFma(device))
      : pointwiseLoadCallback(pointwise, l.spectrumLength, batch, l.fftLength);
    let inverse: AnyShapeFFT;
    try {
      inverse = await createFFT(device, { shape: l.fftShape, type: complex ? 'c2c' : 'c2r', direction: 'inverse', batch, load, ...fftPrecision });
    } catch (e) {
      // With the user's pointwise, a clash with createFFT's names is the likely cause.
      const hint = pointwise === undefined ? '' : '\n(the pointwise function shares createFFT\'s kernel on the multi-pass path: leave the names fft_*, ax_*, P, main and conv_* to it)';
      throw new Error(`${(e as Error).message}${hint}`);
    }
    own(inverse);
    const windowPipeline = await sharedPipeline(device, windowKernel(half ? 'f16-in' : precision), `webfftdx convolution window${df ? ' f64' : half ? ' f16 in' : ''}`);
    const cropPipeline = half ? await sharedPipeline(device, windowKernel('f16-out'), 'webfftdx convolution window f16 out') : windowPipeline;

    device.pushErrorScope('validation');
    const storage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
    const spectra = buffer(spectraBytes, storage, 'spectra and filter spectrum');
    const padded = paddedBytes ? buffer(paddedBytes, storage, 'padded signals') : undefined;
    const workspaceSize = Math.max(forward.workspaceSize, inverse.workspaceSize);
    const workspace = workspaceSize ? buffer(workspaceSize, GPUBufferUsage.STORAGE, 'FFT workspace') : undefined;

    // The filter's spectrum H, unnormalised (the load callback scales it by 1/P), behind the batch's spectra.
    if (hostH) {
      device.queue.writeBuffer(spectra, filterOffset, complexToDF64(hostH) as Float32Array<ArrayBuffer>);
    } else if (filter instanceof Float32Array) {
      // The forward plan on the zero-padded taps as signal 0 of a zero buffer (the padded one, or a
      // temporary one for circular plans); H is its first spectrum, copied behind the batch's (through
      // a small temporary: a copy within one buffer is not allowed).
      const temporaries: GPUBuffer[] = [];
      const temporary = (size: number, name: string) => {
        const b = device.createBuffer({ size, usage: storage, label: `${label} ${name}` });
        temporaries.push(b);
        return b;
      };
      const tapsInput = padded ?? temporary(inputBytes, 'taps');
      const first = temporary(l.spectrumLength * 8, 'filter spectrum');
      device.queue.writeBuffer(tapsInput, 0, paddedTaps(filter, l, perPoint));
      const encoder = device.createCommandEncoder({ label: `${label} filter spectrum` });
      const pass = encoder.beginComputePass();
      forward.encode(pass, { input: tapsInput, output: spectra, workspace });
      pass.end();
      encoder.copyBufferToBuffer(spectra, 0, first, 0, l.spectrumLength * 8);
      encoder.copyBufferToBuffer(first, 0, spectra, filterOffset, l.spectrumLength * 8);
      device.queue.submit([encoder.finish()]);
      void device.queue.onSubmittedWorkDone().then(() => temporaries.forEach((b) => b.destroy()));
    } else {
      const h = (filter as { spectrum: Float32Array } | undefined)?.spectrum ?? Float32Array.from({ length: 2 * l.spectrumLength }, (_, i) => (i % 2 === 0 ? 1 : 0));
      device.queue.writeBuffer(spectra, filterOffset, h as Float32Array<ArrayBuffer>);
    }
    const fftGrid = grid(l.fftShape, perPoint);
    const padGroups = groupsFor(batch * l.fftLength * perPoint);
    const padUniform = pad ? uniform(windowParams(batch, fftGrid, grid(l.shape, perPoint), 0, 0, padGroups[0], perPoint * l.wrap), 'pad params') : undefined;
    const cropGroups = groupsFor(batch * l.outputLength * perPoint);
    const outGrid = grid(l.outputShape, perPoint);
    const [rowOffset, colOffset] = l.outputOffset.length === 1 ? [0, perPoint * l.outputOffset[0]] : [l.outputOffset[0], perPoint * l.outputOffset[1]];
    const cropUniform = crop ? uniform(windowParams(batch, outGrid, fftGrid, rowOffset, colOffset, cropGroups[0]), 'crop params') : undefined;
    await device.queue.onSubmittedWorkDone();
    await checkCreated(device);

    const padGroupsCache = new WeakMap<GPUBuffer, GPUBindGroup>();
    const cropGroupsCache = new WeakMap<GPUBuffer, GPUBindGroup>();
    const cachedWindow = (cache: WeakMap<GPUBuffer, GPUBindGroup>, key: GPUBuffer, src: GPUBuffer, dst: GPUBuffer, params: GPUBuffer, pipe = windowPipeline) => {
      let g = cache.get(key);
      if (!g) {
        g = device.createBindGroup({
          layout: pipe.getBindGroupLayout(0),
          entries: [
            { binding: WINDOW_BINDINGS.src, resource: { buffer: src } },
            { binding: WINDOW_BINDINGS.dst, resource: { buffer: dst } },
            { binding: WINDOW_BINDINGS.params, resource: { buffer: params } },
          ],
        });
        cache.set(key, g);
      }
      return g;
    };
    const window = (pass: GPUComputePassEncoder, group: GPUBindGroup, w: readonly [number, number, number], pipe = windowPipeline) => {
      pass.setPipeline(pipe);
      pass.setBindGroup(0, group);
      pass.dispatchWorkgroups(w[0], w[1], w[2]);
    };

    const fwd = forward;
    const inv = inverse;
    const life = new PlanLifecycle(device, 'createConvolution plan', () => {
      destroyAll();
    });
    const encode = (pass: GPUComputePassEncoder, buffers: ConvolutionBuffers): void => {
      life.assertUsable('encode()');
      const { input, output, inPlace } = convolutionIO(buffers, { inputBytes, outputBytes }, l, l.mode !== 'linear');
      if (padded) {
        window(pass, cachedWindow(padGroupsCache, input, input, padded, padUniform!), padGroups);
        fwd.encode(pass, { input: padded, output: spectra, workspace });
        inv.encode(pass, { input: spectra, output: padded, workspace });
        window(pass, cachedWindow(cropGroupsCache, output, padded, output, cropUniform!, cropPipeline), cropGroups, cropPipeline);
      } else {
        fwd.encode(pass, { input, output: spectra, workspace });
        inv.encode(pass, { input: spectra, output, workspace });
      }
    };

    const unit = complex ? 'complex values' : 'reals';
    const run = (signals: Float32Array | Float64Array | Uint16Array): Promise<Float32Array | Float64Array | Uint16Array> =>
      life.run(async () => {
        const data = uploadData(signals, inputValues, `${batch} signals x ${l.signalLength} ${unit}`, precision, l.type);
        const out = await runOnce(device, { data, inputBytes, outputBytes, encode: (pass, input, output) => encode(pass, { input, output }) });
        return downloadData(out, outputValues, signals, precision, l.type);
      });

    const passes: MultiPassConvolutionPass[] = [];
    if (pad) {
      passes.push({
        kernel: 'pad',
        does: l.pad
          ? `zero-pad each signal of ${shapeText(l.shape)} ${unit}${half ? ' (f16)' : ''}${l.wrap ? ` with its last ${l.wrap} in front (circular through linear)` : ''} to the FFT shape ${shapeText(l.fftShape)}${half ? ' in f32' : ''}`
          : `convert each signal's f16 ${unit} to f32`,
        workgroups: padGroups,
      });
    }
    for (const p of fwd.passes) passes.push({ kernel: 'forward', does: `forward ${complex ? 'C2C' : 'R2C'} FFT of ${shapeText(l.fftShape)}: ${p.what}`, workgroups: p.workgroups });
    const multiply =
      `${pointwise === undefined ? 'the spectrum times' : 'the user pointwise function of the spectrum and'} the stored filter spectrum ` +
      `(${shapeText(l.spectrumShape)} values, h = H / ${l.fftLength}) fused into its reads`;
    inv.passes.forEach((p, k) =>
      passes.push({
        kernel: 'inverse',
        does: `inverse ${complex ? 'C2C' : 'C2R'} FFT of ${shapeText(l.fftShape)}: ${p.what}${k === 0 ? `; ${multiply}` : ''}`,
        workgroups: p.workgroups,
      }),
    );
    if (crop) {
      const from = l.outputOffset.some((o) => o > 0) ? ` from linear output ${shapeText(l.outputOffset)}` : '';
      passes.push({ kernel: 'crop', does: `store the ${shapeText(l.outputShape)} outputs of each signal${from}${half ? ' as f16' : ''}`, workgroups: cropGroups });
    }

    return {
      ...layoutFields(l),
      batch,
      inputBytes,
      outputBytes,
      passes,
      code: inv.passes[0].code,
      encode,
      run: run as Convolution['run'],
      destroy: () => life.destroy(),
    };
  } catch (e) {
    destroyAll();
    throw e;
  }
}
