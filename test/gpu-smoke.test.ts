// Proves the GPU path works where the tests run (lavapipe in CI): a real WGSL dispatch.
import { describe, expect, it } from 'vitest';
import { runDispatch, testDevice } from './support/gpu.js';

describe('GPU smoke test', () => {
  it('runs a WGSL kernel on the adapter and reads the result back', async () => {
    const { device, adapterName } = await testDevice();
    expect(adapterName.length).toBeGreaterThan(0);
    const input = Float32Array.from({ length: 256 }, (_, i) => i * 0.5 - 7);
    const [, out] = await runDispatch(device, {
      code: `
        @group(0) @binding(0) var<storage, read> src: array<f32>;
        @group(0) @binding(1) var<storage, read_write> dst: array<f32>;
        @compute @workgroup_size(64) fn main(@builtin(global_invocation_id) g: vec3u) {
          dst[g.x] = src[g.x] * 2.0 + 1.0;
        }`,
      workgroups: [4],
      bindings: [{ data: input, kind: 'read-only-storage' }, { size: input.byteLength, read: true }],
    });
    expect(Array.from(out!)).toEqual(Array.from(input, (v) => v * 2 + 1));
  });

  it('reports WGSL compilation errors instead of running', async () => {
    const { device } = await testDevice();
    await expect(
      runDispatch(device, { code: 'fn main( {', workgroups: [1], bindings: [] }),
    ).rejects.toThrow();
  });
});
