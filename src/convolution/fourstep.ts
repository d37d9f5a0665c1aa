// The four-step convolution on the GPU (./fourstep-plan.ts says why it is exact): 1D lengths beyond
// one workgroup in 2(p - 1) + 1 passes over global memory, where createFFT's forward and inverse
// take 2p (and the pad / crop kernels 2 more):
//   forward column passes (kernels/any-shape/pass.ts; the first reads the signals, zero-padded)
//   -> the fused rows pass (./kernel.ts's one-workgroup convolution kernel on contiguous rows of L_p,
//      in place, the filter spectrum stored in the rows' digit-reversed order)
//   -> inverse column passes (the last writes only the kept outputs: the crop).
// One scratch buffer (batch x V complex values) carries the data between the passes, in place; the
// filter spectrum H / V (V complex values) is computed once at plan creation by the same passes (f32),
// or on the host in f64 (f16 and f64 plans, as the fused kernel's: src/reference.ts).
//
// Precision: f64 plans run every pass in df64 (kernels/any-shape/pass.ts and the rows kernel with
// Precision('f64') descriptors; fma products where hasExactFma(device)), the scratch buffer and the
// spectrum hold df64 vec4<f32> values, the user's buffers df64 pairs. f16 plans run the f32 passes and
// scratch; only the first pass reads f16 (halfInput) and the last writes f16 (halfOutput).
import { checkCreated, convolutionIO, ownedResources } from './resources.js';
import { complexToDF64 } from '../../kernels/df64-layout.js';
import { makeColumnsPass, type GPUPass, type HalfSides, type Region } from '../any-shape/fft.js';
import { checkBufferBytes, checkKernelFits, dispatchShape } from '../host/device.js';
import { hasExactFma } from '../host/fma.js';
import { PlanLifecycle } from '../host/lifecycle.js';
import { runOnce } from '../host/run-once.js';
import { referenceDFT } from '../reference.js';
import { convolutionKernel, INPUT_BINDING, kernelParams, PARAMS_BINDING, SPECTRUM_BINDING } from './kernel.js';
import { rowsNaturalIndex, type FourStepLayout } from './fourstep-plan.js';
import { layoutFields, type MultiPassLayout } from './multipass-plan.js';
import { df64Pair, uploadPairTables } from './twiddle-tables.js';
import { checkPointwise, kernelPipeline } from './pointwise.js';
import { downloadData, ioBytes, uploadData, type ConvolutionPrecision } from './precision-io.js';
import type { Convolution, ConvolutionBuffers, ConvolutionOptions, MultiPassConvolutionPass } from './types.js';
import { checkSpectrumShape } from './validate.js';

export interface FourStepOptions {
  readonly batch: number;
  readonly filter: ConvolutionOptions['filter'];
  readonly pointwise: string | undefined;
  /** Default 'f32'. The plan's arithmetic (FourStepLayout.precision) must be f64 for 'f64' and f32 otherwise. */
  readonly precision?: ConvolutionPrecision;
}

/**
 * A user's spectrum (numpy's fft(h, V), or rfft(h, V) for real: V / 2 + 1 values, extended by
 * H_(V-k) = conj(H_k)) scaled by 1/V and permuted into the rows' order, in f64 (f32 plans round it once).
 */
function permutedSpectrum(spectrum: ArrayLike<number>, l: MultiPassLayout, f: FourStepLayout): Float64Array {
  const V = l.fftLength;
  const out = new Float64Array(2 * V);
  const real = l.type === 'real';
  for (let pos = 0; pos < V; pos++) {
    const k = rowsNaturalIndex(f.rows, pos);
    const mirrored = real && k > V / 2;
    const at = mirrored ? V - k : k;
    const re = spectrum[2 * at];
    // A real plan's H_0 and H_(V/2) are real (a C2R ignores their imaginary parts; so does the real output here).
    const im = real && (at === 0 || 2 * at === V) ? 0 : spectrum[2 * at + 1];
    out[2 * pos] = re / V;
    out[2 * pos + 1] = (mirrored ? -im : im) / V;
  }
  return out;
}

/**
 * The filter spectrum H / V in the rows' order, computed on the host in f64 (f16 and f64 plans): the
 * unnormalised DFT of the taps zero-padded to V (src/reference.ts), a given spectrum, or (1, 0).
 */
function hostSpectrum(filter: ConvolutionOptions['filter'], l: MultiPassLayout, f: FourStepLayout): Float64Array {
  const V = l.fftLength;
  if (filter === undefined) return Float64Array.from({ length: 2 * V }, (_, i) => (i % 2 === 0 ? 1 / V : 0));
  if (filter instanceof Float32Array || filter instanceof Float64Array) {
    const padded = new Float64Array(2 * V);
    if (l.type === 'complex') padded.set(filter);
    else filter.forEach((v, j) => (padded[2 * j] = v));
    return permutedSpectrum(referenceDFT(padded, V, -1), l, f);
  }
  checkSpectrumShape(filter.spectrum, l);
  return permutedSpectrum(filter.spectrum, l, f);
}

/** A four-step convolution plan; every check runs before any GPU work. */
export async function createFourStepConvolution(device: GPUDevice, l: MultiPassLayout, f: FourStepLayout, options: FourStepOptions): Promise<Convolution> {
  const { batch, filter, pointwise } = options;
  const precision = options.precision ?? 'f32';
  const df = precision === 'f64';
  const half = precision === 'f16';
  if (f.precision !== (df ? 'f64' : 'f32')) throw new Error(`webfftdx: internal: a ${f.precision} four-step plan for precision '${precision}'`);
  // Bytes of a complex value of the scratch buffer and the spectrum: f32 (f16 plans too) or df64.
  const complexBytes = df ? 16 : 8;
  const complex = l.type === 'complex';
  const perPoint = complex ? 2 : 1;
  const V = l.fftLength;
  const R = f.rows.perSignal;
  const Lp = V / R;
  const label = `webfftdx convolution ${l.mode} ${l.type} ${l.signalLength}${precision === 'f32' ? '' : ` ${precision}`} (four-step, ${f.factors.join(' x ')})`;
  const inputValues = batch * l.signalLength * perPoint;
  const outputValues = batch * l.outputLength * perPoint;
  const inputBytes = ioBytes(inputValues, precision);
  const outputBytes = ioBytes(outputValues, precision);
  const scratchBytes = f.signals * V * complexBytes;
  checkBufferBytes(device, inputBytes, `the input of ${batch} signals of ${label}`);
  checkBufferBytes(device, outputBytes, `the output of ${batch} signals of ${label}`);
  checkBufferBytes(device, scratchBytes, `the ${f.signals} spectra (${V} complex values each) of ${label}`);
  const rl = f.rowsLayout;
  const rowSignals = f.signals * R;
  const rowGroups = dispatchShape(Math.ceil(rowSignals / rl.fftsPerBlock), device.limits.maxComputeWorkgroupsPerDimension);
  const spectrumGroups = dispatchShape(Math.ceil(R / rl.fftsPerBlock), device.limits.maxComputeWorkgroupsPerDimension);
  checkKernelFits(device, { label: `${label} rows pass`, workgroupBytes: rl.workgroupBytes, workgroupSize: rl.workgroupSize, workgroups: rowGroups });
  if (filter !== undefined && !(filter instanceof Float32Array) && !(filter instanceof Float64Array)) checkSpectrumShape(filter.spectrum, l);
  if (pointwise !== undefined) await checkPointwise(device, pointwise, df ? 'f64' : 'f32');
  // f16 and f64: the spectrum from the host; f32: from the taps on the GPU (undefined), or given.
  const hostH = precision === 'f32' ? undefined : hostSpectrum(filter, l, f);
  // f64 on a device whose fma rounds once: every pass and the rows kernel with the fma df64 products;
  // the rows kernel's FFTs read their twiddles from tables (./twiddle-tables.ts).
  const exactFma = df && (await hasExactFma(device));
  const rowsLayout = df ? df64Pair(rl, exactFma) : rl;

  const { own, buffer, uniform, destroyAll } = ownedResources(device, label);
  try {
    // The column passes' tables: the f64 engines' stage twiddles as df64 pairs (f32: none, a placeholder).
    const tableData = complexToDF64(f.tables);
    const passTables = buffer(tableData.byteLength, GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST, 'pass tables');
    if (tableData.length) device.queue.writeBuffer(passTables, 0, tableData as Float32Array<ArrayBuffer>);
    // The passes between the first and the last run in place on the scratch buffer: only that kernel is compiled.
    // f16: the first forward pass reads the f16 signals, the last inverse pass writes the f16 outputs.
    const gpu = async (p: FourStepLayout['forward'][number], inPlaceOnly: boolean, sides: HalfSides = { input: false, output: false }) => {
      return own(await makeColumnsPass(device, p, passTables, undefined, sides, exactFma, inPlaceOnly));
    };
    const forward: GPUPass[] = [];
    for (const [k, p] of f.forward.entries()) forward.push(await gpu(p, k > 0, { input: half && k === 0, output: false }));
    const rowsCode = convolutionKernel(rowsLayout, { pointwise, inPlace: true, rows: f.rows, ...(exactFma ? { exactFma } : {}) });
    const rowsPipeline = await kernelPipeline(device, rowsCode, `${label} rows pass`, pointwise !== undefined);
    const inverse: GPUPass[] = [];
    const last = f.inverse.length - 1;
    for (const [k, p] of f.inverse.entries()) inverse.push(await gpu(p, k < last, { input: false, output: half && k === last }));
    const tapsFirst = f.tapsFirst && hostH === undefined && filter instanceof Float32Array ? await gpu(f.tapsFirst, false) : undefined;

    device.pushErrorScope('validation');
    const storage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
    const scratch = buffer(scratchBytes, storage, 'spectra');
    const spectrum = buffer(V * complexBytes, storage, 'filter spectrum');
    const rowParams = uniform(kernelParams(rl, rowSignals, rowGroups[0], false), 'rows params');
    const tables = uploadPairTables(device, rowsLayout, `${label} rows pass`);
    tables.buffers.forEach(own);
    const rowsGroup = device.createBindGroup({
      layout: rowsPipeline.getBindGroupLayout(0),
      entries: [
        { binding: INPUT_BINDING, resource: { buffer: scratch } },
        { binding: SPECTRUM_BINDING, resource: { buffer: spectrum } },
        { binding: PARAMS_BINDING, resource: { buffer: rowParams } },
        ...tables.entries,
      ],
    });
    const region = (b: GPUBuffer): Region => ({ buffer: b, offset: 0, size: b.size });
    const scratchRegion = region(scratch);
    const rowsPass = (pass: GPUComputePassEncoder, group: GPUBindGroup, groups: readonly [number, number, number]) => {
      pass.setPipeline(rowsPipeline);
      pass.setBindGroup(0, group);
      pass.dispatchWorkgroups(groups[0], groups[1], groups[2]);
    };

    if (hostH) {
      device.queue.writeBuffer(spectrum, 0, (df ? complexToDF64(hostH) : Float32Array.from(hostH)) as Float32Array<ArrayBuffer>);
    } else if (filter instanceof Float32Array) {
      // H: the forward column passes on the taps (signal 0 of a zero buffer, or one V-point signal
      // of its own when the taps are longer than a signal), then the rows pass's spectrum mode
      // (forward row FFTs of signal 0's rows, times 1/V, in place), copied out of the scratch buffer.
      const tapsBytes = f.tapsFirst ? V * perPoint * 4 : inputBytes;
      const taps = device.createBuffer({ size: tapsBytes, usage: storage, label: `${label} taps` });
      const padded = new Float32Array(tapsBytes / 4);
      padded.set(filter);
      device.queue.writeBuffer(taps, 0, padded);
      const spectrumParams = device.createBuffer({ size: 32, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST, label: `${label} spectrum params` });
      device.queue.writeBuffer(spectrumParams, 0, kernelParams(rl, R, spectrumGroups[0], true));
      const spectrumGroup = device.createBindGroup({
        layout: rowsPipeline.getBindGroupLayout(0),
        entries: [
          { binding: INPUT_BINDING, resource: { buffer: scratch } },
          { binding: SPECTRUM_BINDING, resource: { buffer: spectrum } },
          { binding: PARAMS_BINDING, resource: { buffer: spectrumParams } },
          ...tables.entries,
        ],
      });
      const encoder = device.createCommandEncoder({ label: `${label} filter spectrum` });
      const pass = encoder.beginComputePass();
      forward.forEach((g, k) => (k === 0 ? (tapsFirst ?? g) : g).encode(pass, k === 0 ? region(taps) : scratchRegion, scratchRegion));
      rowsPass(pass, spectrumGroup, spectrumGroups);
      pass.end();
      encoder.copyBufferToBuffer(scratch, 0, spectrum, 0, V * complexBytes);
      device.queue.submit([encoder.finish()]);
      await device.queue.onSubmittedWorkDone();
      taps.destroy();
      spectrumParams.destroy();
    } else {
      const h = filter ? Float32Array.from(permutedSpectrum((filter as { spectrum: Float32Array }).spectrum, l, f)) : Float32Array.from({ length: 2 * V }, (_, i) => (i % 2 === 0 ? 1 / V : 0));
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
      forward.forEach((g, k) => g.encode(pass, k === 0 ? region(input) : scratchRegion, scratchRegion));
      rowsPass(pass, rowsGroup, rowGroups);
      inverse.forEach((g, k) => g.encode(pass, scratchRegion, k === inverse.length - 1 ? region(output) : scratchRegion));
    };

    const unit = complex ? 'complex values' : 'reals';
    const run = (signals: Float32Array | Float64Array | Uint16Array): Promise<Float32Array | Float64Array | Uint16Array> =>
      life.run(async () => {
        const data = uploadData(signals, inputValues, `${batch} signals x ${l.signalLength} ${unit}`, precision, l.type);
        const out = await runOnce(device, { data, inputBytes, outputBytes, encode: (pass, input, output) => encode(pass, { input, output }) });
        return downloadData(out, outputValues, signals, precision, l.type);
      });

    const multiply = pointwise === undefined ? 'times the stored filter spectrum' : 'through the user pointwise function with the stored filter spectrum';
    const passes: MultiPassConvolutionPass[] = [
      ...f.forward.map((p, k) => ({ kernel: 'forward-column' as const, does: p.what, workgroups: forward[k].info.workgroups })),
      {
        kernel: 'fused-rows',
        does:
          `${rowSignals} rows of ${Lp} points (${R} per ${f.pairs ? 'pair of real signals' : 'signal'}): the forward's last ${Lp}-point FFTs, the spectrum left in the rows' ` +
          `digit-reversed order -> ${multiply} (${V} values in the same order, 1/${V} folded in) -> inverse ${Lp}-point FFTs, in place, ` +
          `no transposition; ${rl.fftsPerBlock} row(s) per workgroup`,
        workgroups: rowGroups,
      },
      ...f.inverse.map((p, k) => ({ kernel: 'inverse-column' as const, does: p.what, workgroups: inverse[k].info.workgroups })),
    ];

    return {
      ...layoutFields(l),
      batch,
      inputBytes,
      outputBytes,
      passes,
      code: rowsCode,
      encode,
      run: run as Convolution['run'],
      destroy: () => life.destroy(),
    };
  } catch (e) {
    destroyAll();
    throw e;
  }
}
