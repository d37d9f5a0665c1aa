// tsd: the literal trait types of the public surface, as a user's project sees them: imported by the
// package's own name, so they resolve to the declarations `npm pack` ships (dist/, built by
// `npm run test:tsd`). expectType is strict: the type must be identical, not merely assignable.
// The runtime values of the same descriptors are pinned in test/descriptors/traits.test.ts.
import { expectAssignable, expectType } from 'tsd';
import {
  type AnyFFTDescriptor,
  Block,
  BlockDim,
  type BlockDimOp,
  Direction,
  ElementsPerThread,
  fft,
  type FFTIncomplete,
  FFTsPerBlock,
  Limits,
  type LimitsOp,
  Precision,
  RealFFTOptions,
  type RealFFTOptionsOp,
  Size,
  type SizeOp,
  Thread,
  Type,
  type TypeOp,
  type WGSLModule,
  type WGSLOptions,
} from 'webfftdx';

// --- operators keep their literal arguments ---
expectType<SizeOp<128>>(Size(128));
expectType<TypeOp<'r2c'>>(Type('r2c'));
expectType<BlockDimOp<16, 2, 1>>(BlockDim(16, 2));
expectType<RealFFTOptionsOp<'packed', 'normal'>>(RealFFTOptions('packed'));
expectType<LimitsOp<32768, 256>>(Limits({ maxComputeWorkgroupStorageSize: 32768 }));

// --- the acceptance descriptor (cuFFTDx's introduction example) ---
const F = fft(Size(128), Type('c2c'), Direction('forward'), Block(), ElementsPerThread(8), FFTsPerBlock(2));
expectType<128>(F.size);
expectType<'c2c'>(F.type);
expectType<'forward'>(F.direction);
expectType<'f32'>(F.precision);
expectType<'block'>(F.execution);
expectType<{ readonly layout: 'natural'; readonly mode: 'normal' }>(F.realFFTOptions);
expectType<'vec2<f32>'>(F.valueType);
expectType<'complex'>(F.inputType);
expectType<'complex'>(F.outputType);
expectType<1>(F.implicitTypeBatching);
expectType<true>(F.isComplete);
expectType<true>(F.isCompleteExecution);
expectType<16>(F.stride);
expectType<readonly [16, 2, 1]>(F.blockDim);
expectType<8>(F.elementsPerThread);
expectType<8>(F.suggestedElementsPerThread);
expectType<8>(F.storageSize);
expectType<128>(F.inputLength);
expectType<128>(F.outputLength);
expectType<8>(F.inputEPT);
expectType<8>(F.outputEPT);
expectType<2>(F.fftsPerBlock);
expectType<2>(F.suggestedFFTsPerBlock); // measured tuning: 2 FFTs per workgroup
expectType<32>(F.maxThreadsPerBlock);
expectType<1024>(F.sharedMemorySize);
expectType<false>(F.requiresWorkspace);
expectType<0>(F.workspaceSize);
expectType<(options?: WGSLOptions) => WGSLModule>(F.wgsl);

// Operator order does not matter.
const G = fft(FFTsPerBlock(2), ElementsPerThread(8), Block(), Precision('f32'), Direction('forward'), Type('c2c'), Size(128));
expectType<16>(G.stride);
expectType<readonly [16, 2, 1]>(G.blockDim);
expectType<1024>(G.sharedMemorySize);

// --- real FFTs follow cuFFTDx (size 16, ElementsPerThread 4) ---
// c2r natural: N/2+1 in, div(natural, E) per invocation; the direction is deduced.
const C2R = fft(Size(16), Type('c2r'), Block(), ElementsPerThread(4));
expectType<'inverse'>(C2R.direction);
expectType<9>(C2R.inputLength);
expectType<16>(C2R.outputLength);
expectType<3>(C2R.inputEPT);
expectType<4>(C2R.outputEPT);
expectType<4>(C2R.stride);
expectType<'complex'>(C2R.inputType);
expectType<'real'>(C2R.outputType);
// c2r packed: N/2 in, E/2 + E%2 per invocation; full: N in, E per invocation.
const C2RPacked = fft(Size(16), Type('c2r'), Block(), ElementsPerThread(4), RealFFTOptions('packed'));
expectType<8>(C2RPacked.inputLength);
expectType<2>(C2RPacked.inputEPT);
expectType<4>(C2RPacked.storageSize);
const C2RFull = fft(Size(16), Type('c2r'), Block(), ElementsPerThread(4), RealFFTOptions('full'));
expectType<16>(C2RFull.inputLength);
expectType<4>(C2RFull.inputEPT);
// r2c natural: real input, N/2+1 out.
const R2C = fft(Size(16), Type('r2c'), Block(), ElementsPerThread(4));
expectType<'forward'>(R2C.direction);
expectType<'real'>(R2C.inputType);
expectType<16>(R2C.inputLength);
expectType<9>(R2C.outputLength);
expectType<4>(R2C.inputEPT);
expectType<3>(R2C.outputEPT);
// r2c folded: N/2 complex pairs in, effective EPT E/2, storage +1 (natural), x1 (packed), x2 (full).
const R2CFolded = fft(Size(16), Type('r2c'), Block(), ElementsPerThread(4), RealFFTOptions('natural', 'folded'));
expectType<{ readonly layout: 'natural'; readonly mode: 'folded' }>(R2CFolded.realFFTOptions);
expectType<'complex'>(R2CFolded.inputType);
expectType<8>(R2CFolded.inputLength);
expectType<9>(R2CFolded.outputLength);
expectType<2>(R2CFolded.inputEPT);
expectType<3>(R2CFolded.outputEPT);
expectType<4>(R2CFolded.elementsPerThread);
expectType<4>(R2CFolded.stride);
expectType<3>(R2CFolded.storageSize);
expectType<readonly [4, 1, 1]>(R2CFolded.blockDim);
const R2CFoldedPacked = fft(Size(16), Type('r2c'), Block(), ElementsPerThread(4), RealFFTOptions('packed', 'folded'));
expectType<8>(R2CFoldedPacked.outputLength);
expectType<2>(R2CFoldedPacked.outputEPT);
expectType<2>(R2CFoldedPacked.storageSize);
const R2CFoldedFull = fft(Size(16), Type('r2c'), Block(), ElementsPerThread(4), RealFFTOptions('full', 'folded'));
expectType<16>(R2CFoldedFull.outputLength);
expectType<4>(R2CFoldedFull.outputEPT);
expectType<4>(R2CFoldedFull.storageSize);
// c2r folded: complex pairs out.
const C2RFolded = fft(Size(16), Type('c2r'), Block(), ElementsPerThread(4), RealFFTOptions('natural', 'folded'));
expectType<'complex'>(C2RFolded.outputType);
expectType<8>(C2RFolded.outputLength);
expectType<2>(C2RFolded.outputEPT);
expectType<3>(C2RFolded.inputEPT);

// --- Thread execution: one invocation per FFT, register i holds element i ---
const T = fft(Size(16), Type('r2c'), Thread(), RealFFTOptions('natural', 'folded'));
expectType<'thread'>(T.execution);
expectType<1>(T.stride);
expectType<16>(T.elementsPerThread);
expectType<8>(T.inputEPT);
expectType<9>(T.outputEPT);
expectType<9>(T.storageSize);
expectType<readonly [1, 1, 1]>(T.blockDim);
expectType<0>(T.sharedMemorySize);
const T64 = fft(Size(64), Thread(), Direction('inverse'));
expectType<64>(T64.storageSize);
expectType<1>(T64.fftsPerBlock);

// --- precision ---
const H = fft(Size(256), Precision('f16'), Block(), Direction('forward'));
expectType<2>(H.implicitTypeBatching); // two FFTs per f16 register
expectType<'vec4<f16>'>(H.valueType);
expectType<2>(H.fftsPerBlock);
expectType<2>(fft(Size(256), Precision('f16'), Block(), Direction('forward'), FFTsPerBlock(4)).blockDim[1]);
expectType<2>(fft(Size(8), Precision('f16'), Thread(), Direction('inverse')).fftsPerBlock);
const D64 = fft(Size(1024), Precision('f64'), Block(), Direction('forward'));
expectType<'vec4<f32>'>(D64.valueType); // df64: emulated with f32 pairs
expectType<1>(D64.implicitTypeBatching);

// --- Primes need a workspace: Rader where p - 1 runs natively (97: two 96-point FFTs), else Bluestein ---
const R = fft(Size(97), Block(), Direction('forward'));
expectType<true>(R.requiresWorkspace);
expectType<1536>(R.workspaceSize); // 2 x 96 complex values
expectType<7>(R.storageSize); // ElementsPerThread(6), and element 96 in invocation 0's seventh register
expectType<7>(R.inputEPT);
expectType<97>(R.inputLength);
expectType<2>(R.suggestedFFTsPerBlock); // 16 invocations per FFT: 2 FFT slots
// Small primes suggest FFT slots up to about 32 invocations per workgroup (67: 6 per FFT, 4 slots).
const R67 = fft(Size(67), Block(), Direction('forward'));
expectType<6>(R67.stride);
expectType<4>(R67.suggestedFFTsPerBlock);
expectType<1>(R67.fftsPerBlock);
expectType<2>(fft(Size(67), Block(), Direction('forward'), ElementsPerThread(6)).suggestedFFTsPerBlock);
const B = fft(Size(151), Block(), Direction('forward')); // Bluestein over 512: Rader's E30 measured slower
expectType<true>(B.requiresWorkspace);
expectType<8192>(B.workspaceSize);
expectType<16>(B.storageSize);

// --- 84 = 4 * 3 * 7, whose primes no ElementsPerThread holds: native (21 x 4, the last stage gathered), no workspace; Bluestein in f64 ---
const GA = fft(Size(84), Block(), Direction('forward'));
expectType<false>(GA.requiresWorkspace);
expectType<21>(GA.elementsPerThread);
expectType<4>(GA.stride);
expectType<true>(fft(Size(84), Block(), Direction('forward'), Precision('f64')).requiresWorkspace);
// 2400 = 2^5 3 5^2: its only plain E is 30; E20 (20 x 24 x 5, later stages gathered) is the tuning table's default.
const G24 = fft(Size(2400), Block(), Direction('forward'));
expectType<20>(G24.elementsPerThread);
expectType<120>(G24.stride);
expectType<9600>(G24.sharedMemorySize); // split exchange, one slot
expectType<16>(fft(Size(2400), Block(), Direction('forward'), ElementsPerThread(16)).elementsPerThread);
expectType<30>(fft(Size(2400), Block(), Direction('forward'), ElementsPerThread(30)).elementsPerThread);

// --- Limits ---
const mid = { maxComputeWorkgroupStorageSize: 32768, maxComputeInvocationsPerWorkgroup: 1024 } as const;
// A tuned profile keeps literal traits and allows larger sizes.
const M = fft(Size(8192), Block(), Direction('forward'), Limits(mid));
expectType<readonly [256, 1, 1]>(M.blockDim);
expectType<16384>(M.sharedMemorySize); // measured tuning: split exchange in 2 parts
// The largest native Block FFT of the large profile.
const L = fft(Size(12288), Block(), Direction('forward'), Limits({ maxComputeWorkgroupStorageSize: 49152, maxComputeInvocationsPerWorkgroup: 1024 }));
expectType<32768>(L.sharedMemorySize); // the heuristic's exchange in 3 parts (bench/NOTES.md run 72)
expectType<512>(L.maxThreadsPerBlock);
// Other limits widen the Block traits to number; Thread traits do not depend on them.
const W = fft(Size(128), Block(), Direction('forward'), Limits({ maxComputeWorkgroupStorageSize: 20000 }));
expectType<number>(W.stride);
expectType<128>(W.inputLength);
expectType<16>(fft(Size(16), Thread(), Direction('forward'), Limits({ maxComputeWorkgroupStorageSize: 20000 })).storageSize);
// An adapter's GPUSupportedLimits is accepted and widens.
expectType<number>(fft(Size(128), Block(), Direction('forward'), Limits({} as GPUSupportedLimits)).elementsPerThread);

// --- non-literal input widens to number (or to the union), never an error ---
const n: number = 128;
const N = fft(Size(n), Block(), Direction('forward'));
expectType<number>(N.size);
expectType<number>(N.stride);
expectType<readonly [number, number, number]>(N.blockDim);
expectType<true>(N.isCompleteExecution);
expectType<SizeOp<number>>(Size(n));
const t = 'r2c' as 'r2c' | 'c2r';
const U = fft(Size(64), Type(t), Block());
expectType<'r2c' | 'c2r'>(U.type);
expectType<'real' | 'complex'>(U.inputType);
expectType<number>(U.outputLength);
const x = 16 as 4 | 16;
expectType<BlockDimOp<4 | 16, 4 | 16, 1>>(BlockDim(x, x));
const ops = [Size(64), Block()] as (ReturnType<typeof Size> | ReturnType<typeof Block>)[];
expectType<number>(fft(...ops).stride);

// --- large sizes: description traits stay literal at 2^24 ---
const Big = fft(Size(16777216), Type('r2c'));
expectType<16777216>(Big.size);
expectType<'forward'>(Big.direction);
expectType<true>(Big.isComplete);
expectType<false>(Big.isCompleteExecution);

// --- incomplete descriptors: the trait's type names what is missing ---
const I = fft(Size(128), Block());
expectType<false>(I.isComplete);
expectType<FFTIncomplete<"(FFT error) stride is not available: a c2c FFT needs Direction('forward') or Direction('inverse')">>(I.stride);
expectType<FFTIncomplete<'(FFT error) size is not available: add Size(n)'>>(fft(Direction('forward'), Block()).size);
expectType<FFTIncomplete<'(FFT error) blockDim is not available: add Block() or Thread()'>>(fft(Size(8), Direction('forward')).blockDim);

// --- with() extends a base description; BlockDim sets the workgroup size ---
const base = fft(Size(128), Precision('f32'), Block());
const IFFT = base.with(Direction('inverse'));
expectType<'inverse'>(IFFT.direction);
expectType<16>(IFFT.stride);
expectAssignable<AnyFFTDescriptor>(IFFT);
expectType<readonly [16, 4, 1]>(base.with(Direction('forward'), FFTsPerBlock(4)).blockDim);
const BD = fft(Size(128), Block(), Direction('forward'), BlockDim(32, 2));
expectType<readonly [32, 2, 1]>(BD.blockDim);
expectType<2>(BD.fftsPerBlock);
expectType<64>(BD.maxThreadsPerBlock);
