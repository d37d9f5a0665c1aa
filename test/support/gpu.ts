// GPU plumbing for tests: one Dawn device per test file, error scopes around every run, poisoned
// outputs, read-back.
import { requestNodeDevice, type NodeDevice } from '../../src/node.js';

let shared: Promise<NodeDevice> | undefined;

/** The device all tests in this process share (adapter limits, f16/subgroups/timestamps when offered). */
export function testDevice(): Promise<NodeDevice> {
  shared ??= requestNodeDevice();
  return shared;
}

/** Runs fn inside validation, internal and out-of-memory error scopes; any GPU error rejects. */
export async function withErrorScopes<T>(device: GPUDevice, fn: () => Promise<T> | T): Promise<T> {
  device.pushErrorScope('validation');
  device.pushErrorScope('internal');
  device.pushErrorScope('out-of-memory');
  let result: T;
  try {
    result = await fn();
  } finally {
    const errors = [await device.popErrorScope(), await device.popErrorScope(), await device.popErrorScope()];
    const first = errors.find((e) => e !== null);
    if (first) throw new Error(`GPU error: ${first.message}`);
  }
  return result;
}

export interface TestBinding {
  /** Initial contents; omitted means filled with `poison` (NaN by default). */
  readonly data?: Float32Array<ArrayBuffer> | Uint32Array<ArrayBuffer>;
  /** Size in bytes when no data is given. */
  readonly size?: number;
  readonly kind?: 'storage' | 'read-only-storage' | 'uniform';
  /** Read the buffer back after the dispatch. */
  readonly read?: boolean;
  readonly poison?: number;
}

export interface TestDispatch {
  readonly code: string;
  readonly entryPoint?: string;
  readonly workgroups: readonly [number, number?, number?];
  /** Bindings of @group(0), by binding index. */
  readonly bindings: readonly TestBinding[];
}

/** Compiles `code`, fails on any compilation error message, dispatches once, returns read-backs (undefined for unread). */
export async function runDispatch(device: GPUDevice, d: TestDispatch): Promise<(Float32Array | undefined)[]> {
  return withErrorScopes(device, async () => {
    const module = device.createShaderModule({ code: d.code });
    const info = await module.getCompilationInfo();
    const errs = info.messages.filter((m) => m.type === 'error');
    if (errs.length) {
      throw new Error(`WGSL compilation failed:\n${errs.map((m) => `${m.lineNum}:${m.linePos} ${m.message}`).join('\n')}`);
    }
    const pipeline = await device.createComputePipelineAsync({
      layout: 'auto',
      compute: { module, entryPoint: d.entryPoint ?? 'main' },
    });
    const buffers = d.bindings.map((b) => {
      const size = Math.max(16, b.data ? b.data.byteLength : (b.size ?? 16));
      const usage =
        (b.kind === 'uniform' ? GPUBufferUsage.UNIFORM : GPUBufferUsage.STORAGE) |
        GPUBufferUsage.COPY_DST |
        GPUBufferUsage.COPY_SRC;
      const buffer = device.createBuffer({ size: Math.ceil(size / 4) * 4, usage });
      const init = b.data ?? new Float32Array(buffer.size / 4).fill(b.poison ?? Number.NaN);
      device.queue.writeBuffer(buffer, 0, init);
      return buffer;
    });
    const bindGroup = device.createBindGroup({
      layout: pipeline.getBindGroupLayout(0),
      entries: buffers.map((buffer, binding) => ({ binding, resource: { buffer } })),
    });
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, bindGroup);
    pass.dispatchWorkgroups(d.workgroups[0], d.workgroups[1] ?? 1, d.workgroups[2] ?? 1);
    pass.end();
    const reads = buffers.map((buffer, i) => {
      if (!d.bindings[i].read) return undefined;
      const rb = device.createBuffer({ size: buffer.size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
      encoder.copyBufferToBuffer(buffer, 0, rb, 0, buffer.size);
      return rb;
    });
    device.queue.submit([encoder.finish()]);
    const out = await Promise.all(
      reads.map(async (rb) => {
        if (!rb) return undefined;
        await rb.mapAsync(GPUMapMode.READ);
        const copy = new Float32Array(rb.getMappedRange().slice(0));
        rb.destroy();
        return copy;
      }),
    );
    for (const b of buffers) b.destroy();
    return out;
  });
}
