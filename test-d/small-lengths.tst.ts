// Small C2C f32 lengths' defaults at the type level (descriptors/tuning.ts heuristicEPT, bench/NOTES.md run 90),
// the same values test/descriptors/small-lengths.test.ts reads at run time.
import { expect, test } from 'tstyche';
import { Block, Direction, ElementsPerThread, fft, RealFFTOptions, Size, Type } from '../src/index.js';

test('a composite takes E = its largest prime; beyond the one-invocation limits Rader or Bluestein', () => {
  expect(fft(Size(30), Direction('forward'), Block()).elementsPerThread).type.toBe<5>();
  expect(fft(Size(2), Direction('forward'), Block()).suggestedFFTsPerBlock).type.toBe<128>();
  expect(fft(Size(41), Direction('forward'), Block()).elementsPerThread).type.toBe<5>();
  expect(fft(Size(41), Direction('forward'), Block()).suggestedFFTsPerBlock).type.toBe<16>();
  expect(fft(Size(47), Direction('forward'), Block()).elementsPerThread).type.toBe<16>();
  expect(fft(Size(47), Direction('forward'), Block()).workspaceSize).type.not.toBe<0>();
  expect(fft(Size(47), Direction('forward'), Block(), ElementsPerThread(47))).type.toRaiseError(
    '(FFT error) ElementsPerThread(47) is not supported for Size(47) in f32 Block execution (Bluestein length 128): supported values are 2, 4, 8, 16, 32',
  );
});

test('real FFTs keep the native engine at those lengths', () => {
  expect(fft(Size(31), Block(), Type('r2c'), RealFFTOptions('natural', 'normal')).elementsPerThread).type.toBe<31>();
  expect(fft(Size(94), Block(), Type('r2c'), RealFFTOptions('natural', 'folded')).elementsPerThread).type.toBe<94>();
});
