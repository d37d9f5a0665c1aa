// Literal trait types: the acceptance descriptor, real-FFT layouts and modes as cuFFTDx defines them,
// f16 batching, Limits profiles, widening for non-literal inputs, incomplete descriptors, .with().
// The runtime values of the same descriptors are pinned in test/descriptors/traits.test.ts.
import { describe, expect, test } from 'tstyche';
import {
  Block,
  BlockDim,
  Direction,
  ElementsPerThread,
  fft,
  type AnyFFTDescriptor,
  type FFTIncomplete,
  FFTsPerBlock,
  Limits,
  Precision,
  RealFFTOptions,
  Size,
  Thread,
  Type,
  type WGSLModule,
} from '../src/index.js';

describe('the acceptance descriptor', () => {
  const F = fft(Size(128), Type('c2c'), Direction('forward'), Precision('f32'), Block(), ElementsPerThread(8), FFTsPerBlock(2));

  test('description traits', () => {
    expect(F.size).type.toBe<128>();
    expect(F.type).type.toBe<'c2c'>();
    expect(F.direction).type.toBe<'forward'>();
    expect(F.precision).type.toBe<'f32'>();
    expect(F.execution).type.toBe<'block'>();
    expect(F.realFFTOptions).type.toBe<{ readonly layout: 'natural'; readonly mode: 'normal' }>();
    expect(F.valueType).type.toBe<'vec2<f32>'>();
    expect(F.inputType).type.toBe<'complex'>();
    expect(F.outputType).type.toBe<'complex'>();
    expect(F.implicitTypeBatching).type.toBe<1>();
    expect(F.isComplete).type.toBe<true>();
    expect(F.isCompleteExecution).type.toBe<true>();
  });

  test('execution traits', () => {
    expect(F.stride).type.toBe<16>();
    expect(F.blockDim).type.toBe<readonly [16, 2, 1]>();
    expect(F.elementsPerThread).type.toBe<8>();
    expect(F.suggestedElementsPerThread).type.toBe<8>();
    expect(F.storageSize).type.toBe<8>();
    expect(F.inputLength).type.toBe<128>();
    expect(F.outputLength).type.toBe<128>();
    expect(F.inputEPT).type.toBe<8>();
    expect(F.outputEPT).type.toBe<8>();
    expect(F.fftsPerBlock).type.toBe<2>();
    // Measured tuning: 2 FFTs per workgroup, complex exchange in 2 parts.
    expect(F.suggestedFFTsPerBlock).type.toBe<2>();
    expect(F.maxThreadsPerBlock).type.toBe<32>();
    expect(F.sharedMemorySize).type.toBe<1024>();
    expect(F.requiresWorkspace).type.toBe<false>();
    expect(F.workspaceSize).type.toBe<0>();
    expect(F.wgsl).type.toBe<(options?: import('../src/index.js').WGSLOptions) => WGSLModule>();
  });

  test('operator order does not matter', () => {
    const G = fft(FFTsPerBlock(2), ElementsPerThread(8), Block(), Precision('f32'), Direction('forward'), Type('c2c'), Size(128));
    expect(G.stride).type.toBe<16>();
    expect(G.blockDim).type.toBe<readonly [16, 2, 1]>();
    expect(G.sharedMemorySize).type.toBe<1024>();
  });
});

describe('real FFTs follow cuFFTDx (size 16, ElementsPerThread 4)', () => {
  test('c2r natural: N/2+1 in, div(natural, E) per invocation', () => {
    const D = fft(Size(16), Type('c2r'), Block(), ElementsPerThread(4));
    expect(D.direction).type.toBe<'inverse'>();
    expect(D.inputLength).type.toBe<9>();
    expect(D.outputLength).type.toBe<16>();
    expect(D.inputEPT).type.toBe<3>();
    expect(D.outputEPT).type.toBe<4>();
    expect(D.stride).type.toBe<4>();
    expect(D.inputType).type.toBe<'complex'>();
    expect(D.outputType).type.toBe<'real'>();
  });
  test('c2r packed: N/2 in, E/2 + E%2 per invocation', () => {
    const D = fft(Size(16), Type('c2r'), Block(), ElementsPerThread(4), RealFFTOptions('packed'));
    expect(D.inputLength).type.toBe<8>();
    expect(D.inputEPT).type.toBe<2>();
    expect(D.storageSize).type.toBe<4>();
  });
  test('c2r full: N in, E per invocation', () => {
    const D = fft(Size(16), Type('c2r'), Block(), ElementsPerThread(4), RealFFTOptions('full'));
    expect(D.inputLength).type.toBe<16>();
    expect(D.inputEPT).type.toBe<4>();
  });
  test('r2c natural: real input, N/2+1 out', () => {
    const D = fft(Size(16), Type('r2c'), Block(), ElementsPerThread(4));
    expect(D.direction).type.toBe<'forward'>();
    expect(D.inputType).type.toBe<'real'>();
    expect(D.inputLength).type.toBe<16>();
    expect(D.outputLength).type.toBe<9>();
    expect(D.inputEPT).type.toBe<4>();
    expect(D.outputEPT).type.toBe<3>();
  });
  test('r2c folded natural: N/2 complex pairs in, effective EPT E/2, storage +1', () => {
    const D = fft(Size(16), Type('r2c'), Block(), ElementsPerThread(4), RealFFTOptions('natural', 'folded'));
    expect(D.inputType).type.toBe<'complex'>();
    expect(D.inputLength).type.toBe<8>();
    expect(D.outputLength).type.toBe<9>();
    expect(D.inputEPT).type.toBe<2>();
    expect(D.outputEPT).type.toBe<3>();
    expect(D.elementsPerThread).type.toBe<4>();
    expect(D.stride).type.toBe<4>();
    expect(D.storageSize).type.toBe<3>();
    expect(D.blockDim).type.toBe<readonly [4, 1, 1]>();
  });
  test('r2c folded packed and full: storage x1 and x2', () => {
    const P = fft(Size(16), Type('r2c'), Block(), ElementsPerThread(4), RealFFTOptions('packed', 'folded'));
    expect(P.outputLength).type.toBe<8>();
    expect(P.outputEPT).type.toBe<2>();
    expect(P.storageSize).type.toBe<2>();
    const F = fft(Size(16), Type('r2c'), Block(), ElementsPerThread(4), RealFFTOptions('full', 'folded'));
    expect(F.outputLength).type.toBe<16>();
    expect(F.outputEPT).type.toBe<4>();
    expect(F.storageSize).type.toBe<4>();
  });
  test('c2r folded: complex pairs out', () => {
    const D = fft(Size(16), Type('c2r'), Block(), ElementsPerThread(4), RealFFTOptions('natural', 'folded'));
    expect(D.outputType).type.toBe<'complex'>();
    expect(D.outputLength).type.toBe<8>();
    expect(D.outputEPT).type.toBe<2>();
    expect(D.inputEPT).type.toBe<3>();
  });
  test('Thread: register i holds element i, stride 1', () => {
    const D = fft(Size(16), Type('r2c'), Thread(), RealFFTOptions('natural', 'folded'));
    expect(D.stride).type.toBe<1>();
    expect(D.elementsPerThread).type.toBe<16>();
    expect(D.inputEPT).type.toBe<8>();
    expect(D.outputEPT).type.toBe<9>();
    expect(D.storageSize).type.toBe<9>();
    expect(D.blockDim).type.toBe<readonly [1, 1, 1]>();
    expect(D.sharedMemorySize).type.toBe<0>();
  });
});

describe('precision', () => {
  test('f16 is implicitly batched by 2', () => {
    const H = fft(Size(256), Precision('f16'), Block(), Direction('forward'));
    expect(H.implicitTypeBatching).type.toBe<2>();
    expect(H.valueType).type.toBe<'vec4<f16>'>();
    expect(H.fftsPerBlock).type.toBe<2>();
    const H4 = fft(Size(256), Precision('f16'), Block(), Direction('forward'), FFTsPerBlock(4));
    expect(H4.blockDim[1]).type.toBe<2>();
    const T = fft(Size(8), Precision('f16'), Thread(), Direction('inverse'));
    expect(T.fftsPerBlock).type.toBe<2>();
  });
  test('f64 is emulated with vec4<f32>', () => {
    const D = fft(Size(1024), Precision('f64'), Block(), Direction('forward'));
    expect(D.valueType).type.toBe<'vec4<f32>'>();
    expect(D.implicitTypeBatching).type.toBe<1>();
  });
});

describe('Bluestein sizes need a workspace', () => {
  test('127 runs as a 256-point FFT', () => {
    const D = fft(Size(127), Block(), Direction('forward'));
    expect(D.requiresWorkspace).type.toBe<true>();
    expect(D.workspaceSize).type.toBe<4096>();
    expect(D.inputLength).type.toBe<127>();
  });
});

describe('Limits', () => {
  const mid = { maxComputeWorkgroupStorageSize: 32768, maxComputeInvocationsPerWorkgroup: 1024 } as const;
  test('a tuned profile keeps literal traits and allows larger sizes', () => {
    const D = fft(Size(8192), Block(), Direction('forward'), Limits(mid));
    expect(D.blockDim).type.toBe<readonly [256, 1, 1]>();
    // Measured tuning: split exchange in 2 parts.
    expect(D.sharedMemorySize).type.toBe<16384>();
  });
  test('other limits widen Block traits to number (Thread stays literal)', () => {
    const D = fft(Size(128), Block(), Direction('forward'), Limits({ maxComputeWorkgroupStorageSize: 20000 }));
    expect(D.stride).type.toBe<number>();
    expect(D.inputLength).type.toBe<128>();
    const T = fft(Size(16), Thread(), Direction('forward'), Limits({ maxComputeWorkgroupStorageSize: 20000 }));
    expect(T.storageSize).type.toBe<16>();
  });
  test("an adapter's GPUSupportedLimits is accepted and widens", () => {
    const D = fft(Size(128), Block(), Direction('forward'), Limits({} as GPUSupportedLimits));
    expect(D.elementsPerThread).type.toBe<number>();
  });
});

describe('non-literal inputs widen, never error', () => {
  test('a number size', () => {
    const n: number = 128;
    const D = fft(Size(n), Block(), Direction('forward'));
    expect(D.size).type.toBe<number>();
    expect(D.stride).type.toBe<number>();
    expect(D.blockDim).type.toBe<readonly [number, number, number]>();
    expect(D.isCompleteExecution).type.toBe<true>();
  });
  test('a union type', () => {
    const t = 'r2c' as 'r2c' | 'c2r';
    const D = fft(Size(64), Type(t), Block());
    expect(D.type).type.toBe<'r2c' | 'c2r'>();
    expect(D.inputType).type.toBe<'real' | 'complex'>();
    expect(D.outputLength).type.toBe<number>();
  });
  test('an operator array', () => {
    const ops = [Size(64), Block()] as (ReturnType<typeof Size> | ReturnType<typeof Block>)[];
    const D = fft(...ops);
    expect(D.stride).type.toBe<number>();
  });
});

describe('large sizes', () => {
  test('description traits are literal at 2^24', () => {
    const D = fft(Size(16777216), Type('r2c'));
    expect(D.size).type.toBe<16777216>();
    expect(D.direction).type.toBe<'forward'>();
    expect(D.isComplete).type.toBe<true>();
    expect(D.isCompleteExecution).type.toBe<false>();
  });
  test('the largest native Block FFT of the large profile', () => {
    const D = fft(Size(12288), Block(), Direction('forward'), Limits({ maxComputeWorkgroupStorageSize: 49152, maxComputeInvocationsPerWorkgroup: 1024 }));
    expect(D.sharedMemorySize).type.toBe<49152>();
    expect(D.maxThreadsPerBlock).type.toBe<512>();
  });
});

describe('incomplete descriptors', () => {
  test('execution traits and wgsl name what is missing', () => {
    const D = fft(Size(128), Block());
    expect(D.isComplete).type.toBe<false>();
    expect(D.stride).type.toBe<
      FFTIncomplete<"(FFT error) stride is not available: a c2c FFT needs Direction('forward') or Direction('inverse')">
    >();
    expect(D.wgsl()).type.toRaiseError("(FFT error) wgsl() is not available: a c2c FFT needs Direction('forward')");
    expect(fft(Direction('forward'), Block()).size).type.toBe<FFTIncomplete<'(FFT error) size is not available: add Size(n)'>>();
    expect(fft(Size(8), Direction('forward')).blockDim).type.toBe<
      FFTIncomplete<'(FFT error) blockDim is not available: add Block() or Thread()'>
    >();
  });
  test('using an incomplete trait as a number is an error that prints the message', () => {
    const D = fft(Size(128), Block());
    const use = (x: number) => x;
    expect(use(D.stride)).type.toRaiseError('stride is not available');
  });
});

describe('with()', () => {
  test('extends a base description', () => {
    const base = fft(Size(128), Precision('f32'), Block());
    const IFFT = base.with(Direction('inverse'));
    expect(IFFT.direction).type.toBe<'inverse'>();
    expect(IFFT.stride).type.toBe<16>();
    expect(IFFT).type.toBeAssignableTo<AnyFFTDescriptor>();
    expect(base.with(Direction('forward'), FFTsPerBlock(4)).blockDim).type.toBe<readonly [16, 4, 1]>();
  });
  test('BlockDim sets the workgroup size', () => {
    const D = fft(Size(128), Block(), Direction('forward'), BlockDim(32, 2));
    expect(D.blockDim).type.toBe<readonly [32, 2, 1]>();
    expect(D.fftsPerBlock).type.toBe<2>();
    expect(D.maxThreadsPerBlock).type.toBe<64>();
  });
});
