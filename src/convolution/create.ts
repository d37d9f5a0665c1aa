// createConvolution: plans the fused kernel for the device's limits, compiles it (after checking the
// user's pointwise WGSL), computes the filter's spectrum once on the GPU with the same kernel, and
// returns encode / run / destroy. Every check happens before anything reaches the GPU.
import { dispatchShape } from '../batched.js';
import { compileKernel, checkPointwise } from './pointwise.js';
import { convolutionKernel, INPUT_BINDING, kernelParams, OUTPUT_BINDING, PARAMS_BINDING, SPECTRUM_BINDING } from './kernel.js';
import { planConvolution, type ConvolutionLayout } from './plan.js';
import type { Convolution, ConvolutionBuffers, ConvolutionOptions, ConvolutionPass, FilterSpectrum } from './types.js';
import { checkAlive, checkBindingSize, checkBuffer, checkOptions, checkSignals, checkSpectrumLength } from './validate.js';

const ENGINE_TEXT = {
  c2c: (p: number) => `${p}-point C2C FFT`,
  folded: (p: number) => `${p}-point R2C (folded: ${p / 2}-point complex engine)`,
  normal: (p: number) => `${p}-point R2C (normal mode: ${p}-point complex engine)`,
} as const;

function describePass(l: ConvolutionLayout): string {
  const unit = l.type === 'real' ? 'reals' : 'complex values';
  const padded = l.fftLength > l.signalLength ? ` zero-padded to ${l.fftLength}` : '';
  const inverse = l.type === 'real' ? 'C2R' : 'inverse C2C FFT';
  const crop =
    l.mode === 'same' ? ` (linear outputs ${l.outputOffset}..${l.outputOffset + l.outputLength - 1})` : '';
  return (
    `load ${l.signalLength} ${unit} per signal${padded} -> ${ENGINE_TEXT[l.engine](l.fftLength)} -> ` +
    `pointwise with the stored spectrum (${l.spectrumLength} values, 1/${l.fftLength} folded in) -> ${inverse} -> ` +
    `store ${l.outputLength} outputs${crop}; ${l.fftsPerBlock} signal(s) per workgroup, one kernel`
  );
}

/** The filter's spectrum times 1/P, given directly (checked against the plan's length). */
function scaledSpectrum(filter: FilterSpectrum, l: ConvolutionLayout): Float32Array<ArrayBuffer> {
  checkSpectrumLength(filter.spectrum, l.spectrumLength, l.fftLength, l.type);
  return Float32Array.from(filter.spectrum, (v) => v / l.fftLength);
}

/** The taps zero-padded to P points (P reals, or P complex values interleaved): the spectrum pass's input. */
function paddedTaps(taps: Float32Array, l: ConvolutionLayout): Float32Array<ArrayBuffer> {
  const out = new Float32Array((l.type === 'complex' ? 2 : 1) * l.fftLength);
  out.set(taps);
  return out;
}

export async function createConvolution(device: GPUDevice, options: ConvolutionOptions): Promise<Convolution> {
  const request = checkOptions(options);
  const { batch, filter, pointwise } = options;
  const layout = planConvolution(request, device.limits);
  const spectrumData =
    filter === undefined
      ? Float32Array.from({ length: 2 * layout.spectrumLength }, (_, i) => (i % 2 === 0 ? 1 / layout.fftLength : 0))
      : filter instanceof Float32Array
        ? undefined
        : scaledSpectrum(filter, layout);
  const perPoint = layout.type === 'complex' ? 2 : 1;
  const inputBytes = batch * layout.signalLength * perPoint * 4;
  const outputBytes = batch * layout.outputLength * perPoint * 4;
  checkBindingSize(inputBytes, 'input', device);
  checkBindingSize(outputBytes, 'output', device);
  const groups = Math.ceil(batch / layout.fftsPerBlock);
  const maxPerDim = device.limits.maxComputeWorkgroupsPerDimension;
  const workgroups = dispatchShape(groups, maxPerDim);
  if (workgroups[1] > maxPerDim) {
    throw new Error(`webfftdx: createConvolution: batch ${batch} needs ${groups} workgroups, beyond the device's dispatch limit`);
  }
  if (pointwise !== undefined) await checkPointwise(device, pointwise);

  const code = convolutionKernel(layout, { pointwise, inPlace: false });
  const label = `webfftdx convolution ${layout.mode} ${layout.type} ${layout.signalLength}`;
  const module = await compileKernel(device, code, label, pointwise !== undefined);
  // In place needs one read_write binding: another shader, checked now, its pipeline built on first use.
  const canInPlace = layout.mode !== 'linear' && inputBytes === outputBytes;
  const inPlaceModule = canInPlace
    ? await compileKernel(device, convolutionKernel(layout, { pointwise, inPlace: true }), `${label} in place`, pointwise !== undefined)
    : undefined;

  device.pushErrorScope('validation');
  const pipeline = await device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' }, label });
  const uniform = (values: Uint32Array<ArrayBuffer>, name: string) => {
    const b = device.createBuffer({ size: values.byteLength, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST, label: `${label} ${name}` });
    device.queue.writeBuffer(b, 0, values);
    return b;
  };
  const params = uniform(kernelParams(layout, batch, workgroups[0], false), 'params');
  const spectrum = device.createBuffer({
    size: layout.spectrumLength * 8,
    usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST,
    label: `${label} filter spectrum`,
  });
  if (spectrumData) {
    device.queue.writeBuffer(spectrum, 0, spectrumData);
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
    throw new Error(`webfftdx: createConvolution: GPU validation error while creating the plan: ${creationError.message}`);
  }

  let inPlacePipeline: GPUComputePipeline | undefined;
  const pipelineFor = (inPlace: boolean): GPUComputePipeline => {
    if (!inPlace) return pipeline;
    inPlacePipeline ??= device.createComputePipeline({ layout: 'auto', compute: { module: inPlaceModule!, entryPoint: 'main' }, label: `${label} in place` });
    return inPlacePipeline;
  };
  const bindGroups = new WeakMap<GPUBuffer, WeakMap<GPUBuffer, GPUBindGroup>>();
  let destroyed = false;

  const encode = (pass: GPUComputePassEncoder, buffers: ConvolutionBuffers): void => {
    checkAlive(destroyed, 'encode()');
    if (typeof buffers !== 'object' || buffers === null) throw new Error('webfftdx: convolution encode: pass { input, output? }');
    checkBuffer(buffers.input, 'input', inputBytes, batch);
    const output = buffers.output ?? buffers.input;
    const inPlace = output === buffers.input;
    if (!inPlace) checkBuffer(output, 'output', outputBytes, batch);
    if (inPlace && !inPlaceModule) {
      throw new Error(
        `webfftdx: convolution encode: mode '${layout.mode}' writes ${layout.outputLength} points per signal from ${layout.signalLength}: it cannot run in place; pass an output buffer`,
      );
    }
    const p = pipelineFor(inPlace);
    let byOutput = bindGroups.get(buffers.input);
    if (!byOutput) bindGroups.set(buffers.input, (byOutput = new WeakMap()));
    let group = byOutput.get(output);
    if (!group) {
      const entries: GPUBindGroupEntry[] = [
        { binding: INPUT_BINDING, resource: { buffer: buffers.input } },
        { binding: SPECTRUM_BINDING, resource: { buffer: spectrum } },
        { binding: PARAMS_BINDING, resource: { buffer: params } },
      ];
      if (!inPlace) entries.push({ binding: OUTPUT_BINDING, resource: { buffer: output } });
      group = device.createBindGroup({ layout: p.getBindGroupLayout(0), entries });
      byOutput.set(output, group);
    }
    pass.setPipeline(p);
    pass.setBindGroup(0, group);
    pass.dispatchWorkgroups(workgroups[0], workgroups[1], workgroups[2]);
  };

  const run = async (signals: Float32Array): Promise<Float32Array> => {
    checkAlive(destroyed, 'run()');
    checkSignals(signals, inputBytes / 4, batch, layout.signalLength, layout.type);
    const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
    const input = device.createBuffer({ size: inputBytes, usage, label: `${label} run input` });
    const output = device.createBuffer({ size: outputBytes, usage, label: `${label} run output` });
    const readback = device.createBuffer({ size: outputBytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    try {
      device.queue.writeBuffer(input, 0, signals as Float32Array<ArrayBuffer>);
      device.pushErrorScope('validation');
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      encode(pass, { input, output });
      pass.end();
      encoder.copyBufferToBuffer(output, 0, readback, 0, outputBytes);
      device.queue.submit([encoder.finish()]);
      const error = await device.popErrorScope();
      if (error) throw new Error(`webfftdx: convolution run(): GPU validation error: ${error.message}`);
      await readback.mapAsync(GPUMapMode.READ);
      return new Float32Array(readback.getMappedRange(0, outputBytes).slice(0));
    } finally {
      input.destroy();
      output.destroy();
      readback.destroy();
    }
  };

  const passes: ConvolutionPass[] = [
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
    signalLength: layout.signalLength,
    filterLength: layout.filterLength,
    fftLength: layout.fftLength,
    outputLength: layout.outputLength,
    inputBytes,
    outputBytes,
    passes,
    code,
    encode,
    run,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      spectrum.destroy();
      params.destroy();
    },
  };
}
