// Seed 002's table: webfftdx on the WebGPU adapter against a well-kept JavaScript FFT on the host
// (the npm package fft.js, radix-4, when installed; otherwise webfftdx's own f64 host FFT, named as
// such), C2C forward, sizes 2^10 .. 2^20, batch 1. The GPU time is the wall time of submitting the
// transform on data already on the GPU and waiting for it (median of several), the CPU time that of
// one transform; the speedup is their ratio per size.
import { createFFT } from '../src/index.js';
import { fftPow2F64 } from '../kernels/host-fft.js';
import { referenceDFT, relativeL2 } from '../src/reference.js';
import { randomComplex, type Example } from './support.js';

interface HostFFT {
  readonly name: string;
  /** Returns a function computing the forward FFT of interleaved complex `x` (length 2n). */
  prepare(n: number): (x: Float64Array) => Float64Array;
}

async function hostFFT(): Promise<HostFFT> {
  try {
    const mod = (await import('fft.js' as string)) as { default: new (n: number) => { createComplexArray(): number[]; transform(out: number[], data: ArrayLike<number>): void } };
    const FFT = mod.default;
    return {
      name: 'fft.js 4 (radix-4, f64)',
      prepare(n) {
        const f = new FFT(n);
        const out = f.createComplexArray();
        return (x) => {
          f.transform(out, x);
          return Float64Array.from(out);
        };
      },
    };
  } catch {
    return {
      name: "webfftdx's host f64 radix-2 FFT (install fft.js for the package comparison)",
      prepare: () => (x) => {
        const a = Float64Array.from(x);
        fftPow2F64(a, a.length / 2, -1);
        return a;
      },
    };
  }
}

function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export const gpuVsCpu: Example = {
  name: 'gpu-vs-cpu',
  summary: 'webfftdx (createFFT) against a JavaScript FFT on the host, 2^10 .. 2^20, speedup per size',
  async run({ device, adapterName }) {
    const host = await hostFFT();
    const lines = [`  C2C forward, batch 1, on ${adapterName} against ${host.name}`, `  ${'n'.padStart(8)} ${'GPU ms'.padStart(9)} ${'CPU ms'.padStart(9)} ${'speedup'.padStart(8)}`];
    let worst = 0;
    const t0 = performance.now();
    for (let log = 10; log <= 20; log += 2) {
      const n = 1 << log;
      const plan = await createFFT(device, { shape: n, type: 'c2c', direction: 'forward', precision: 'f32', batch: 1 });
      const x = randomComplex(n);
      const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
      const input = device.createBuffer({ size: plan.inputBytes, usage });
      const output = device.createBuffer({ size: plan.outputBytes, usage });
      const workspace = plan.createWorkspace();
      device.queue.writeBuffer(input, 0, x);
      const gpuTimes: number[] = [];
      for (let rep = 0; rep < 5; rep++) {
        const start = performance.now();
        const encoder = device.createCommandEncoder();
        const pass = encoder.beginComputePass();
        plan.encode(pass, { input, output, workspace });
        pass.end();
        device.queue.submit([encoder.finish()]);
        await device.queue.onSubmittedWorkDone();
        if (rep > 0) gpuTimes.push(performance.now() - start); // the first run includes pipeline warm-up
      }
      const transform = host.prepare(n);
      const x64 = Float64Array.from(x);
      const cpuTimes: number[] = [];
      let cpuOut: Float64Array = new Float64Array(0);
      for (let rep = 0; rep < 3; rep++) {
        const start = performance.now();
        cpuOut = transform(x64);
        cpuTimes.push(performance.now() - start);
      }
      worst = Math.max(worst, relativeL2(cpuOut, referenceDFT(x, n, -1)) > 1e-12 ? 1 : 0);
      const readback = device.createBuffer({ size: plan.outputBytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
      const encoder = device.createCommandEncoder();
      encoder.copyBufferToBuffer(output, 0, readback, 0, plan.outputBytes);
      device.queue.submit([encoder.finish()]);
      await readback.mapAsync(GPUMapMode.READ);
      worst = Math.max(worst, relativeL2(new Float32Array(readback.getMappedRange()), cpuOut));
      const [g, c] = [median(gpuTimes), median(cpuTimes)];
      lines.push(`  ${`2^${log}`.padStart(8)} ${g.toFixed(3).padStart(9)} ${c.toFixed(3).padStart(9)} ${(c / g).toFixed(2).padStart(7)}x`);
      for (const b of [input, output, readback]) b.destroy();
      workspace.destroy();
      plan.destroy();
    }
    console.log(lines.join('\n'));
    return { did: 'timed 2^10 .. 2^20 (table above)', error: worst, ms: performance.now() - t0 };
  },
};
