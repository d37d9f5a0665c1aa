// createFFT on the adapter's limits (lavapipe: 32 KiB of workgroup memory, 1024 invocations), where a
// C2C f32 row of 32768 points would fit the batched kernel: the planner takes two column passes
// instead (src/any-shape/passes.ts C2C_ROWS_PASS_MAX), checked against the f64 reference both ways,
// out of place and in place, into poisoned outputs and workspaces. Plus a sample of issue 17's shapes
// of every type: requestNodeDevice() gives users the adapter's limits, whose plans differ from the
// default-limits ones that test/any-shape/any-shape.test.ts checks.
import { beforeAll, describe, expect, it } from 'vitest';
import { testDevice } from '../support/gpu.js';
import { makeSeed } from '../support/random.js';
import { boundFor, check } from './harness.js';

let device: GPUDevice;
beforeAll(async () => {
  device = (await testDevice('adapter')).device;
});

describe('createFFT on the adapter limits, against the f64 reference', () => {
  for (const [kind, inPlace] of [['c2c-forward', false], ['c2c-inverse', true]] as const) {
    it(`${kind} [32768]${inPlace ? ' in place' : ''}: two passes`, async () => {
      const seed = makeSeed();
      const { error, passes, plan } = await check(device, { shape: [32768], kind }, seed, inPlace);
      expect(plan.passes.map((p) => p.kind)).toEqual(['column', 'final']);
      plan.destroy();
      expect(error, `seed ${seed}, ${passes} passes`).toBeLessThanOrEqual(boundFor([32768]));
    });
  }
  const SAMPLE = [
    [[65536], 'r2c'],
    [[65536], 'c2r'],
    [[100000], 'c2c-forward'],
    [[100, 48], 'r2c'],
    [[512, 512], 'r2c'],
    [[512, 512], 'c2r'],
    [[64, 64, 64], 'c2r'],
  ] as const;
  for (const [shape, kind] of SAMPLE) {
    it(`${kind} ${JSON.stringify(shape)}`, async () => {
      const seed = makeSeed();
      const { error, passes, plan } = await check(device, { shape: [...shape], kind }, seed, false);
      plan.destroy();
      expect(error, `seed ${seed}, ${passes} passes`).toBeLessThanOrEqual(boundFor([...shape]));
    });
  }
});
