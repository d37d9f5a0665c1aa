// The pass planner's engine shapes (src/any-shape/pass-split.ts columnPassShape): the measured shapes where
// the limits hold them, the previous ones (basePassShape) elsewhere, for f64 and for C2R plans; the
// splits each cost table gives; the columns per workgroup (planSplit: fewer where that saves a pass or measured cheaper).
// Pure planning: no GPU.
import { describe, expect, it } from 'vitest';
import { C2C_ROWS_PASS_MAX, planShape, tableCollector, type ColumnsPass } from '../../src/any-shape/passes.js';
import { basePassCost, basePassShape, columnPassShape, COLUMNS, splitLength, type PlanLimits } from '../../src/any-shape/pass-split.js';
import type { FFTType } from '../../descriptors/model.js';
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
    expect(brief(columnPassShape(64, GPU, 'f32', 'column'))).toBe('E8 complex/2');
    expect(brief(columnPassShape(32, GPU, 'f32', 'final'))).toBe('E8 complex/2');
    expect(columnPassShape(64, GPU, 'f32', 'staged')).toEqual(basePassShape(64, GPU, 'f32', 'staged'));
    // Not measured: staged 256 / 512, other lengths, f64.
    expect(columnPassShape(512, GPU, 'f32', 'staged')).toEqual(basePassShape(512, GPU, 'f32', 'staged'));
    expect(columnPassShape(1000, GPU, 'f32', 'column')).toEqual(basePassShape(1000, GPU, 'f32', 'column'));
    expect(columnPassShape(256, GPU, 'f64', 'column')).toEqual(basePassShape(256, GPU, 'f64', 'column'));
  });

  it('every shape fits the limits it is planned for', () => {
    for (const limits of [GPU, DEFAULT, { ...GPU, maxComputeWorkgroupStorageSize: 32768 }]) {
      for (const L of [32, 64, 128, 256, 512, 1024, 2048]) {
        for (const kind of ['column', 'final', 'staged'] as const) {
          for (const columns of [16, 8, 4]) {
            const s = columnPassShape(L, limits, 'f32', kind, columns);
            if (!s) continue;
            expect(s.columns).toBe(columns);
            expect((L / s.ept) * columns).toBeLessThanOrEqual(limits.maxComputeInvocationsPerWorkgroup);
            expect(passEngineBytes(L, columns, s.exchange, s.parts, 8)).toBeLessThanOrEqual(limits.maxComputeWorkgroupStorageSize);
          }
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

  /** "length/columns" of every pass of a plan ('rows' for a rows pass). */
  const passesOf = (shape: number[], limits: PlanLimits, type: FFTType = 'c2c', precision: 'f32' | 'f64' = 'f32') =>
    planShape(shape, type, type === 'c2r' ? 'inverse' : 'forward', 1, limits, precision).passes.map((p) =>
      p.op === 'pass' ? `${p.shape.size}/${(p as ColumnsPass).spec.columns}` : p.op,
    );

  it('fewer columns per workgroup where that saves a pass or measured cheaper', () => {
    // 48 KiB / 1024 invocations: two passes of 16 columns up to 2^19; at 2^20 and 2^21 the final (staged)
    // or first pass of 2048 points in 8 columns measured cheaper; 2^22 in two of 8, three of 16 beyond
    // (4096-point passes of 4 columns ran slower than three passes).
    expect(passesOf([2 ** 19], GPU)).toEqual(['512/16', '1024/16']);
    expect(passesOf([2 ** 20], GPU)).toEqual(['512/16', '2048/8']);
    expect(passesOf([2 ** 21], GPU)).toEqual(['2048/8', '1024/16']);
    expect(passesOf([2 ** 22], GPU)).toEqual(['2048/8', '2048/8']);
    expect(passesOf([2 ** 24], GPU)).toEqual(['128/16', '128/16', '1024/16']);
    expect(passesOf([2048, 2048], GPU)).toEqual(['rows', '2048/8']);
    expect(passesOf([4096, 4096], GPU)).toEqual(['rows', '64/16', '64/16']);
    // Issue 17's largest shapes (2^26 complex values, what one buffer of a GPU holds): three passes.
    expect(passesOf([2 ** 26], GPU)).toHaveLength(3);
    expect(passesOf([8192, 8192], GPU)).toHaveLength(3);
    expect(passesOf([512, 512, 512], GPU)).toHaveLength(3);
    // The measured shapes of 8-column passes.
    const narrow = planShape([2 ** 22], 'c2c', 'forward', 1, GPU).passes.map((p) => (p.op === 'pass' ? brief(p.shape) : p.op));
    expect(narrow).toEqual(['E32 complex/4', 'E32 complex/4']);
    // Default limits: 2^17-2^19 and 512² in two passes (8 columns, 2^19's first pass 4), 1024²'s columns
    // in one of 4; a 1D axis never stages a final pass of 4 columns (2^20 keeps three passes), and 4
    // columns run powers of two only (10^5 keeps three passes of 16).
    expect(passesOf([2 ** 17], DEFAULT)).toEqual(['256/16', '512/8']);
    expect(passesOf([2 ** 18], DEFAULT)).toEqual(['512/8', '512/8']);
    expect(passesOf([2 ** 19], DEFAULT)).toEqual(['1024/4', '512/8']);
    expect(passesOf([2 ** 20], DEFAULT)).toHaveLength(3);
    expect(passesOf([100000], DEFAULT).every((p) => p.endsWith('/16'))).toBe(true);
    expect(passesOf([512, 512], DEFAULT)).toEqual(['rows', '512/8']);
    expect(passesOf([1024, 1024], DEFAULT)).toEqual(['rows', '1024/4']);
    // f64 plans keep 16 columns (not measured narrower); C2R plans too, except 2048-point passes of 8
    // columns where they save a pass (irfft2 2048² +20 %, 512² under the default limits -8 % in one pass of 8).
    expect(passesOf([2 ** 17], DEFAULT, 'c2c', 'f64').every((p) => p.endsWith('/16'))).toBe(true);
    expect(passesOf([2 ** 17], DEFAULT, 'c2r')).toEqual(['64/16', '64/16', '32/16']);
    expect(passesOf([512, 512], DEFAULT, 'c2r')).toEqual(['32/16', '16/16', 'rows']);
    expect(passesOf([2 ** 20], GPU, 'c2r')).toEqual(['1024/16', '1024/16']);
    expect(passesOf([2 ** 21], GPU, 'c2r')).toEqual(['1024/16', '2048/8']);
    expect(passesOf([2048, 2048], GPU, 'c2r')).toEqual(['2048/8', 'rows']);
    // 32 KiB / 1024 invocations: no measured 8-column shape of 2048 points fits (E32 complex/4 needs 33 KB),
    // so 2^21-2^22 and 2048² keep three passes of 16 (two with passShape's shape ran 15-29 % slower).
    const K32 = { ...GPU, maxComputeWorkgroupStorageSize: 32768 };
    expect(passesOf([2 ** 22], K32).every((p) => p.endsWith('/16'))).toBe(true);
    expect(passesOf([2 ** 22], K32)).toHaveLength(3);
    expect(passesOf([2048, 2048], K32)).toEqual(['rows', '64/16', '32/16']);
    // Lengths without a measured narrow shape keep 16 columns (1000 x 7: three passes, as before).
    expect(passesOf([1000, 7], GPU)).toEqual(['rows', '40/16', '25/16']);
    // The convolution's splitLength stays at 16 columns.
    expect(splitLength(2 ** 21, GPU, 'f32', true)).toEqual([64, 32, 1024]);
  });

  it('C2C f32 rows beyond C2C_ROWS_PASS_MAX take two passes where the rows pass would hold them', () => {
    // 32768 fits the batched kernel (two phases through the cache) and ran slower there than in two passes.
    expect(C2C_ROWS_PASS_MAX).toBe(16384);
    for (const limits of [GPU, { ...GPU, maxComputeWorkgroupStorageSize: 32768 }]) {
      expect(passesOf([16384], limits)).toEqual(['rows']);
      expect(passesOf([32768], limits)).toEqual(['32/16', '1024/16']);
      expect(passesOf([4, 32768], limits)).toEqual(['32/16', '1024/16', '4/16']);
    }
    // Not measured, so unchanged: real rows, f64.
    expect(passesOf([32768], GPU, 'r2c')).toEqual(['rows']);
    expect(passesOf([32768], GPU, 'c2c', 'f64')).not.toContain('rows');
  });

  it('tables are made when first read: a Bluestein plan builds its chirp and kernel only then, once', () => {
    const tables = tableCollector();
    let made = 0;
    const at = tables.add(new Float64Array([1, 2, 3, 4]));
    const deferred = tables.add({ elements: 3, make: () => (made++, Float64Array.from({ length: 6 }, (_, i) => 10 + i)) });
    expect([at, deferred, made]).toEqual([0, 2, 0]);
    expect([...tables.data()]).toEqual([1, 2, 3, 4, 10, 11, 12, 13, 14, 15]);
    expect(tables.data()).toBe(tables.data());
    expect(made).toBe(1);
    expect(() => tables.add(new Float64Array(2))).toThrow(/after the tables were read/);
    // createFFT's plan of a prime: reading .tables is what makes them (2 x 65537 + 2^18 complex values).
    const plan = planShape([65537], 'c2c', 'forward', 1, DEFAULT);
    expect(plan.tables.length).toBe(2 * (65537 + (1 << 18)));
  });
});

