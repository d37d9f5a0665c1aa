// GPU plumbing for tests: one Dawn device per test file, error scopes around every run, poisoned
// outputs, read-back.
import { expect } from 'vitest';
import { requestNodeDevice, type NodeDevice } from '../../src/node.js';

/** Which limits a test device is created with: WebGPU's core defaults (a plain requestDevice()), or the adapter's. */
export type DeviceLimits = 'default' | 'adapter';

const shared = new Map<DeviceLimits, Promise<NodeDevice>>();

/** GPU errors no error scope caught, from every test device of this process (test/support/setup.ts fails on them). */
const uncaptured: string[] = [];

/** Takes (and clears) the uncaptured GPU errors seen so far. */
export function takeUncapturedErrors(): string[] {
  return uncaptured.splice(0);
}

/** Starts recording a device's uncaptured errors and unexpected losses. */
export function recordUncapturedErrors(device: GPUDevice): void {
  device.addEventListener('uncapturederror', (e) => uncaptured.push((e as GPUUncapturedErrorEvent).error.message));
  void device.lost.then((info) => {
    if (info.reason !== 'destroyed') uncaptured.push(`device lost: ${info.message}`);
  });
}

/**
 * The device tests in this process share: by default one with WebGPU's core limits (16 KiB of
 * workgroup memory, 256 invocations: what a user's plain requestDevice() gives), or with the
 * adapter's limits for descriptors built with Limits(device.limits). f16, subgroups and timestamps
 * are enabled when offered.
 */
export function testDevice(limits: DeviceLimits = 'default'): Promise<NodeDevice> {
  let device = shared.get(limits);
  if (!device) {
    device = requestNodeDevice({ limits }).then((d) => {
      recordUncapturedErrors(d.device);
      return d;
    });
    shared.set(limits, device);
  }
  return device;
}

/** A fresh device of its own (for tests that destroy it), recording uncaptured errors like the shared ones. */
export async function freshDevice(limits: DeviceLimits = 'default'): Promise<NodeDevice> {
  const d = await requestNodeDevice({ limits });
  recordUncapturedErrors(d.device);
  return d;
}

let plain: Promise<NodeDevice> | undefined;

/**
 * A device from a plain `adapter.requestDevice()` (no optional features either, unlike
 * testDevice('default')): WebGPU's default limits (16 KiB of workgroup
 * memory, 256 invocations, 128 MiB storage bindings), what any page gets without asking for more.
 */
export function defaultLimitsDevice(): Promise<NodeDevice> {
  plain ??= requestNodeDevice({ limits: 'default', optionalFeatures: [] }).then((d) => {
    recordUncapturedErrors(d.device);
    return d;
  });
  return plain;
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

/** The GPUDevice methods that create GPU objects or record work: what "before the GPU" rules out. */
const GPU_CALLS = ['createBuffer', 'createShaderModule', 'createComputePipeline', 'createComputePipelineAsync', 'createBindGroup', 'createCommandEncoder'] as const;

/** Counts the calls of object[name] into `calls` until the returned function restores the method. */
function countCalls(object: object, name: string, label: string, calls: string[]): () => void {
  const target = object as Record<string, unknown>;
  const own = Object.hasOwn(target, name);
  const original = target[name] as (...a: unknown[]) => unknown;
  target[name] = (...args: unknown[]) => {
    calls.push(label);
    return original.apply(object, args);
  };
  return () => {
    if (own) target[name] = original;
    else delete target[name];
  };
}

/**
 * Expects fn to reject (or throw) with `message` before it creates any GPU object or submits any work
 * on `device`, and without a GPU error: the device's creating methods and queue.submit are counted
 * while fn runs. `allow` names calls fn makes itself (a test that records into its own command encoder).
 */
export async function refusesBeforeGPU(device: GPUDevice, fn: () => unknown, message: string | RegExp, allow: readonly (typeof GPU_CALLS)[number][] = []): Promise<void> {
  const calls: string[] = [];
  const restores = [...GPU_CALLS.map((name) => countCalls(device, name, name, calls)), countCalls(device.queue, 'submit', 'queue.submit', calls)];
  try {
    await withErrorScopes(device, async () => {
      await expect((async () => fn())()).rejects.toThrow(message);
    });
  } finally {
    for (const restore of restores) restore();
  }
  expect(calls.filter((c) => !(allow as readonly string[]).includes(c)), 'GPU calls before the error').toEqual([]);
}

/** Records `record` into one compute pass, then copies the first `bytes` of `buffer` back and returns them. */
export async function encodeAndRead(device: GPUDevice, record: (pass: GPUComputePassEncoder) => void, buffer: GPUBuffer, bytes = buffer.size): Promise<ArrayBuffer> {
  const readback = device.createBuffer({ size: bytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const encoder = device.createCommandEncoder();
  const pass = encoder.beginComputePass();
  record(pass);
  pass.end();
  encoder.copyBufferToBuffer(buffer, 0, readback, 0, bytes);
  device.queue.submit([encoder.finish()]);
  await readback.mapAsync(GPUMapMode.READ);
  const data = readback.getMappedRange().slice(0);
  readback.destroy();
  return data;
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

const pipelines = new WeakMap<GPUDevice, Map<string, Promise<GPUComputePipeline>>>();

/**
 * The compute pipeline of `code` on `device`, compiled once per device and test file: lavapipe
 * compiles a kernel at the first dispatch of every new pipeline object (seconds for a large FFT,
 * with the shader cache cold), so a kernel dispatched twice through two pipelines costs two
 * compiles. Fails on any WGSL compilation error message, naming the kernel.
 */
export function testPipeline(device: GPUDevice, code: string, label: string, entryPoint = 'main'): Promise<GPUComputePipeline> {
  let cache = pipelines.get(device);
  if (!cache) pipelines.set(device, (cache = new Map()));
  const key = `${entryPoint}\n${code}`;
  let pipeline = cache.get(key);
  if (!pipeline) {
    pipeline = (async () => {
      const module = device.createShaderModule({ code, label });
      const info = await module.getCompilationInfo();
      const errs = info.messages.filter((m) => m.type === 'error');
      if (errs.length) {
        throw new Error(`WGSL compilation failed for ${label}:\n${errs.map((m) => `${m.lineNum}:${m.linePos} ${m.message}`).join('\n')}`);
      }
      return device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint }, label });
    })();
    cache.set(key, pipeline);
  }
  return pipeline;
}

/** Compiles `code`, fails on any compilation error message, dispatches once, returns read-backs (undefined for unread). */
export async function runDispatch(device: GPUDevice, d: TestDispatch): Promise<(Float32Array | undefined)[]> {
  return withErrorScopes(device, async () => {
    const pipeline = await testPipeline(device, d.code, 'test kernel', d.entryPoint);
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
