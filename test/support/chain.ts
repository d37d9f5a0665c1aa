// Runs a chain of test kernels in one submission: compiles each (failing on any WGSL error),
// records the dispatches in order (a dispatch may read an earlier one's output), poisons every
// output with NaN, reads every output back, and fails on any GPU error (error scopes).
import { testPipeline, withErrorScopes } from './gpu.js';

/** What the chain needs of a test kernel: bindings 0 (input), 1 (output), 2 (optional workspace). */
export interface ChainKernel {
  readonly code: string;
  readonly label: string;
  readonly workgroups: number;
  readonly workspace?: Float32Array;
}

export interface ChainDispatch<K extends ChainKernel> {
  readonly kernel: K;
  /** Input data, or the output of an earlier dispatch of the chain. */
  readonly input: Float32Array | { readonly from: number };
}

export async function runKernelChain<K extends ChainKernel>(
  device: GPUDevice,
  dispatches: readonly ChainDispatch<K>[],
  outputBytes: (kernel: K) => number,
): Promise<Float32Array[]> {
  const t0 = performance.now();
  return withErrorScopes(device, async () => {
    const pipelines = await Promise.all(dispatches.map((d) => testPipeline(device, d.kernel.code, d.kernel.label)));
    if (process.env.WEBFFTDX_TIMING) console.log(`compile ${(performance.now() - t0).toFixed(0)} ms`);
    const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
    const created: GPUBuffer[] = [];
    const make = (bytes: number, init?: Float32Array) => {
      const buffer = device.createBuffer({ size: Math.max(16, Math.ceil(bytes / 16) * 16), usage });
      const data = new Float32Array(buffer.size / 4).fill(Number.NaN);
      if (init) data.set(init);
      device.queue.writeBuffer(buffer, 0, data);
      created.push(buffer);
      return buffer;
    };
    const outputs: GPUBuffer[] = [];
    const encoder = device.createCommandEncoder();
    dispatches.forEach((d, i) => {
      const k = d.kernel;
      const src = d.input instanceof Float32Array ? make(d.input.byteLength, d.input) : outputs[d.input.from];
      const dst = make(outputBytes(k));
      outputs.push(dst);
      const entries: GPUBindGroupEntry[] = [
        { binding: 0, resource: { buffer: src } },
        { binding: 1, resource: { buffer: dst } },
      ];
      if (k.workspace) entries.push({ binding: 2, resource: { buffer: make(k.workspace.byteLength, k.workspace) } });
      const pass = encoder.beginComputePass();
      pass.setPipeline(pipelines[i]);
      pass.setBindGroup(0, device.createBindGroup({ layout: pipelines[i].getBindGroupLayout(0), entries }));
      pass.dispatchWorkgroups(k.workgroups);
      pass.end();
    });
    const reads = outputs.map((b) => {
      const rb = device.createBuffer({ size: b.size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
      encoder.copyBufferToBuffer(b, 0, rb, 0, b.size);
      return rb;
    });
    const t1 = performance.now();
    device.queue.submit([encoder.finish()]);
    const result = await Promise.all(
      reads.map(async (rb, i) => {
        await rb.mapAsync(GPUMapMode.READ);
        const out = new Float32Array(rb.getMappedRange().slice(0, outputBytes(dispatches[i].kernel)));
        rb.destroy();
        return out;
      }),
    );
    if (process.env.WEBFFTDX_TIMING) console.log(`run ${(performance.now() - t1).toFixed(0)} ms`);
    for (const b of created) b.destroy();
    return result;
  });
}
