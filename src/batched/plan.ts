// Host helpers: a ready batched FFT kernel (`createBatchedFFT`) and the global-memory workspace of
// FFTs that need one (`makeWorkspace`). Everything is checked before anything reaches the GPU.
import type { FFTPlan } from '../../descriptors/model.js';
import { FFTsPerBlock } from '../../descriptors/operators.js';
import { bluesteinWorkspace } from '../../kernels/bluestein.js';
import type { WGSLModule, WGSLOptions } from '../../kernels/types.js';
import {
  batchedKernelSource,
  INPUT_BINDING,
  OUTPUT_BINDING,
  PARAMS_BINDING,
  scalarsPerElement,
  batchedLayout,
  batchedRounds,
  WORKSPACE_BINDING,
  type KernelCallbacks,
} from './kernel.js';

/** Anything that generates WGSL for a complete executable descriptor (every `fft(...)` descriptor does). */
export interface CodeGenerating {
  wgsl(options?: WGSLOptions): WGSLModule;
}

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
function withSuggestedFFTsPerBlock(desc: CodeGenerating): CodeGenerating {
  if (!isExtensible(desc) || desc.execution !== 'block') return desc;
  if (desc.ops.some((o) => o.op === 'fftsPerBlock' || o.op === 'blockDim')) return desc;
  if (desc.suggestedFFTsPerBlock === desc.fftsPerBlock) return desc;
  return desc.with(FFTsPerBlock(desc.suggestedFFTsPerBlock));
}

export interface FFTWorkspace {
  /** The workspace buffer; undefined when the FFT needs none. */
  readonly buffer: GPUBuffer | undefined;
  /** Bytes (the descriptor's workspaceSize). */
  readonly size: number;
  destroy(): void;
}

function planOf(desc: CodeGenerating): FFTPlan {
  return desc.wgsl({ prefix: 'probe', workspace: { group: 0, binding: WORKSPACE_BINDING } }).plan;
}

/** Allocates and fills the workspace an FFT needs (Bluestein chirp and kernel, computed in f64). Empty when none is needed. */
export function makeWorkspace(device: GPUDevice, desc: CodeGenerating): FFTWorkspace {
  const plan = planOf(desc);
  if (!plan.requiresWorkspace) return { buffer: undefined, size: 0, destroy() {} };
  const data = bluesteinWorkspace(plan);
  if (data.byteLength > plan.workspaceSize) {
    throw new Error(`webfftdx: workspace data (${data.byteLength} bytes) exceeds workspaceSize ${plan.workspaceSize}`);
  }
  const buffer = device.createBuffer({
    label: `webfftdx workspace ${plan.size}`,
    size: plan.workspaceSize,
    usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST,
  });
  device.queue.writeBuffer(buffer, 0, data as Float32Array<ArrayBuffer>);
  return { buffer, size: plan.workspaceSize, destroy: () => buffer.destroy() };
}

export interface BatchedFFTOptions extends KernelCallbacks {
  /** Number of FFTs (of `implicitTypeBatching` transforms each for f16). */
  readonly batch: number;
  /**
   * 'suggested' (default): a Block descriptor without FFTsPerBlock/BlockDim runs with its
   * suggestedFFTsPerBlock; 'descriptor': exactly the descriptor's fftsPerBlock.
   */
  readonly fftsPerBlock?: 'suggested' | 'descriptor';
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
  /** Convenience: uploads `data`, runs, and resolves to the output (interleaved re/im for complex). */
  run(data: Float32Array): Promise<Float32Array>;
  destroy(): void;
}

function checkDevice(device: GPUDevice, plan: FFTPlan, workgroups: readonly [number, number, number]): void {
  const l = device.limits;
  if (plan.precision === 'f16' && !device.features.has('shader-f16')) {
    throw new Error(`webfftdx: Precision('f16') needs the device feature 'shader-f16', which this device was not created with`);
  }
  if (plan.sharedMemorySize > l.maxComputeWorkgroupStorageSize) {
    throw new Error(
      `webfftdx: the FFT needs ${plan.sharedMemorySize} bytes of workgroup memory; the device allows ${l.maxComputeWorkgroupStorageSize} (pass Limits(adapter.limits) to the descriptor and request the limit on the device)`,
    );
  }
  if (plan.maxThreadsPerBlock > l.maxComputeInvocationsPerWorkgroup) {
    throw new Error(
      `webfftdx: the FFT needs ${plan.maxThreadsPerBlock} invocations per workgroup; the device allows ${l.maxComputeInvocationsPerWorkgroup}`,
    );
  }
  const [bx, by, bz] = plan.blockDim;
  if (bx > l.maxComputeWorkgroupSizeX || by > l.maxComputeWorkgroupSizeY || bz > l.maxComputeWorkgroupSizeZ) {
    throw new Error(`webfftdx: workgroup size [${bx}, ${by}, ${bz}] exceeds the device's per-dimension limits`);
  }
  if (workgroups[0] > l.maxComputeWorkgroupsPerDimension || workgroups[1] > l.maxComputeWorkgroupsPerDimension) {
    throw new Error(`webfftdx: the batch needs ${workgroups[0]} x ${workgroups[1]} workgroups, beyond the device's limit`);
  }
}

export function dispatchShape(groups: number, maxPerDim: number): [number, number, number] {
  if (groups <= maxPerDim) return [Math.max(1, groups), 1, 1];
  const y = Math.ceil(groups / maxPerDim);
  return [Math.ceil(groups / y), y, 1];
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
  const { batch } = options;
  if (!Number.isInteger(batch) || batch < 1) throw new Error(`webfftdx: batch must be a positive integer, got ${batch}`);
  const chosen = options.fftsPerBlock === 'descriptor' ? desc : withSuggestedFFTsPerBlock(desc);
  const module = chosen.wgsl({ prefix: 'fft', workspace: { group: 0, binding: WORKSPACE_BINDING } });
  const plan = module.plan;
  const maxBytes = device.limits.maxComputeWorkgroupStorageSize;
  const { perGroup } = batchedLayout(plan, maxBytes);
  const rounds = batchedRounds(plan, maxBytes);
  const groups = Math.ceil(Math.ceil(batch / perGroup) / rounds);
  const workgroups = dispatchShape(groups, device.limits.maxComputeWorkgroupsPerDimension);
  checkDevice(device, plan, workgroups);

  const inScalars = scalarsPerElement(plan, 'input');
  const outScalars = scalarsPerElement(plan, 'output');
  const inputBytes = batch * plan.inputLength * inScalars * 4;
  const outputBytes = batch * plan.outputLength * outScalars * 4;
  // Callbacks address the kernel's buffers by name (`fft_in`, `fft_out`), which only the
  // out-of-place kernel declares: with callbacks the FFT runs out of place.
  const canInPlace = inputBytes === outputBytes && inScalars === outScalars && !options.load && !options.store;

  const outOfPlace = batchedKernelSource(module, options, false, maxBytes);
  const inPlace = canInPlace ? batchedKernelSource(module, options, true, maxBytes) : undefined;
  const shaderFor = async (code: string) => {
    const shader = device.createShaderModule({ code, label: `webfftdx ${plan.size}` });
    const info = await shader.getCompilationInfo();
    const errors = info.messages.filter((m) => m.type === 'error');
    if (errors.length) {
      throw new Error(`webfftdx: generated WGSL failed to compile:\n${errors.map((m) => `${m.lineNum}:${m.linePos} ${m.message}`).join('\n')}`);
    }
    return shader;
  };
  const outOfPlacePipeline = await device.createComputePipelineAsync({
    layout: 'auto',
    compute: { module: await shaderFor(outOfPlace.code), entryPoint: 'main' },
    label: `webfftdx ${plan.size}`,
  });
  // The in-place kernel is checked now but its pipeline is built on first use (most plans never need it).
  const inPlaceShader = inPlace ? await shaderFor(inPlace.code) : undefined;
  let inPlacePipeline: GPUComputePipeline | undefined;
  const pipelineFor = (same: boolean): GPUComputePipeline => {
    if (!same) return outOfPlacePipeline;
    inPlacePipeline ??= device.createComputePipeline({
      layout: 'auto',
      compute: { module: inPlaceShader!, entryPoint: 'main' },
      label: `webfftdx ${plan.size} in place`,
    });
    return inPlacePipeline;
  };
  const params = device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST, label: 'webfftdx batch params' });
  device.queue.writeBuffer(params, 0, new Uint32Array([batch, workgroups[0], workgroups[0] * workgroups[1], 0]));
  const bindGroups = new WeakMap<GPUBuffer, WeakMap<GPUBuffer, GPUBindGroup>>();

  const workspaceBuffer = (ws: BatchedFFTBuffers['workspace']): GPUBuffer | undefined =>
    ws === undefined ? undefined : 'destroy' in ws && 'size' in ws && 'buffer' in ws ? (ws as FFTWorkspace).buffer : (ws as GPUBuffer);

  const encode = (pass: GPUComputePassEncoder, buffers: BatchedFFTBuffers): void => {
    const output = buffers.output ?? buffers.input;
    const same = output === buffers.input;
    if (buffers.input.size < inputBytes) {
      throw new Error(`webfftdx: input buffer has ${buffers.input.size} bytes; ${batch} FFTs need ${inputBytes}`);
    }
    if (output.size < outputBytes) {
      throw new Error(`webfftdx: output buffer has ${output.size} bytes; ${batch} FFTs need ${outputBytes}`);
    }
    if (same && !inPlaceShader) {
      throw new Error(
        'webfftdx: this FFT cannot run in place (input and output sizes differ, or load/store callbacks are used); pass an output buffer',
      );
    }
    const ws = workspaceBuffer(buffers.workspace);
    if (plan.requiresWorkspace && (!ws || ws.size < plan.workspaceSize)) {
      throw new Error(
        `webfftdx: Size(${plan.size}) requires a workspace of ${plan.workspaceSize} bytes: pass { workspace: makeWorkspace(device, desc) }`,
      );
    }
    const pipeline = pipelineFor(same);
    let byOut = bindGroups.get(buffers.input);
    if (!byOut) bindGroups.set(buffers.input, (byOut = new WeakMap()));
    let group = byOut.get(output);
    if (!group) {
      const entries: GPUBindGroupEntry[] = [
        { binding: INPUT_BINDING, resource: { buffer: buffers.input } },
        { binding: PARAMS_BINDING, resource: { buffer: params } },
      ];
      if (!same) entries.push({ binding: OUTPUT_BINDING, resource: { buffer: output } });
      if (plan.requiresWorkspace) entries.push({ binding: WORKSPACE_BINDING, resource: { buffer: ws! } });
      group = device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries });
      if (!plan.requiresWorkspace) byOut.set(output, group);
    }
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, group);
    pass.dispatchWorkgroups(workgroups[0], workgroups[1], workgroups[2]);
  };

  const run = async (data: Float32Array): Promise<Float32Array> => {
    const expected = inputBytes / 4;
    if (data.length !== expected) {
      throw new Error(
        `webfftdx: run() expects ${expected} floats (${batch} FFTs x ${plan.inputLength} ${plan.inputType} elements), got ${data.length}`,
      );
    }
    const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
    const input = device.createBuffer({ size: Math.max(16, inputBytes), usage });
    const output = device.createBuffer({ size: Math.max(16, outputBytes), usage });
    const readback = device.createBuffer({ size: Math.max(16, outputBytes), usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    const workspace = plan.requiresWorkspace ? makeWorkspace(device, chosen) : undefined;
    try {
      device.queue.writeBuffer(input, 0, data as Float32Array<ArrayBuffer>);
      device.pushErrorScope('validation');
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      encode(pass, { input, output, workspace });
      pass.end();
      encoder.copyBufferToBuffer(output, 0, readback, 0, outputBytes);
      device.queue.submit([encoder.finish()]);
      const error = await device.popErrorScope();
      if (error) throw new Error(`webfftdx: GPU validation error: ${error.message}`);
      await readback.mapAsync(GPUMapMode.READ);
      return new Float32Array(readback.getMappedRange(0, outputBytes).slice(0));
    } finally {
      input.destroy();
      output.destroy();
      readback.destroy();
      workspace?.destroy();
    }
  };

  return {
    plan,
    batch,
    inputBytes,
    outputBytes,
    workgroups,
    code: { outOfPlace: outOfPlace.code, inPlace: inPlace?.code },
    encode,
    run,
    destroy: () => params.destroy(),
  };
}
