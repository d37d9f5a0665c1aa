// Pure planning of a fused convolution (no GPU): the FFT length P, the forward and inverse FFT
// descriptors with one shared register layout, the workgroup buffers they share, and the lengths
// and offsets of the input, spectrum and output. Everything that depends on the device comes from
// its limits, so `convolutionLayout(device.limits, ...)` tells a caller P before any GPU work.
import { fft } from '../fft.js';
import { hasPlainStages, MAX_NATIVE_PRIME, maxBluesteinLength, maxNativeBlockSize } from '../../descriptors/capabilities.js';
import type { FFTLimits, FFTPlan } from '../../descriptors/model.js';
import { Block, Direction, ElementsPerThread, FFTsPerBlock, Limits, Precision, RealFFTOptions, Size, Type } from '../../descriptors/operators.js';
import { largestPrimeFactor, nextPowerOfTwo } from '../../descriptors/sizes.js';
import type { WGSLModule } from '../../kernels/types.js';
import { fastestMeasuredLength, measuredRate } from './fused-rates.js';
import type { ConvolutionMode, ConvolutionType } from './types.js';

/**
 * How the kernel transforms: `c2c` (complex signals), `folded` (real signals of an even P whose
 * half the engine runs natively, through a P/2-point complex engine, RealFFTOptions('natural',
 * 'folded')), `normal` (real signals of another P through a P-point engine,
 * RealFFTOptions('natural', 'normal'): circular only),
 * `pairs` (real signals two at a time as the real and imaginary parts of one complex signal through
 * the P-point C2C engine: the filter is real, so conv(a + i b, h) = conv(a, h) + i conv(b, h) and the
 * halves need no untangling; circular, plain multiply only, P <= PAIRS_MAX_LENGTH).
 */
export type ConvolutionEngine = 'c2c' | 'folded' | 'normal' | 'pairs';

/**
 * The largest P of the pairs engine: at 256-4096 two real signals through one C2C convolution ran
 * 1.36-1.46 x faster than the folded R2C/C2R kernel; at 16384 both took the same time
 * (bench/conv-variant.js, H200, 2026-11-24, docs/convolution.md).
 */
export const PAIRS_MAX_LENGTH = 8192;

export interface ConvolutionRequest {
  readonly type: ConvolutionType;
  readonly mode: ConvolutionMode;
  /** N */
  readonly signalLength: number;
  /** M; undefined only for a circular plan without taps (a spectrum or a pointwise function alone). */
  readonly filterLength: number | undefined;
  /** A user pointwise function replaces the multiply (it must see each real signal's own spectrum: no pairs engine). */
  readonly pointwise?: boolean;
  /** The signal's shape: [N] or [ny, nx] (signalLength is the product). */
  readonly shape?: readonly number[];
  /** The filter's shape: [M] or [my, mx] (filterLength is the product); undefined with filterLength. */
  readonly filterShape?: readonly number[];
  /** The kernel's arithmetic: 'f32' (default; f16 plans too) or 'f64' (df64 FFTs: the fused kernel, the 1D four-step path). */
  readonly precision?: 'f32' | 'f64';
  /** The filter is given as `{ spectrum }` (a circular plan's spectrum then has N values: P = N). */
  readonly spectrumFilter?: boolean;
}

/**
 * A 1D circular convolution whose length N has a prime factor above 13 (where the FFT of N points
 * would need Bluestein) runs as a linear one: the signal with its last M - 1 values in front,
 * x_ext[i] = x[(i - (M - 1)) mod N] for i < N + M - 1, convolved with the taps, whose linear outputs
 * M - 1 .. M + N - 2 are the circular outputs 0 .. N - 1. Its FFT length is then a fast length
 * >= N + M - 1 (one fused kernel up to one workgroup, the four-step path's 3 passes beyond) instead
 * of Bluestein's passes over a power of two >= 2N - 1 (8 passes at 2^16 + 3). It needs the taps (a
 * given spectrum has N values) and the plain multiply (a pointwise function indexes the N-point
 * spectrum). Returns M - 1, the length of the wrapped prefix, or undefined where the plan keeps P = N.
 */
export function circularPrefix(req: ConvolutionRequest): number | undefined {
  return wrappable(req) && largestPrimeFactor(req.signalLength) > MAX_NATIVE_PRIME ? req.filterLength! - 1 : undefined;
}

/** Whether a request can run as a linear convolution of its wrapped signal: 1D circular, with its taps, no given spectrum, the plain multiply. */
function wrappable(req: ConvolutionRequest): boolean {
  const oneD = (req.shape ?? [req.signalLength]).length === 1;
  return req.mode === 'circular' && oneD && req.filterLength !== undefined && req.spectrumFilter !== true && req.pointwise !== true;
}

/** The WebGPU limits a plan must fit (a GPUDevice's `limits` will do). */
export type ConvolutionLimits = Pick<GPUSupportedLimits, 'maxComputeWorkgroupStorageSize' | 'maxComputeInvocationsPerWorkgroup'>;

/** One `var<workgroup>` of the fused kernel. */
export interface WorkgroupBuffer {
  readonly name: string;
  readonly element: string;
  readonly count: number;
}

export interface ConvolutionLayout extends ConvolutionRequest {
  readonly engine: ConvolutionEngine;
  /** P: the FFT length (N for circular, but for circularPrefix's plans). */
  readonly fftLength: number;
  readonly outputLength: number;
  /** Output n is linear output n + outputOffset ('same': floor((M - 1) / 2); circular through a linear convolution: M - 1; else 0). */
  readonly outputOffset: number;
  /** Circular through a linear convolution (circularPrefix): element i < N + wrap of the padded signal is x[(i - wrap) mod N]; else 0. */
  readonly wrap: number;
  /** Complex values of the spectrum a user gives: P (complex) or P/2 + 1 (real). */
  readonly spectrumLength: number;
  /** Complex values of the spectrum the kernel reads: spectrumLength, or P for the pairs engine (Hermitian-extended). */
  readonly storedSpectrumLength: number;
  /** Read the filter spectrum into registers before the forward FFT (measured faster from P = 16384 on). */
  readonly prefetchSpectrum: boolean;
  /** With prefetchSpectrum, how many of the forward's output registers read theirs first (the rest after it); undefined: all. */
  readonly prefetchRegisters?: number;
  readonly forward: WGSLModule;
  readonly inverse: WGSLModule;
  /** Signals per workgroup (FFT slots along local_invocation_id.y). */
  readonly fftsPerBlock: number;
  /** Invocations per signal; invocation t holds element t + i * stride in register i. */
  readonly stride: number;
  /** Register array length (the larger of the two FFTs' storageSize). */
  readonly registers: number;
  readonly workgroupSize: readonly [number, number, number];
  readonly buffers: readonly WorkgroupBuffer[];
  /** Bytes of workgroup memory the kernel uses (what its register APIs use: shared, or side by side). */
  readonly workgroupBytes: number;
}

export const FWD_PREFIX = 'conv_fwd';
export const INV_PREFIX = 'conv_inv';

function fftLimits(limits: ConvolutionLimits): FFTLimits {
  return {
    maxComputeWorkgroupStorageSize: limits.maxComputeWorkgroupStorageSize,
    maxComputeInvocationsPerWorkgroup: limits.maxComputeInvocationsPerWorkgroup,
    subgroups: false,
  };
}

/** The largest P one fused kernel runs under these limits, per engine (real: the folded path). */
export function largestFusedLength(type: ConvolutionType, limits: ConvolutionLimits, precision: 'f32' | 'f64' = 'f32'): number {
  const l = fftLimits(limits);
  return type === 'complex' ? maxNativeBlockSize(precision, l) : 2 * maxBluesteinLength(precision, l);
}

/**
 * The request is valid but one fused kernel cannot run it (a length beyond one workgroup, or one
 * that needs Bluestein): createConvolution takes the multi-pass path instead (./multipass-plan.ts).
 */
export class BeyondFusedKernel extends Error {}

/** `max`: the longest P the fused kernel takes here (largestFusedLength, or less under ConvolutionShape.maxLength). */
function multiPassError(what: string, p: number, type: ConvolutionType, limits: ConvolutionLimits, precision: 'f32' | 'f64', max: number): Error {
  const capped = max < largestFusedLength(type, limits, precision) ? '; longer ones run faster on the multi-pass path' : '';
  return new BeyondFusedKernel(
    `webfftdx: ${what} needs an FFT of ${p} points, beyond the largest ${type}${precision === 'f64' ? ' f64' : ''} convolution one workgroup runs on this device ` +
      `(${max} points with ${limits.maxComputeWorkgroupStorageSize} bytes of workgroup memory and ` +
      `${limits.maxComputeInvocationsPerWorkgroup} invocations${capped}): the multi-pass path runs it`,
  );
}

interface Descriptors {
  forward(extra: readonly unknown[]): FFTPlanned;
  inverse(extra: readonly unknown[]): FFTPlanned;
}

/** What createConvolution reads of an fft(...) descriptor. */
interface FFTPlanned {
  readonly plan: FFTPlan;
  wgsl(options: { prefix: string; sharedMemory: string }): WGSLModule;
}

function descriptorsFor(engine: ConvolutionEngine, p: number, limits: FFTLimits, precision: 'f32' | 'f64' = 'f32'): Descriptors {
  // fft() validates its operators at run time; the list is built dynamically, hence the casts.
  const make = (ops: unknown[]) => (fft as unknown as (...o: unknown[]) => FFTPlanned)(...ops);
  // f32 descriptors leave Precision out (the default), as they always did.
  const base = [Size(p), Block(), Limits(limits), ...(precision === 'f64' ? [Precision('f64')] : [])];
  if (engine === 'c2c' || engine === 'pairs') {
    return {
      forward: (extra) => make([...base, Direction('forward'), ...extra]),
      inverse: (extra) => make([...base, Direction('inverse'), ...extra]),
    };
  }
  const options = RealFFTOptions('natural', engine);
  return {
    forward: (extra) => make([...base, Type('r2c'), options, ...extra]),
    inverse: (extra) => make([...base, Type('c2r'), options, ...extra]),
  };
}

/** True when the engine runs P natively (no Bluestein) in one workgroup under these limits. */
function runsNatively(engine: ConvolutionEngine, p: number, limits: FFTLimits, precision: 'f32' | 'f64' = 'f32'): boolean {
  try {
    return descriptorsFor(engine, p, limits, precision).forward([]).plan.algorithm === 'stockham';
  } catch {
    return false;
  }
}

/**
 * The smallest length >= l with no prime factor above 7 that the engine runs natively in plain stages
 * (scipy's next_fast_len, restricted to what one workgroup runs; lengths whose engines gather their
 * last stage run when asked for, but are not padded to); undefined beyond `max`.
 */
function nextFastLength(l: number, max: number, limits: FFTLimits, precision: 'f32' | 'f64' = 'f32'): number | undefined {
  for (let n = Math.max(2, l); n <= max; n++) {
    if (largestPrimeFactor(n) <= 7 && hasPlainStages(n, precision) && runsNatively('c2c', n, limits, precision)) return n;
  }
  return undefined;
}

/**
 * A padded linear convolution runs a circular one of N points only where its estimated time is at
 * most this share of P = N's: the rates were measured per kernel, and the wrapped loads and the cropped
 * outputs are not in them (bench/NOTES.md run 75).
 */
const PADDED_CIRCULAR_MARGIN = 0.8;

/**
 * A 1D complex f32 circular convolution with its taps whose length N the fused kernel runs slowly
 * (its measured rate, e.g. 1081 GB/s at 7680 on an H200, where 8192 runs 1688) runs as
 * circularPrefix's linear one padded to the fastest measured length >= N + M - 1, where the rates put
 * that at PADDED_CIRCULAR_MARGIN of P = N's time or less: 7680 with 64 taps pads to 8192 (0.68 of the
 * time), with 7680 taps it stays (15359 outputs need 16384 points). Returns the length and the prefix
 * M - 1, or undefined (lengths without a measured rate keep P = N).
 */
function paddedCircular(req: ConvolutionRequest, max: number, l: FFTLimits): { p: number; wrap: number } | undefined {
  if (!wrappable(req) || req.type !== 'complex' || (req.precision ?? 'f32') !== 'f32') return undefined;
  const n = req.signalLength;
  const m = req.filterLength!;
  const rate = measuredRate(n, l);
  if (rate === undefined) return undefined;
  const p = fastestMeasuredLength(n + m - 1, max, l, (q) => runsNatively('c2c', q, l, 'f32'));
  if (p === undefined || p === n) return undefined;
  return p / measuredRate(p, l)! <= PADDED_CIRCULAR_MARGIN * (n / rate) ? { p, wrap: m - 1 } : undefined;
}

/**
 * A real linear convolution pads to an even length other than the power of two only where the
 * complex rates of the two halves put it at this share of the power of two's time or less: the
 * folded kernel's cost follows its engine's only roughly (H200, bench/NOTES.md run 86: 2400 for
 * 2100 outputs 1.45 x and 4320 for 4159 1.49 x faster than 4096 / 8192, as the rates said, but
 * 800 for 799 outputs 1.25 x slower than 1024, which they rated at 0.89 of its time).
 */
const PADDED_REAL_MARGIN = 0.8;

/**
 * The even length P >= full of a real (folded) linear convolution: the power of two, or the even
 * length whose half the complex rates rate fastest (fastestMeasuredLength over the halves) where
 * that is at PADDED_REAL_MARGIN of the power of two's time or less, e.g. 2000 + 100 outputs pad
 * to 2400 (a 1200-point engine) rather than 4096. Undefined where the rates list no such half.
 */
function foldedMeasuredLength(full: number, max: number, l: FFTLimits): number | undefined {
  const pow2Half = nextPowerOfTwo(full) / 2;
  const half = fastestMeasuredLength(Math.ceil(full / 2), Math.floor(max / 2), l, (q) => runsNatively('folded', 2 * q, l, 'f32'));
  if (half === undefined || half === pow2Half) return undefined;
  const [rate, pow2Rate] = [measuredRate(half, l)!, measuredRate(pow2Half, l)];
  return pow2Rate === undefined || half / rate <= PADDED_REAL_MARGIN * (pow2Half / pow2Rate) ? 2 * half : undefined;
}

/** The engine, the FFT length P and the circular prefix's length (0 unless circularPrefix or paddedCircular applies). */
function chooseLength(req: ConvolutionRequest, limits: ConvolutionLimits, maxLength = Infinity): { engine: ConvolutionEngine; p: number; wrap: number } {
  const l = fftLimits(limits);
  const n = req.signalLength;
  const precision = req.precision ?? 'f32';
  const max = Math.min(largestFusedLength(req.type, limits, precision), maxLength);
  const prefix = circularPrefix(req);
  const padded = prefix === undefined && n <= max ? paddedCircular(req, max, l) : undefined;
  if (padded) return { engine: 'c2c', ...padded };
  if (req.mode === 'circular' && prefix === undefined) {
    if (req.type === 'real' && !req.pointwise && n <= PAIRS_MAX_LENGTH && runsNatively('pairs', n, l, precision)) return { engine: 'pairs', p: n, wrap: 0 };
    const engine: ConvolutionEngine = req.type === 'complex' ? 'c2c' : n % 2 === 0 && runsNatively('folded', n, l, precision) ? 'folded' : 'normal';
    const engineMax = engine === 'normal' ? Math.min(maxNativeBlockSize(precision, l), maxLength) : max;
    if (n > engineMax) throw multiPassError(`circular convolution of ${n} points`, n, req.type, limits, precision, engineMax);
    if (!runsNatively(engine, n, l, precision)) {
      const why =
        largestPrimeFactor(n) > MAX_NATIVE_PRIME
          ? `${n} has the prime factor ${largestPrimeFactor(n)} (above ${MAX_NATIVE_PRIME}), which the engine computes through Bluestein`
          : `the engine's stages of ${n} do not fit one workgroup's elements per invocation (it computes ${n} through Bluestein)`;
      throw new BeyondFusedKernel(`webfftdx: circular convolution of ${n} points: ${why}; a fused Bluestein convolution is not built: the multi-pass path runs it`);
    }
    return { engine, p: n, wrap: 0 };
  }
  const m = req.filterLength!;
  const wrap = prefix ?? 0;
  const full = n + m - 1;
  const what =
    prefix === undefined
      ? `${req.mode} convolution of ${n} points with ${m} taps (${full} outputs before cropping)`
      : `circular convolution of ${n} points (prime factor ${largestPrimeFactor(n)}) with ${m} taps, as a linear one of ${full} outputs`;
  if (req.type === 'real') {
    const p = (precision === 'f32' ? foldedMeasuredLength(full, max, l) : undefined) ?? nextPowerOfTwo(full);
    if (p > max) throw multiPassError(what, p, req.type, limits, precision, max);
    return { engine: 'folded', p, wrap };
  }
  // f32: the measured length the rates say is fastest (a power of two, or a tuning-table length), e.g.
  // 1009 + 63 = 1072 points -> 1080 with 48 KiB (a table length since run 72), 2048 under the other
  // profiles, where 1080's heuristic shape ran 2.5 x slower per point (bench/NOTES.md runs 71-72);
  // f64 (not measured) and lengths beyond the rates: the next 7-smooth length.
  const measured = precision === 'f32' ? fastestMeasuredLength(full, max, l, (q) => runsNatively('c2c', q, l, precision)) : undefined;
  const p = measured ?? nextFastLength(full, max, l, precision);
  if (p === undefined) throw multiPassError(what, full, req.type, limits, precision, max);
  return { engine: 'c2c', p, wrap };
}

/** `var<workgroup> name: array<T, K>;` -> T and K. */
function parseDeclaration(declaration: string): { element: string; count: number } {
  const m = /array<(.+),\s*(\d+)>\s*;\s*$/.exec(declaration.trim());
  if (!m) throw new Error(`webfftdx: unexpected workgroup declaration '${declaration}'`);
  return { element: m[1], count: Number(m[2]) };
}

/**
 * Two df64 engines of 16 registers in one kernel spill: the f64 pair takes at most 8 elements per
 * invocation where the FFT supports 8 (H100, bench/NOTES.md run 51: complex 4096 E16 344 GB/s, E8
 * 763; 2048 E16 204, E8 949), whatever createBatchedFFT's tuning picks for one FFT.
 */
function df64PairElements(tuned: number, d: Descriptors): number {
  if (tuned <= 8) return tuned;
  try {
    d.forward([ElementsPerThread(8)]);
    return 8;
  } catch {
    return tuned;
  }
}

/**
 * The two FFTs with the same register layout: the forward's tuned elements per invocation and
 * suggested FFTs per workgroup, forced on both, then fewer FFTs per workgroup until both fit.
 * Where their exchanges use the same element type they share one workgroup buffer (the register
 * API synchronises before its first use of it, so the inverse can follow the forward directly);
 * otherwise each gets its own.
 */
function pairFor(engine: ConvolutionEngine, p: number, limits: ConvolutionLimits, shape: ConvolutionShape = {}, precision: 'f32' | 'f64' = 'f32') {
  const l = fftLimits(limits);
  const d = descriptorsFor(engine, p, l, precision);
  const tuned = d.forward(shape.elementsPerThread === undefined ? [] : [ElementsPerThread(shape.elementsPerThread)]).plan;
  const ept = shape.elementsPerThread === undefined && precision === 'f64' ? df64PairElements(tuned.elementsPerThread, d) : tuned.elementsPerThread;
  let lastError: unknown;
  for (let f = shape.fftsPerBlock ?? tuned.suggestedFFTsPerBlock; f >= 1; f = f > 1 ? Math.max(1, Math.floor(f / 2)) : 0) {
    try {
      const extra = [ElementsPerThread(ept), FFTsPerBlock(f)];
      const fwd = d.forward(extra);
      const inv = d.inverse(extra);
      const fwdProbe = fwd.wgsl({ prefix: FWD_PREFIX, sharedMemory: 'conv_smem' });
      const invProbe = inv.wgsl({ prefix: INV_PREFIX, sharedMemory: 'conv_smem' });
      const a = parseDeclaration(fwdProbe.sharedMemoryDeclaration);
      const b = parseDeclaration(invProbe.sharedMemoryDeclaration);
      const shared = a.element === b.element;
      const bytes = shared
        ? Math.max(fwd.plan.sharedMemorySize, inv.plan.sharedMemorySize)
        : fwd.plan.sharedMemorySize + inv.plan.sharedMemorySize;
      if (fwd.plan.stride !== inv.plan.stride || fwd.plan.fftsPerBlock !== inv.plan.fftsPerBlock) {
        throw new Error(`webfftdx: internal: forward and inverse FFTs of ${p} points differ in layout`);
      }
      const threads = fwd.plan.blockDim[0] * fwd.plan.blockDim[1] * fwd.plan.blockDim[2];
      if (bytes > limits.maxComputeWorkgroupStorageSize || threads > limits.maxComputeInvocationsPerWorkgroup) continue;
      const names = shared ? ['conv_smem', 'conv_smem'] : ['conv_smem_fwd', 'conv_smem_inv'];
      const forward = shared ? fwdProbe : fwd.wgsl({ prefix: FWD_PREFIX, sharedMemory: names[0] });
      const inverse = shared ? invProbe : inv.wgsl({ prefix: INV_PREFIX, sharedMemory: names[1] });
      const buffers: WorkgroupBuffer[] = shared
        ? [{ name: names[0], element: a.element, count: Math.max(a.count, b.count) }]
        : [
            { name: names[0], ...a },
            { name: names[1], ...b },
          ];
      return { forward, inverse, buffers, bytes, fftsPerBlock: f };
    } catch (e) {
      lastError = e;
    }
  }
  throw new Error(
    `webfftdx: no shape of the ${p}-point ${engine} FFT pair fits ${limits.maxComputeWorkgroupStorageSize} bytes of workgroup memory and ` +
      `${limits.maxComputeInvocationsPerWorkgroup} invocations${lastError instanceof Error ? `: ${lastError.message}` : ''}`,
  );
}

/**
 * Forced register shape (bench experiments, not public API): elements per invocation (logical,
 * as ElementsPerThread) and FFTs per workgroup; absent, the tuning table's choice.
 */
export interface ConvolutionShape {
  readonly elementsPerThread?: number;
  readonly fftsPerBlock?: number;
  readonly prefetchSpectrum?: boolean;
  readonly prefetchRegisters?: number;
  readonly engine?: ConvolutionEngine;
  /** Plan beyond the fused kernel even where one workgroup holds the FFT (the four-step path against the fused kernel). */
  readonly multiPass?: boolean;
  /** The longest FFT the fused kernel may take (path.ts FUSED_MAX_LENGTH); beyond it, BeyondFusedKernel. Default: what the limits hold. */
  readonly maxLength?: number;
}

/**
 * Registers whose filter spectrum a kernel reads before its forward FFT where reading all of them first
 * holds too many registers through the FFT (32 per invocation: bench/NOTES.md runs 67-68).
 */
export const PREFETCHED_REGISTERS = 8;

/**
 * Whether the kernel reads its filter spectrum before the forward FFT, and for how many registers: a
 * forced shape's choice, else, for C2C from 16384 points (one workgroup per signal waits on a 128 KiB
 * spectrum), the first 8 registers' values (bench/NOTES.md run 68: complex 16384 +13 % on an H200 and
 * +23 % on an H100 over reading all 32 first, which itself beat reading after the FFT; at 8192 neither
 * gains).
 */
function prefetchOf(engine: ConvolutionEngine, p: number, shape: ConvolutionShape): Pick<ConvolutionLayout, 'prefetchSpectrum' | 'prefetchRegisters'> {
  if (shape.prefetchSpectrum !== undefined || shape.prefetchRegisters !== undefined) {
    return { prefetchSpectrum: shape.prefetchSpectrum ?? (shape.prefetchRegisters !== undefined), ...(shape.prefetchRegisters !== undefined ? { prefetchRegisters: shape.prefetchRegisters } : {}) };
  }
  return engine === 'c2c' && p >= 16384 ? { prefetchSpectrum: true, prefetchRegisters: PREFETCHED_REGISTERS } : { prefetchSpectrum: false };
}

/** Plans a fused convolution for a validated request under the given limits (no GPU work). */
export function planConvolution(req: ConvolutionRequest, limits: ConvolutionLimits, shape: ConvolutionShape = {}): ConvolutionLayout {
  // A forced engine other than pairs (bench comparisons): plan as if a pointwise function were given.
  const planned = shape.engine !== undefined && shape.engine !== 'pairs' ? { ...req, pointwise: true } : req;
  const { engine, p, wrap } = chooseLength(planned, limits, shape.maxLength);
  const pair = pairFor(engine, p, limits, shape, req.precision ?? 'f32');
  const m = req.filterLength;
  const outputLength = req.mode === 'linear' ? req.signalLength + m! - 1 : req.signalLength;
  const plan = pair.forward.plan;
  return {
    ...req,
    engine,
    fftLength: p,
    outputLength,
    outputOffset: req.mode === 'same' ? (m! - 1) >> 1 : wrap,
    wrap,
    spectrumLength: engine === 'c2c' ? p : Math.floor(p / 2) + 1,
    storedSpectrumLength: engine === 'c2c' || engine === 'pairs' ? p : Math.floor(p / 2) + 1,
    ...prefetchOf(engine, p, shape),
    forward: pair.forward,
    inverse: pair.inverse,
    fftsPerBlock: pair.fftsPerBlock,
    stride: plan.stride,
    registers: Math.max(plan.storageSize, pair.inverse.plan.storageSize),
    workgroupSize: plan.blockDim,
    buffers: pair.buffers,
    workgroupBytes: pair.bytes,
  };
}
