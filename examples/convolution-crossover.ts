// Direct against FFT convolution (seed 003's comparison): a direct GPU convolution (one WGSL kernel,
// each invocation loops over the taps) against createConvolution (the fused FFT kernel where it applies), real signals,
// mode 'linear', over signal lengths N and filter lengths M; both checked against an f64 direct
// convolution; an SVG plot of time against M with the crossover (the shortest filter from which FFT
// wins) for each N.
//
// Default: a quick run (N = 1024, M = 3 .. 1023: one FFT kernel, P = 2048, and one direct kernel).
// WEBFFTDX_CONV_FULL=1: N = 2^10 .. 2^20 and M = 3 .. 4095; pairs whose padded length exceeds one
// workgroup on this device run createConvolution's four-step path (its FFT curve is then that
// path's time); pairs createConvolution refuses (e.g. buffers beyond the device's limits) are listed.
// WEBFFTDX_CONV_SVG=<file> sets the plot's path (default: the temp folder);
// WEBFFTDX_CONV_POINTS=<2^k> the points per timed dispatch (default 2^20 full, 2^15 quick).
// Times come from GPU timestamps where the device has `timestamp-query` (src/host/timing.ts), else
// from the wall clock around submit (which then includes the submission's fixed cost).
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { timeEncode, timingMethod } from '../src/host/timing.js';
import { convolutionLayout, createConvolution } from '../src/index.js';
import type { Example } from './support.js';

const FULL = process.env.WEBFFTDX_CONV_FULL === '1';
const SIGNALS = FULL ? [10, 12, 14, 16, 18, 20].map((e) => 2 ** e) : [1024];
const FILTERS = FULL ? [3, 7, 15, 31, 63, 127, 255, 511, 1023, 2047, 4095] : [3, 15, 63, 255, 1023];
/** Points per timed dispatch (batch = POINTS / N signals). */
const POINTS = pointsPerDispatch(process.env.WEBFFTDX_CONV_POINTS, FULL ? 1 << 20 : 1 << 15);
const REPEATS = FULL ? 10 : 3;
/** Timing rounds over all pairs (the fastest counts). */
const ROUNDS = FULL ? 3 : 1;

type Encode = (pass: GPUComputePassEncoder) => void;

function pointsPerDispatch(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const points = Number(text);
  if (!Number.isInteger(points) || points < 1024 || (points & (points - 1)) !== 0) {
    throw new Error(`WEBFFTDX_CONV_POINTS must be a power of two >= 1024, got ${JSON.stringify(text)}`);
  }
  return points;
}

const DIRECT_WGSL = /* wgsl */ `
struct Params { n: u32, m: u32, out_length: u32, total: u32, groups_x: u32 }
@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read> h: array<f32>;
@group(0) @binding(2) var<storage, read_write> y: array<f32>;
@group(0) @binding(3) var<uniform> p: Params;

// One output per invocation: y[b][k] = sum_j h[j] x[b][k - j] over the taps that overlap the signal.
@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let index = (wg.y * p.groups_x + wg.x) * 256u + lid;
  if (index >= p.total) { return; }
  let b = index / p.out_length;
  let k = index - b * p.out_length;
  let first = select(0u, k + 1u - p.n, k + 1u > p.n);
  let last = min(k, p.m - 1u);
  var acc = 0.0;
  for (var j = first; j <= last; j++) { acc += h[j] * x[b * p.n + k - j]; }
  y[index] = acc;
}`;

function random(count: number, seed: number): Float32Array<ArrayBuffer> {
  const out = new Float32Array(count);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < count; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = (s / 2 ** 32) * 2 - 1;
  }
  return out;
}

/** Outputs checked per signal: the first and the last CHECKED / 2 (the whole output when shorter), so long sweeps stay quick. */
const CHECKED = 8192;

/** The output indices of a length-L linear convolution that are checked. */
function checkedIndices(L: number): number[] {
  if (L <= CHECKED) return Array.from({ length: L }, (_, i) => i);
  const half = CHECKED / 2;
  return [...Array.from({ length: half }, (_, i) => i), ...Array.from({ length: half }, (_, i) => L - half + i)];
}

/** f64 linear convolution of one real signal at the given output indices. */
function reference(x: Float32Array, h: Float32Array, indices: readonly number[]): Float64Array {
  const out = new Float64Array(indices.length);
  indices.forEach((k, o) => {
    let acc = 0;
    for (let j = Math.max(0, k - x.length + 1); j <= Math.min(k, h.length - 1); j++) acc += h[j] * x[k - j];
    out[o] = acc;
  });
  return out;
}

function norm(v: Float32Array): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return Math.sqrt(s);
}

/**
 * ||y - ref|| / (||x|| ||h||) over the checked outputs of signal b (test/support/convolution.ts
 * explains the scale; over a subset of the outputs it only reads smaller).
 */
function errorOf(y: Float32Array, want: Float64Array, indices: readonly number[], L: number, b: number, x: Float32Array, h: Float32Array): number {
  let d = 0;
  indices.forEach((k, o) => (d += (y[b * L + k] - want[o]) ** 2));
  return Math.sqrt(d) / (norm(x) * norm(h));
}

/** Milliseconds per dispatch: the median of `repeats` passes of 4 dispatches, after one warm-up pass. */
async function time(device: GPUDevice, encode: (pass: GPUComputePassEncoder) => void, repeats: number): Promise<number> {
  return (await timeEncode(device, encode, { warmup: 1, repeats, dispatches: 4 })).ms;
}

export interface Point {
  readonly n: number;
  readonly m: number;
  readonly directMs: number;
  readonly fftMs: number;
}

/** The SVG plot of the sweep: time against filter length, one colour per signal length, crossovers circled. */
export function crossoverSVG(points: readonly Point[], adapter: string, perDispatch: number): string {
  const W = 880;
  const H = 460;
  const left = 70;
  const right = 260;
  const top = 40;
  const bottom = 50;
  const ms = points.flatMap((p) => [p.directMs, p.fftMs]);
  const [lo, hi] = [Math.log10(Math.min(...ms)), Math.log10(Math.max(...ms))];
  const ms0 = Math.floor(lo);
  const ms1 = Math.max(ms0 + 1, Math.ceil(hi));
  const mMin = Math.log2(Math.min(...points.map((p) => p.m + 1)));
  const mMax = Math.log2(Math.max(...points.map((p) => p.m + 1)));
  const px = (m: number) => left + ((Math.log2(m + 1) - mMin) / Math.max(1, mMax - mMin)) * (W - left - right);
  const py = (t: number) => top + (1 - (Math.log10(t) - ms0) / (ms1 - ms0)) * (H - top - bottom);
  const colors = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b'];
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${left}" y="22" font-size="14">Real linear convolution: direct (dashed) vs createConvolution (solid), ${adapter}</text>`,
    `<line x1="${left}" y1="${H - bottom}" x2="${W - right}" y2="${H - bottom}" stroke="black"/>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${H - bottom}" stroke="black"/>`,
    `<text x="${(left + W - right) / 2}" y="${H - 12}" text-anchor="middle">filter length M</text>`,
    `<text x="16" y="${(top + H - bottom) / 2}" transform="rotate(-90 16 ${(top + H - bottom) / 2})" text-anchor="middle">ms per batch of 2^${Math.log2(perDispatch)} points</text>`,
  ];
  for (let e = ms0; e <= ms1; e++) {
    out.push(`<line x1="${left - 4}" y1="${py(10 ** e)}" x2="${W - right}" y2="${py(10 ** e)}" stroke="#ddd"/>`);
    out.push(`<text x="${left - 8}" y="${py(10 ** e) + 4}" text-anchor="end">${10 ** e}</text>`);
  }
  for (const m of [...new Set(points.map((p) => p.m))]) {
    out.push(`<text x="${px(m)}" y="${H - bottom + 16}" text-anchor="middle">${m}</text>`);
  }
  const ns = [...new Set(points.map((p) => p.n))];
  ns.forEach((n, i) => {
    const row = points.filter((p) => p.n === n).sort((a, b) => a.m - b.m);
    const c = colors[i % colors.length];
    const path = (f: (p: Point) => number) => row.map((p, k) => `${k ? 'L' : 'M'}${px(p.m).toFixed(1)},${py(f(p)).toFixed(1)}`).join(' ');
    out.push(`<path d="${path((p) => p.directMs)}" fill="none" stroke="${c}" stroke-dasharray="5,4"/>`);
    out.push(`<path d="${path((p) => p.fftMs)}" fill="none" stroke="${c}" stroke-width="2"/>`);
    const cross = row.find((p) => p.fftMs < p.directMs);
    if (cross) out.push(`<circle cx="${px(cross.m)}" cy="${py(cross.fftMs)}" r="5" fill="none" stroke="${c}" stroke-width="2"/>`);
    out.push(`<text x="${W - right + 10}" y="${top + 16 * i + 10}" fill="${c}">N = ${n}: FFT from M = ${cross?.m ?? '-'}</text>`);
  });
  out.push(`<text x="${W - right + 10}" y="${top + 16 * ns.length + 20}">circle: crossover</text>`, '</svg>');
  return out.join('\n');
}

export const convolutionCrossover: Example = {
  name: 'conv-crossover',
  summary: 'direct GPU convolution (a loop over the taps) against createConvolution: time against filter length, crossover, SVG plot',
  async run({ device, adapterName }) {
    const module = device.createShaderModule({ code: DIRECT_WGSL });
    const direct = await device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' } });
    const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
    const points: Point[] = [];
    const missing: string[] = [];
    let fftError = 0;
    let directError = 0;
    let totalMs = 0;
    const cases: { n: number; m: number; encodeDirect: Encode; encodeFFT: Encode; directMs: number; fftMs: number }[] = [];
    const resources: { destroy(): void }[] = [];
    for (const n of SIGNALS) {
      const batch = Math.max(1, POINTS / n);
      const x = random(n * batch, n);
      const input = device.createBuffer({ size: x.byteLength, usage });
      device.queue.writeBuffer(input, 0, x);
      for (const m of FILTERS) {
        try {
          convolutionLayout(device.limits, { shape: n, type: 'real', mode: 'linear', taps: m });
        } catch (e) {
          missing.push(`N = ${n}, M = ${m}: ${(e as Error).message.replace(/^webfftdx: /, '').split(';')[0]}`);
          continue;
        }
        const h = random(m, 7 * m + 1);
        const outLength = n + m - 1;
        const outBytes = outLength * batch * 4;
        const hBuffer = device.createBuffer({ size: h.byteLength, usage });
        device.queue.writeBuffer(hBuffer, 0, h);
        const yDirect = device.createBuffer({ size: outBytes, usage });
        const yFFT = device.createBuffer({ size: outBytes, usage });
        const total = outLength * batch;
        const groups = Math.ceil(total / 256);
        const gx = Math.min(groups, device.limits.maxComputeWorkgroupsPerDimension);
        const params = device.createBuffer({ size: 32, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
        device.queue.writeBuffer(params, 0, new Uint32Array([n, m, outLength, total, gx, 0, 0, 0]));
        const group = device.createBindGroup({
          layout: direct.getBindGroupLayout(0),
          entries: [input, hBuffer, yDirect, params].map((buffer, binding) => ({ binding, resource: { buffer } })),
        });
        const conv = await createConvolution(device, { shape: n, type: 'real', mode: 'linear', filter: h, batch });
        const encodeDirect = (pass: GPUComputePassEncoder) => {
          pass.setPipeline(direct);
          pass.setBindGroup(0, group);
          pass.dispatchWorkgroups(gx, Math.ceil(groups / gx));
        };
        const encodeFFT = (pass: GPUComputePassEncoder) => conv.encode(pass, { input, output: yFFT });
        // Run both once and check the first and the last signal of the batch against f64.
        const encoder = device.createCommandEncoder();
        const pass = encoder.beginComputePass();
        encodeDirect(pass);
        encodeFFT(pass);
        pass.end();
        device.queue.submit([encoder.finish()]);
        const read = async (buffer: GPUBuffer) => {
          const rb = device.createBuffer({ size: outBytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
          const copy = device.createCommandEncoder();
          copy.copyBufferToBuffer(buffer, 0, rb, 0, outBytes);
          device.queue.submit([copy.finish()]);
          await rb.mapAsync(GPUMapMode.READ);
          const data = new Float32Array(rb.getMappedRange().slice(0));
          rb.destroy();
          return data;
        };
        const [d, f] = [await read(yDirect), await read(yFFT)];
        for (const b of new Set([0, batch - 1])) {
          const xb = x.subarray(b * n, (b + 1) * n);
          const indices = checkedIndices(outLength);
          const want = reference(xb, h, indices);
          fftError = Math.max(fftError, errorOf(f, want, indices, outLength, b, xb, h));
          directError = Math.max(directError, errorOf(d, want, indices, outLength, b, xb, h));
        }
        cases.push({ n, m, encodeDirect, encodeFFT, directMs: Infinity, fftMs: Infinity });
        resources.push(conv, hBuffer, yDirect, yFFT, params);
      }
      resources.push(input);
    }
    // Timing in rounds over every pair, the fastest round kept: a GPU slowed for a few seconds (seen on
    // an H200 within long processes, bench/NOTES.md run 69) then costs a pair one round, not its figure.
    for (let round = 0; round < ROUNDS; round++) {
      for (const c of cases) {
        c.directMs = Math.min(c.directMs, await time(device, c.encodeDirect, REPEATS));
        c.fftMs = Math.min(c.fftMs, await time(device, c.encodeFFT, REPEATS));
      }
    }
    for (const r of resources) r.destroy();
    for (const { n, m, directMs, fftMs } of cases) {
      totalMs += directMs + fftMs;
      points.push({ n, m, directMs, fftMs });
      console.log(`     N=${n} M=${m}: direct ${directMs.toFixed(3)} ms, FFT ${fftMs.toFixed(3)} ms (${(directMs / fftMs).toFixed(2)}x)`);
    }
    const svg = process.env.WEBFFTDX_CONV_SVG ?? join(tmpdir(), 'webfftdx-convolution-crossover.svg');
    writeFileSync(svg, crossoverSVG(points, adapterName, POINTS));
    const crossovers = [...new Set(points.map((p) => p.n))].map((n) => {
      const c = points.filter((p) => p.n === n).sort((a, b) => a.m - b.m).find((p) => p.fftMs < p.directMs);
      return `N=${n}: ${c ? `M>=${c.m}` : 'none'}`;
    });
    if (missing.length) console.log(`     not run (createConvolution refuses them on this device):\n       ${missing.join('\n       ')}`);
    // The direct kernel sums M terms in f32 one after another: its error grows like sqrt(M) eps, so it gets its own bound.
    if (directError > 1e-7 * Math.sqrt(Math.max(...FILTERS)) * 10) throw new Error(`direct convolution error ${directError.toExponential(2)} is too large`);
    return {
      did: `${points.length} (N, M) pairs, ${POINTS} points per dispatch, ${timingMethod(device)} timing; FFT wins from ${crossovers.join(', ')}; direct kernel error ${directError.toExponential(2)}; plot ${svg}`,
      error: fftError,
      ms: totalMs,
    };
  },
};
