// The pass planner's engine shapes (src/any-shape/passes.ts columnPassShape): the measured shapes where
// the limits hold them, the previous ones (basePassShape) elsewhere, for f64 and for C2R plans; and the
// splits each cost table gives. Pure planning: no GPU.
import { describe, expect, it } from 'vitest';
import { basePassCost, basePassShape, columnPassShape, COLUMNS, planShape, splitLength, type PlanLimits } from '../../src/any-shape/passes.js';
import { passEngineBytes } from '../../kernels/any-shape/pass.js';

/** What Dawn offers on the H100 / H200 (48 KiB, 1024 invocations). */
const GPU: PlanLimits = { maxComputeWorkgroupStorageSize: 49152, maxComputeInvocationsPerWorkgroup: 1024, maxComputeWorkgroupSizeX: 1024, maxComputeWorkgroupSizeY: 1024, subgroups: false };
/** WebGPU's default limits. */
const DEFAULT: PlanLimits = { maxComputeWorkgroupStorageSize: 16384, maxComputeInvocationsPerWorkgroup: 256, maxComputeWorkgroupSizeX: 256, maxComputeWorkgroupSizeY: 256, subgroups: false };

const brief = (s: { ept: number; exchange: string; parts: number } | undefined) => s && `E${s.ept} ${s.exchange}/${s.parts}`;

describe('pass shapes', () => {
  it('the measured shapes under 48 KiB / 1024 invocations', () => {
    expect(brief(columnPassShape(128, GPU, 'f32', 'column'))).toBe('E16 complex/2');
    expect(brief(columnPassShape(256, GPU, 'f32', 'final'))).toBe('E16 complex/4');
    expect(brief(columnPassShape(512, GPU, 'f32', 'column'))).toBe('E16 complex/4');
    expect(brief(columnPassShape(1024, GPU, 'f32', 'column'))).toBe('E16 complex/4');
    expect(brief(columnPassShape(1024, GPU, 'f32', 'final'))).toBe('E32 complex/4');
    expect(brief(columnPassShape(1024, GPU, 'f32', 'staged'))).toBe('E32 complex/4');
    // Not measured: staged 256 / 512, other lengths, f64.
    expect(columnPassShape(512, GPU, 'f32', 'staged')).toEqual(basePassShape(512, GPU, 'f32', 'staged'));
    expect(columnPassShape(1000, GPU, 'f32', 'column')).toEqual(basePassShape(1000, GPU, 'f32', 'column'));
    expect(columnPassShape(256, GPU, 'f64', 'column')).toEqual(basePassShape(256, GPU, 'f64', 'column'));
  });

  it('every shape fits the limits it is planned for', () => {
    for (const limits of [GPU, DEFAULT, { ...GPU, maxComputeWorkgroupStorageSize: 32768 }]) {
      for (const L of [64, 128, 256, 512, 1024]) {
        for (const kind of ['column', 'final', 'staged'] as const) {
          const s = columnPassShape(L, limits, 'f32', kind);
          if (!s) continue;
          expect((L / s.ept) * COLUMNS).toBeLessThanOrEqual(limits.maxComputeInvocationsPerWorkgroup);
          expect(passEngineBytes(L, COLUMNS, s.exchange, s.parts, 8)).toBeLessThanOrEqual(limits.maxComputeWorkgroupStorageSize);
        }
      }
    }
    // 1024 at E16 in 4 parts needs 32.9 KB: under 32 KiB the previous shape runs.
    const small = { ...GPU, maxComputeWorkgroupStorageSize: 32768 };
    expect(columnPassShape(1024, small, 'f32', 'column')).toEqual(basePassShape(1024, small, 'f32', 'column'));
  });

  it('C2R plans keep the previous shapes; C2C plans take the measured ones', () => {
    const shapeOf = (type: 'c2c' | 'c2r') => {
      const pass = planShape([256, 256], type, type === 'c2c' ? 'forward' : 'inverse', 1, GPU).passes.find((p) => p.op === 'pass');
      return pass && pass.op === 'pass' ? brief(pass.shape) : undefined;
    };
    expect(shapeOf('c2c')).toBe('E16 complex/4');
    expect(shapeOf('c2r')).toBe(brief(basePassShape(256, GPU, 'f32', 'final')));
  });

  it('splits by the cost table of the shapes that run', () => {
    expect(splitLength(2 ** 18, GPU, 'f32', true)).toEqual([256, 1024]);
    expect(splitLength(2 ** 21, GPU, 'f32', true)).toEqual([64, 32, 1024]);
    expect(splitLength(2 ** 21, GPU, 'f32', true, basePassCost)).toEqual([128, 128, 128]);
  });
});
