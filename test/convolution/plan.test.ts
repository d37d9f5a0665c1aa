// The GPU-free planning of createConvolution (convolutionLayout): FFT lengths, engines, and that the
// forward / inverse pair fits the limits for every length it accepts, under the core defaults and a
// 32 KiB / 1024-invocation profile.
import { describe, expect, it } from 'vitest';
import { convolutionLayout } from '../../src/index.js';
import { planConvolution } from '../../src/convolution/plan.js';

const CORE = { maxComputeWorkgroupStorageSize: 16384, maxComputeInvocationsPerWorkgroup: 256 };
// What Dawn offers on the H100 / H200 (docs/any-shape.md's second column).
const BIG = { maxComputeWorkgroupStorageSize: 49152, maxComputeInvocationsPerWorkgroup: 1024, maxComputeWorkgroupSizeX: 1024, maxComputeWorkgroupSizeY: 1024 };
const MID = { maxComputeWorkgroupStorageSize: 32768, maxComputeInvocationsPerWorkgroup: 1024 };

describe('convolutionLayout', () => {
  it('chooses the FFT length and engine', () => {
    // Real linear / same: the even length whose half the complex rates rate fastest, where that is at most 0.8 of the
    // power of two's time (bench/NOTES.md run 86): 4159 outputs -> 4374 (a 2187-point engine) under the core limits and
    // 4320 with 48 KiB, not 8192; 1063 -> 2048 (1250's rating, 0.89 of 2048's, is not enough: it measured 3 % slower).
    expect(convolutionLayout(CORE, { shape: 4096, type: 'real', mode: 'linear', taps: 64 })).toMatchObject({ engine: 'folded', fftLength: 4374, spectrumLength: 2188, outputLength: 4159 });
    expect(convolutionLayout(BIG, { shape: 4096, type: 'real', mode: 'linear', taps: 64 }).fftLength).toBe(4320);
    expect(convolutionLayout(BIG, { shape: 1000, type: 'real', mode: 'linear', taps: 64 }).fftLength).toBe(2048);
    // f64 keeps the power of two (not measured).
    expect(convolutionLayout(CORE, { shape: 4096, type: 'real', mode: 'linear', taps: 64, precision: 'f64' }).fftLength).toBe(8192);
    // Complex linear / same: the measured length >= N + M - 1 with the least estimated time (src/convolution/fused-rates.ts):
    // 128 for 102 outputs, not the next 7-smooth length 108 (a heuristic shape); 400 for 319 (a tuning-table length), not 320.
    expect(convolutionLayout(CORE, { shape: 100, type: 'complex', mode: 'linear', taps: 3 })).toMatchObject({ engine: 'c2c', fftLength: 128, spectrumLength: 128, outputLength: 102 });
    expect(convolutionLayout(CORE, { shape: 100, type: 'real', mode: 'circular' })).toMatchObject({ engine: 'pairs', fftLength: 100, spectrumLength: 51, outputLength: 100 });
    // With a pointwise function (no pairs): the folded engine where the half runs natively, the normal one otherwise.
    expect(convolutionLayout(CORE, { shape: 100, type: 'real', mode: 'circular', pointwise: true })).toMatchObject({ engine: 'folded', fftLength: 100, spectrumLength: 51 });
    expect(convolutionLayout(CORE, { shape: 375, type: 'real', mode: 'circular', pointwise: true })).toMatchObject({ engine: 'normal', fftLength: 375, spectrumLength: 188 });
    expect(convolutionLayout(CORE, { shape: 256, type: 'real', mode: 'circular', pointwise: true }).engine).toBe('folded');
    // Beyond PAIRS_MAX_LENGTH real circular plans keep the folded engine (no gain measured at 16384).
    expect(convolutionLayout(MID, { shape: 16384, type: 'real', mode: 'circular' }).engine).toBe('folded');
    expect(convolutionLayout(CORE, { shape: 256, type: 'complex', mode: 'same', taps: 64 })).toMatchObject({ fftLength: 400, outputLength: 256 });
    // f64 keeps the next 7-smooth length (its fused kernel's speed per length was not measured).
    expect(convolutionLayout(CORE, { shape: 100, type: 'complex', mode: 'linear', taps: 3, precision: 'f64' }).fftLength).toBe(108);
    // The largest one-workgroup sizes: complex 8192, real 16384 (folded) under the core limits; more with more memory.
    expect(convolutionLayout(CORE, { shape: 8192, type: 'complex', mode: 'circular' }).fftLength).toBe(8192);
    expect(convolutionLayout(CORE, { shape: 16384, type: 'real', mode: 'circular' }).fftLength).toBe(16384);
    // Beyond one workgroup: the multi-pass path, padded to a 7-smooth length: 8400 = 2^4 3 5^2 7 (createFFT splits it in 2 passes),
    // not the nearer 8232 = 2^3 3 7^3 (3 passes). The four-step path: forward columns, fused rows, inverse columns (the pad and
    // crop in the first and last).
    expect(convolutionLayout(CORE, { shape: 8193, type: 'complex', mode: 'linear', taps: 1 })).toMatchObject({ engine: 'multipass', fftLength: 8400, outputLength: 8193, passes: 3 });
    expect(convolutionLayout(MID, { shape: 16384, type: 'complex', mode: 'circular' }).fftLength).toBe(16384);
    // Beyond 16384 points the four-step path measured faster than the fused kernel (path.ts FUSED_MAX_LENGTH), where the limits hold both.
    expect(convolutionLayout(MID, { shape: 32768, type: 'real', mode: 'circular' })).toMatchObject({ engine: 'multipass', passes: 3 });
    expect(convolutionLayout(BIG, { shape: 32768, type: 'complex', mode: 'circular' })).toMatchObject({ engine: 'multipass', passes: 3 });
    expect(convolutionLayout(BIG, { shape: 16384, type: 'complex', mode: 'circular' })).toMatchObject({ engine: 'c2c', passes: 1 });
    // Complex circular with its taps at a length whose fused kernel the rates put far below a padded one: circularPrefix's
    // linear form (outputs M - 1 ..). 1440 + 63 went to 2048 (bench/NOTES.md run 75), then 1800 (run 85); since the swizzle
    // rule (run 87: 2187 GB/s at 1440) 1440 stays, while 7680 (1081 GB/s) + 63 pads to 8192 (1688). Not with N taps (15359
    // outputs), a given spectrum (N values), real signals (no measured rates), or a length without a slow rate.
    expect(planConvolution({ signalLength: 7680, type: 'complex', mode: 'circular', filterLength: 64 }, BIG)).toMatchObject({ engine: 'c2c', fftLength: 8192, wrap: 63, outputOffset: 63, outputLength: 7680 });
    expect(convolutionLayout(BIG, { shape: 1440, type: 'complex', mode: 'circular', taps: 64 }).fftLength).toBe(1440);
    expect(convolutionLayout(BIG, { shape: 7680, type: 'complex', mode: 'circular', taps: 7680 }).fftLength).toBe(7680);
    expect(convolutionLayout(BIG, { shape: 7680, type: 'complex', mode: 'circular', taps: 64, spectrum: true }).fftLength).toBe(7680);
    expect(convolutionLayout(BIG, { shape: 7680, type: 'real', mode: 'circular', taps: 64 }).fftLength).toBe(7680);
    expect(convolutionLayout(BIG, { shape: 1024, type: 'complex', mode: 'circular', taps: 64 }).fftLength).toBe(1024);
    expect(convolutionLayout(CORE, { shape: 7680, type: 'complex', mode: 'circular', taps: 64 }).fftLength).toBe(7680);
  });

  it('plans the multi-pass path: 1D beyond one workgroup, Bluestein lengths, 2D (FFT shapes, spectra, outputs, passes)', () => {
    // 2^16 + 3 is a prime: circular runs createFFT's Bluestein (4 passes each way under the core limits: 2^18 in two
    // passes of 8 columns, forward and inverse), nothing else.
    expect(convolutionLayout(CORE, { shape: 65539, type: 'complex', mode: 'circular' })).toMatchObject({ engine: 'multipass', fftLength: 65539, passes: 8 });
    expect(convolutionLayout(CORE, { shape: 65539, type: 'real', mode: 'linear', taps: 64 })).toMatchObject({ fftLength: 65610, spectrumLength: 32806, outputLength: 65602 });
    // 2^22 reals, linear with 4096 taps: >= 4198399 outputs. The nearest even 7-smooth length, 4199040 = 2^7 3^8 5,
    // takes 4 passes each way under the core limits; 4214784 = 2^12 3 7^3 takes 3 (as with 48 KiB, where 4199040 does too;
    // 4235364 = 2^2 3^2 7^6, whose rows the four-step estimate rates faster, needs 2 column passes each way: not taken).
    // Four-step: the column passes each way around the fused rows pass, whose rows (contiguous, one per workgroup) may be as
    // long as the fused kernel runs: 2 column passes each way under the core limits (columns of at most 256, rows of at most
    // 8192), 1 with 1024 invocations (4199040 = 648 x 6480; 2^22 = 1024 x 4096).
    expect(convolutionLayout(CORE, { shape: 2 ** 22, type: 'real', mode: 'linear', taps: 4096 })).toMatchObject({ fftLength: 4214784, outputLength: 4198399, passes: 5 });
    expect(convolutionLayout(BIG, { shape: 2 ** 22, type: 'real', mode: 'linear', taps: 4096 })).toMatchObject({ fftLength: 4199040, passes: 3 });
    expect(convolutionLayout(CORE, { shape: 2 ** 22, type: 'complex', mode: 'circular' })).toMatchObject({ fftLength: 2 ** 22, passes: 5 });
    expect(convolutionLayout(BIG, { shape: 2 ** 22, type: 'complex', mode: 'circular' })).toMatchObject({ fftLength: 2 ** 22, passes: 3 });
    // 2^18 and 2^20 under the core limits: 256 x 1024 and 256 x 4096, 3 passes (createFFT's own split takes 3 passes each way).
    expect(convolutionLayout(CORE, { shape: 2 ** 18, type: 'complex', mode: 'circular' }).passes).toBe(3);
    expect(convolutionLayout(CORE, { shape: 2 ** 20, type: 'real', mode: 'circular' }).passes).toBe(3);
    // 2^16 and 2^20 with 48 KiB / 1024 invocations: 2 column lengths, 3 passes (createFFT's 2 + 2 and cuFFT's 3 kernels).
    expect(convolutionLayout(BIG, { shape: 2 ** 16, type: 'complex', mode: 'circular' }).passes).toBe(3);
    expect(convolutionLayout(BIG, { shape: 2 ** 20, type: 'real', mode: 'circular' }).passes).toBe(3);
    expect(convolutionLayout(CORE, { shape: [100, 60], type: 'real', mode: 'same', filterShape: [5, 7] })).toMatchObject({
      engine: 'multipass',
      fftShape: [108, 70],
      spectrumLength: 108 * 36,
      outputShape: [100, 60],
    });
    // 2D four-step: rows forward, the fused column pass (72 points: one pass), rows inverse (the pad and crop in the rows passes).
    expect(convolutionLayout(CORE, { shape: [64, 64], type: 'complex', mode: 'linear', filterShape: [3, 3] })).toMatchObject({ fftShape: [72, 70], outputShape: [66, 66], passes: 3 });
    // The default filter shape is the signal's.
    // 512 columns: 32 x 16 under the core limits (a column pass each way around the fused 16-point pass), one pass with 1024 invocations.
    expect(convolutionLayout(CORE, { shape: [512, 512], type: 'real', mode: 'circular' })).toMatchObject({ fftShape: [512, 512], spectrumLength: 512 * 257, passes: 5 });
    expect(convolutionLayout(BIG, { shape: [512, 512], type: 'real', mode: 'circular' }).passes).toBe(3);
    // Where createFFT's one-pass kernel holds the FFT shape (64 x 64 complex in 48 KiB; 32 x 64 in 16 KiB): one kernel.
    expect(convolutionLayout(BIG, { shape: [64, 64], type: 'complex', mode: 'circular' }).passes).toBe(1);
    expect(convolutionLayout(CORE, { shape: [32, 64], type: 'complex', mode: 'circular' })).toMatchObject({ engine: 'multipass', passes: 1 });
    expect(convolutionLayout(CORE, { shape: [30, 40], type: 'real', mode: 'same', filterShape: [3, 3] })).toMatchObject({ fftShape: [32, 48], passes: 1 });
    expect(convolutionLayout(CORE, { shape: [512, 512], type: 'real', mode: 'linear' })).toMatchObject({ fftShape: [1024, 1024], outputShape: [1023, 1023] });
  });

  it('pads 1D f32 plans to the length of equal pass count the four-step estimate rates clearly fastest (bench/NOTES.md run 69)', () => {
    const padded = (shape: number, taps: number, type: 'real' | 'complex' = 'complex', precision?: 'f64') =>
      convolutionLayout(BIG, { shape, type, mode: 'linear', taps, ...(precision ? { precision } : {}) }).fftLength;
    // Measured on an H200 (c2c_conv GB/s): 2^18 + 2 pads to 274400 = 2^5 5^2 7^3 (756), not 262440 = 2^3 3^8 5 (506);
    // 2^20 + 2 to 1053696 = 2^10 3 7^3 (551), not 1049760 = 2^5 3^8 5 (425); 2^17 + 2 to 134456 = 2^3 7^5 (800), not 131220 (632).
    // Since run 85 2^20 + 2 pads to 1058400 = 2^5 3^3 5^2 7^2 (rows of 2400; within 2 % of 1053696 both ways). Rows whose
    // tuning entry gathers stages count as the plain shape the estimate was fitted with: counted as they run, 1620-point
    // rows at E18 (run 86) made it 1049760, 9 % (complex) and 5 % (real) slower per point than 1053696 / 1058400.
    expect(padded(2 ** 18, 3)).toBe(274400);
    expect(padded(2 ** 20, 3, 'real')).toBe(1058400);
    expect(padded(2 ** 17, 3)).toBe(134456);
    // Rated less than 20 % faster, a longer length is not taken: 196608 + 2 keeps 197568 (824 GB/s), which the
    // estimate rates 5 % slower than 204800 (723), and 10^5 + 2 keeps 100352.
    expect(padded(196608, 3)).toBe(197568);
    expect(padded(100000, 3)).toBe(100352);
    // f64 keeps the nearest length of the fewest passes (its passes were not timed at other lengths).
    expect(padded(2 ** 18, 3, 'complex', 'f64')).toBe(262440);
    // Smaller workgroups keep it too (the estimate was fitted with 48 KiB / 1024 invocations).
    expect(convolutionLayout(CORE, { shape: 2 ** 18, type: 'complex', mode: 'linear', taps: 3 }).fftLength).toBe(262440);
    expect(convolutionLayout(MID, { shape: 2 ** 18, type: 'complex', mode: 'linear', taps: 3 }).fftLength).toBe(262440);
    // Circular plans never pad.
    expect(convolutionLayout(BIG, { shape: 262146, type: 'complex', mode: 'circular' }).fftLength).toBe(262146);
  });

  it('reads the filter spectrum of the first 8 registers before the forward FFT from complex 16384 on (bench/NOTES.md run 68)', () => {
    const circular = (n: number) => ({ type: 'complex', mode: 'circular', signalLength: n, filterLength: undefined }) as const;
    expect(planConvolution(circular(16384), MID)).toMatchObject({ engine: 'c2c', prefetchSpectrum: true, prefetchRegisters: 8 });
    expect(planConvolution(circular(8192), MID)).toMatchObject({ engine: 'c2c', prefetchSpectrum: false });
    // A forced shape keeps its own choice (the bench's variants, the four-step rows pass's rule).
    const all = planConvolution(circular(16384), MID, { prefetchSpectrum: true });
    expect(all.prefetchSpectrum).toBe(true);
    expect(all.prefetchRegisters).toBeUndefined();
    expect(planConvolution(circular(8192), MID, { prefetchRegisters: 4 })).toMatchObject({ prefetchSpectrum: true, prefetchRegisters: 4 });
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
            throw new Error(`${type} ${n}: ${(e as Error).message}`);
          }
          expect(l.fftLength).toBe(n);
          if (l.engine === 'multipass') {
            // Only where one workgroup cannot run it: beyond the fused limit, or a prime factor above 13.
            expect(n > (type === 'complex' ? 8192 : 16384) || n === 17 || limits === MID, `${type} ${n}`).toBe(true);
            continue;
          }
          expect(l.workgroupBytes!, `${type} ${n}`).toBeLessThanOrEqual(limits.maxComputeWorkgroupStorageSize);
        }
      }
    }
  });
});
