// createFFT's one-pass kernel (kernels/any-shape/one-pass.ts): 2D and 3D transforms that one
// workgroup holds run every axis in one pass over global memory (C2C and R2C innermost axis first,
// C2R last). Each plan is checked
// against the f64 reference on fresh random input into poisoned outputs, inside error scopes, with a
// batch > 1 (the workgroups must find their own transform); the planner's choice (one pass where the
// device's limits hold the transform, the per-axis passes elsewhere) is checked on the same plans.
// C2C shapes run the phased engine (kernels/any-shape/one-pass-engine.ts) where the planner picks it,
// the axis-by-axis kernel elsewhere (both are asserted per case). Compile cost: 14 one-pass kernels
// (2D C2C: 5 engines, one with callbacks, one also in place, 128² beyond workgroup memory; one
// axis-by-axis C2C; R2C; C2R with callbacks; 3D: a C2C engine, an axis-by-axis C2C, R2C, C2R with
// callbacks) and the 2 kernels of the fallback plan.
import { beforeAll, describe, expect, it } from 'vitest';
import { createFFT, type AnyShapeFFT } from '../../src/index.js';
import { planShape, type OnePass } from '../../src/any-shape/passes.js';
import type { PlanLimits } from '../../src/any-shape/pass-split.js';
import { defaultLimitsDevice, testDevice } from '../support/gpu.js';
import { makeSeed, randomFloats } from '../support/random.js';
import { relativeL2 } from '../support/reference.js';
import { referenceFFTN, referenceIRFFTN, referenceRFFTN } from '../support/nd-reference.js';
import { boundFor, runPoisoned } from './harness.js';

const DEFAULT: PlanLimits = { maxComputeWorkgroupStorageSize: 16384, maxComputeInvocationsPerWorkgroup: 256, maxComputeWorkgroupSizeX: 256, maxComputeWorkgroupSizeY: 256, subgroups: false };
const LARGE: PlanLimits = { maxComputeWorkgroupStorageSize: 49152, maxComputeInvocationsPerWorkgroup: 1024, maxComputeWorkgroupSizeX: 1024, maxComputeWorkgroupSizeY: 1024, subgroups: false };

const kinds = (shape: number[], limits: PlanLimits) => planShape(shape, 'c2c', 'forward', 1, limits).passes.map((p) => p.op);

const engine = (shape: number[], limits: PlanLimits) => planShape(shape, 'c2c', 'forward', 1, limits).passes[0] as OnePass;

describe('the planner takes one pass where one workgroup holds the transform (pure)', () => {
  it('C2C: the phased engine wherever N / E invocations (E <= 32) and its exchange buffer fit, at most 2 stages per axis', () => {
    for (const shape of [[16, 16], [12, 20], [32, 32], [32, 64], [64, 32], [16, 128], [60, 30], [64, 64], [128, 32], [64, 128], [6, 8, 16], [16, 16, 16]]) {
      expect(kinds(shape, DEFAULT), `[${shape}]`).toEqual(['one-pass']);
      expect(engine(shape, DEFAULT), `[${shape}]`).toHaveProperty('engine');
    }
    // An innermost axis of 8 or fewer stores runs of at most 4 values: the axis-by-axis kernel (a 16² engine
    // storing runs of 1 value measured 0.32 x copy, the axis kernel 1.0 x).
    for (const shape of [[8, 8], [16, 16, 8], [2, 2, 2], [8, 8, 8]]) {
      expect(kinds(shape, DEFAULT), `[${shape}]`).toEqual(['one-pass']);
      expect(engine(shape, DEFAULT), `[${shape}]`).not.toHaveProperty('engine');
    }
    // Beyond one workgroup on default limits (256 invocations x 32 values); 128² in one pass with 1024 invocations;
    // 32³ would take 5 exchanges in 4 parts (measured slower): per-axis passes.
    expect(kinds([128, 128], DEFAULT)).toEqual(['rows', 'pass']);
    for (const shape of [[128, 128], [64, 96]]) expect(engine(shape, LARGE).engine, `[${shape}]`).toBeDefined();
    expect(kinds([32, 32, 32], LARGE)).toEqual(['rows', 'pass', 'pass']);
    expect(engine([128, 128], LARGE).engine).toEqual({ ept: 32, radices: [16, 8, 16, 8], exchange: 'split', parts: 2, slots: 1 });
    // E16 where it fits (register pressure), the exchange in 16 KiB; store runs of nx / the last radix (8 here).
    expect(engine([64, 64], DEFAULT).engine).toEqual({ ept: 16, radices: [8, 8, 8, 8], exchange: 'complex', parts: 2, slots: 1 });
    // Small transforms share a workgroup (at least 64 invocations); the last radix leaves store runs of 8.
    expect(engine([16, 16], DEFAULT).engine).toEqual({ ept: 16, radices: [16, 8, 2], exchange: 'complex', parts: 1, slots: 4 });
  });
  it('C2C: mixed lengths whose radices share no E <= 32 in two stages per axis take the axis-by-axis kernel', () => {
    for (const shape of [[48, 40], [100, 48], [17, 17]]) {
      const p = engine(shape, LARGE);
      expect(p.op, `[${shape}]`).toBe('one-pass');
      expect(p).not.toHaveProperty('engine');
    }
    for (const shape of [[7, 1000], [256, 256]]) expect(kinds(shape, LARGE).length, `[${shape}]`).toBe(2);
  });
  it('R2C: the phased engine of the half-size complex view for an even innermost axis; C2R and odd axes: the axis-by-axis kernel', () => {
    const real = (shape: number[], type: 'r2c' | 'c2r', limits: PlanLimits) => planShape(shape, type, type === 'r2c' ? 'forward' : 'inverse', 1, limits).passes;
    for (const shape of [[32, 32], [32, 64], [64, 64], [4, 8, 32]]) {
      const p = real(shape, 'r2c', DEFAULT);
      expect(p.map((q) => q.op), `[${shape}]`).toEqual(['one-pass']);
      expect(p[0], `[${shape}]`).toHaveProperty('engine');
    }
    // Odd innermost axes, and half-size rows of 8 or fewer (store runs of at most 4 values): the axis-by-axis kernel.
    for (const shape of [[24, 15], [8, 7], [6, 8, 16]]) {
      const p = real(shape, 'r2c', DEFAULT);
      expect(p.map((q) => q.op), `[${shape}]`).toEqual(['one-pass']);
      expect(p[0], `[${shape}]`).not.toHaveProperty('engine');
    }
    for (const shape of [[32, 32], [32, 64], [24, 15], [8, 7]]) expect(real(shape, 'c2r', DEFAULT)[0], `c2r [${shape}]`).not.toHaveProperty('engine');
    // The engine keeps the whole half-size spectrum in one buffer: [64, 128] (32 KiB) takes passes on default limits.
    expect(real([64, 128], 'r2c', DEFAULT).map((q) => q.op)).toEqual(['rows', 'pass']);
    expect(real([64, 64], 'c2r', DEFAULT).map((q) => q.op)).toEqual(['pass', 'rows']);
    expect(real([64, 64], 'c2r', LARGE).map((q) => q.op)).toEqual(['one-pass']);
  });
  it('1D keeps its pass; a length that needs Bluestein keeps the per-axis passes', () => {
    expect(kinds([1024], DEFAULT)).toEqual(['rows']);
    const p = planShape([16, 67], 'c2c', 'forward', 1, DEFAULT).passes;
    expect(p.length).toBeGreaterThan(1);
  });
});

type Type = 'c2c' | 'r2c' | 'c2r';

interface Case {
  readonly shape: readonly number[];
  readonly type: Type;
  readonly direction: 'forward' | 'inverse';
  readonly batch: number;
  readonly limits: 'default' | 'adapter';
  /** The column exchange's padded slot stride the kernel must use (onePassSlotStride), where asserted. */
  readonly slotStride?: number;
  readonly callbacks?: boolean;
  /** Also run the plan in place (one more kernel). */
  readonly inPlace?: boolean;
  /** C2C through the phased engine (kernels/any-shape/one-pass-engine.ts), transforms per workgroup. */
  readonly engineSlots?: number;
}

/** Elements of one transform's input and output (complex values, or reals on the real side). */
function sides(c: Case): { inElements: number; outElements: number; inReal: boolean; outReal: boolean } {
  const nx = c.shape[c.shape.length - 1];
  const full = c.shape.reduce((a, b) => a * b, 1);
  const half = (full / nx) * (Math.floor(nx / 2) + 1);
  return { inElements: c.type === 'c2r' ? half : full, outElements: c.type === 'r2c' ? half : full, inReal: c.type === 'r2c', outReal: c.type === 'c2r' };
}

/** A load that scales element `index` of transform `fft`; a store that rotates by -i / 2 (complex) or halves (real): exact up to rounding. */
const scale = (t: number, i: number) => (t + 1) * (0.5 + 0.25 * (i % 7));
const load = (n: number, elem: string) =>
  `fn load(fft: u32, index: u32) -> ${elem} {\n  return fft_in[fft * ${n}u + index] * (f32(fft + 1u) * (0.5 + 0.25 * f32(index % 7u)));\n}`;
const store = (n: number, real: boolean) =>
  real
    ? `fn store(fft: u32, index: u32, value: f32) {\n  fft_out[fft * ${n}u + index] = 0.5 * value;\n}`
    : `fn store(fft: u32, index: u32, value: vec2<f32>) {\n  fft_out[fft * ${n}u + index] = 0.5 * vec2<f32>(value.y, -value.x);\n}`;

function expected(c: Case, x: Float32Array): Float64Array {
  const s = sides(c);
  const per = s.inReal ? 1 : 2;
  const input = Float64Array.from(x, (v, k) => (c.callbacks ? v * scale(Math.floor(k / per / s.inElements), Math.floor(k / per) % s.inElements) : v));
  const y =
    c.type === 'r2c'
      ? referenceRFFTN(input, c.shape, c.batch)
      : c.type === 'c2r'
        ? referenceIRFFTN(input, c.shape, c.batch)
        : referenceFFTN(input, c.shape, c.batch, c.direction === 'forward' ? -1 : 1);
  if (!c.callbacks) return y;
  const out = new Float64Array(y.length);
  if (s.outReal) return out.map((_, e) => 0.5 * y[e]);
  for (let e = 0; e < y.length; e += 2) {
    out[e] = 0.5 * y[e + 1];
    out[e + 1] = -0.5 * y[e];
  }
  return out;
}

const CASES: readonly Case[] = [
  { shape: [16, 16], type: 'c2c', direction: 'forward', batch: 11, limits: 'default', inPlace: true, engineSlots: 4 },
  { shape: [32, 64], type: 'c2c', direction: 'inverse', batch: 2, limits: 'default', callbacks: true, engineSlots: 1 },
  { shape: [60, 30], type: 'c2c', direction: 'forward', batch: 2, limits: 'default', engineSlots: 1 },
  { shape: [64, 64], type: 'c2c', direction: 'inverse', batch: 2, limits: 'adapter', engineSlots: 1 },
  { shape: [128, 128], type: 'c2c', direction: 'forward', batch: 2, limits: 'adapter', engineSlots: 1 },
  { shape: [48, 40], type: 'c2c', direction: 'forward', batch: 2, limits: 'default', slotStride: 49 },
  { shape: [32, 64], type: 'r2c', direction: 'forward', batch: 2, limits: 'default', engineSlots: 1 },
  { shape: [64, 64], type: 'r2c', direction: 'forward', batch: 3, limits: 'default', engineSlots: 1 },
  { shape: [24, 15], type: 'c2r', direction: 'inverse', batch: 3, limits: 'default', callbacks: true },
  { shape: [16, 16, 8], type: 'c2c', direction: 'inverse', batch: 2, limits: 'default' },
  { shape: [8, 12, 10], type: 'r2c', direction: 'forward', batch: 2, limits: 'default' },
  { shape: [6, 8, 16], type: 'c2r', direction: 'inverse', batch: 2, limits: 'default', callbacks: true },
  { shape: [4, 8, 32], type: 'r2c', direction: 'forward', batch: 2, limits: 'default', callbacks: true, engineSlots: 1 },
  { shape: [16, 16, 16], type: 'c2c', direction: 'forward', batch: 2, limits: 'adapter', engineSlots: 1 },
];

const devices: Record<'default' | 'adapter', GPUDevice> = {} as Record<'default' | 'adapter', GPUDevice>;
beforeAll(async () => {
  devices.default = (await defaultLimitsDevice()).device;
  devices.adapter = (await testDevice('adapter')).device;
});

async function planOf(c: Case): Promise<AnyShapeFFT> {
  const s = sides(c);
  return createFFT(devices[c.limits], {
    shape: c.shape,
    type: c.type,
    direction: c.direction,
    precision: 'f32',
    batch: c.batch,
    ...(c.callbacks ? { load: load(s.inElements, s.inReal ? 'f32' : 'vec2<f32>'), store: store(s.outElements, s.outReal) } : {}),
  });
}

describe('one-pass 2D and 3D against the f64 reference', () => {
  for (const c of CASES) {
    const name = `${c.type} ${c.direction} [${c.shape.join(', ')}] x ${c.batch}, ${c.limits} limits${c.callbacks ? ', load and store callbacks' : ''}`;
    it(name, async () => {
      const device = devices[c.limits];
      if (c.limits === 'adapter' && device.limits.maxComputeInvocationsPerWorkgroup < 1024) {
        throw new Error(`this adapter offers ${device.limits.maxComputeInvocationsPerWorkgroup} invocations per workgroup: [${c.shape}] needs 1024`);
      }
      const plan = await planOf(c);
      try {
        expect(plan.passes.map((p) => p.kind)).toEqual(['one-pass']);
        expect(plan.passes[0].what).toMatch(new RegExp(`^\\[${c.shape.join(', ')}\\] ${c.type} in one pass: ${c.batch} transform`));
        expect(plan.passes[0].workgroups).toEqual([Math.ceil(c.batch / (c.engineSlots ?? 1)), 1, 1]);
        // One fft(...) descriptor per axis, in shape order: the innermost of the plan's type, FFTsPerBlock = the FFTs along that axis
        // (the phased engine: each axis's FFT, one per block, as the engine runs them as its phases).
        const r = c.shape.length;
        const rows = c.shape.slice(0, r - 1).reduce((a, b) => a * b, 1);
        const complexValues = sides(c)[c.type === 'c2r' ? 'inElements' : 'outElements'];
        const descriptors = plan.passes[0].descriptor as { size: number; type: string; fftsPerBlock: number }[];
        const perBlock = (n: number, k: number) => (c.engineSlots ? 1 : k === r - 1 ? rows : complexValues / n);
        expect(descriptors.map((d) => [d.size, d.type, d.fftsPerBlock])).toEqual(c.shape.map((n, k) => [n, k === r - 1 ? c.type : 'c2c', perBlock(n, k)]));
        expect(plan.passes[0].what.includes('Stockham engine phased by axis'), plan.passes[0].what).toBe(c.engineSlots !== undefined);
        expect(plan.workspaceSize).toBe(0);
        if (c.slotStride) expect(plan.passes[0].code).toContain(`let base = fft * ${c.slotStride}u;`);
        const seed = makeSeed();
        const x = randomFloats(plan.inputBytes / 4, seed);
        const got = await runPoisoned(device, plan, x);
        expect(relativeL2(got, expected(c, x)), `seed ${seed}`).toBeLessThanOrEqual(boundFor(c.shape));
        if (c.inPlace) {
          // In place (its own kernel: one read_write binding), on another fresh input.
          const y = randomFloats(plan.inputBytes / 4, seed + 1);
          const inPlace = await runPoisoned(device, plan, y, true);
          expect(relativeL2(inPlace, expected(c, y)), `seed ${seed + 1}, in place`).toBeLessThanOrEqual(boundFor(c.shape));
        }
      } finally {
        plan.destroy();
      }
    });
  }

  it('where the transform does not fit one workgroup (128 x 128 on default limits), the per-axis passes still run', async () => {
    const device = devices.default;
    const plan = await createFFT(device, { shape: [128, 128], type: 'c2c', direction: 'forward', precision: 'f32', batch: 2 });
    try {
      expect(plan.passes.map((p) => p.kind)).toEqual(['rows', 'final']);
      const seed = makeSeed();
      const x = randomFloats(plan.inputBytes / 4, seed);
      const got = await runPoisoned(device, plan, x);
      expect(relativeL2(got, referenceFFTN(x, [128, 128], 2, -1)), `seed ${seed}`).toBeLessThanOrEqual(boundFor([128, 128]));
    } finally {
      plan.destroy();
    }
  });
});
