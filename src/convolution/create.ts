// createConvolution: plans the fused kernel for the device's limits, compiles it (after checking the
// user's pointwise WGSL), computes the filter's spectrum once on the GPU with the same kernel, and
// returns encode / run / destroy. Every check happens before anything reaches the GPU; the checks
// every plan shares (device, buffers, run() data, the plan's life) are src/host/'s.
import { checkIOBuffers } from '../host/checks.js';
import { complexToDF64 } from '../../kernels/df64-layout.js';
import { referenceDFT } from '../reference.js';
import { hasExactFma } from '../host/fma.js';
import { assertDeviceAlive, checkBufferBytes, checkKernelFits, dispatchShape, watchDevice } from '../host/device.js';
import { PlanLifecycle } from '../host/lifecycle.js';
import { lazyPipeline } from '../host/pipelines.js';
import { runOnce } from '../host/run-once.js';
import { checkPointwise, compileKernel, kernelPipeline } from './pointwise.js';
import { convolutionKernel, type KernelVariant, INPUT_BINDING, kernelParams, slotsFor, OUTPUT_BINDING, PARAMS_BINDING, SPECTRUM_BINDING } from './kernel.js';
import { createMultiPassConvolution } from './multipass.js';
import { planBeyond } from './beyond.js';
import { downloadData, ioBytes, uploadData } from './precision-io.js';
import { choosePath, planLimits } from './path.js';
import { createFourStepConvolution } from './fourstep.js';
import { createFourStep2DConvolution } from './fourstep-2d.js';
import { createOnePass2DConvolution } from './onepass-2d.js';
import { type ConvolutionLayout, type ConvolutionShape } from './plan.js';
import { df64Pair, uploadPairTables } from './twiddle-tables.js';
import type { Convolution, ConvolutionBuffers, ConvolutionOptions, FilterSpectrum, FusedConvolutionPass } from './types.js';
import { checkOptions, checkPrecision, checkSpectrumLength } from './validate.js';

const ENGINE_TEXT = {
  c2c: (p: number) => `${p}-point C2C FFT`,
  folded: (p: number) => `${p}-point R2C (folded: ${p / 2}-point complex engine)`,
  normal: (p: number) => `${p}-point R2C (normal mode: ${p}-point complex engine)`,
  pairs: (p: number) => `${p}-point C2C FFT of two real signals at once (real and imaginary parts)`,
} as const;

function describePass(l: ConvolutionLayout): string {
  const unit = l.type === 'real' ? 'reals' : 'complex values';
  const wrapped = l.wrap > 0 ? ` with its last ${l.wrap} in front (circular through linear)` : '';
  const padded = l.fftLength > l.signalLength ? `${wrapped} zero-padded to ${l.fftLength}` : '';
  const inverse = l.type === 'real' && l.engine !== 'pairs' ? 'C2R' : 'inverse C2C FFT';
  const crop = l.outputOffset > 0 ? ` (linear outputs ${l.outputOffset}..${l.outputOffset + l.outputLength - 1})` : '';
  return (
    `load ${l.signalLength} ${unit} per signal${padded} -> ${ENGINE_TEXT[l.engine](l.fftLength)} -> ` +
    `pointwise with the stored spectrum (${l.storedSpectrumLength} values, 1/${l.fftLength} folded in) -> ${inverse} -> ` +
    `store ${l.outputLength} outputs${crop}; ${(l.engine === 'pairs' ? 2 : 1) * l.fftsPerBlock} signal(s) per workgroup, one kernel`
  );
}

/** The filter's spectrum times 1/P, given directly (checked against the plan's length). */
function scaledSpectrum(filter: FilterSpectrum, l: ConvolutionLayout): Float32Array<ArrayBuffer> {
  checkSpectrumLength(filter.spectrum, l.spectrumLength, l.fftLength, l.type);
  const scaled = Float32Array.from(filter.spectrum, (v) => v / l.fftLength);
  return l.engine === 'pairs' ? hermitianExtension(scaled, l.fftLength) : scaled;
}

/**
 * The P values of a real filter's spectrum from its first floor(P/2) + 1: H_{P-k} = conj(H_k). The
 * imaginary parts of H_0 (and H_{P/2}) become 0: the pairs engine would otherwise mix the two
 * signals of a slot through them, where a C2R ignores them (the same results as the folded engine).
 */
function hermitianExtension(half: Float32Array<ArrayBuffer>, p: number): Float32Array<ArrayBuffer> {
  const out = new Float32Array(2 * p);
  for (let k = 0; k < p; k++) {
    const m = k <= p / 2 ? k : p - k;
    const sign = k <= p / 2 ? 1 : -1;
    out[2 * k] = half[2 * m];
    out[2 * k + 1] = m === 0 || 2 * m === p ? 0 : sign * half[2 * m + 1];
  }
  return out;
}

/**
 * The stored spectrum H_k / P in f64, computed on the host, for the plans whose kernel has no
 * spectrum pass (f16: its output binding holds f16; f64: one more df64 kernel path for nothing):
 * from the taps (the unnormalised DFT of the taps zero-padded to P, src/reference.ts), a given
 * spectrum, or (1, 0) (a pointwise function alone); the pairs engine's Hermitian extension as
 * hermitianExtension's.
 */
function hostSpectrum(filter: ConvolutionOptions['filter'], l: ConvolutionLayout): Float64Array {
  const p = l.fftLength;
  let h: Float64Array;
  if (filter === undefined) {
    h = Float64Array.from({ length: 2 * l.spectrumLength }, (_, i) => (i % 2 === 0 ? 1 : 0));
  } else if (filter instanceof Float32Array || filter instanceof Float64Array) {
    const padded = new Float64Array(2 * p);
    if (l.type === 'complex') padded.set(filter);
    else filter.forEach((v, j) => (padded[2 * j] = v));
    h = referenceDFT(padded, p, -1).subarray(0, 2 * l.spectrumLength);
  } else {
    checkSpectrumLength(filter.spectrum, l.spectrumLength, p, l.type);
    h = Float64Array.from(filter.spectrum);
  }
  const scaled = h.map((v) => v / p);
  if (l.engine !== 'pairs') return scaled;
  const out = new Float64Array(2 * p);
  for (let k = 0; k < p; k++) {
    const m = k <= p / 2 ? k : p - k;
    out[2 * k] = scaled[2 * m];
    out[2 * k + 1] = m === 0 || 2 * m === p ? 0 : (k <= p / 2 ? 1 : -1) * scaled[2 * m + 1];
  }
  return out;
}

/** The taps zero-padded to P points (P reals, or P complex values interleaved): the spectrum pass's input. */
function paddedTaps(taps: Float32Array, l: ConvolutionLayout): Float32Array<ArrayBuffer> {
  const out = new Float32Array((l.type === 'complex' ? 2 : 1) * l.fftLength);
  out.set(taps);
  return out;
}

export async function createConvolution(device: GPUDevice, options: ConvolutionOptions): Promise<Convolution> {
  return createShapedConvolution(device, options, {});
}

/** Bench/internal entry: createConvolution with a forced register shape and kernel variant (not exported from the package). */
export async function createShapedConvolution(
  device: GPUDevice,
  options: ConvolutionOptions,
  tuning: ConvolutionShape & KernelVariant,
): Promise<Convolution> {
  watchDevice(device);
  assertDeviceAlive(device, 'createConvolution');
  const request = checkOptions(options);
  const precision = checkPrecision(options.precision);
  const half = precision === 'f16';
  const df = precision === 'f64';
  if (half && !device.features.has('shader-f16')) {
    throw new Error(
      "webfftdx: createConvolution precision 'f16' needs the device feature 'shader-f16', which this device was not created with (requestDevice({ requiredFeatures: ['shader-f16'] }) on an adapter that offers it)",
    );
  }
  const { batch, filter, pointwise } = options;
  const path = choosePath({ ...request, pointwise: pointwise !== undefined }, device.limits, tuning);
  if (path.kind === 'multipass') {
    const l = path.layout;
    const beyond = planBeyond(l, batch, planLimits(device.limits), pointwise !== undefined, precision);
    // Every path takes every precision (planBeyond planned it in that precision's arithmetic).
    const opts = { batch, filter, pointwise, precision };
    if (beyond.kind === 'four-step') return createFourStepConvolution(device, l, beyond.plan, opts);
    if (beyond.kind === 'one-kernel-2d') return createOnePass2DConvolution(device, l, beyond.plan, opts);
    if (beyond.kind === 'four-step-2d') return createFourStep2DConvolution(device, l, beyond.plan, opts);
    return createMultiPassConvolution(device, l, opts);
  }
  let layout = path.layout;
  // f16 and f64: the spectrum from the host (f32, or df64 pairs); f32: from the taps on the GPU (undefined), or given.
  const spectrumData = df
    ? complexToDF64(hostSpectrum(filter, layout))
    : half
      ? Float32Array.from(hostSpectrum(filter, layout))
      : filter === undefined
        ? Float32Array.from({ length: 2 * layout.storedSpectrumLength }, (_, i) => (i % 2 === 0 ? 1 / layout.fftLength : 0))
        : filter instanceof Float32Array
          ? undefined
          : scaledSpectrum(filter as FilterSpectrum, layout);
  const perPoint = layout.type === 'complex' ? 2 : 1;
  // f32: 4 bytes per value; f16: 2, each buffer rounded up to whole 4-byte words; f64: 8 (a df64 pair).
  const bytesOf = (values: number) => ioBytes(values, precision);
  const inputValues = batch * layout.signalLength * perPoint;
  const outputValues = batch * layout.outputLength * perPoint;
  const inputBytes = bytesOf(inputValues);
  const outputBytes = bytesOf(outputValues);
  const label = `webfftdx convolution ${layout.mode} ${layout.type} ${layout.signalLength}${precision === 'f32' ? '' : ` ${precision}`}`;
  checkBufferBytes(device, inputBytes, `the input of ${batch} signals of ${label}`);
  checkBufferBytes(device, outputBytes, `the output of ${batch} signals of ${label}`);
  const groups = Math.ceil(slotsFor(layout, batch) / layout.fftsPerBlock);
  const workgroups = dispatchShape(groups, device.limits.maxComputeWorkgroupsPerDimension);
  checkKernelFits(device, { label, workgroupBytes: layout.workgroupBytes, workgroupSize: layout.workgroupSize, workgroups, ...(half ? { features: ['shader-f16' as GPUFeatureName] } : {}) });
  if (pointwise !== undefined) await checkPointwise(device, pointwise, df ? 'f64' : 'f32');
  // f64: both FFTs read their twiddles from tables, and on a device whose fma rounds once they and the
  // multiply take the fma df64 products, as createBatchedFFT (the layout's modules were generated
  // without: regenerated with the same names).
  const exactFma = df && (await hasExactFma(device));
  if (df) layout = df64Pair(layout, exactFma);

  const code = convolutionKernel(layout, { ...tuning, pointwise, inPlace: false, half, exactFma });
  const pipeline = await kernelPipeline(device, code, label, pointwise !== undefined);
  // In place needs one read_write binding: another shader, checked now, its pipeline built on first use
  // and shared per device and text like the main one (host/pipelines.ts lazyPipeline).
  const canInPlace = layout.mode !== 'linear' && inputBytes === outputBytes;
  const inPlaceCode = canInPlace ? convolutionKernel(layout, { ...tuning, pointwise, inPlace: true, half, exactFma }) : undefined;
  if (inPlaceCode) await compileKernel(device, inPlaceCode, `${label} in place`, pointwise !== undefined);
  const inPlacePipeline = inPlaceCode ? lazyPipeline(device, () => inPlaceCode, `${label} in place`) : undefined;

  device.pushErrorScope('validation');
  const uniform = (values: Uint32Array<ArrayBuffer>, name: string) => {
    const b = device.createBuffer({ size: values.byteLength, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST, label: `${label} ${name}` });
    device.queue.writeBuffer(b, 0, values);
    return b;
  };
  const params = uniform(kernelParams(layout, batch, workgroups[0], false), 'params');
  const tables = uploadPairTables(device, layout, label);
  const spectrum = device.createBuffer({
    size: layout.storedSpectrumLength * (df ? 16 : 8),
    usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST,
    label: `${label} filter spectrum`,
  });
  if (spectrumData) {
    device.queue.writeBuffer(spectrum, 0, spectrumData as Float32Array<ArrayBuffer>);
  } else {
    // The spectrum pass: the same kernel with spectrum_pass = 1 over one "signal", the padded taps.
    const taps = paddedTaps(filter as Float32Array, layout);
    const tapsBuffer = device.createBuffer({ size: taps.byteLength, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST, label: `${label} taps` });
    device.queue.writeBuffer(tapsBuffer, 0, taps);
    const spectrumParams = uniform(kernelParams(layout, 1, 1, true), 'spectrum params');
    const group = device.createBindGroup({
      layout: pipeline.getBindGroupLayout(0),
      entries: [
        { binding: INPUT_BINDING, resource: { buffer: tapsBuffer } },
        { binding: OUTPUT_BINDING, resource: { buffer: spectrum } },
        // Not read in the spectrum pass, but bound: the taps (read-only, like the input).
        { binding: SPECTRUM_BINDING, resource: { buffer: tapsBuffer } },
        { binding: PARAMS_BINDING, resource: { buffer: spectrumParams } },
        ...tables.entries,
      ],
    });
    const encoder = device.createCommandEncoder({ label: `${label} spectrum` });
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, group);
    pass.dispatchWorkgroups(1);
    pass.end();
    device.queue.submit([encoder.finish()]);
    await device.queue.onSubmittedWorkDone();
    tapsBuffer.destroy();
    spectrumParams.destroy();
  }
  const creationError = await device.popErrorScope();
  if (creationError) {
    spectrum.destroy();
    params.destroy();
    tables.buffers.forEach((b) => b.destroy());
    throw new Error(`webfftdx: createConvolution: GPU validation error while creating the plan: ${creationError.message}`);
  }

  const pipelineFor = (inPlace: boolean): GPUComputePipeline => (inPlace ? inPlacePipeline!() : pipeline);
  const bindGroups = new WeakMap<GPUBuffer, WeakMap<GPUBuffer, GPUBindGroup>>();
  const life = new PlanLifecycle(device, 'createConvolution plan', () => {
    spectrum.destroy();
    params.destroy();
    tables.buffers.forEach((b) => b.destroy());
  });

  const encode = (pass: GPUComputePassEncoder, buffers: ConvolutionBuffers): void => {
    life.assertUsable('encode()');
    const { input, output, inPlace } = checkIOBuffers(buffers, inputBytes, outputBytes);
    if (inPlace && !inPlacePipeline) {
      throw new Error(
        `webfftdx: convolution encode: mode '${layout.mode}' writes ${layout.outputLength} points per signal from ${layout.signalLength}: it cannot run in place; pass an output buffer`,
      );
    }
    const p = pipelineFor(inPlace);
    let byOutput = bindGroups.get(input);
    if (!byOutput) bindGroups.set(input, (byOutput = new WeakMap()));
    let group = byOutput.get(output);
    if (!group) {
      const entries: GPUBindGroupEntry[] = [
        { binding: INPUT_BINDING, resource: { buffer: input } },
        { binding: SPECTRUM_BINDING, resource: { buffer: spectrum } },
        { binding: PARAMS_BINDING, resource: { buffer: params } },
        ...tables.entries,
      ];
      if (!inPlace) entries.push({ binding: OUTPUT_BINDING, resource: { buffer: output } });
      group = device.createBindGroup({ layout: p.getBindGroupLayout(0), entries });
      byOutput.set(output, group);
    }
    pass.setPipeline(p);
    pass.setBindGroup(0, group);
    pass.dispatchWorkgroups(workgroups[0], workgroups[1], workgroups[2]);
  };

  const unit = layout.type === 'complex' ? `${layout.signalLength} complex values` : `${layout.signalLength} reals`;
  const run = (signals: Float32Array | Float64Array | Uint16Array): Promise<Float32Array | Float64Array | Uint16Array> =>
    life.run(async () => {
      const what = `${batch} signals x ${unit}`;
      // f16: Float16Array / Uint16Array bits / Float32Array rounded, back as the same kind; f64: Float64Array (./precision-io.ts).
      const data = uploadData(signals, inputValues, what, precision, layout.type);
      const out = await runOnce(device, { data, inputBytes, outputBytes, encode: (pass, input, output) => encode(pass, { input, output }) });
      return downloadData(out, outputValues, signals, precision, layout.type);
    });

  const passes: FusedConvolutionPass[] = [
    {
      kernel: 'fused',
      does: describePass(layout),
      workgroups,
      workgroupSize: layout.workgroupSize,
      workgroupBytes: layout.workgroupBytes,
      forward: layout.forward.plan,
      inverse: layout.inverse.plan,
    },
  ];

  return {
    type: layout.type,
    mode: layout.mode,
    batch,
    shape: [layout.signalLength],
    signalLength: layout.signalLength,
    filterLength: layout.filterLength,
    filterShape: layout.filterLength === undefined ? undefined : [layout.filterLength],
    fftLength: layout.fftLength,
    fftShape: [layout.fftLength],
    outputLength: layout.outputLength,
    outputShape: [layout.outputLength],
    inputBytes,
    outputBytes,
    passes,
    code,
    encode,
    run: run as Convolution['run'],
    destroy: () => life.destroy(),
  };
}
