// createFFT on a device with WebGPU's default limits (16 KiB of workgroup memory, 256 invocations):
// the shapes, C2C both directions, R2C and C2R, against the f64 references, on fresh random
// input into poisoned outputs and workspaces. Shapes share pass kernels (one per pass length, the
// direction and the real/Hermitian sides being parameters), which keeps the compile cost down.
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultLimitsDevice } from '../support/gpu.js';
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
