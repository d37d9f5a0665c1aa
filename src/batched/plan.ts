// createBatchedFFT: a ready batched FFT kernel built from a descriptor for the GPUDevice it is given
// (staging and dispatch sized from device.limits). Everything is checked before anything reaches
// the GPU: the descriptor against the device (src/host/device.ts), the arguments of encode() and
// run() (src/host/checks.ts), the plan's life (src/host/lifecycle.ts).
import type { FFTPlan } from '../../descriptors/model.js';
import { FFTsPerBlock } from '../../descriptors/operators.js';
import { planLabel } from '../../descriptors/plan-label.js';
import { checkBatch, checkFloat32Data, checkFloat64Data, checkIOBuffers } from '../host/checks.js';
import { complexFromDF64, complexToDF64, realFromDF64, realToDF64 } from '../../kernels/df64-layout.js';
import { assertDeviceAlive, checkBufferBytes, checkKernelFits, dispatchShape, watchDevice } from '../host/device.js';
import { f16Download, f16Upload, type F16Data, type Float16ArrayType } from '../host/f16-data.js';
import { PlanLifecycle } from '../host/lifecycle.js';
import { runOnce } from '../host/run-once.js';
import { lazyPipeline, sharedPipeline } from '../host/pipelines.js';
import { hasExactFma } from '../host/fma.js';
import { twiddleTableOption, uploadTwiddleTable } from './twiddle-table.js';
import { checkCallbackSignature } from '../host/callbacks.js';
import { compileShader } from '../host/shader.js';
import { makeWorkspace, workspaceFor, WORKSPACE_BINDING, type CodeGenerating, type FFTWorkspace } from '../host/workspace.js';
import { checkTuning, measuredBuild, type TuningReport } from './measure.js';
import {
  batchedKernelSource,
  INPUT_BINDING,
  OUTPUT_BINDING,
  PARAMS_BINDING,
  memoryElementType,
  scalarsPerElement,
  batchedLayout,
  batchedRounds,
  batchedWorkgroupBytes,
  THREAD_KERNEL_WIDTH,
  type KernelCallbacks,
} from './kernel.js';

/** The parts of an `fft(...)` descriptor createBatchedFFT reads to apply the suggested FFTs per block. */
interface Extensible extends CodeGenerating {
  readonly ops: readonly { readonly op: string }[];
  readonly execution: string;
  readonly fftsPerBlock: number;
  readonly suggestedFFTsPerBlock: number;
  with(...ops: readonly unknown[]): CodeGenerating;
}

function isExtensible(desc: CodeGenerating): desc is Extensible {
  return 'ops' in desc && 'with' in desc && 'suggestedFFTsPerBlock' in desc;
}

/**
 * A Block descriptor that leaves FFTsPerBlock (and BlockDim) unset computes one FFT per workgroup,
 * which starves small sizes of invocations; like a cuFFTDx user writing
 * FFTsPerBlock<FFT::suggested_ffts_per_block>, the batched kernel then uses the suggested value.
 */
export function withSuggestedFFTsPerBlock(desc: CodeGenerating): CodeGenerating {
  if (!isExtensible(desc) || desc.execution !== 'block') return desc;
  if (desc.ops.some((o) => o.op === 'fftsPerBlock' || o.op === 'blockDim')) return desc;
  if (desc.suggestedFFTsPerBlock === desc.fftsPerBlock) return desc;
  return desc.with(FFTsPerBlock(desc.suggestedFFTsPerBlock));
}

/**
 * The batched kernel's dispatch on this device: workgroups for `batch` FFTs (2D beyond the
 * per-dimension limit) and the FFTBatchParams uniform, after checking that the kernel fits the
 * device (its workgroup memory with staging, invocations, dispatch size).
 */
export function batchedDispatch(device: GPUDevice, plan: FFTPlan, batch: number, label: string): { workgroups: [number, number, number]; params: Uint32Array<ArrayBuffer> } {
  const maxBytes = device.limits.maxComputeWorkgroupStorageSize;
  const { perGroup } = batchedLayout(plan, maxBytes);
  // The kernel's units: FFTs, or for f16 pairs of FFTs (one per RRII register FFT).
  const paired = plan.implicitTypeBatching !== 1;
  const units = Math.ceil(batch / plan.implicitTypeBatching);
  const groups = Math.ceil(Math.ceil(units / perGroup) / batchedRounds(plan, maxBytes));
  const workgroups = dispatchShape(groups, device.limits.maxComputeWorkgroupsPerDimension);
  checkKernelFits(device, {
    label,
    workgroupBytes: batchedWorkgroupBytes(plan, maxBytes),
    workgroupSize: plan.execution === 'thread' ? [THREAD_KERNEL_WIDTH, 1, 1] : plan.blockDim,
    workgroups,
    ...(plan.precision === 'f16' ? { features: ['shader-f16' as GPUFeatureName] } : {}),
  });
  return { workgroups, params: new Uint32Array([units, workgroups[0], workgroups[0] * workgroups[1], paired ? batch : 0]) };
}

export interface BatchedFFTOptions extends KernelCallbacks {
  /** Number of FFTs (f16 too: the kernel pairs them into its registers itself; an odd count is fine). */
  readonly batch: number;
  /**
   * 'suggested' (default): a Block descriptor without FFTsPerBlock/BlockDim runs with its
   * suggestedFFTsPerBlock; 'descriptor': exactly the descriptor's fftsPerBlock.
   */
  readonly fftsPerBlock?: 'suggested' | 'descriptor';
  /**
   * 'table' (default): the tuning table's shape. 'measure': a Block descriptor that leaves
   * ElementsPerThread, FFTsPerBlock and BlockDim open runs in whichever of the table's shape and its
   * neighbouring ElementsPerThread values times fastest on this device (src/batched/measure.ts;
   * 12 timed passes per candidate at plan creation, the choice remembered per device).
   */
  readonly tuning?: 'table' | 'measure';
}

export interface BatchedFFTBuffers {
  readonly input: GPUBuffer;
  /** Defaults to `input` (in place; only when input and output have the same size). */
  readonly output?: GPUBuffer;
  /** Required when the descriptor requires a workspace (see makeWorkspace). */
  readonly workspace?: FFTWorkspace | GPUBuffer;
}

export interface BatchedFFT {
  readonly plan: FFTPlan;
  /** How the shape was chosen, and with `tuning: 'measure'` what each candidate timed. */
  readonly tuning: TuningReport;
  readonly batch: number;
  /** Bytes of the input and output buffers (without callbacks). */
  readonly inputBytes: number;
  readonly outputBytes: number;
  /** Workgroups dispatched per encode. */
  readonly workgroups: readonly [number, number, number];
  /** The kernels' WGSL (out of place, and in place). */
  readonly code: { readonly outOfPlace: string; readonly inPlace: string | undefined };
  /** Records the FFT into the caller's compute pass. */
  encode(pass: GPUComputePassEncoder, buffers: BatchedFFTBuffers): void;
  /**
   * Convenience: uploads `data`, runs, and resolves to the output (interleaved re/im for complex,
   * plain values for reals): Float32Array for Precision('f32'), Float64Array for Precision('f64')
   * (converted to and from the kernels' double-float pairs, kernels/df64-layout.ts); for
   * Precision('f16') a Float16Array where the runtime has one, a Uint16Array of f16 bits, or a
   * Float32Array whose values are rounded to the nearest f16 (src/host/f16-data.ts), and the output
   * comes back as the same kind of array.
   */
  run(data: Float32Array): Promise<Float32Array>;
  run(data: Float64Array): Promise<Float64Array>;
  run(data: Float16ArrayType): Promise<Float16ArrayType>;
  run(data: Uint16Array): Promise<Uint16Array>;
  destroy(): void;
}

/**
 * A batched FFT kernel: `batch` FFTs stored back to back (complex interleaved re/im, or reals),
 * with optional WGSL `load` / `store` callbacks inlined into the kernel.
 */
export async function createBatchedFFT(
  device: GPUDevice,
  desc: CodeGenerating,
  options: BatchedFFTOptions,
): Promise<BatchedFFT> {
  watchDevice(device);
  assertDeviceAlive(device, 'createBatchedFFT');
  if (typeof options !== 'object' || options === null) throw new Error('webfftdx: createBatchedFFT(device, desc, { batch }) needs its options object');
  const batch = checkBatch(options.batch);
  const tuning = checkTuning(options.tuning, 'createBatchedFFT');
  const shaped = (d: CodeGenerating) => (options.fftsPerBlock === 'descriptor' ? d : withSuggestedFFTsPerBlock(d));
  if (tuning === 'table') return { ...(await buildBatchedFFT(device, shaped(desc), options, batch)), tuning: { method: 'table', timings: [] } };
  if (options.fftsPerBlock === 'descriptor') {
    return { ...(await buildBatchedFFT(device, desc, options, batch)), tuning: { method: 'descriptor', timings: [] } };
  }
  const { built, tuning: report } = await measuredBatchedFFT(device, desc, options, batch);
  return { ...built, tuning: report };
}

/** measure's candidates as createBatchedFFT builds them (suggested FFTs per block), remembered per batch and callbacks. */
function measuredBatchedFFT(device: GPUDevice, desc: CodeGenerating, options: BatchedFFTOptions, batch: number) {
  return measuredBuild(
    device,
    desc,
    [batch, options.load ?? '', options.store ?? ''].join('|'),
    (candidate) => buildBatchedFFT(device, withSuggestedFFTsPerBlock(candidate), options, batch),
    (candidate) => makeWorkspace(device, candidate),
  );
}

/**
 * The descriptor `tuning: 'measure'` keeps for `batch` FFTs of `desc` on this device, and its report:
 * createFFT's rows passes, which bind regions of the plan's buffers, take their shape from this
 * (timed as createBatchedFFT's kernel, on scratch buffers of the pass's size).
 */
export async function measuredDescriptor(device: GPUDevice, desc: CodeGenerating, batch: number): Promise<{ desc: CodeGenerating; tuning: TuningReport }> {
  const measured = await measuredBatchedFFT(device, desc, { batch }, batch);
  measured.built.destroy();
  return { desc: measured.desc, tuning: measured.tuning };
}

/** The plan of exactly this descriptor (FFTs per block already applied). */
async function buildBatchedFFT(
  device: GPUDevice,
  chosen: CodeGenerating,
  options: BatchedFFTOptions,
  batch: number,
): Promise<Omit<BatchedFFT, 'tuning'>> {
  const base = { prefix: 'fft', workspace: { group: 0, binding: WORKSPACE_BINDING } };
  const computed = chosen.wgsl(base);
  const table = twiddleTableOption(computed.plan.precision);
  const module = table.twiddleTable ? chosen.wgsl({ ...base, ...table }) : computed;
  const plan = module.plan;
  const label = planLabel(plan);
  for (const which of ['load', 'store'] as const) {
    const elem = memoryElementType(plan, which === 'load' ? 'input' : 'output');
    checkCallbackSignature(options[which], which, elem, `createBatchedFFT's ${which} callback of ${label}`);
  }
  const maxBytes = device.limits.maxComputeWorkgroupStorageSize;
  const { workgroups, params: paramsData } = batchedDispatch(device, plan, batch, label);

  const inScalars = scalarsPerElement(plan, 'input');
  const outScalars = scalarsPerElement(plan, 'output');
  // Scalars are f32, df64 pairs of f32 for Precision('f64'), f16 for Precision('f16') (whole buffers
  // rounded up to 4 bytes, WebGPU's unit for copies and storage bindings).
  const scalarBytes = plan.precision === 'f64' ? 8 : plan.precision === 'f16' ? 2 : 4;
  const bytes = (scalars: number) => Math.ceil((scalars * scalarBytes) / 4) * 4;
  const inputBytes = bytes(batch * plan.inputLength * inScalars);
  const outputBytes = bytes(batch * plan.outputLength * outScalars);
  checkBufferBytes(device, inputBytes, `the input of ${batch} x ${label}`);
  checkBufferBytes(device, outputBytes, `the output of ${batch} x ${label}`);
  // Callbacks address the kernel's buffers by name (`fft_in`, `fft_out`), which only the
  // out-of-place kernel declares: with callbacks the FFT runs out of place.
  const canInPlace = inputBytes === outputBytes && inScalars === outScalars && !options.load && !options.store;

  let outOfPlace = batchedKernelSource(module, options, false, maxBytes);
  let inPlace = canInPlace ? batchedKernelSource(module, options, true, maxBytes) : undefined;
  // f64 on a device whose fma rounds once: the faster df64 products (WGSLOptions.exactFma). Asked of
  // the device only now, after every check above has passed (a one-off probe kernel per device).
  if (plan.precision === 'f64' && (await hasExactFma(device))) {
    const fused = chosen.wgsl({ ...base, exactFma: true, ...table });
    outOfPlace = batchedKernelSource(fused, options, false, maxBytes);
    inPlace = canInPlace ? batchedKernelSource(fused, options, true, maxBytes) : undefined;
  }
  const outOfPlacePipeline = await sharedPipeline(device, outOfPlace.code, label);
  // The in-place kernel is checked now but its pipeline is built on first use (most plans never need it).
  const inPlaceShader = inPlace ? await compileShader(device, inPlace.code, `${label} (in place)`) : undefined;
  const inPlacePipeline = inPlace ? lazyPipeline(device, () => inPlace.code, `${label} (in place)`) : undefined;
  const pipelineFor = (same: boolean): GPUComputePipeline => (same ? inPlacePipeline!() : outOfPlacePipeline);
  const params = device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST, label: 'webfftdx batch params' });
  device.queue.writeBuffer(params, 0, paramsData);
  const twiddles = uploadTwiddleTable(device, module, 'webfftdx');
  const bindGroups = new WeakMap<GPUBuffer, WeakMap<GPUBuffer, GPUBindGroup>>();
  const life = new PlanLifecycle(device, 'createBatchedFFT plan', () => {
    params.destroy();
    twiddles?.buffer.destroy();
  });

  const encode = (pass: GPUComputePassEncoder, buffers: BatchedFFTBuffers): void => {
    life.assertUsable('encode()');
    const { input, output, inPlace: same } = checkIOBuffers(buffers, inputBytes, outputBytes);
    if (same && !inPlaceShader) {
      throw new Error(
        `webfftdx: ${label} cannot run in place (input and output sizes differ, or load/store callbacks are used); pass an output buffer`,
      );
    }
    if (same && input.size < outputBytes) {
      throw new Error(`webfftdx: the input buffer has ${input.size} bytes; in place, ${batch} FFTs need ${outputBytes}`);
    }
    const ws = workspaceFor(plan, buffers.workspace);
    const pipeline = pipelineFor(same);
    let byOut = bindGroups.get(input);
    if (!byOut) bindGroups.set(input, (byOut = new WeakMap()));
    let group = byOut.get(output);
    if (!group) {
      const entries: GPUBindGroupEntry[] = [
        { binding: INPUT_BINDING, resource: { buffer: input } },
        { binding: PARAMS_BINDING, resource: { buffer: params } },
      ];
      if (!same) entries.push({ binding: OUTPUT_BINDING, resource: { buffer: output } });
      if (ws) entries.push({ binding: WORKSPACE_BINDING, resource: { buffer: ws } });
      if (twiddles) entries.push(twiddles.entry);
      group = device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries });
      if (!ws) byOut.set(output, group);
    }
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, group);
    pass.dispatchWorkgroups(workgroups[0], workgroups[1], workgroups[2]);
  };

  const df64 = plan.precision === 'f64';
  // f64 data to and from the kernels' double-float pairs: complex (re, im) as (re_hi, im_hi, re_lo, im_lo), reals as (hi, lo).
  const toDF64 = plan.inputType === 'real' ? realToDF64 : complexToDF64;
  const fromDF64 = plan.outputType === 'real' ? realFromDF64 : complexFromDF64;
  const half = plan.precision === 'f16';
  const inValues = batch * plan.inputLength * inScalars;
  const outValues = batch * plan.outputLength * outScalars;
  const run = (data: Float32Array | Float64Array | Uint16Array): Promise<Float32Array | Float64Array | F16Data> =>
    life.run(async () => {
      const what = `${batch} FFTs x ${plan.inputLength} ${plan.inputType} elements`;
      const upload = half
        ? new Float32Array(f16Upload(data, inValues, what).buffer)
        : df64
          ? toDF64(checkFloat64Data(data, inputBytes / 8, what))
          : checkFloat32Data(data, inputBytes / 4, what);
      const workspace = plan.requiresWorkspace ? makeWorkspace(device, chosen) : undefined;
      try {
        const out = await runOnce(device, {
          data: upload,
          inputBytes,
          outputBytes,
          encode: (pass, input, output) => encode(pass, { input, output, workspace }),
        });
        if (half) return f16Download(new Uint16Array(out.buffer, out.byteOffset, outValues), data);
        return df64 ? fromDF64(out) : out;
      } finally {
        workspace?.destroy();
      }
    });

  return {
    plan,
    batch,
    inputBytes,
    outputBytes,
    workgroups,
    code: { outOfPlace: outOfPlace.code, inPlace: inPlace?.code },
    encode,
    run: run as BatchedFFT['run'],
    destroy: () => life.destroy(),
  };
}
