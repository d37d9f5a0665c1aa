// createFFT on a device with WebGPU's default limits (16 KiB of workgroup memory, 256 invocations):
// the shapes, C2C both directions, R2C and C2R, against the f64 references, on fresh random
// input into poisoned outputs and workspaces. Shapes share pass kernels (one per pass length, the
// direction and the real/Hermitian sides being parameters), which keeps the compile cost down.
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultLimitsDevice, testDevice } from '../support/gpu.js';
import { makeSeed } from '../support/random.js';
import { boundFor, check, type Kind } from './harness.js';

const SHAPES: readonly (readonly number[])[] = [
  [32769], // 2^15 + 1 = 3^2 * 11 * 331: Bluestein over 2^17
  [65536],
  [3 * 65536],
  [262144],
  [100000],
  [65537], // prime above 2^16: Bluestein over 2^18
  [1 << 20],
  [64, 64],
  [100, 48],
  [128, 128],
  [512, 512],
  [1000, 7],
  [1024, 6], // its 1024-point columns in one pass of 4 columns per workgroup (src/any-shape/pass-split.ts NARROW_COLUMNS)
  [16, 16, 16],
  [64, 64, 64],
];
const KINDS: readonly Kind[] = ['c2c-forward', 'c2c-inverse', 'r2c', 'c2r'];

let device: GPUDevice;
beforeAll(async () => {
  device = (await defaultLimitsDevice()).device;
});

describe('createFFT on default limits, against the f64 reference', () => {
  for (const shape of SHAPES) {
    for (const kind of KINDS) {
      it(`${kind} [${shape.join(', ')}]`, async () => {
        const seed = makeSeed();
        const { error, passes, plan } = await check(device, { shape, kind }, seed);
        plan.destroy();
        expect(error, `seed ${seed}, ${passes} passes`).toBeLessThanOrEqual(boundFor(shape));
      });
    }
  }
});

// The adapter's limits (lavapipe: 32 KiB, 1024 invocations): column axes of 1000 and 2048 points in one
// pass of 8 columns per workgroup (src/any-shape/pass-split.ts NARROW_COLUMNS), which the default limits
// split in two passes of 16. (4 columns: [1024, 6] above, under the default limits.)
const ADAPTER_CASES: readonly { shape: readonly number[]; kind: Kind; columns: number }[] = [
  { shape: [1000, 7], kind: 'c2c-forward', columns: 8 },
  { shape: [1000, 7], kind: 'c2c-inverse', columns: 8 },
  { shape: [2048, 24], kind: 'c2c-forward', columns: 8 },
  { shape: [2048, 24], kind: 'r2c', columns: 8 },
];

describe("createFFT on the adapter's limits: narrow column passes", () => {
  for (const c of ADAPTER_CASES) {
    it(`${c.kind} [${c.shape.join(', ')}] in rows + one pass of ${c.columns} columns`, async () => {
      const { device: adapterDevice } = await testDevice('adapter');
      if (adapterDevice.limits.maxComputeInvocationsPerWorkgroup < 1024 || adapterDevice.limits.maxComputeWorkgroupStorageSize < 32768) {
        throw new Error('this test needs an adapter with 32 KiB of workgroup memory and 1024 invocations (lavapipe has them)');
      }
      const seed = makeSeed();
      const { error, plan } = await check(adapterDevice, c, seed);
      const ops = plan.passes.map((p) => {
        const d = p.descriptor as { size: number; fftsPerBlock: number };
        return p.kind === 'rows' ? 'rows' : `${d.size}/${d.fftsPerBlock}`;
      });
      plan.destroy();
      expect(ops).toEqual(['rows', `${c.shape[0]}/${c.columns}`]);
      expect(error, `seed ${seed}`).toBeLessThanOrEqual(boundFor(c.shape));
    });
  }
});
