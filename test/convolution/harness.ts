// Shared plumbing of the convolution tests: a plan's encode() into NaN-poisoned output buffers
// inside error scopes, and the random filters and signals.
import type { Convolution } from '../../src/index.js';
import { withErrorScopes } from '../support/gpu.js';

/** Runs `conv` through encode() on fresh buffers; the output starts as NaN, so an unwritten value fails. */
export async function runPoisoned(device: GPUDevice, conv: Convolution, x: Float32Array<ArrayBuffer>, inPlace = false): Promise<Float32Array> {
  return withErrorScopes(device, async () => {
    const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
    const input = device.createBuffer({ size: conv.inputBytes, usage });
    device.queue.writeBuffer(input, 0, x);
    const output = inPlace ? input : device.createBuffer({ size: conv.outputBytes, usage });
    if (!inPlace) device.queue.writeBuffer(output, 0, new Float32Array(conv.outputBytes / 4).fill(Number.NaN));
    const readback = device.createBuffer({ size: conv.outputBytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    conv.encode(pass, inPlace ? { input } : { input, output });
    pass.end();
    encoder.copyBufferToBuffer(output, 0, readback, 0, conv.outputBytes);
    device.queue.submit([encoder.finish()]);
    await readback.mapAsync(GPUMapMode.READ);
    const y = new Float32Array(readback.getMappedRange().slice(0));
    for (const b of new Set([input, output, readback])) b.destroy();
    return y;
  });
}
