// createBatchedFFT with real FFTs: R2C takes a Float32Array of reals and returns the complex layout
// (interleaved re, im), C2R the reverse; Thread and Block, every layout, folded, and a Bluestein size
// (which needs the workspace), several FFT groups per workgroup, and descriptors built with fft(...) (desc.wgsl() dispatches real types
// to kernels/real). Checked against the f64 reference on random data.
import { describe, expect, it } from 'vitest';
import type { DescriptorState } from '../../descriptors/plan.js';
import { resolvePlan } from '../../descriptors/plan.js';
import { generateRealModule } from '../../kernels/real/module.js';
import { createBatchedFFT } from '../../src/batched/plan.js';
import { Block, fft, RealFFTOptions, Size, Thread, Type } from '../../src/index.js';
import { relativeL2 } from '../support/reference.js';
import { testDevice } from '../support/gpu.js';
import { makeSeed, randomFloats } from '../support/random.js';
import { bound, c2rReference, inputFloats, outputFloats, r2cReference } from './harness.js';

function descriptor(state: DescriptorState) {
  const plan = resolvePlan(state);
  return { plan, desc: { wgsl: (o?: Parameters<typeof generateRealModule>[1]) => generateRealModule(plan, o) } };
}

const CASES: DescriptorState[] = [
  { size: 256, type: 'r2c', execution: 'block' },
  { size: 256, type: 'c2r', layout: 'packed', execution: 'block' },
  { size: 16, type: 'r2c', layout: 'full', execution: 'thread' },
  { size: 30, type: 'c2r', layout: 'full', execution: 'thread' },
  { size: 1024, type: 'r2c', mode: 'folded', execution: 'block' },
  { size: 1024, type: 'c2r', mode: 'folded', layout: 'packed', execution: 'block' },
  { size: 68, type: 'r2c', layout: 'packed', execution: 'block' },
  // Two FFT groups per workgroup of the batched kernel (FFTPlan.batchRounds), real registers packed two per value.
  { size: 256, type: 'r2c', execution: 'block', batchRounds: 2 },
  { size: 1024, type: 'c2r', mode: 'folded', execution: 'block', batchRounds: 2 },
];

describe('createBatchedFFT with real FFTs', () => {
  it('accepts reals / returns the complex layout (R2C) and the reverse (C2R)', async () => {
    const { device } = await testDevice();
    const seed = makeSeed();
    const batch = 5;
    const failures: string[] = [];
    for (const [i, state] of CASES.entries()) {
      const { plan, desc } = descriptor(state);
      const fft = await createBatchedFFT(device, desc, { batch });
      const fin = inputFloats(plan);
      const fout = outputFloats(plan);
      expect(fft.inputBytes).toBe(batch * fin * 4);
      expect(fft.outputBytes).toBe(batch * fout * 4);
      const input = randomFloats(batch * fin, seed + i);
      const out = await fft.run(input);
      fft.destroy();
      for (let b = 0; b < batch; b++) {
        const x = input.subarray(fin * b, fin * (b + 1));
        const want = plan.type === 'r2c' ? r2cReference(x, plan) : c2rReference(x, plan);
        const e = relativeL2(out.subarray(fout * b, fout * (b + 1)), want);
        if (!(e <= bound(plan.size))) failures.push(`${JSON.stringify(state)} fft ${b}: ${e}`);
      }
    }
    expect(failures, `seed ${seed}`).toEqual([]);
  }, 600_000);
  it('works with fft(...) descriptors (desc.wgsl() and the suggested FFTs per block)', async () => {
    const { device } = await testDevice();
    const seed = makeSeed();
    const batch = 6;
    const descs = [
      fft(Size(512), Type('r2c'), Block(), RealFFTOptions('natural', 'folded')),
      fft(Size(63), Type('c2r'), Block(), RealFFTOptions('full')),
      fft(Size(32), Type('c2r'), Thread(), RealFFTOptions('packed', 'folded')),
      // Lengths no table lists, with a factor 5 or 3: the heuristic's parted exchange and its FFT slots
      // (240: E30, 5 parts, 16 slots of which this batch fills 6; 600: 3 parts, 4 slots).
      fft(Size(240), Type('r2c'), Block()),
      fft(Size(600), Type('c2r'), Block(), RealFFTOptions('packed')),
    ];
    const failures: string[] = [];
    for (const [i, desc] of descs.entries()) {
      expect(desc.wgsl().code).toContain(`RealFFTOptions('${desc.realFFTOptions.layout}', '${desc.realFFTOptions.mode}')`);
      const run = await createBatchedFFT(device, desc, { batch });
      const plan = run.plan;
      const fin = inputFloats(plan);
      const fout = outputFloats(plan);
      const input = randomFloats(batch * fin, seed + i);
      const out = await run.run(input);
      run.destroy();
      for (let b = 0; b < batch; b++) {
        const x = input.subarray(fin * b, fin * (b + 1));
        const want = plan.type === 'r2c' ? r2cReference(x, plan) : c2rReference(x, plan);
        const e = relativeL2(out.subarray(fout * b, fout * (b + 1)), want);
        if (!(e <= bound(plan.size))) failures.push(`${plan.size} ${plan.type} fft ${b}: ${e}`);
      }
    }
    expect(failures, `seed ${seed}`).toEqual([]);
  }, 600_000);
});
