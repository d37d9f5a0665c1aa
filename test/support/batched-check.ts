// Runs a createBatchedFFT plan the way a user's pipeline would (its own buffers, the output poisoned
// with NaN, one submission inside error scopes) and measures it against the f64 reference.
import type { FFTPlan } from '../../descriptors/model.js';
import type { BatchedFFT } from '../../src/batched/plan.js';
import { makeWorkspace, type CodeGenerating } from '../../src/host/workspace.js';
import { referenceDFT } from '../../src/reference.js';
import { c2rReference, maxError, r2cReference } from '../real/harness.js';
import { withErrorScopes } from './gpu.js';
import { POISON, randomFloats } from './random.js';

/** The f64 reference of one FFT of `plan` on its input floats. */
export function referenceOf(plan: FFTPlan): (x: Float32Array) => ArrayLike<number> {
  if (plan.type === 'r2c') return (x) => r2cReference(x, plan);
  if (plan.type === 'c2r') return (x) => c2rReference(x, plan);
  return (x) => referenceDFT(x, plan.size, plan.direction === 'forward' ? -1 : 1);
}

/** Largest per-FFT relative L2 error of the plan on fresh random input. */
export async function batchedError(device: GPUDevice, fft: BatchedFFT, desc: CodeGenerating, seed: number): Promise<number> {
  const input = randomFloats(fft.inputBytes / 4, seed);
  const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
  const inBuf = device.createBuffer({ size: fft.inputBytes, usage });
  const outBuf = device.createBuffer({ size: fft.outputBytes, usage });
  const readback = device.createBuffer({ size: fft.outputBytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const workspace = makeWorkspace(device, desc);
  try {
    const out = await withErrorScopes(device, async () => {
      device.queue.writeBuffer(inBuf, 0, input);
      device.queue.writeBuffer(outBuf, 0, new Float32Array(fft.outputBytes / 4).fill(POISON));
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      fft.encode(pass, { input: inBuf, output: outBuf, workspace });
      pass.end();
      encoder.copyBufferToBuffer(outBuf, 0, readback, 0, fft.outputBytes);
      device.queue.submit([encoder.finish()]);
      await readback.mapAsync(GPUMapMode.READ);
      return new Float32Array(readback.getMappedRange().slice(0));
    });
    return maxError(input, out, fft.plan, fft.batch, referenceOf(fft.plan));
  } finally {
    inBuf.destroy();
    outBuf.destroy();
    readback.destroy();
    workspace.destroy();
  }
}
