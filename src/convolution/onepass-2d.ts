// The one-kernel 2D convolution on the GPU (./onepass-2d-plan.ts says which shapes): one workgroup
// per signal runs the forward transform, the pointwise multiply with the filter spectrum and the
// inverse in registers and workgroup memory, one pass over global memory: complex layouts as the
// phased engine (kernels/any-shape/one-pass-engine.ts, `convolution`), the others axis by axis
// (kernels/any-shape/one-pass.ts, `convolution`). The filter spectrum H / (Py Px), natural layout [Py][Sx], is computed once at
// plan creation by the same kernel (a uniform flag: the forward axes on the taps, then store).
// f16 plans: f16 signals and outputs (the kernel's load widens to f32, its store rounds to f16 once),
// f32 FFTs and spectrum; f64 plans: df64 modules, spectrum and buffers (fma products where the
// device's fma rounds once). Both take the filter spectrum from the host (f64: src/reference-nd.ts).
import { checkCreated, convolutionIO, ownedResources } from './resources.js';
import { complexToDF64 } from '../../kernels/df64-layout.js';
import { generateModule } from '../../kernels/module.js';
import { ONE_PASS_BINDINGS, ONE_PASS_SMEM, onePassKernel, onePassLayout } from '../../kernels/any-shape/one-pass.js';
import { onePassEngineKernel, onePassEngineWorkgroups } from '../../kernels/any-shape/one-pass-engine.js';
import { checkBufferBytes, checkKernelFits, dispatchShape } from '../host/device.js';
import { hasExactFma } from '../host/fma.js';
import { PlanLifecycle } from '../host/lifecycle.js';
import { lazyPipeline } from '../host/pipelines.js';
import { runOnce } from '../host/run-once.js';
import { referenceFFTN, referenceRFFTN } from '../reference-nd.js';
import { layoutFields, type MultiPassLayout } from './multipass-plan.js';
import { onePassCallbacks, type OnePass2DLayout } from './onepass-2d-plan.js';
import { checkPointwise, compileKernel, kernelPipeline } from './pointwise.js';
import { downloadData, ioBytes, uploadData, type ConvolutionPrecision } from './precision-io.js';
import type { Convolution, ConvolutionBuffers, ConvolutionOptions, MultiPassConvolutionPass } from './types.js';
import { checkSpectrumShape } from './validate.js';

export interface OnePass2DOptions {
  readonly batch: number;
  readonly filter: ConvolutionOptions['filter'];
  readonly pointwise: string | undefined;
  /** Default 'f32'; the layout's plans must be f64 for 'f64' and f32 otherwise. */
  readonly precision?: ConvolutionPrecision;
}

/** The filter spectrum H / (Py Px), natural layout [Py][Sx], computed on the host in f64 (f16 and f64 plans). */
function hostSpectrum(filter: ConvolutionOptions['filter'], l: MultiPassLayout): Float64Array {
  const [Py, Px] = l.fftShape;
  const scale = 1 / (Py * Px);
  if (filter === undefined) return Float64Array.from({ length: 2 * l.spectrumLength }, (_, i) => (i % 2 === 0 ? scale : 0));
  if (filter instanceof Float32Array || filter instanceof Float64Array) {
    const per = l.type === 'complex' ? 2 : 1;
    const [my, mx] = l.filterShape!;
    const padded = new Float64Array(per * Py * Px);
    for (let r = 0; r < my; r++) padded.set(filter.subarray(r * mx * per, (r + 1) * mx * per), r * Px * per);
    const h = l.type === 'complex' ? referenceFFTN(padded, [Py, Px], 1, -1) : referenceRFFTN(padded, [Py, Px], 1);
    return h.map((v) => v * scale);
  }
  checkSpectrumShape(filter.spectrum, l);
  return Float64Array.from(filter.spectrum, (v) => v * scale);
}

/** A one-kernel 2D convolution plan; every check runs before any GPU work. */
export async function createOnePass2DConvolution(device: GPUDevice, l: MultiPassLayout, o: OnePass2DLayout, options: OnePass2DOptions): Promise<Convolution> {
  const { batch, filter, pointwise } = options;
  const precision = options.precision ?? 'f32';
  const df = precision === 'f64';
  const half = precision === 'f16';
  if ((o.forward.plans[0].precision === 'f64') !== df) throw new Error(`webfftdx: internal: a ${o.forward.plans[0].precision} one-kernel 2D plan for precision '${precision}'`);
  const complex = l.type === 'complex';
  const perPoint = complex ? 2 : 1;
  const [Py, Px] = l.fftShape;
  // The pairs engine multiplies the full complex spectrum of the real filter (both signals at once).
  const pairs = o.pairs === true;
  const spectrumValues = pairs ? Py * Px : l.spectrumLength;
  const transforms = pairs ? Math.ceil(batch / 2) : batch;
  const label = `webfftdx convolution ${l.mode} ${l.type} [${l.shape.join(', ')}]${precision === 'f32' ? '' : ` ${precision}`} (one kernel, FFT [${Py}, ${Px}])`;
  const inputValues = batch * l.signalLength * perPoint;
  const outputValues = batch * l.outputLength * perPoint;
  const inputBytes = ioBytes(inputValues, precision);
  const outputBytes = ioBytes(outputValues, precision);
  checkBufferBytes(device, inputBytes, `the input of ${batch} signals of ${label}`);
  checkBufferBytes(device, outputBytes, `the output of ${batch} signals of ${label}`);
  if (filter !== undefined && !(filter instanceof Float32Array) && !(filter instanceof Float64Array)) checkSpectrumShape(filter.spectrum, l);
  if (pointwise !== undefined) await checkPointwise(device, pointwise, df ? 'f64' : 'f32');
  const hostH = precision === 'f32' ? undefined : hostSpectrum(filter, l);
  const exactFma = df && (await hasExactFma(device));

  const kernelOf = o.engine ? engineKernel(l, o, { half, df, exactFma, pointwise }) : axesKernel(device, l, o, { half, exactFma, pointwise, precision });
  const kernel = kernelOf(false);
  const workgroups = dispatchShape(o.engine ? onePassEngineWorkgroups(transforms, o.forward.engine!) : batch, device.limits.maxComputeWorkgroupsPerDimension);
  checkKernelFits(device, { label, workgroupBytes: kernel.workgroupBytes, workgroupSize: kernel.workgroupSize, workgroups });
  const pipeline = await kernelPipeline(device, kernel.code, label, pointwise !== undefined);
  // In place (circular, same): one read_write binding, another shader, checked now, its pipeline built on first use.
  const canInPlace = l.mode !== 'linear' && inputBytes === outputBytes;
  const inPlaceCode = canInPlace ? kernelOf(true).code : undefined;
  if (inPlaceCode) await compileKernel(device, inPlaceCode, `${label} in place`, pointwise !== undefined);
  const inPlacePipeline = inPlaceCode ? lazyPipeline(device, () => inPlaceCode, `${label} in place`) : undefined;

  const { buffer, uniform, destroyAll } = ownedResources(device, label);
  try {
    device.pushErrorScope('validation');
    const storage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
    const spectrum = buffer(spectrumValues * (df ? 16 : 8), storage, 'filter spectrum');
    // The transforms (the kernel's batch) and the signals (the pairs engine's 3rd word).
    const params = uniform(new Uint32Array([transforms, workgroups[0], batch, 0]), 'params');
    if (hostH) {
      device.queue.writeBuffer(spectrum, 0, (df ? complexToDF64(hostH) : Float32Array.from(hostH)) as Float32Array<ArrayBuffer>);
    } else if (filter instanceof Float32Array) {
      // The spectrum pass: the taps where signal 0 lies (the kernel's load pads them like a signal), one workgroup.
      const [my, mx] = l.filterShape!;
      const nx = l.shape[1];
      const taps = device.createBuffer({ size: inputBytes, usage: storage, label: `${label} taps` });
      const padded = new Float32Array(inputBytes / 4);
      for (let r = 0; r < my; r++) padded.set(filter.subarray(r * mx * perPoint, (r + 1) * mx * perPoint), r * nx * perPoint);
      device.queue.writeBuffer(taps, 0, padded);
      const unused = device.createBuffer({ size: outputBytes, usage: GPUBufferUsage.STORAGE, label: `${label} spectrum pass output (unused)` });
      const spectrumParams = device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST, label: `${label} spectrum params` });
      device.queue.writeBuffer(spectrumParams, 0, new Uint32Array([1, 1, 1, 1]));
      const encoder = device.createCommandEncoder({ label: `${label} filter spectrum` });
      const pass = encoder.beginComputePass();
      pass.setPipeline(pipeline);
      pass.setBindGroup(
        0,
        device.createBindGroup({
          layout: pipeline.getBindGroupLayout(0),
          entries: [
            { binding: ONE_PASS_BINDINGS.input, resource: { buffer: taps } },
            { binding: ONE_PASS_BINDINGS.output, resource: { buffer: unused } },
            { binding: ONE_PASS_BINDINGS.params, resource: { buffer: spectrumParams } },
            { binding: ONE_PASS_BINDINGS.spectrum, resource: { buffer: spectrum } },
          ],
        }),
      );
      pass.dispatchWorkgroups(1);
      pass.end();
      device.queue.submit([encoder.finish()]);
      await device.queue.onSubmittedWorkDone();
      for (const b of [taps, unused, spectrumParams]) b.destroy();
    } else {
      const scale = 1 / (Py * Px);
      const given = filter ? (filter as { spectrum: Float32Array }).spectrum : undefined;
      const full = given && pairs ? hermitianExtend(given, Py, Px) : given;
      const h = full ? Float32Array.from(full, (v) => v * scale) : Float32Array.from({ length: 2 * spectrumValues }, (_, i) => (i % 2 === 0 ? scale : 0));
      device.queue.writeBuffer(spectrum, 0, h);
    }
    await device.queue.onSubmittedWorkDone();
    await checkCreated(device);

    const bindGroups = new WeakMap<GPUBuffer, WeakMap<GPUBuffer, GPUBindGroup>>();
    const life = new PlanLifecycle(device, 'createConvolution plan', () => {
      destroyAll();
    });
    const encode = (pass: GPUComputePassEncoder, buffers: ConvolutionBuffers): void => {
      life.assertUsable('encode()');
      const { input, output, inPlace } = convolutionIO(buffers, { inputBytes, outputBytes }, l, inPlacePipeline !== undefined);
      const pipe = inPlace ? inPlacePipeline!() : pipeline;
      let byOutput = bindGroups.get(input);
      if (!byOutput) bindGroups.set(input, (byOutput = new WeakMap()));
      let group = byOutput.get(output);
      if (!group) {
        const entries: GPUBindGroupEntry[] = [
          { binding: ONE_PASS_BINDINGS.input, resource: { buffer: input } },
          { binding: ONE_PASS_BINDINGS.params, resource: { buffer: params } },
          { binding: ONE_PASS_BINDINGS.spectrum, resource: { buffer: spectrum } },
        ];
        if (!inPlace) entries.push({ binding: ONE_PASS_BINDINGS.output, resource: { buffer: output } });
        group = device.createBindGroup({ layout: pipe.getBindGroupLayout(0), entries });
        byOutput.set(output, group);
      }
      pass.setPipeline(pipe);
      pass.setBindGroup(0, group);
      pass.dispatchWorkgroups(workgroups[0], workgroups[1], workgroups[2]);
    };

    const unit = complex ? 'complex values' : 'reals';
    const run = (signals: Float32Array | Float64Array | Uint16Array): Promise<Float32Array | Float64Array | Uint16Array> =>
      life.run(async () => {
        const data = uploadData(signals, inputValues, `${batch} signals x ${l.signalLength} ${unit}`, precision, l.type);
        const out = await runOnce(device, { data, inputBytes, outputBytes, encode: (pass, input, output) => encode(pass, { input, output }) });
        return downloadData(out, outputValues, signals, precision, l.type);
      });

    const padded = Py !== l.shape[0] || Px !== l.shape[1];
    const passes: MultiPassConvolutionPass[] = [
      {
        kernel: 'fused-2d',
        does:
          `one workgroup per ${pairs ? 'two real signals (one complex transform)' : 'signal'}: load [${l.shape.join(', ')}]${padded ? ` zero-padded to [${Py}, ${Px}]` : ''} -> ${o.forward.what} -> ` +
          `${pointwise === undefined ? 'times' : 'the user pointwise function with'} the stored filter spectrum ([${l.spectrumShape.join(', ')}], 1/${Py * Px} folded in) -> ` +
          `the inverse axes (${complex ? 'C2C' : 'C2R rows last'}) -> store [${l.outputShape.join(', ')}]; one kernel`,
        workgroups,
      },
    ];

    return {
      ...layoutFields(l),
      batch,
      inputBytes,
      outputBytes,
      passes,
      code: kernel.code,
      encode,
      run: run as Convolution['run'],
      destroy: () => life.destroy(),
    };
  } catch (e) {
    destroyAll();
    throw e;
  }
}

interface KernelChoices {
  readonly half: boolean;
  readonly exactFma: boolean;
  readonly pointwise: string | undefined;
}

type KernelOf = (inPlace: boolean) => { readonly code: string; readonly workgroupSize: readonly [number, number, number]; readonly workgroupBytes: number };

/** The phased engine's convolution kernel (complex layouts it holds). */
function engineKernel(l: MultiPassLayout, o: OnePass2DLayout, c: KernelChoices & { df: boolean }): KernelOf {
  const [Py, Px] = l.fftShape;
  return (inPlace) =>
    onePassEngineKernel({
      ...o.forward.engine!,
      shape: l.fftShape,
      direction: 'forward',
      precision: c.df ? 'f64' : 'f32',
      inPlace,
      ...(c.half ? { half: true } : {}),
      ...(c.exactFma ? { exactFma: true } : {}),
      ...onePassCallbacks(l, inPlace, c.df ? 'f64' : c.half ? 'f16' : 'f32'),
      convolution: {
        scale: 1 / (Py * Px),
        ...(c.pointwise === undefined ? {} : { pointwise: c.pointwise }),
        ...(o.pairs ? { pairs: { inPerSignal: l.signalLength, outPerSignal: l.outputLength } } : {}),
      },
    });
}

/** The axis-by-axis kernel's convolution: createFFT's bank-conflict-free buffer layout, one Block module per axis and direction. */
function axesKernel(device: GPUDevice, l: MultiPassLayout, o: OnePass2DLayout, c: KernelChoices & { precision: ConvolutionPrecision }): KernelOf {
  const complex = l.type === 'complex';
  const [Py, Px] = l.fftShape;
  // The forward's row pitch for the data between the phases, each direction's padded column slots.
  const maxBytes = device.limits.maxComputeWorkgroupStorageSize;
  const fwdLayout = onePassLayout(l.fftShape, complex ? 'c2c' : 'r2c', o.forward.plans, maxBytes);
  const invLayout = onePassLayout(l.fftShape, complex ? 'c2c' : 'c2r', o.inverse.plans, maxBytes);
  const rowsAxis = l.fftShape.length - 1;
  const modulesOf = (plans: OnePass2DLayout['forward']['plans'], layout: typeof fwdLayout, prefix: string) =>
    plans.map((plan, k) =>
      generateModule(plan, {
        prefix: `${prefix}${k}`,
        sharedMemory: ONE_PASS_SMEM,
        registersOnly: true,
        // The rows exchange of complex rows shares the data's pitch (the forward's).
        slotStride: k === rowsAxis ? fwdLayout.slotStrides[k] : layout.slotStrides[k],
        slotSwizzle: layout.slotSwizzles[k],
        ...(c.exactFma ? { exactFma: true } : {}),
      }),
    );
  const forwardModules = modulesOf(o.forward.plans, fwdLayout, 'fft_a');
  const inverseModules = modulesOf(o.inverse.plans, invLayout, 'fft_i');
  return (inPlace) =>
    onePassKernel({
      shape: l.fftShape,
      type: complex ? 'c2c' : 'r2c',
      modules: forwardModules,
      invocations: o.invocations,
      maxWorkgroupBytes: maxBytes,
      pitch: fwdLayout.pitch,
      inPlace,
      ...(c.half ? { half: true } : {}),
      ...onePassCallbacks(l, inPlace, c.precision),
      convolution: {
        inverseModules,
        scale: 1 / (Py * Px),
        ...(c.pointwise === undefined ? {} : { pointwise: c.pointwise }),
        ...(c.exactFma ? { exactFma: true } : {}),
      },
    });
}

/** The full [Py][Px] complex spectrum of a real filter from its half spectrum [Py][Px / 2 + 1] (numpy's rfft2): H(ky, kx) = conj H(-ky, -kx). */
function hermitianExtend(half: Float32Array, Py: number, Px: number): Float32Array {
  const Sx = Math.floor(Px / 2) + 1;
  const full = new Float32Array(2 * Py * Px);
  for (let ky = 0; ky < Py; ky++) {
    for (let kx = 0; kx < Px; kx++) {
      const mirrored = kx >= Sx;
      const y = mirrored ? (Py - ky) % Py : ky;
      const x = mirrored ? Px - kx : kx;
      full[2 * (ky * Px + kx)] = half[2 * (y * Sx + x)];
      full[2 * (ky * Px + kx) + 1] = (mirrored ? -1 : 1) * half[2 * (y * Sx + x) + 1];
    }
  }
  return full;
}
