// FFTs held by one subgroup (kernels/subgroup-fft.ts), timed and checked on the adapter at hand.
//   node dist/bench/subgroup-probe.js [--total N] [--repeats R] label ...
// labels (g = the adapter's subgroup size, which must be fixed: subgroupMinSize = subgroupMaxSize):
//   check:<e>[:<slots>]     forward and inverse of N = e * g against an f64 DFT (prints the errors)
//   fft:<e>[:<slots>]       forward C2C, Block layout in, the subgroup order out (coalesced in runs of e)
//   conv:<e>[:<slots>]      load, forward, times a spectrum read in the same order, inverse, store
// `slots` subgroups per workgroup (default 1), one FFT each.
import type { BenchCase } from './case.js';
import { createBufferSets, destroyBufferSets, fillRandom, rotationCount } from './buffers.js';
import { dispatchShape } from './dispatch.js';
import { probeMain } from './probe-cli.js';
import { Definitions } from '../kernels/definitions.js';
import { addSubgroupFFT, subgroupOutputPosition, subgroupOutputPositionWGSL, type SubgroupFFTSpec } from '../kernels/subgroup-fft.js';

type Mode = 'fft' | 'conv' | 'roundtrip';

function kernelCode(spec: SubgroupFFTSpec, mode: Mode, slots: number, ffts: number, groupsX: number): string {
  const defs = new Definitions();
  const fwd = addSubgroupFFT(defs, spec, -1);
  const inv = mode === 'fft' ? '' : addSubgroupFFT(defs, spec, 1);
  const { size: N, ept: E, lanes: g } = spec;
  const load = Array.from({ length: E }, (_, i) => `  r[${i}] = src[base + lane + ${g * i}u];`);
  const storeNatural = Array.from({ length: E }, (_, i) => `  dst[base + lane + ${g * i}u] = r[${i}];`);
  const storePermuted = Array.from({ length: E }, (_, d) => `  dst[base + ${subgroupOutputPositionWGSL(spec, 'lane', d)}] = r[${d}];`);
  const multiply = Array.from({ length: E }, (_, d) => `  { let hv = spec_h[lane + ${g * d}u]; let x = r[${d}]; r[${d}] = vec2<f32>(x.x * hv.x - x.y * hv.y, x.x * hv.y + x.y * hv.x); }`);
  const body =
    mode === 'fft'
      ? [`  ${fwd}(&r, lane);`, ...storePermuted]
      : mode === 'conv'
        ? [`  ${fwd}(&r, lane);`, ...multiply, `  ${inv}(&r, lane);`, ...storeNatural]
        : [`  ${fwd}(&r, lane);`, ...storePermuted, `  ${inv}(&r, lane);`, ...Array.from({ length: E }, (_, i) => `  dst2[base + lane + ${g * i}u] = r[${i}];`)];
  return `enable subgroups;
// Lanes of one subgroup share \`fft\` (li / g) on the adapters this runs on; the analysis cannot see it.
diagnostic(off, subgroup_uniformity);
// subgroup FFT probe (${mode}): ${N} points, ${g} lanes x ${E}, ${slots} per workgroup
@group(0) @binding(0) var<storage, read> src: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec2<f32>>;
${mode === 'conv' ? '@group(0) @binding(2) var<storage, read> spec_h: array<vec2<f32>>;' : ''}
${mode === 'roundtrip' ? '@group(0) @binding(2) var<storage, read_write> dst2: array<vec2<f32>>;' : ''}

${defs.toString()}

@compute @workgroup_size(${g * slots})
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_index) li: u32, @builtin(subgroup_invocation_id) lane: u32) {
  let fft = (wg.y * ${groupsX}u + wg.x) * ${slots}u + li / ${g}u;
  if (fft >= ${ffts}u) { return; }
  let base = fft * ${N}u;
  var r: array<vec2<f32>, ${E}>;
${load.join('\n')}
${body.join('\n')}
}
`;
}

function adapterLanes(adapter: GPUAdapter): number {
  const info = adapter.info as GPUAdapterInfo & { subgroupMinSize?: number; subgroupMaxSize?: number };
  const min = info?.subgroupMinSize;
  const max = info?.subgroupMaxSize;
  if (!min || min !== max) throw new Error(`subgroup probe: the adapter's subgroup size is not fixed (${min}..${max})`);
  return min;
}

function naiveDFT(re: Float64Array, im: Float64Array, sign: number): [Float64Array, Float64Array] {
  const n = re.length;
  const or = new Float64Array(n);
  const oi = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    let sr = 0;
    let si = 0;
    for (let j = 0; j < n; j++) {
      const a = (sign * 2 * Math.PI * ((j * k) % n)) / n;
      sr += re[j] * Math.cos(a) - im[j] * Math.sin(a);
      si += re[j] * Math.sin(a) + im[j] * Math.cos(a);
    }
    or[k] = sr;
    oi[k] = si;
  }
  return [or, oi];
}

async function check(device: GPUDevice, spec: SubgroupFFTSpec, slots: number): Promise<string> {
  const N = spec.size;
  const ffts = 2 * slots + 1;
  const shape = dispatchShape(Math.ceil(ffts / slots), device.limits.maxComputeWorkgroupsPerDimension);
  const module = device.createShaderModule({ code: kernelCode(spec, 'roundtrip', slots, ffts, shape.x) });
  const info = await module.getCompilationInfo();
  for (const m of info.messages) if (m.type === 'error') throw new Error(m.message);
  const pipeline = await device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' } });
  const bytes = ffts * N * 8;
  const x = new Float32Array(ffts * N * 2).map(() => Math.random() * 2 - 1);
  const mk = (usage: number) => device.createBuffer({ size: bytes, usage });
  const src = mk(GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST);
  const dst = mk(GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST);
  const dst2 = mk(GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST);
  device.queue.writeBuffer(src, 0, x);
  device.queue.writeBuffer(dst, 0, new Float32Array(ffts * N * 2).fill(NaN));
  device.queue.writeBuffer(dst2, 0, new Float32Array(ffts * N * 2).fill(NaN));
  const group = device.createBindGroup({
    layout: pipeline.getBindGroupLayout(0),
    entries: [src, dst, dst2].map((buffer, binding) => ({ binding, resource: { buffer } })),
  });
  const enc = device.createCommandEncoder();
  const pass = enc.beginComputePass();
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, group);
  pass.dispatchWorkgroups(shape.x, shape.y);
  pass.end();
  const reads = [dst, dst2].map((b) => {
    const r = device.createBuffer({ size: bytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    enc.copyBufferToBuffer(b, 0, r, 0, bytes);
    return r;
  });
  device.queue.submit([enc.finish()]);
  const out = await Promise.all(
    reads.map(async (r) => {
      await r.mapAsync(GPUMapMode.READ);
      return new Float32Array(r.getMappedRange().slice(0));
    }),
  );
  let fwdErr = 0;
  let fwdNorm = 0;
  let invErr = 0;
  let invNorm = 0;
  for (let f = 0; f < ffts; f++) {
    const re = Float64Array.from({ length: N }, (_, j) => x[2 * (f * N + j)]);
    const im = Float64Array.from({ length: N }, (_, j) => x[2 * (f * N + j) + 1]);
    const [Xr, Xi] = naiveDFT(re, im, -1);
    for (let k = 0; k < N; k++) {
      const o = 2 * (f * N + k);
      fwdErr += (out[0][o] - Xr[k]) ** 2 + (out[0][o + 1] - Xi[k]) ** 2;
      fwdNorm += Xr[k] ** 2 + Xi[k] ** 2;
      invErr += (out[1][o] - N * re[k]) ** 2 + (out[1][o + 1] - N * im[k]) ** 2;
      invNorm += (N * re[k]) ** 2 + (N * im[k]) ** 2;
    }
  }
  // The permuted store must cover every position (a permutation): checked on the host model too.
  const seen = new Set<number>();
  for (let lane = 0; lane < spec.lanes; lane++) for (let d = 0; d < spec.ept; d++) seen.add(subgroupOutputPosition(spec, lane, d));
  if (seen.size !== N) throw new Error('output positions are not a permutation');
  for (const b of [src, dst, dst2, ...reads]) b.destroy();
  return `forward rel. L2 ${Math.sqrt(fwdErr / fwdNorm).toExponential(2)}, inverse(forward) ${Math.sqrt(invErr / invNorm).toExponential(2)}`;
}

async function timedCase(device: GPUDevice, spec: SubgroupFFTSpec, mode: 'fft' | 'conv', slots: number, total: number, label: string): Promise<BenchCase> {
  const N = spec.size;
  const ffts = total / N;
  const bytes = total * 8;
  const shape = dispatchShape(Math.ceil(ffts / slots), device.limits.maxComputeWorkgroupsPerDimension);
  const module = device.createShaderModule({ code: kernelCode(spec, mode, slots, ffts, shape.x), label });
  const pipeline = await device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' } });
  const sets = createBufferSets(device, bytes, bytes, rotationCount(bytes * 2), label);
  const h = device.createBuffer({ size: N * 8, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
  fillRandom(device, h, N * 8);
  const groups = sets.map((s) =>
    device.createBindGroup({
      layout: pipeline.getBindGroupLayout(0),
      entries: [
        { binding: 0, resource: { buffer: s.input } },
        { binding: 1, resource: { buffer: s.output } },
        ...(mode === 'conv' ? [{ binding: 2, resource: { buffer: h } }] : []),
      ],
    }),
  );
  let next = 0;
  return {
    kind: label,
    precision: 'f32',
    n: N,
    batch: ffts,
    bytesMoved: 2 * bytes,
    encode(pass) {
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, groups[next]);
      pass.dispatchWorkgroups(shape.x, shape.y);
      next = (next + 1) % groups.length;
    },
    destroy: () => {
      destroyBufferSets(sets);
      h.destroy();
    },
  };
}

async function probe(device: GPUDevice, label: string, total: number, adapter: GPUAdapter): Promise<BenchCase> {
  const [kind, eText, slotsText] = label.split(':');
  const ept = Number(eText);
  const slots = Number(slotsText ?? 1);
  const lanes = adapterLanes(adapter);
  const spec: SubgroupFFTSpec = { prefix: 'sg', size: ept * lanes, ept, lanes };
  if (kind === 'check') {
    console.log(`${label}\t${spec.size} points\t${await check(device, spec, slots)}`);
    // A token case so that the command line's timing loop has something to time.
    return timedCase(device, spec, 'fft', slots, spec.size * 64, label);
  }
  if (kind === 'fft' || kind === 'conv') {
    if (total % spec.size !== 0) throw new Error(`--total ${total} is not a multiple of ${spec.size}`);
    return timedCase(device, spec, kind, slots, total, label);
  }
  throw new Error(`unknown label ${label}`);
}

probeMain(probe);
