// The multi-pass convolution: what createConvolution runs where one fused kernel cannot (1D lengths
// beyond one workgroup or needing Bluestein, every 2D shape). Built from createFFT's plans:
//   [pad] -> forward FFT (createFFT: R2C or C2C, its passes) -> pointwise (x H / P, or the user's)
//   -> inverse FFT (C2R or C2C) -> [crop]
// Circular plans need neither pad nor crop (the FFTs read the input and write the output); linear
// and same plans zero-pad into a scratch buffer and crop from it, with one shared window kernel.
// The filter's spectrum is computed once, at plan creation, by the forward plan itself on the
// zero-padded taps (no extra kernel), and kept.
import { createFFT, type AnyShapeFFT } from '../any-shape/fft.js';
import { checkFloat32Data, checkIOBuffers } from '../host/checks.js';
import { checkBufferBytes, dispatchShape } from '../host/device.js';
import { PlanLifecycle } from '../host/lifecycle.js';
import { runOnce } from '../host/run-once.js';
import {
  ELEMENTWISE_WORKGROUP,
  pointwiseKernel,
  pointwiseParams,
  POINTWISE_BINDINGS,
  WINDOW_BINDINGS,
  WINDOW_KERNEL,
  WINDOW_PARAMS_BYTES,
  windowParams,
  type FloatGrid,
} from './multipass-kernels.js';
import type { MultiPassLayout } from './multipass-plan.js';
import { checkPointwise, compileKernel } from './pointwise.js';
import type { Convolution, ConvolutionBuffers, FilterSpectrum, MultiPassConvolutionPass } from './types.js';
import { checkSpectrumShape } from './validate.js';

const pipelines = new WeakMap<GPUDevice, Map<string, Promise<GPUComputePipeline>>>();

/** One pipeline per device and WGSL text: every plan shares the window kernel, and plans with the same pointwise share that one. */
function pipelineFor(device: GPUDevice, code: string, label: string, hasPointwise: boolean): Promise<GPUComputePipeline> {
  let byCode = pipelines.get(device);
  if (!byCode) pipelines.set(device, (byCode = new Map()));
  let hit = byCode.get(code);
  if (!hit) {
    hit = (async () => {
      const module = await compileKernel(device, code, label, hasPointwise);
      return device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' }, label });
    })();
    hit.catch(() => byCode!.delete(code));
    byCode.set(code, hit);
  }
  return hit;
}

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
  readonly filter: Float32Array | FilterSpectrum | undefined;
  readonly pointwise: string | undefined;
}

/** A multi-pass convolution plan for a validated layout; every check runs before any GPU work. */
export async function createMultiPassConvolution(device: GPUDevice, l: MultiPassLayout, options: MultiPassOptions): Promise<Convolution> {
  const { batch, filter, pointwise } = options;
  const complex = l.type === 'complex';
  const perPoint = complex ? 2 : 1;
  const label = `webfftdx convolution ${l.mode} ${l.type} ${shapeText(l.shape)} (multi-pass)`;
  const inputBytes = batch * l.signalLength * perPoint * 4;
  const outputBytes = batch * l.outputLength * perPoint * 4;
  const spectrumBytes = batch * l.spectrumLength * 8;
  // Real linear / same: the padded reals and the inverse's reals live in a buffer of their own.
  const paddedBytes = l.pad && !complex ? batch * l.fftLength * 4 : 0;
  checkBufferBytes(device, inputBytes, `the input of ${batch} signals of ${label}`);
  checkBufferBytes(device, outputBytes, `the output of ${batch} signals of ${label}`);
  checkBufferBytes(device, spectrumBytes, `the ${batch} spectra (${shapeText(l.spectrumShape)} complex values each) of ${label}`);
  // (A real circular plan's temporary taps buffer has the input's size, checked above.)
  checkBufferBytes(device, paddedBytes, `the padded signals of ${label}`);
  if (filter !== undefined && !(filter instanceof Float32Array)) checkSpectrumShape(filter.spectrum, l);
  if (pointwise !== undefined) await checkPointwise(device, pointwise);

  const made: { destroy(): void }[] = [];
  const buffer = (size: number, usage: number, name: string) => {
    const b = device.createBuffer({ size: Math.max(16, size), usage, label: `${label} ${name}` });
    made.push(b);
    return b;
  };
  const uniform = (data: BufferSource, name: string) => {
    const b = buffer(data.byteLength, GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST, name);
    device.queue.writeBuffer(b, 0, data);
    return b;
  };
  const groupsFor = (count: number) => dispatchShape(Math.ceil(count / ELEMENTWISE_WORKGROUP), device.limits.maxComputeWorkgroupsPerDimension);

  try {
    const forward: AnyShapeFFT = await createFFT(device, { shape: l.fftShape, type: complex ? 'c2c' : 'r2c', direction: 'forward', batch });
    made.push(forward);
    const inverse: AnyShapeFFT = await createFFT(device, { shape: l.fftShape, type: complex ? 'c2c' : 'c2r', direction: 'inverse', batch });
    made.push(inverse);
    const pointwiseCode = pointwiseKernel(pointwise);
    const [windowPipeline, pointwisePipeline] = await Promise.all([
      pipelineFor(device, WINDOW_KERNEL, 'webfftdx convolution window', false),
      pipelineFor(device, pointwiseCode, `${label} pointwise`, pointwise !== undefined),
    ]);

    device.pushErrorScope('validation');
    const storage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
    const spectra = buffer(spectrumBytes, storage, 'spectra');
    const padded = paddedBytes ? buffer(paddedBytes, storage, 'padded signals') : undefined;
    const workspaceSize = Math.max(forward.workspaceSize, inverse.workspaceSize);
    const workspace = workspaceSize ? buffer(workspaceSize, GPUBufferUsage.STORAGE, 'FFT workspace') : undefined;
    const filterSpectrum = buffer(l.spectrumLength * 8, storage, 'filter spectrum');

    // The filter's spectrum H (unnormalised: the pointwise kernel scales it by 1/P as it reads it).
    if (filter instanceof Float32Array) {
      // The forward plan on the zero-padded taps as signal 0 of a fresh (zero) buffer; H is its first spectrum.
      // Real circular plans have no padded buffer: a temporary one, freed once the spectrum is computed.
      const temporary = complex || padded ? undefined : device.createBuffer({ size: inputBytes, usage: storage, label: `${label} taps` });
      const tapsInput = complex ? spectra : (padded ?? temporary!);
      device.queue.writeBuffer(tapsInput, 0, paddedTaps(filter, l, perPoint));
      const encoder = device.createCommandEncoder({ label: `${label} filter spectrum` });
      const pass = encoder.beginComputePass();
      forward.encode(pass, { input: tapsInput, output: spectra, workspace });
      pass.end();
      encoder.copyBufferToBuffer(spectra, 0, filterSpectrum, 0, l.spectrumLength * 8);
      device.queue.submit([encoder.finish()]);
      if (temporary) void device.queue.onSubmittedWorkDone().then(() => temporary.destroy());
    } else {
      const h = filter?.spectrum ?? Float32Array.from({ length: 2 * l.spectrumLength }, (_, i) => (i % 2 === 0 ? 1 : 0));
      device.queue.writeBuffer(filterSpectrum, 0, h as Float32Array<ArrayBuffer>);
    }
    const pointwiseGroups = groupsFor(batch * l.spectrumLength);
    const pointwiseUniform = uniform(pointwiseParams(batch * l.spectrumLength, l.spectrumLength, pointwiseGroups[0], 1 / l.fftLength), 'pointwise params');
    const pointwiseGroup = device.createBindGroup({
      layout: pointwisePipeline.getBindGroupLayout(0),
      entries: [
        { binding: POINTWISE_BINDINGS.data, resource: { buffer: spectra } },
        { binding: POINTWISE_BINDINGS.spectrum, resource: { buffer: filterSpectrum } },
        { binding: POINTWISE_BINDINGS.params, resource: { buffer: pointwiseUniform } },
      ],
    });
    // The padded signals (complex: the spectra buffer, transformed in place; real: their own buffer).
    const work = complex ? spectra : padded;
    const fftGrid = grid(l.fftShape, perPoint);
    const padGroups = groupsFor(batch * l.fftLength * perPoint);
    const padUniform = l.pad
      ? uniform(windowParams(batch, fftGrid, grid(l.shape, perPoint), 0, 0, padGroups[0]), 'pad params')
      : undefined;
    const cropGroups = groupsFor(batch * l.outputLength * perPoint);
    const outGrid = grid(l.outputShape, perPoint);
    const [rowOffset, colOffset] = l.outputOffset.length === 1 ? [0, perPoint * l.outputOffset[0]] : [l.outputOffset[0], perPoint * l.outputOffset[1]];
    const cropUniform = l.crop ? uniform(windowParams(batch, outGrid, fftGrid, rowOffset, colOffset, cropGroups[0]), 'crop params') : undefined;
    await device.queue.onSubmittedWorkDone();
    const creationError = await device.popErrorScope();
    if (creationError) throw new Error(`webfftdx: createConvolution: GPU validation error while creating the plan: ${creationError.message}`);

    const padGroupsCache = new WeakMap<GPUBuffer, GPUBindGroup>();
    const cropGroupsCache = new WeakMap<GPUBuffer, GPUBindGroup>();
    const cachedWindow = (cache: WeakMap<GPUBuffer, GPUBindGroup>, key: GPUBuffer, make: () => GPUBindGroup) => {
      let g = cache.get(key);
      if (!g) cache.set(key, (g = make()));
      return g;
    };
    const dispatch = (pass: GPUComputePassEncoder, pipeline: GPUComputePipeline, group: GPUBindGroup, w: readonly [number, number, number]) => {
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, group);
      pass.dispatchWorkgroups(w[0], w[1], w[2]);
    };
    const windowBind = (src: GPUBuffer, dst: GPUBuffer, params: GPUBuffer) =>
      device.createBindGroup({
        layout: windowPipeline.getBindGroupLayout(0),
        entries: [
          { binding: WINDOW_BINDINGS.src, resource: { buffer: src } },
          { binding: WINDOW_BINDINGS.dst, resource: { buffer: dst } },
          { binding: WINDOW_BINDINGS.params, resource: { buffer: params } },
        ],
      });

    const fwd = forward;
    const inv = inverse;
    const life = new PlanLifecycle(device, 'createConvolution plan', () => {
      for (const m of made) m.destroy();
    });
    const encode = (pass: GPUComputePassEncoder, buffers: ConvolutionBuffers): void => {
      life.assertUsable('encode()');
      const { input, output, inPlace } = checkIOBuffers(buffers, inputBytes, outputBytes);
      if (inPlace && l.mode === 'linear') {
        throw new Error(
          `webfftdx: convolution encode: mode 'linear' writes ${l.outputLength} points per signal from ${l.signalLength}: it cannot run in place; pass an output buffer`,
        );
      }
      if (l.pad) {
        dispatch(pass, windowPipeline, cachedWindow(padGroupsCache, input, () => windowBind(input, work!, padUniform!)), padGroups);
        fwd.encode(pass, { input: work!, output: spectra, workspace });
      } else {
        fwd.encode(pass, { input, output: spectra, workspace });
      }
      dispatch(pass, pointwisePipeline, pointwiseGroup, pointwiseGroups);
      if (l.crop) {
        inv.encode(pass, { input: spectra, output: work!, workspace });
        dispatch(pass, windowPipeline, cachedWindow(cropGroupsCache, output, () => windowBind(work!, output, cropUniform!)), cropGroups);
      } else {
        inv.encode(pass, { input: spectra, output, workspace });
      }
    };

    const unit = complex ? 'complex values' : 'reals';
    const run = (signals: Float32Array): Promise<Float32Array> =>
      life.run(async () => {
        checkFloat32Data(signals, inputBytes / 4, `${batch} signals x ${l.signalLength} ${unit}`);
        return runOnce(device, { data: signals, inputBytes, outputBytes, encode: (pass, input, output) => encode(pass, { input, output }) });
      });

    const passes: MultiPassConvolutionPass[] = [];
    if (l.pad) {
      passes.push({ kernel: 'pad', does: `zero-pad each signal of ${shapeText(l.shape)} ${unit} to the FFT shape ${shapeText(l.fftShape)}`, workgroups: padGroups });
    }
    for (const p of fwd.passes) passes.push({ kernel: 'forward', does: `forward ${complex ? 'C2C' : 'R2C'} FFT of ${shapeText(l.fftShape)}: ${p.what}`, workgroups: p.workgroups });
    passes.push({
      kernel: 'pointwise',
      does:
        `${pointwise === undefined ? 'multiply' : 'the user pointwise function on'} each spectrum (${shapeText(l.spectrumShape)} complex values) ` +
        `${pointwise === undefined ? 'by' : 'with'} the stored filter spectrum, h = H / ${l.fftLength}`,
      workgroups: pointwiseGroups,
    });
    for (const p of inv.passes) passes.push({ kernel: 'inverse', does: `inverse ${complex ? 'C2C' : 'C2R'} FFT of ${shapeText(l.fftShape)}: ${p.what}`, workgroups: p.workgroups });
    if (l.crop) {
      const from = l.outputOffset.some((o) => o > 0) ? ` from linear output ${shapeText(l.outputOffset)}` : '';
      passes.push({ kernel: 'crop', does: `store the ${shapeText(l.outputShape)} outputs of each signal${from}`, workgroups: cropGroups });
    }

    return {
      type: l.type,
      mode: l.mode,
      batch,
      shape: l.shape,
      signalLength: l.signalLength,
      filterLength: l.filterLength,
      filterShape: l.filterShape,
      fftLength: l.fftLength,
      fftShape: l.fftShape,
      outputLength: l.outputLength,
      outputShape: l.outputShape,
      inputBytes,
      outputBytes,
      passes,
      code: pointwiseCode,
      encode,
      run,
      destroy: () => life.destroy(),
    };
  } catch (e) {
    for (const m of made) m.destroy();
    throw e;
  }
}
