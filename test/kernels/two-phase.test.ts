// The two-phase kernel (kernels/two-phase.ts) against the f64 reference, forward and inverse, on
// fresh random inputs with poisoned outputs: shapes the probe times (through the standalone kernel of
// bench/two-phase-case.ts), and the batched kernel's 32768-point path (createBatchedFFT).
import { describe, expect, it } from 'vitest';
import { twoPhaseShape, type TwoPhaseSpec } from '../../kernels/two-phase.js';
import { twoPhaseStandalone } from '../../bench/two-phase-case.js';
import { Block, createBatchedFFT, Direction, fft, Limits, Size } from '../../src/index.js';
import { f32Bound, referenceDFT, relativeL2 } from '../../src/reference.js';
import { runDispatch, testDevice, withErrorScopes } from '../support/gpu.js';
import { makeSeed, randomFloats } from '../support/random.js';

const seed = makeSeed();

function expectReference(got: Float32Array, input: Float32Array, n: number, batch: number, sign: -1 | 1): void {
  for (let b = 0; b < batch; b++) {
    const want = referenceDFT(input.subarray(2 * n * b, 2 * n * (b + 1)), n, sign);
    expect(relativeL2(got.subarray(2 * n * b, 2 * n * (b + 1)), want), `FFT ${b}`).toBeLessThan(f32Bound(n));
  }
}

// One direction each (both run for the batched 32768 below): lavapipe compiles each kernel for 10-30 s.
const SHAPES: TwoPhaseSpec[] = [
  { size: 2048, outer: 8, ept: 16, slots: 2, exchange: 'complex', parts: 2, columns: 4, sign: -1 },
  { size: 1536, outer: 6, ept: 16, slots: 2, exchange: 'split', parts: 1, sign: 1 },
];

describe(`two-phase kernel (seed ${seed})`, () => {
  for (const shape of SHAPES) {
    const { size, outer, slots, exchange, parts, columns, sign } = shape;
    it(`${size} = ${outer} x ${size / outer}, ${slots} slots, ${exchange}/${parts}, ${columns ?? 1} column(s) per call, ${sign < 0 ? 'forward' : 'inverse'}`, async () => {
      const { device } = await testDevice('adapter');
      const batch = 3;
      const input = randomFloats(2 * size * batch, seed + size);
      const [, out] = await runDispatch(device, {
        code: twoPhaseStandalone(shape, batch, batch),
        workgroups: [batch],
        bindings: [{ data: input, kind: 'read-only-storage' }, { size: input.byteLength, read: true }],
      });
      expectReference(out!, input, size, batch, sign);
    }, 60_000);
  }

  it('is the batched kernel of 32768 points out of place, and only there', () => {
    const spec = twoPhaseShape(32768, -1, 49152, 1024);
    expect(spec).toMatchObject({ outer: 8, ept: 16, slots: 2, exchange: 'complex', parts: 2, columns: 4 });
    expect(twoPhaseShape(16384, -1, 49152, 1024)).toBeUndefined();
    expect(twoPhaseShape(32768, -1, 16384, 1024)).toBeUndefined();
  });

  const limits = Limits({ maxComputeWorkgroupStorageSize: 32768, maxComputeInvocationsPerWorkgroup: 1024 });

  it('createBatchedFFT, Size(32768) forward: two phases out of place, one pass in place', async () => {
    const { device } = await testDevice('adapter');
    const plan = await createBatchedFFT(device, fft(Size(32768), Direction('forward'), Block(), limits), { batch: 2 });
    expect(plan.code.outOfPlace).toContain('two phases');
    expect(plan.code.inPlace).not.toContain('two phases');
    const input = randomFloats(2 * 32768 * 2, seed + 7);
    expectReference(await withErrorScopes(device, () => plan.run(input)), input, 32768, 2, -1);
    plan.destroy();
  }, 300_000);

  it('createBatchedFFT, Size(32768) inverse with a load callback (input scaled by 2): two phases', async () => {
    const { device } = await testDevice('adapter');
    const load = 'fn load(fft: u32, index: u32) -> vec2<f32> { return 2.0f * fft_in[fft * 32768u + index]; }';
    const plan = await createBatchedFFT(device, fft(Size(32768), Direction('inverse'), Block(), limits), { batch: 2, load });
    expect(plan.code.outOfPlace).toContain('two phases');
    const input = randomFloats(2 * 32768 * 2, seed + 8);
    expectReference(await withErrorScopes(device, () => plan.run(input)), input.map((v) => 2 * v), 32768, 2, 1);
    plan.destroy();
  }, 300_000);
});
