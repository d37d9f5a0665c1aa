// The real-FFT traits (resolvePlan) agree with the generated code for every (type x layout x mode x
// execution) combination and size of the matrix, and with cuFFTDx's documented 16-point examples.
// Pure code generation: no GPU.
import { describe, expect, it } from 'vitest';
import type { FFTPlan } from '../../descriptors/model.js';
import { resolvePlan } from '../../descriptors/plan.js';
import { generateRealModule } from '../../kernels/real/module.js';
import { allowed, BLOCK_SIZES, LAYOUTS, MODES, THREAD_SIZES } from './cases.js';

function* combinations(): Generator<FFTPlan> {
  for (const execution of ['thread', 'block'] as const) {
    for (const size of execution === 'thread' ? THREAD_SIZES : BLOCK_SIZES) {
      for (const layout of LAYOUTS) {
        for (const mode of MODES) {
          if (!allowed(size, layout, mode, execution)) continue;
          for (const type of ['r2c', 'c2r'] as const) yield resolvePlan({ size, type, layout, mode, execution });
        }
      }
    }
  }
}

const module = (plan: FFTPlan) => generateRealModule(plan, plan.requiresWorkspace ? { workspace: { group: 0, binding: 9 } } : {});

describe('real-FFT traits match the generated code', () => {
  const plans = [...combinations()];

  it('covers every type x layout x mode x execution', () => {
    const keys = new Set(plans.map((p) => `${p.type} ${p.layout} ${p.mode} ${p.execution}`));
    expect(keys.size).toBe(2 * 3 * 2 * 2);
  });

  it('lengths, element types and per-invocation counts follow cuFFTDx', () => {
    for (const p of plans) {
      const n = p.size;
      const half = { natural: Math.floor(n / 2) + 1, packed: n / 2, full: n }[p.layout];
      const side = p.mode === 'folded' ? n / 2 : n;
      expect([p.inputLength, p.outputLength], `${n} ${p.type} ${p.layout} ${p.mode}`).toEqual(p.type === 'r2c' ? [side, half] : [half, side]);
      expect(p.inputType).toBe(p.type === 'r2c' && p.mode === 'normal' ? 'real' : 'complex');
      expect(p.outputType).toBe(p.type === 'c2r' && p.mode === 'normal' ? 'real' : 'complex');
      expect(p.execSize === side || p.algorithm === 'bluestein').toBe(true);
      // Every element of each side is owned by exactly one (invocation, register) pair.
      for (const [length, ept] of [[p.inputLength, p.inputEPT], [p.outputLength, p.outputEPT]]) {
        expect(ept * p.stride).toBeGreaterThanOrEqual(length);
        // (Bluestein partitions the longer engine length unequally: trailing registers hold no element.)
        if (p.algorithm === 'stockham') expect((ept - 1) * p.stride).toBeLessThan(length);
      }
      // Registers used fit the storage (reals: two per register).
      const regs = (kind: string, ept: number) => (kind === 'real' ? Math.ceil(ept / 2) : ept);
      expect(regs(p.inputType, p.inputEPT)).toBeLessThanOrEqual(p.storageSize);
      expect(regs(p.outputType, p.outputEPT)).toBeLessThanOrEqual(p.storageSize);
    }
  });

  it('the generated execute takes storageSize registers and the workgroup buffer matches sharedMemorySize', () => {
    for (const p of plans) {
      const m = module(p);
      const label = `${p.size} ${p.type} ${p.layout} ${p.mode} ${p.execution}`;
      const params = p.execution === 'thread' ? '' : ', thread: u32, fft: u32';
      expect(m.code, label).toContain(`fn ${m.execute}(data: ptr<function, array<vec2<f32>, ${p.storageSize}>>${params})`);
      expect(m.code).not.toMatch(/\b(sin|cos)\(/); // twiddles come from literals or the exact sincos
      const declared = /array<(vec2<f32>|f32), (\d+)>;$/.exec(m.sharedMemoryDeclaration);
      const bytes = declared ? Number(declared[2]) * (declared[1] === 'f32' ? 4 : 8) : 0;
      if (p.execution === 'thread') expect(m.sharedMemoryDeclaration).toBe('');
      const elementBytes = (k: string) => (k === 'real' ? 4 : 8);
      const sharedApiBytes = p.fftsPerBlock * Math.max(p.inputLength * elementBytes(p.inputType), p.outputLength * elementBytes(p.outputType));
      const limit = p.limits.maxComputeWorkgroupStorageSize;
      const sameBuffer = p.execution === 'block' && (p.stride === 1 || (p.exchange === 'complex' && p.exchangeParts === 1));
      if (m.executeShared && sameBuffer) {
        // One buffer serves both APIs: the exchange's bytes or the data's, whichever is larger.
        expect(m.sharedData, label).toBe(m.sharedMemory);
        expect(bytes, label).toBe(Math.max(p.sharedMemorySize, Math.ceil(sharedApiBytes / 8) * 8));
        expect(bytes).toBeLessThanOrEqual(limit);
      } else {
        // The register API's buffer is exactly sharedMemorySize bytes; execute_shared (split or parted
        // exchanges) has its own data buffer, at least the data and the complex one-part exchange.
        expect(bytes, label).toBe(p.sharedMemorySize);
        if (m.executeShared) {
          const data = /array<vec2<f32>, (\d+)>;$/.exec(m.sharedDataDeclaration);
          const slots = p.fftsPerBlock / p.implicitTypeBatching;
          expect(m.sharedData, label).not.toBe(m.sharedMemory);
          expect(Number(data?.[1]) * 8, label).toBe(Math.max(Math.ceil(sharedApiBytes / 8) * 8, p.execSize * 8 * slots));
          expect(Number(data?.[1]) * 8).toBeLessThanOrEqual(limit);
        } else if (p.execution === 'block') {
          expect(Math.max(sharedApiBytes, p.execSize * 8 * (p.fftsPerBlock / p.implicitTypeBatching)), label).toBeGreaterThan(limit);
        }
      }
    }
  });

  it("matches cuFFTDx's documented 16-point examples (C2R EPT 4; folded R2C EPT 4)", () => {
    const c2r = (layout: 'natural' | 'packed' | 'full') =>
      resolvePlan({ size: 16, type: 'c2r', layout, execution: 'block', elementsPerThread: 4 });
    expect([c2r('natural').stride, c2r('natural').inputEPT, c2r('natural').inputLength]).toEqual([4, 3, 9]);
    expect([c2r('packed').inputEPT, c2r('packed').inputLength]).toEqual([2, 8]);
    expect([c2r('full').inputEPT, c2r('full').inputLength]).toEqual([4, 16]);
    const folded = resolvePlan({ size: 16, type: 'r2c', mode: 'folded', execution: 'block', elementsPerThread: 4 });
    expect([folded.stride, folded.inputEPT, folded.inputLength, folded.outputEPT, folded.storageSize]).toEqual([4, 2, 8, 3, 3]);
  });

  it('rejects what it cannot generate with a clear message', () => {
    const base = resolvePlan({ size: 64, type: 'r2c', execution: 'block' });
    expect(() => generateRealModule({ ...base, direction: 'inverse' })).toThrow(/direction inverse does not match the type/);
    expect(() => generateRealModule(resolvePlan({ size: 64, type: 'c2c', direction: 'forward', execution: 'block' }))).toThrow(/not a real FFT/);
    expect(() => generateRealModule({ ...base, size: 63, layout: 'packed' })).toThrow(/even size/);
  });

  it('shares a caller-declared workgroup buffer and declares none itself', () => {
    const fwd = resolvePlan({ size: 256, type: 'r2c', execution: 'block', exchange: 'complex', exchangeParts: 1 });
    const m = generateRealModule(fwd, { prefix: 'a', sharedMemory: 'shared_buf' });
    expect(m.code).not.toContain('var<workgroup>');
    expect(m.code).toContain('shared_buf[');
    expect(m.sharedMemoryDeclaration).toMatch(/^var<workgroup> shared_buf: array<vec2<f32>, \d+>;$/);
  });
});
