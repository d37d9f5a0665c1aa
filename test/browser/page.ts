// Browser entry of the browser test: bundled by esbuild (harness.ts) and loaded by headless Chromium.
// It uses webfftdx exactly as a web page would (navigator.gpu, the public entry src/index.ts) and
// checks every result against the f64 reference computed here in the page: three batched FFTs
// (Block c2c, Block r2c folded, Thread c2c inverse), one hand-written user kernel that calls the
// generated `execute`, createFFT beyond one workgroup (2D C2C, 1D R2C in passes) and a fused
// createConvolution. The outcome goes to `window.__webfftdxResult` (see result.ts), which the test
// polls; nothing is asserted here, so every failure reaches the test with its numbers.
import { Block, createBatchedFFT, createConvolution, createFFT, Direction, fft, RealFFTOptions, Size, Thread, Type } from '../../src/index.js';
import { referenceDFT, relativeL2 } from '../../src/reference.js';
import { referenceFFTN, referenceRFFTN } from '../../src/reference-nd.js';
import { batchedReference, directConvolution } from '../support/convolution.js';
import { randomFloats } from '../support/random.js';
import type { AdapterReport, CaseReport, PageReport } from './result.js';

/** f64 reference of `batch` complex FFTs of length n stored back to back (interleaved re, im). */
function complexReference(x: Float32Array, n: number, batch: number, sign: -1 | 1): Float64Array {
  const out = new Float64Array(2 * n * batch);
  for (let b = 0; b < batch; b++) out.set(referenceDFT(x.subarray(2 * n * b, 2 * n * (b + 1)), n, sign), 2 * n * b);
  return out;
}

/** f64 reference of `batch` forward real FFTs of length n (natural layout: bins 0..n/2). */
function realForwardReference(x: Float32Array, n: number, batch: number): Float64Array {
  const bins = n / 2 + 1;
  const out = new Float64Array(2 * bins * batch);
  for (let b = 0; b < batch; b++) {
    const complex = new Float64Array(2 * n);
    for (let j = 0; j < n; j++) complex[2 * j] = x[n * b + j];
    out.set(referenceDFT(complex, n, -1).subarray(0, 2 * bins), 2 * bins * b);
  }
  return out;
}

/** Runs fn inside validation, internal and out-of-memory error scopes; returns what they caught. */
async function scoped<T>(device: GPUDevice, fn: () => Promise<T>): Promise<{ value: T | undefined; gpuErrors: string[]; thrown?: unknown }> {
  device.pushErrorScope('validation');
  device.pushErrorScope('internal');
  device.pushErrorScope('out-of-memory');
  let value: T | undefined;
  let thrown: unknown;
  try {
    value = await fn();
  } catch (e) {
    thrown = e;
  }
  const scopes = [await device.popErrorScope(), await device.popErrorScope(), await device.popErrorScope()];
  const gpuErrors = scopes.filter((e): e is GPUError => e !== null).map((e) => e.message);
  return { value, gpuErrors, thrown };
}

interface Check {
  readonly name: string;
  /** Runs on the GPU and returns [got, want]. */
  run(device: GPUDevice): Promise<[Float32Array, Float64Array]>;
}

/** createBatchedFFT(...).run(x) on random complex input: the host helper as a web page calls it. */
function batchedComplex(name: string, desc: Parameters<typeof createBatchedFFT>[1], n: number, batch: number, sign: -1 | 1, seed: number): Check {
  return {
    name: `createBatchedFFT: ${name}, batch ${batch}`,
    async run(device) {
      const plan = await createBatchedFFT(device, desc, { batch });
      try {
        const x = randomFloats(2 * n * batch, seed);
        return [await plan.run(x), complexReference(x, n, batch, sign)];
      } finally {
        plan.destroy();
      }
    },
  };
}

/** R2C folded: n reals per FFT in (read as n/2 complex pairs), n/2 + 1 bins out (natural layout). */
function batchedRealFolded(n: number, batch: number, seed: number): Check {
  const desc = fft(Size(n), Type('r2c'), Block(), RealFFTOptions('natural', 'folded'));
  return {
    name: `createBatchedFFT: Block r2c ${n} folded (natural), batch ${batch}`,
    async run(device) {
      const plan = await createBatchedFFT(device, desc, { batch });
      try {
        if (plan.inputBytes !== 4 * n * batch || plan.outputBytes !== 8 * (n / 2 + 1) * batch) {
          throw new Error(`unexpected r2c folded buffer sizes: ${plan.inputBytes} in, ${plan.outputBytes} out`);
        }
        const x = randomFloats(n * batch, seed);
        return [await plan.run(x), realForwardReference(x, n, batch)];
      } finally {
        plan.destroy();
      }
    },
  };
}

/**
 * A user kernel in the README's style (cuFFTDx's simple_fft_block): load by the documented register
 * layout, call the generated execute, store. Separate input and NaN-poisoned output buffers, so any
 * element the kernel fails to write makes the error NaN.
 */
function userKernel(seed: number): Check {
  const FFT = fft(Size(128), Direction('inverse'), Block());
  const batch = 4 * FFT.fftsPerBlock;
  return {
    name: `user kernel calling FFT.wgsl().execute: Block c2c ${FFT.size} inverse, EPT ${FFT.elementsPerThread}, ${batch} FFTs`,
    async run(device) {
      const m = FFT.wgsl();
      const [bx, by] = FFT.blockDim;
      const code = /* wgsl */ `
${m.directives}
@group(0) @binding(0) var<storage, read> src: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec2<f32>>;
${m.code}
@compute @workgroup_size(${bx}, ${by})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
  let base = (wg.x * ${FFT.fftsPerBlock}u + lid.y) * ${FFT.size}u;
  var data: array<${FFT.valueType}, ${FFT.storageSize}>;
  for (var i = 0u; i < ${FFT.elementsPerThread}u; i++) { data[i] = src[base + lid.x + i * ${FFT.stride}u]; }
  ${m.execute}(&data, lid.x, lid.y);
  for (var i = 0u; i < ${FFT.elementsPerThread}u; i++) { dst[base + lid.x + i * ${FFT.stride}u] = data[i]; }
}`;
      const module = device.createShaderModule({ code, label: 'browser test user kernel' });
      const info = await module.getCompilationInfo();
      const errors = info.messages.filter((msg) => msg.type === 'error');
      if (errors.length) throw new Error(`user kernel WGSL failed to compile:\n${errors.map((e) => `${e.lineNum}:${e.linePos} ${e.message}`).join('\n')}`);
      const pipeline = await device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' } });

      const x = randomFloats(2 * FFT.size * batch, seed);
      const bytes = x.byteLength;
      const src = device.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
      const dst = device.createBuffer({ size: bytes, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC });
      const readback = device.createBuffer({ size: bytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
      try {
        device.queue.writeBuffer(src, 0, x);
        device.queue.writeBuffer(dst, 0, new Float32Array(x.length).fill(Number.NaN));
        const encoder = device.createCommandEncoder();
        const pass = encoder.beginComputePass();
        pass.setPipeline(pipeline);
        pass.setBindGroup(
          0,
          device.createBindGroup({
            layout: pipeline.getBindGroupLayout(0),
            entries: [
              { binding: 0, resource: { buffer: src } },
              { binding: 1, resource: { buffer: dst } },
            ],
          }),
        );
        pass.dispatchWorkgroups(batch / FFT.fftsPerBlock);
        pass.end();
        encoder.copyBufferToBuffer(dst, 0, readback, 0, bytes);
        device.queue.submit([encoder.finish()]);
        await readback.mapAsync(GPUMapMode.READ);
        const got = new Float32Array(readback.getMappedRange().slice(0));
        return [got, complexReference(x, FFT.size, batch, 1)];
      } finally {
        src.destroy();
        dst.destroy();
        readback.destroy();
      }
    },
  };
}

/** createFFT(...).run(x): C2C forward or R2C of `shape` x batch, in passes over global memory. */
function anyShape(shape: readonly number[], type: 'c2c' | 'r2c', batch: number, seed: number): Check {
  return {
    name: `createFFT: ${type} [${shape.join(', ')}] x ${batch}`,
    async run(device) {
      const plan = await createFFT(device, { shape: [...shape], type, direction: 'forward', batch });
      try {
        if (plan.passes.length < 2) throw new Error(`expected a plan of several passes, got ${plan.passes.length}`);
        const points = shape.reduce((a, b) => a * b, 1) * batch;
        const x = randomFloats((type === 'c2c' ? 2 : 1) * points, seed);
        return [await plan.run(x), type === 'c2c' ? referenceFFTN(x, shape, batch, -1) : referenceRFFTN(x, shape, batch)];
      } finally {
        plan.destroy();
      }
    },
  };
}

/** createConvolution(...).run(x): real linear convolution of n points with m taps, one fused kernel, against direct f64 sums. */
function convolution(n: number, m: number, batch: number, seed: number): Check {
  return {
    name: `createConvolution: real linear ${n} points, ${m} taps, batch ${batch}`,
    async run(device) {
      const h = randomFloats(m, seed + 1);
      const conv = await createConvolution(device, { shape: n, type: 'real', mode: 'linear', filter: h, batch });
      try {
        if (conv.passes.length !== 1) throw new Error(`expected one fused kernel, got ${conv.passes.length} passes`);
        const x = randomFloats(n * batch, seed);
        return [await conv.run(x), batchedReference(x, batch, (s) => directConvolution(s, h, false, 'linear'))];
      } finally {
        conv.destroy();
      }
    },
  };
}

function adapterReport(adapter: GPUAdapter): AdapterReport {
  const { vendor, architecture, device, description } = adapter.info;
  return {
    vendor,
    architecture,
    device,
    description,
    features: [...adapter.features].sort(),
    maxComputeWorkgroupStorageSize: adapter.limits.maxComputeWorkgroupStorageSize,
    maxComputeInvocationsPerWorkgroup: adapter.limits.maxComputeInvocationsPerWorkgroup,
  };
}

async function main(seed: number): Promise<PageReport> {
  if (!('gpu' in navigator)) throw new Error('navigator.gpu is undefined: this browser has WebGPU disabled (check the launch flags)');
  const adapter = await navigator.gpu.requestAdapter();
  if (!adapter) throw new Error('navigator.gpu.requestAdapter() returned null: no WebGPU adapter (is a Vulkan driver such as lavapipe installed?)');
  // Default limits, as a page that asks for nothing special: every descriptor below fits them.
  const device = await adapter.requestDevice();
  const uncapturedErrors: string[] = [];
  device.addEventListener('uncapturederror', (e) => uncapturedErrors.push((e as GPUUncapturedErrorEvent).error.message));
  void device.lost.then((info) => {
    if (info.reason !== 'destroyed') uncapturedErrors.push(`device lost: ${info.message}`);
  });

  const checks: Check[] = [
    batchedComplex('Block c2c 256 forward', fft(Size(256), Direction('forward'), Block()), 256, 8, -1, seed),
    batchedRealFolded(512, 4, seed + 1),
    batchedComplex('Thread c2c 16 inverse', fft(Size(16), Direction('inverse'), Thread()), 16, 64, 1, seed + 2),
    userKernel(seed + 3),
    anyShape([64, 96], 'c2c', 2, seed + 4),
    anyShape([32768], 'r2c', 1, seed + 5),
    convolution(1000, 64, 3, seed + 6),
  ];
  const cases: CaseReport[] = [];
  for (const check of checks) {
    const start = performance.now();
    const { value, gpuErrors, thrown } = await scoped(device, () => check.run(device));
    const ms = performance.now() - start;
    if (thrown !== undefined) {
      const message = thrown instanceof Error ? thrown.message : String(thrown);
      throw new Error(`${check.name} threw: ${message}${gpuErrors.length ? ` (GPU errors: ${gpuErrors.join('; ')})` : ''}`);
    }
    const [got, want] = value!;
    // A wrong output length is an error of its own: relativeL2 would only compare a prefix.
    const error = got.length === want.length ? relativeL2(got, want) : Number.POSITIVE_INFINITY;
    cases.push({ name: check.name, error, gpuErrors, ms });
  }
  device.destroy();
  return { userAgent: navigator.userAgent, adapter: adapterReport(adapter), cases, uncapturedErrors };
}

const seed = Number(new URLSearchParams(location.search).get('seed'));
if (!Number.isInteger(seed)) {
  window.__webfftdxResult = { ok: false, error: `the page needs ?seed=<integer>, got ${location.search}` };
} else {
  main(seed).then(
    (report) => {
      window.__webfftdxResult = { ok: true, report };
    },
    (e: unknown) => {
      window.__webfftdxResult = { ok: false, error: e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e) };
    },
  );
}
