// The GPU-free planning of createConvolution (convolutionLayout): FFT lengths, engines, and that the
// forward / inverse pair fits the limits for every length it accepts, under the core defaults and a
// 32 KiB / 1024-invocation profile.
import { describe, expect, it } from 'vitest';
import { convolutionLayout } from '../../src/index.js';

const CORE = { maxComputeWorkgroupStorageSize: 16384, maxComputeInvocationsPerWorkgroup: 256 };
const MID = { maxComputeWorkgroupStorageSize: 32768, maxComputeInvocationsPerWorkgroup: 1024 };

describe('convolutionLayout', () => {
  it('chooses the FFT length and engine', () => {
    expect(convolutionLayout(CORE, { shape: 4096, type: 'real', mode: 'linear', taps: 64 })).toMatchObject({ engine: 'folded', fftLength: 8192, spectrumLength: 4097, outputLength: 4159 });
    expect(convolutionLayout(CORE, { shape: 100, type: 'complex', mode: 'linear', taps: 3 })).toMatchObject({ engine: 'c2c', fftLength: 108, spectrumLength: 108, outputLength: 102 });
    expect(convolutionLayout(CORE, { shape: 100, type: 'real', mode: 'circular' })).toMatchObject({ engine: 'pairs', fftLength: 100, spectrumLength: 51, outputLength: 100 });
    expect(convolutionLayout(CORE, { shape: 100, type: 'real', mode: 'circular', pointwise: true })).toMatchObject({ engine: 'normal', fftLength: 100, spectrumLength: 51 });
    expect(convolutionLayout(CORE, { shape: 256, type: 'real', mode: 'circular', pointwise: true }).engine).toBe('folded');
    // Beyond PAIRS_MAX_LENGTH real circular plans keep the folded engine (no gain measured at 16384).
    expect(convolutionLayout(MID, { shape: 16384, type: 'real', mode: 'circular' }).engine).toBe('folded');
    expect(convolutionLayout(CORE, { shape: 256, type: 'complex', mode: 'same', taps: 64 })).toMatchObject({ fftLength: 320, outputLength: 256 });
    // The largest one-workgroup sizes: complex 8192, real 16384 (folded) under the core limits; more with more memory.
    expect(convolutionLayout(CORE, { shape: 8192, type: 'complex', mode: 'circular' }).fftLength).toBe(8192);
    expect(convolutionLayout(CORE, { shape: 16384, type: 'real', mode: 'circular' }).fftLength).toBe(16384);
    expect(() => convolutionLayout(CORE, { shape: 8193, type: 'complex', mode: 'linear', taps: 1 })).toThrow(/multi-pass/);
    expect(convolutionLayout(MID, { shape: 16384, type: 'complex', mode: 'circular' }).fftLength).toBe(16384);
  });

  it('fits the limits for every accepted length (both profiles)', () => {
    const lengths = [2, 3, 4, 8, 12, 16, 17, 30, 64, 100, 128, 243, 256, 500, 512, 1000, 1024, 2048, 2187, 3125, 4096, 6561, 8192, 16384, 32768];
    for (const limits of [CORE, MID]) {
      for (const type of ['real', 'complex'] as const) {
        for (const n of lengths) {
          let l;
          try {
            l = convolutionLayout(limits, { shape: n, type, mode: 'circular' });
          } catch (e) {
            expect((e as Error).message, `${type} ${n}`).toMatch(/multi-pass|Bluestein/);
            continue;
          }
          expect(l.workgroupBytes, `${type} ${n}`).toBeLessThanOrEqual(limits.maxComputeWorkgroupStorageSize);
          expect(l.fftLength).toBe(n);
        }
      }
    }
  });
});
