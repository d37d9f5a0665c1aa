// Small WebGPU helpers the examples share: upload, dispatch a user kernel, read back, and compare
// with the f64 reference. Plain WebGPU, nothing webfftdx-specific.
import { referenceDFT, relativeL2 } from '../src/reference.js';

export interface ExampleContext {
  readonly device: GPUDevice;
  readonly adapterName: string;
}

export interface ExampleResult {
  /** One line: what the example computed. */
  readonly did: string;
  /** Relative L2 error against the f64 reference. */
  readonly error: number;
  /** The largest error that passes (default: the gallery's f32 limit; f16 and f64 examples set their own). */
  readonly limit?: number;
  /** GPU-side wall time of the measured dispatch, milliseconds. */
  readonly ms: number;
}

export interface Example {
  readonly name: string;
  readonly summary: string;
  run(ctx: ExampleContext): Promise<ExampleResult>;
}

export function randomComplex(count: number): Float32Array<ArrayBuffer> {
  const out = new Float32Array(2 * count);
  for (let i = 0; i < out.length; i++) out[i] = Math.random() * 2 - 1;
  return out;
}

/** Batched f64 reference: `batch` transforms of length n stored back to back. */
export function referenceBatch(x: Float32Array, n: number, batch: number, sign: -1 | 1): Float64Array {
  const out = new Float64Array(2 * n * batch);
  for (let b = 0; b < batch; b++) {
    out.set(referenceDFT(x.subarray(2 * n * b, 2 * n * (b + 1)), n, sign), 2 * n * b);
  }
  return out;
}

export function errorAgainst(got: Float32Array, want: Float64Array): number {
  return relativeL2(got, want);
}

export interface Binding {
  readonly data?: Float32Array<ArrayBuffer>;
  readonly bytes?: number;
  readonly read?: boolean;
  readonly uniform?: boolean;
}

/** One user kernel of a sequence: its WGSL (entry point `main`) and the workgroups to dispatch. */
export interface Kernel {
  readonly code: string;
  readonly workgroups: readonly [number, number?, number?];
}

/** Compiles `code`, dispatches `main` once over `workgroups`, returns the buffers marked `read`, and the time. */
export async function dispatch(
  device: GPUDevice,
  code: string,
  workgroups: readonly [number, number?, number?],
  bindings: readonly Binding[],
): Promise<{ outputs: Float32Array[]; ms: number }> {
  return dispatchKernels(device, [{ code, workgroups }], bindings);
}

/**
 * Compiles each kernel, dispatches them in order in one compute pass over the same bindings (group 0,
 * binding i = bindings[i]; a kernel may leave some unused), returns the buffers marked `read`, and the time.
 */
export async function dispatchKernels(
  device: GPUDevice,
  kernels: readonly Kernel[],
  bindings: readonly Binding[],
): Promise<{ outputs: Float32Array[]; ms: number }> {
  device.pushErrorScope('validation');
  const buffers = bindings.map((b) => {
    const size = Math.max(16, b.data?.byteLength ?? b.bytes ?? 16);
    const buffer = device.createBuffer({
      size,
      usage: (b.uniform ? GPUBufferUsage.UNIFORM : GPUBufferUsage.STORAGE) | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC,
    });
    if (b.data) device.queue.writeBuffer(buffer, 0, b.data);
    return buffer;
  });
  const encoder = device.createCommandEncoder();
  const pass = encoder.beginComputePass();
  for (const kernel of kernels) {
    const module = device.createShaderModule({ code: kernel.code });
    const info = await module.getCompilationInfo();
    const errors = info.messages.filter((m) => m.type === 'error');
    if (errors.length) throw new Error(errors.map((m) => `${m.lineNum}:${m.linePos} ${m.message}`).join('\n'));
    const pipeline = await device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' } });
    // 'auto' layouts list only the bindings the kernel uses.
    const used = buffers.flatMap((buffer, binding) => (new RegExp(`@binding\\(${binding}\\)`).test(kernel.code) ? [{ binding, resource: { buffer } }] : []));
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: used }));
    pass.dispatchWorkgroups(kernel.workgroups[0], kernel.workgroups[1] ?? 1, kernel.workgroups[2] ?? 1);
  }
  pass.end();
  const reads = buffers.map((buffer, i) => {
    if (!bindings[i].read) return undefined;
    const rb = device.createBuffer({ size: buffer.size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    encoder.copyBufferToBuffer(buffer, 0, rb, 0, buffer.size);
    return rb;
  });
  const start = performance.now();
  device.queue.submit([encoder.finish()]);
  await device.queue.onSubmittedWorkDone();
  const ms = performance.now() - start;
  const error = await device.popErrorScope();
  if (error) throw new Error(`GPU validation error: ${error.message}`);
  const outputs: Float32Array[] = [];
  for (const rb of reads) {
    if (!rb) continue;
    await rb.mapAsync(GPUMapMode.READ);
    outputs.push(new Float32Array(rb.getMappedRange().slice(0)));
    rb.destroy();
  }
  for (const b of buffers) b.destroy();
  return { outputs, ms };
}
