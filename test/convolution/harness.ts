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

/** f16 / f64 plans: `conv` through encode() on outputs poisoned with 0xff bytes (NaN in f32, df64 and f16), the input as raw words; the output bytes. */
export async function encodeRaw(device: GPUDevice, conv: Convolution, input: ArrayBufferView, inPlace: boolean): Promise<ArrayBuffer> {
  return withErrorScopes(device, async () => {
    const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;
    const inBuf = device.createBuffer({ size: conv.inputBytes, usage });
    const padded = new Uint8Array(conv.inputBytes);
    padded.set(new Uint8Array(input.buffer, input.byteOffset, input.byteLength));
    device.queue.writeBuffer(inBuf, 0, padded);
    const outBuf = inPlace ? inBuf : device.createBuffer({ size: conv.outputBytes, usage });
    if (!inPlace) device.queue.writeBuffer(outBuf, 0, new Uint8Array(conv.outputBytes).fill(0xff));
    const readback = device.createBuffer({ size: conv.outputBytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    conv.encode(pass, { input: inBuf, output: outBuf });
    pass.end();
    encoder.copyBufferToBuffer(outBuf, 0, readback, 0, conv.outputBytes);
    device.queue.submit([encoder.finish()]);
    await readback.mapAsync(GPUMapMode.READ);
    const out = readback.getMappedRange().slice(0);
    for (const b of new Set([inBuf, outBuf, readback])) b.destroy();
    return out;
  });
}

/** A pointwise function for real f32 plans: circular cross-correlation x * conj(h) (reference: directCorrelation). */
export const CORRELATION_WGSL = /* wgsl */ `
fn pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32> {
  return vec2<f32>(x.x * h.x + x.y * h.y, x.y * h.x - x.x * h.y);
}`;
