// tsd: invalid combinations are compile-time errors on the public surface (the package's declarations,
// as a user's project sees them). Each expectError sits next to the nearest valid descriptor, which
// must compile, so an error elsewhere in the expression cannot pass for the rule under test.
// The error texts themselves are pinned by TSTyche (test-d/errors.tst.ts) and at run time
// (test/descriptors/errors.test.ts).
import { expectError, expectType } from 'tsd';
import {
  Block,
  BlockDim,
  Direction,
  ElementsPerThread,
  fft,
  FFTsPerBlock,
  Limits,
  Precision,
  RealFFTOptions,
  Size,
  Thread,
  Type,
} from 'webfftdx';

// A size Thread execution cannot hold: 64 in f32, 32 in f64 (as cuFFTDx), 128 folded.
expectType<64>(fft(Size(64), Thread()).size);
expectError(fft(Size(65), Thread()));
expectType<32>(fft(Size(32), Thread(), Precision('f64')).size);
expectError(fft(Size(64), Thread(), Precision('f64')));
expectType<128>(fft(Size(128), Thread(), Type('r2c'), RealFFTOptions('natural', 'folded')).size);
expectError(fft(Size(130), Thread(), Type('r2c'), RealFFTOptions('natural', 'folded')));

// Sizes below 2 or not integers.
expectError(fft(Size(1), Block()));
expectError(fft(Size(2.5)));

// r2c is always forward, c2r always inverse.
expectType<'forward'>(fft(Size(64), Type('r2c'), Direction('forward')).direction);
expectError(fft(Size(64), Type('r2c'), Direction('inverse')));
expectError(fft(Direction('forward'), Type('c2r')));

// ElementsPerThread the size does not allow (96: 2, 3, 4, 6, 8, 12, 16, 24; Rader's 96 of 97 alike;
// the Bluestein length 512 of 151: powers of two).
expectType<6>(fft(Size(96), Block(), Direction('forward'), ElementsPerThread(6)).elementsPerThread);
expectType<8>(fft(Size(97), Block(), Direction('forward'), ElementsPerThread(8)).elementsPerThread);
expectError(fft(Size(96), Block(), ElementsPerThread(5)));
expectError(fft(Size(97), Block(), ElementsPerThread(5)));
expectError(fft(Size(151), Block(), ElementsPerThread(6)));
expectError(fft(Size(64), Type('r2c'), Block(), RealFFTOptions('natural', 'folded'), ElementsPerThread(5)));

// FFTsPerBlock odd in f16 (each f16 computation carries two FFTs).
expectType<4>(fft(Size(128), Precision('f16'), Block(), Direction('forward'), FFTsPerBlock(4)).fftsPerBlock);
expectError(fft(Size(128), Precision('f16'), Block(), FFTsPerBlock(3)));

// Each operator at most once, one execution operator, also through with().
expectError(fft(Size(128), Size(256)));
expectError(fft(Size(128), Block(), Block()));
expectError(fft(Size(8), Thread(), Block()));
expectType<readonly [16, 4, 1]>(fft(Size(128), Block()).with(Direction('forward'), FFTsPerBlock(4)).blockDim);
expectError(fft(Size(128)).with(Size(256)));
expectError(fft(Size(8), Block()).with(Thread()));

// Block-only operators with Thread.
expectError(fft(Size(64), Thread(), ElementsPerThread(4)));
expectError(fft(Size(64), Thread(), FFTsPerBlock(2)));
expectError(fft(Size(64), BlockDim(64)).with(Thread()));

// Real-FFT options: folded needs a real type; packed an even size; folded Block an even size whose
// half the engine runs natively (96: 48 does; 202: 101 would take Bluestein).
expectError(fft(Size(64), RealFFTOptions('natural', 'folded')));
expectType<16>(fft(Size(16), Type('r2c'), RealFFTOptions('packed')).size);
expectError(fft(Size(15), Type('r2c'), RealFFTOptions('packed')));
expectError(fft(Type('r2c'), RealFFTOptions('packed')).with(Size(15)));
expectType<96>(fft(Size(96), Type('r2c'), Block(), RealFFTOptions('natural', 'folded')).size);
expectError(fft(Size(202), Type('r2c'), Block(), RealFFTOptions('natural', 'folded')));
expectError(fft(Size(15), Type('r2c'), Block(), RealFFTOptions('natural', 'folded')));

// What the engine cannot build under the Limits: sizes, invocations, workgroup memory, BlockDim.
expectError(fft(Size(16384), Block()));
expectType<16384>(fft(Size(16384), Block(), Limits({ maxComputeWorkgroupStorageSize: 32768, maxComputeInvocationsPerWorkgroup: 1024 })).size);
expectError(fft(Size(4097), Block(), Direction('forward')));
expectError(fft(Size(4096), Block(), ElementsPerThread(8)));
expectError(fft(Size(1323), Block(), FFTsPerBlock(4), ElementsPerThread(21)));
expectType<10000>(fft(Size(3125), Direction('forward'), Block(), FFTsPerBlock(2), ElementsPerThread(25)).sharedMemorySize); // 5 exchange parts
expectType<readonly [16, 1, 1]>(fft(Size(128), Block(), Direction('forward'), ElementsPerThread(8), BlockDim(16)).blockDim);
expectError(fft(Size(128), Block(), ElementsPerThread(8), BlockDim(8)));
expectError(fft(Size(128), Block(), BlockDim(300)));

// Operator values: non-positive block configuration, invalid Limits.
expectError(fft(Size(64), Block(), ElementsPerThread(0)));
expectError(fft(Size(64), Block(), BlockDim(16, 0)));
expectError(fft(Size(64), Limits({ maxComputeInvocationsPerWorkgroup: 0 })));

// Arguments of the wrong JavaScript type are errors on the operator itself.
expectError(Size('64'));
expectError(Type(2));
expectError(Type('r2x'));
expectError(BlockDim(16, '2'));
expectError(RealFFTOptions('natural', 3));
expectError(Limits(16384));
expectError(Limits({ maxComputeWorkgroupStorageSize: '32768' }));

// An incomplete descriptor has no execution traits: using one as a number, or asking for WGSL, fails.
const incomplete = fft(Size(128), Block());
const asNumber = (v: number): number => v;
expectType<16>(fft(Size(128), Block(), Direction('forward')).stride);
expectError(asNumber(incomplete.stride));
expectError(asNumber(fft(Size(8), Direction('forward')).elementsPerThread));
expectError(incomplete.wgsl());
