// The parted exchange reached through descriptors: resolvePlan picks it where one part does not fit
// (16384 and 32768 in one pass under 48 KiB / 1024 invocations), DescriptorState.exchangeParts
// forces it, and generateModule declares exactly the plan's smaller buffer. Each FFT is checked
// against the f64 reference, forward and inverse (16384 / 32768 compile and run slowly on lavapipe:
// one workgroup each).
import { describe, expect, it } from 'vitest';
import type { FFTLimits, FFTPlan } from '../../descriptors/model.js';
import { supportedParts } from '../../descriptors/capabilities.js';
import { resolvePlan, type DescriptorState } from '../../descriptors/plan.js';
import { generateModule } from '../../kernels/module.js';
import { testDevice } from '../support/gpu.js';
import { makeSeed } from '../support/random.js';
import { alternateDirections, checkCases, expectWithinBounds } from './harness.js';

const LARGE: FFTLimits = { maxComputeWorkgroupStorageSize: 49152, maxComputeInvocationsPerWorkgroup: 1024, subgroups: false };

describe('parted exchange in plans', () => {
  it('16384 and 32768 fit 48 KiB / 1024 invocations in one pass; 8192 fits the core profile', () => {
    // The defaults (whatever the tuning table picks) run in one pass and fit the limits...
    const bytes = (p: FFTPlan) => (p.execSize * (p.exchange === 'split' ? 4 : 8) * (p.fftsPerBlock / p.implicitTypeBatching)) / p.exchangeParts;
    for (const [size, limits, max] of [[16384, LARGE, 49152], [32768, LARGE, 49152], [8192, undefined, 16384]] as const) {
      const p = resolvePlan({ size, execution: 'block', direction: 'forward', ...(limits ? { limits } : {}) });
      expect(p.algorithm).toBe('stockham');
      expect(p.sharedMemorySize).toBe(bytes(p));
      expect(p.sharedMemorySize).toBeLessThanOrEqual(max);
    }
    // ... and the mechanism, asked for explicitly, does what it says.
    const p16 = resolvePlan({ size: 16384, execution: 'block', direction: 'forward', limits: LARGE, elementsPerThread: 32, exchange: 'split', exchangeParts: 2 });
    expect([p16.algorithm, p16.execEPT, p16.stride, p16.exchange, p16.exchangeParts, p16.sharedMemorySize]).toEqual([
      'stockham', 32, 512, 'split', 2, 32768,
    ]);
    const p32 = resolvePlan({ size: 32768, execution: 'block', direction: 'forward', limits: LARGE, elementsPerThread: 32, exchange: 'split', exchangeParts: 4 });
    expect([p32.algorithm, p32.execEPT, p32.stride, p32.exchange, p32.exchangeParts, p32.sharedMemorySize]).toEqual([
      'stockham', 32, 1024, 'split', 4, 32768,
    ]);
    const core = resolvePlan({ size: 8192, execution: 'block', direction: 'forward', exchange: 'split', exchangeParts: 2 });
    expect([core.exchange, core.exchangeParts, core.sharedMemorySize]).toEqual(['split', 2, 16384]);
    // Where one part fits and the table says nothing of this E, one part below 16 KiB per FFT; from 16
    // KiB on, the parts that keep the buffer of the length's parted entry (bench/NOTES.md run 94: a
    // user's E in one part ran 4-45 % slower on an H100).
    expect(resolvePlan({ size: 1024, execution: 'block', direction: 'forward', elementsPerThread: 8 }).exchangeParts).toBe(1);
    const userE = (size: number, elementsPerThread: number, limits?: typeof LARGE) => {
      const p = resolvePlan({ size, execution: 'block', direction: 'forward', elementsPerThread, ...(limits ? { limits } : {}) });
      return [p.exchange, p.exchangeParts, p.sharedMemorySize];
    };
    expect(userE(2048, 32)).toEqual(['complex', 2, 8192]);
    expect(userE(2187, 9)).toEqual(['complex', 3, 5832]);
    expect(userE(2187, 9, LARGE)).toEqual(['complex', 3, 5832]);
    expect(userE(4096, 16, LARGE)).toEqual(['complex', 2, 16384]);
    expect(userE(8192, 16, LARGE)).toEqual(['complex', 4, 16384]);
    // E5 at 3125 (25 KB in one part) has no other part count: one part.
    expect(userE(3125, 5, LARGE)).toEqual(['complex', 1, 25000]);
  });

  it('the register buffer is exactly sharedMemorySize bytes; execute_shared has its own data buffer', () => {
    const plan = resolvePlan({ size: 1024, execution: 'block', direction: 'forward', exchange: 'complex', exchangeParts: 2 });
    expect([plan.exchange, plan.exchangeParts, plan.sharedMemorySize]).toEqual(['complex', 2, 4096]);
    const mod = generateModule(plan);
    expect(mod.sharedMemoryDeclaration).toBe(`var<workgroup> ${mod.sharedMemory}: array<vec2<f32>, 512>;`);
    expect(mod.sharedMemory).toContain('_p2');
    expect(mod.executeShared).toBe(`${mod.sharedMemory.replace(/_smem$/, '')}_execute_shared`);
    expect(mod.sharedDataDeclaration).toBe(`var<workgroup> ${mod.sharedMemory}_data: array<vec2<f32>, 1024>;`);
    expect(mod.code).toContain(mod.sharedDataDeclaration);
    // The caller may declare the data buffer (e.g. shared by an FFT and its inverse).
    const mine = generateModule(plan, { sharedData: 'mine' });
    expect([mine.sharedData, mine.code.includes('var<workgroup> mine')]).toEqual(['mine', false]);
    expect(mine.code).toContain(mine.sharedMemoryDeclaration);
    // Where one buffer serves both APIs, the two options must agree.
    const one = resolvePlan({ size: 1024, execution: 'block', direction: 'forward', exchange: 'complex', exchangeParts: 1 });
    expect(generateModule(one, { sharedData: 'both' }).sharedMemory).toBe('both');
    expect(() => generateModule(one, { sharedMemory: 'a', sharedData: 'b' })).toThrow('use one buffer');
    const split = generateModule(
      resolvePlan({ size: 16384, execution: 'block', direction: 'inverse', limits: LARGE, elementsPerThread: 32, exchange: 'split', exchangeParts: 2 }),
    );
    expect(split.sharedMemoryDeclaration).toMatch(/array<f32, 8192>;$/); // 32768 bytes
  });

  it('3 and 5 parts for lengths with those factors (bench/NOTES.md run 11)', () => {
    const shape = (state: Omit<DescriptorState, 'execution' | 'direction'>) => {
      const p = resolvePlan({ execution: 'block', direction: 'forward', ...state });
      return [p.algorithm, p.execEPT, p.exchange, p.exchangeParts, p.sharedMemorySize];
    };
    expect(supportedParts(6561, 27)).toEqual([1, 3]);
    expect(supportedParts(3125, 25)).toEqual([1, 5]);
    expect(supportedParts(1024, 16)).toEqual([1, 2, 4]);
    expect(shape({ size: 2187 })).toEqual(['stockham', 27, 'complex', 3, 5832]);
    expect(shape({ size: 3125 })).toEqual(['stockham', 25, 'complex', 5, 5000]);
    // 6561 fits the core Limits only through the split exchange in 3 parts (it needed Bluestein
    // length 16384 before, which they do not allow); 48 KiB takes the complex one.
    expect(shape({ size: 6561 })).toEqual(['stockham', 27, 'split', 3, 8748]);
    expect(shape({ size: 6561, limits: LARGE })).toEqual(['stockham', 27, 'complex', 3, 17496]);
    expect(() => resolvePlan({ size: 1024, execution: 'block', direction: 'forward', exchangeParts: 5 })).toThrow('supported values are 1, 2, 4');
  });

  it('rejects part counts the engine cannot build; real FFTs exchange in parts too', () => {
    expect(() => resolvePlan({ size: 1024, execution: 'block', direction: 'forward', exchangeParts: 3 })).toThrow(
      'exchangeParts 3 is not supported for Size(1024) with ElementsPerThread(16): supported values are 1, 2, 4',
    );
    expect(() => resolvePlan({ size: 1024, type: 'r2c', execution: 'block', exchangeParts: 3 })).toThrow('supported values are 1, 2, 4');
    expect(resolvePlan({ size: 1024, type: 'r2c', execution: 'block', exchangeParts: 2 }).exchangeParts).toBe(2);
    expect(() => resolvePlan({ size: 32, execution: 'thread', direction: 'forward', exchangeParts: 2 })).toThrow();
    // Normal-mode 16384 needs a parted exchange to fit 48 KiB.
    const real = resolvePlan({ size: 16384, type: 'r2c', execution: 'block', limits: LARGE });
    expect(real.exchangeParts).toBeGreaterThan(1);
    expect(real.sharedMemorySize).toBeLessThanOrEqual(LARGE.maxComputeWorkgroupStorageSize);
  });

  it('folded real and Bluestein engines exchange complex values in 2 parts where the rules say so (plan.ts)', () => {
    const shape = (p: { exchange: string; exchangeParts: number; sharedMemorySize: number }) => [p.exchange, p.exchangeParts, p.sharedMemorySize];
    // The C2C table prefers split in 1 part for 256 (large); folded R2C 512 runs that engine in 2 complex parts.
    expect(shape(resolvePlan({ size: 256, execution: 'block', direction: 'forward', limits: LARGE }))).toEqual(['split', 1, 1024]);
    expect(shape(resolvePlan({ size: 512, type: 'r2c', mode: 'folded', execution: 'block', limits: LARGE }))).toEqual(['complex', 2, 1024]);
    // Where the table itself picks 2 complex parts (2048), folded R2C 4096 keeps them.
    expect(shape(resolvePlan({ size: 4096, type: 'r2c', mode: 'folded', execution: 'block', limits: LARGE }))).toEqual(['complex', 2, 8192]);
    // Bluestein: where the preference it falls back to is split or parted (107 with E8: the C2C table's
    // split for 256), complex in 2 parts; its own entries are kept (1009, B = 2048: complex in one
    // part; 4093, B = 8192: complex in 2 parts, and 4 under the core profile, where 2 do not fit).
    expect(shape(resolvePlan({ size: 107, execution: 'block', direction: 'forward', limits: LARGE, elementsPerThread: 8 }))).toEqual(['complex', 2, 1024]);
    expect(shape(resolvePlan({ size: 1009, execution: 'block', direction: 'forward', limits: LARGE }))).toEqual(['complex', 1, 16384]);
    expect(shape(resolvePlan({ size: 4093, execution: 'block', direction: 'forward', limits: LARGE }))).toEqual(['complex', 2, 32768]);
    expect(shape(resolvePlan({ size: 4093, execution: 'block', direction: 'forward' }))).toEqual(['complex', 4, 16384]);
    // An explicit exchange override wins over both rules.
    expect(shape(resolvePlan({ size: 1009, execution: 'block', direction: 'forward', limits: LARGE, exchange: 'split' }))[0]).toBe('split');
  });

  it('matches the f64 reference (forward and inverse alternating from case to case)', { timeout: 900_000 }, async () => {
    const { device } = await testDevice('adapter');
    // The plans use 32 KiB of the 48 KiB they are resolved for: the device must offer that (lavapipe
    // offers exactly 32 KiB) and the invocations; otherwise this fails, never skips.
    expect(device.limits.maxComputeWorkgroupStorageSize).toBeGreaterThanOrEqual(32768);
    expect(device.limits.maxComputeInvocationsPerWorkgroup).toBeGreaterThanOrEqual(LARGE.maxComputeInvocationsPerWorkgroup);
    const seed = makeSeed();
    // One direction per case, alternating (both with WEBFFTDX_FULL=1).
    const checks = await checkCases(
      device,
      alternateDirections([
        { label: 'Size(16384) 48 KiB', state: { size: 16384, execution: 'block', limits: LARGE }, api: 'registers', count: 1 },
        { label: 'Size(32768) 48 KiB', state: { size: 32768, execution: 'block', limits: LARGE }, api: 'registers', count: 1 },
        {
          label: 'Size(1024) complex exchange in 2 parts, 2 FFTs',
          state: { size: 1024, execution: 'block', exchange: 'complex', exchangeParts: 2, fftsPerBlock: 2 },
          api: 'registers',
          count: 2,
        },
        {
          label: 'Size(107) Bluestein, split exchange in 4 parts',
          state: { size: 107, execution: 'block', exchange: 'split', exchangeParts: 4 },
          api: 'registers',
          count: 2,
        },
      ]),
      seed,
    );
    expectWithinBounds(checks);
  });
});
