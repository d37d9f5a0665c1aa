// Small C2C f32 lengths' defaults at run time (descriptors/tuning.ts heuristicEPT, bench/NOTES.md run 90), the
// values test-d/small-lengths.tst.ts pins at the type level.
import { describe, expect, it } from 'vitest';
import { Block, Direction, ElementsPerThread, fft, RealFFTOptions, Size, Thread, Type } from '../../src/index.js';

describe('small C2C lengths without a table entry', () => {
  it('take E = the largest prime of a composite, about 256 elements per workgroup in one invocation per FFT', () => {
    expect(fft(Size(30), Direction('forward'), Block()).elementsPerThread).toBe(5);
    expect(fft(Size(2), Direction('forward'), Block()).suggestedFFTsPerBlock).toBe(128);
    expect(fft(Size(9), Direction('forward'), Block()).suggestedFFTsPerBlock).toBe(32);
  });

  it('run Rader or Bluestein beyond the one-invocation limits; Thread() still runs one invocation per FFT', () => {
    const rader = fft(Size(41), Direction('forward'), Block());
    expect([rader.elementsPerThread, rader.suggestedFFTsPerBlock]).toEqual([5, 16]);
    const bluestein = fft(Size(47), Direction('forward'), Block());
    expect(bluestein.elementsPerThread).toBe(16);
    expect(bluestein.workspaceSize).toBeGreaterThan(0);
    // The compile-time error (test-d/small-lengths.tst.ts) has the same text.
    const untyped = fft as (...ops: unknown[]) => unknown;
    expect(() => untyped(Size(47), Direction('forward'), Block(), ElementsPerThread(47))).toThrow(
      'ElementsPerThread(47) is not supported for Size(47) in f32 Block execution (Bluestein length 128): supported values are 2, 4, 8, 16, 32',
    );
    expect(fft(Size(47), Direction('forward'), Thread()).elementsPerThread).toBe(47);
  });

  it('leave real FFTs on their native engines', () => {
    expect(fft(Size(31), Block(), Type('r2c'), RealFFTOptions('natural', 'normal')).elementsPerThread).toBe(31);
    expect(fft(Size(94), Block(), Type('r2c'), RealFFTOptions('natural', 'folded')).elementsPerThread).toBe(94);
  });
});
