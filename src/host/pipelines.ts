// Compute pipelines shared per device and WGSL text. Plans of the same kernel (two createBatchedFFT
// plans of one descriptor, createFFT plans whose passes coincide) then share one pipeline object:
// drivers compile a pipeline when it is created or first dispatched, and a software driver such as
// lavapipe takes seconds per large FFT kernel, for every new pipeline object of the same text.
import { compileShader } from './shader.js';

const checked = new WeakMap<GPUDevice, Map<string, Promise<GPUComputePipeline>>>();
const lazy = new WeakMap<GPUDevice, Map<string, GPUComputePipeline>>();

/** The map of `caches` for this device (made on first use): host caches live as long as their GPUDevice. */
export function cacheOf<V>(caches: WeakMap<GPUDevice, Map<string, V>>, device: GPUDevice): Map<string, V> {
  let cache = caches.get(device);
  if (!cache) caches.set(device, (cache = new Map()));
  return cache;
}

/**
 * The pipeline of `code` (entry point `main`, layout 'auto'), compiled once per device: a
 * compilation error rejects with the message of `compile` (compileShader's, or a helper's that adds
 * its own hint) and is not cached, so a retry reports it again.
 */
export function sharedPipeline(
  device: GPUDevice,
  code: string,
  label: string,
  compile: (device: GPUDevice, code: string, label: string) => Promise<GPUShaderModule> = compileShader,
): Promise<GPUComputePipeline> {
  const cache = cacheOf(checked, device);
  let hit = cache.get(code);
  if (!hit) {
    hit = (async () => {
      const module = await compile(device, code, label);
      return device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' }, label });
    })();
    hit.catch(() => cache.delete(code));
    cache.set(code, hit);
  }
  return hit;
}

/**
 * A pipeline built synchronously on first use (encode() is synchronous), shared per device and
 * text: for variants most plans never run, such as in-place kernels. Check the text with
 * compileShader when the plan is created, so that a compilation error surfaces there.
 */
export function lazyPipeline(device: GPUDevice, code: () => string, label: string): () => GPUComputePipeline {
  let made: GPUComputePipeline | undefined;
  return () => {
    if (made) return made;
    const text = code();
    const cache = cacheOf(lazy, device);
    made = cache.get(text);
    if (!made) {
      made = device.createComputePipeline({ layout: 'auto', compute: { module: device.createShaderModule({ code: text, label }), entryPoint: 'main' }, label });
      cache.set(text, made);
    }
    return made;
  };
}
