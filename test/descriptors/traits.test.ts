// Runtime values of the descriptors whose literal types test-d/traits.test-d.ts (tsd) pins: the same numbers.
import { describe, expect, it } from 'vitest';
import {
  Block,
  BlockDim,
  Direction,
  ElementsPerThread,
  fft,
  FFTDescriptorError,
  FFTsPerBlock,
  Limits,
  Precision,
  RealFFTOptions,
  Size,
  Thread,
  traitsOf,
  Type,
} from '../../src/index.js';

describe('the acceptance descriptor', () => {
  const F = fft(Size(128), Type('c2c'), Direction('forward'), Precision('f32'), Block(), ElementsPerThread(8), FFTsPerBlock(2));
  it('has every trait of the contract', () => {
    expect(traitsOf(F)).toEqual({
      size: 128,
      type: 'c2c',
      direction: 'forward',
      precision: 'f32',
      execution: 'block',
      realFFTOptions: { layout: 'natural', mode: 'normal' },
      valueType: 'vec2<f32>',
      inputType: 'complex',
      outputType: 'complex',
      implicitTypeBatching: 1,
      elementsPerThread: 8,
      suggestedElementsPerThread: 8,
      storageSize: 8,
      stride: 16,
      inputLength: 128,
      outputLength: 128,
      inputEPT: 8,
      outputEPT: 8,
      fftsPerBlock: 2,
      // Measured defaults (descriptors/tuning-table.ts): 2 FFTs per workgroup, complex exchange in 2 parts (N * 8 / 2 bytes per FFT).
      suggestedFFTsPerBlock: 2,
      blockDim: [16, 2, 1],
      maxThreadsPerBlock: 32,
      sharedMemorySize: 1024,
      requiresWorkspace: false,
      workspaceSize: 0,
      isComplete: true,
      isCompleteExecution: true,
    });
  });
  it('does not depend on operator order', () => {
    const G = fft(FFTsPerBlock(2), ElementsPerThread(8), Block(), Precision('f32'), Direction('forward'), Type('c2c'), Size(128));
    expect(traitsOf(G)).toEqual(traitsOf(F));
  });
  it('is immutable, and wgsl() generates code for its plan', () => {
    expect(Object.isFrozen(F)).toBe(true);
    expect(Object.isFrozen(F.ops)).toBe(true);
    const m = F.wgsl({ prefix: 'acc' });
    expect(m.plan).toEqual(F.plan);
    expect(m.code).toContain('fn acc_execute(');
  });
});

describe('real FFTs follow cuFFTDx (size 16, ElementsPerThread 4)', () => {
  const pick = (d: object, keys: string[]) => Object.fromEntries(keys.map((k) => [k, (d as Record<string, unknown>)[k]]));
  const keys = ['inputLength', 'outputLength', 'inputEPT', 'outputEPT', 'stride', 'storageSize', 'inputType', 'outputType'];
  it.each([
    ['c2r natural', fft(Size(16), Type('c2r'), Block(), ElementsPerThread(4)), [9, 16, 3, 4, 4, 4, 'complex', 'real']],
    ['c2r packed', fft(Size(16), Type('c2r'), Block(), ElementsPerThread(4), RealFFTOptions('packed')), [8, 16, 2, 4, 4, 4, 'complex', 'real']],
    ['c2r full', fft(Size(16), Type('c2r'), Block(), ElementsPerThread(4), RealFFTOptions('full')), [16, 16, 4, 4, 4, 4, 'complex', 'real']],
    ['r2c natural', fft(Size(16), Type('r2c'), Block(), ElementsPerThread(4)), [16, 9, 4, 3, 4, 4, 'real', 'complex']],
    ['r2c folded natural', fft(Size(16), Type('r2c'), Block(), ElementsPerThread(4), RealFFTOptions('natural', 'folded')), [8, 9, 2, 3, 4, 3, 'complex', 'complex']],
    ['r2c folded packed', fft(Size(16), Type('r2c'), Block(), ElementsPerThread(4), RealFFTOptions('packed', 'folded')), [8, 8, 2, 2, 4, 2, 'complex', 'complex']],
    ['r2c folded full', fft(Size(16), Type('r2c'), Block(), ElementsPerThread(4), RealFFTOptions('full', 'folded')), [8, 16, 2, 4, 4, 4, 'complex', 'complex']],
    ['c2r folded natural', fft(Size(16), Type('c2r'), Block(), ElementsPerThread(4), RealFFTOptions('natural', 'folded')), [9, 8, 3, 2, 4, 3, 'complex', 'complex']],
    ['Thread r2c folded', fft(Size(16), Type('r2c'), Thread(), RealFFTOptions('natural', 'folded')), [8, 9, 8, 9, 1, 9, 'complex', 'complex']],
  ])('%s', (_name, d, values) => {
    expect(pick(d, keys)).toEqual(Object.fromEntries(keys.map((k, i) => [k, values[i]])));
  });
  it('deduces the direction of real FFTs', () => {
    expect(fft(Size(16), Type('r2c')).direction).toBe('forward');
    expect(fft(Size(16), Type('c2r')).direction).toBe('inverse');
  });
});

describe('precision, Bluestein, Limits, BlockDim', () => {
  it('f16 is implicitly batched by 2', () => {
    const H = fft(Size(256), Precision('f16'), Block(), Direction('forward'));
    expect([H.implicitTypeBatching, H.valueType, H.fftsPerBlock]).toEqual([2, 'vec4<f16>', 2]);
    expect(fft(Size(256), Precision('f16'), Block(), Direction('forward'), FFTsPerBlock(4)).blockDim[1]).toBe(2);
    expect(fft(Size(8), Precision('f16'), Thread(), Direction('inverse')).fftsPerBlock).toBe(2);
  });
  it('f64 is emulated with vec4<f32>', () => {
    expect(fft(Size(1024), Precision('f64'), Block(), Direction('forward')).valueType).toBe('vec4<f32>');
  });
  it('primes need a workspace: Rader where p - 1 runs natively, else Bluestein', () => {
    // 97 = 96 + 1: two 96-point FFTs (E6, 16 invocations); register 6 of invocation 0 holds element 96.
    const R = fft(Size(97), Block(), Direction('forward'));
    expect([R.requiresWorkspace, R.workspaceSize, R.inputLength, R.elementsPerThread, R.storageSize, R.inputEPT, R.stride]).toEqual([true, 1536, 97, 6, 7, 7, 16]);
    // 151: Rader's only shape (E30, 5 invocations) measured slower than Bluestein over 512; 107 = 2 x 53 + 1 has no Rader.
    expect(fft(Size(151), Block(), Direction('forward')).workspaceSize).toBe(8192);
    expect(fft(Size(107), Block(), Direction('forward')).workspaceSize).toBe(4096);
    // f64 keeps Bluestein.
    expect(fft(Size(127), Block(), Direction('forward'), Precision('f64')).workspaceSize).toBe(8192);
  });
  it('lengths whose primes no ElementsPerThread holds run natively, their later stages gathered', () => {
    // 84 = 4 * 3 * 7: no E <= 32 holds 2, 3 and 7, so the measured E21 runs 21 x 4 (the radix-4 stage gathered), no workspace.
    const D = fft(Size(84), Block(), Direction('forward'));
    expect([D.requiresWorkspace, D.workspaceSize, D.elementsPerThread, D.stride]).toEqual([false, 0, 21, 4]);
    // df64 engines read stage twiddles from tables laid out by plain stages: Bluestein there.
    expect(fft(Size(84), Block(), Direction('forward'), Precision('f64')).requiresWorkspace).toBe(true);
  });
  it('Limits profiles', () => {
    const mid = Limits({ maxComputeWorkgroupStorageSize: 32768, maxComputeInvocationsPerWorkgroup: 1024 });
    const D = fft(Size(8192), Block(), Direction('forward'), mid);
    // Measured tuning: split exchange in 2 parts (16 KiB).
    expect([D.blockDim, D.sharedMemorySize]).toEqual([[256, 1, 1], 16384]);
    const large = Limits({ maxComputeWorkgroupStorageSize: 49152, maxComputeInvocationsPerWorkgroup: 1024 });
    const L = fft(Size(12288), Block(), Direction('forward'), large);
    // 12288 = 2^12 3 without a table entry: the heuristic's exchange in 3 parts (bench/NOTES.md run 72).
    expect([L.sharedMemorySize, L.maxThreadsPerBlock]).toEqual([32768, 512]);
  });
  it('BlockDim and with()', () => {
    const D = fft(Size(128), Block(), Direction('forward'), BlockDim(32, 2));
    expect([D.blockDim, D.fftsPerBlock, D.maxThreadsPerBlock]).toEqual([[32, 2, 1], 2, 64]);
    const base = fft(Size(128), Precision('f32'), Block());
    expect(base.with(Direction('inverse')).stride).toBe(16);
    expect(base.with(Direction('forward'), FFTsPerBlock(4)).blockDim).toEqual([16, 4, 1]);
  });
  it('description traits at 2^24', () => {
    const D = fft(Size(16777216), Type('r2c'));
    expect([D.size, D.direction, D.isComplete, D.isCompleteExecution]).toEqual([16777216, 'forward', true, false]);
  });
});

describe('incomplete descriptors throw the compile-time text', () => {
  const D = fft(Size(128), Block());
  it.each([
    [() => D.stride, "(FFT error) stride is not available: a c2c FFT needs Direction('forward') or Direction('inverse')"],
    [() => (D.wgsl as unknown as () => unknown)(), "(FFT error) wgsl() is not available: a c2c FFT needs Direction('forward') or Direction('inverse')"],
    [() => fft(Direction('forward'), Block()).size, '(FFT error) size is not available: add Size(n)'],
    [() => fft(Size(8), Direction('forward')).blockDim, '(FFT error) blockDim is not available: add Block() or Thread()'],
  ])('%#', (read, message) => {
    expect(read).toThrow(FFTDescriptorError);
    expect(read).toThrow(message);
  });
  it('leaves incomplete traits out of traitsOf', () => {
    expect(Object.keys(traitsOf(D))).not.toContain('stride');
    expect(D.isComplete).toBe(false);
  });
});
