// Engine properties beyond single-transform accuracy: inverse(forward(x)) = N x, bitwise-identical
// results when the same dispatch runs twice (no races on workgroup memory), and ~1 ulp accuracy of
// the integer-reduced sincos every invocation-dependent twiddle comes from.
import { describe, expect, it } from 'vitest';
import { resolvePlan, type DescriptorState } from '../../descriptors/plan.js';
import { Definitions } from '../../kernels/definitions.js';
import { sincosFunction, sincosName, sincosStep } from '../../kernels/sincos.js';
import { runDispatch, testDevice } from '../support/gpu.js';
import { makeSeed, randomFloats } from '../support/random.js';
import { relativeL2 } from '../support/reference.js';
import { bound, buildCase, runDispatches, type Api, type Dispatch } from './harness.js';

const ROUND_TRIPS: readonly { state: Omit<DescriptorState, 'direction'>; api: Api }[] = [
  { state: { size: 64, execution: 'thread' }, api: 'thread' },
  { state: { size: 37, execution: 'thread' }, api: 'thread' },
  { state: { size: 256, execution: 'block' }, api: 'registers' },
  { state: { size: 4096, execution: 'block' }, api: 'registers' },
  { state: { size: 1000, execution: 'block', fftsPerBlock: 2 }, api: 'registers' },
  { state: { size: 211, execution: 'block' }, api: 'registers' },
  { state: { size: 360, execution: 'block' }, api: 'shared' },
];

describe('inverse(forward(x)) = N x', () => {
  it('thread, block registers/shared, native and Bluestein', async () => {
    const { device } = await testDevice();
    const seed = makeSeed();
    console.log(`round trips: seed ${seed}`);
    const dispatches: Dispatch[] = [];
    const inputs: Float32Array[] = [];
    ROUND_TRIPS.forEach(({ state, api }, i) => {
      const fwd = buildCase({ label: `${state.size} fwd`, plan: resolvePlan({ ...state, direction: 'forward' }), api, count: 3 });
      const inv = buildCase({ label: `${state.size} inv`, plan: resolvePlan({ ...state, direction: 'inverse' }), api, count: 3 });
      const input = randomFloats(2 * fwd.batch * state.size!, seed + i);
      inputs.push(input);
      dispatches.push({ kernel: fwd, input }, { kernel: inv, input: { from: dispatches.length } });
    });
    const outs = await runDispatches(device, dispatches);
    const bad: string[] = [];
    ROUND_TRIPS.forEach(({ state }, i) => {
      const n = state.size!;
      const want = inputs[i].map((v) => v * n);
      const err = relativeL2(outs[2 * i + 1], want);
      if (!(err <= 2 * bound(n))) bad.push(`${n} (${state.execution}): ${err.toExponential(2)}`);
    });
    expect(bad).toEqual([]);
  });
});

describe('no races', () => {
  it('the same dispatch twice gives bitwise-identical output', async () => {
    const { device } = await testDevice('adapter');
    const limits = {
      maxComputeWorkgroupStorageSize: device.limits.maxComputeWorkgroupStorageSize,
      maxComputeInvocationsPerWorkgroup: device.limits.maxComputeInvocationsPerWorkgroup,
      subgroups: false,
    };
    const cases: { state: DescriptorState; api: Api }[] = [
      { state: { size: 512, execution: 'block', direction: 'forward', fftsPerBlock: 3, elementsPerThread: 8 }, api: 'registers' },
      { state: { size: 2048, execution: 'block', direction: 'inverse', fftsPerBlock: 2 }, api: 'registers' }, // split
      { state: { size: 8192, execution: 'block', direction: 'forward', limits }, api: 'registers' },
      { state: { size: 107, execution: 'block', direction: 'forward', fftsPerBlock: 2, elementsPerThread: 16 }, api: 'shared' }, // Bluestein
      { state: { size: 257, execution: 'block', direction: 'inverse', fftsPerBlock: 2 }, api: 'registers' }, // Rader
      { state: { size: 128, execution: 'block', direction: 'forward', elementsPerThread: 2, blockDim: [80, 2, 1] }, api: 'registers' },
    ];
    const seed = makeSeed();
    const dispatches: Dispatch[] = [];
    cases.forEach(({ state, api }, i) => {
      const kernel = buildCase({ label: `${state.size}`, plan: resolvePlan(state), api, count: 4 });
      const input = randomFloats(2 * kernel.batch * state.size!, seed + i);
      dispatches.push({ kernel, input }, { kernel, input });
    });
    const outs = await runDispatches(device, dispatches);
    cases.forEach((_, i) => {
      const a = new Uint32Array(outs[2 * i].buffer);
      const b = new Uint32Array(outs[2 * i + 1].buffer);
      expect(a.every((v) => !Number.isNaN(v))).toBe(true);
      expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer))).toBe(true);
    });
  });
});

describe('sincos', () => {
  // Both quadrant methods on every length (each is exact for any length; the kernels pick by cost).
  it.each(['estimate', 'pow2'] as const)('(cos, sin)(2 pi m / L) within 2 ulp of f64 for every m < L (%s quadrant)', async (method) => {
    const { device } = await testDevice();
    const lengths = [3, 7, 12, 100, 1000, 2187, 3125, 4093, 4096, 6561, 8192, 10000, 65536, 1 << 20];
    const defs = new Definitions();
    const name = defs.add(sincosName('t', method), () => sincosFunction('t', method));
    for (const l of lengths) {
      const code = `@group(0) @binding(0) var<storage, read_write> out: array<vec2<f32>>;
${defs}
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let m = gid.x + gid.y * 65535u * 64u;
  if (m < ${l}u) { out[m] = ${name}(m, ${l}u, ${sincosStep(l)}); }
}`;
      const [got] = await runDispatch(device, { code, workgroups: [Math.ceil(l / 64)], bindings: [{ size: 8 * l, read: true }] });
      let worst = 0;
      for (let m = 0; m < l; m++) {
        const c = Math.cos((2 * Math.PI * m) / l);
        const s = Math.sin((2 * Math.PI * m) / l);
        // ulp of the exact value (at least 2^-24 near zero: the absolute scale of the transform's other terms)
        const ulp = (v: number) => Math.max(2 ** -24, 2 ** (Math.floor(Math.log2(Math.abs(v) || 1)) - 23));
        worst = Math.max(worst, Math.abs(got![2 * m] - c) / ulp(c), Math.abs(got![2 * m + 1] - s) / ulp(s));
      }
      expect(worst, `L = ${l}`).toBeLessThanOrEqual(2);
    }
  });
});
