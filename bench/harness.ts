// The measurement loop: the copy kernel first (the ceiling of this run), then every requested case,
// each timed the same way, each turned into a row of GB/s and ratio to the copy. A case the engine
// does not support is listed as unsupported; any other error is a failure, recorded and reported,
// and the loop goes on with the next case.
import { isSoftwareAdapter, shortDeviceName } from './adapter.js';
import { rotationCount } from './buffers.js';
import type { BenchCase, CaseOptions } from './case.js';
import {
  GPU_REAL_SIZES,
  GPU_SIZES,
  SOFTWARE_REAL_SIZES,
  SOFTWARE_SIZES,
  isRealKind,
  type BenchArgs,
  type BenchKind,
  type BenchPrecision,
} from './cli.js';
import { makeCopyCase } from './copy-kernel.js';
import { DEFAULT_DF64_RENORMALISATION, setDf64Renormalisation, type Df64Renormalisation } from '../kernels/arith.js';
import type { BenchMiss, BenchReport, BenchRow } from './report.js';
import { gbPerSecond } from './report.js';
import { makeScaleCase } from './scale-kernel.js';
import { timeEncode, type TimingMethod } from '../src/host/timing.js';

/** Builds the case for one (kind, precision, n, batch); FFT kinds go to the library's batched FFT. */
export type CaseFactory = (
  device: GPUDevice,
  spec: { kind: BenchKind; precision: BenchPrecision; n: number; batch: number },
  options: CaseOptions,
) => Promise<BenchCase>;

export interface HarnessSettings {
  readonly sizes: readonly number[];
  readonly realSizes: readonly number[];
  readonly kinds: readonly BenchKind[];
  readonly precisions: readonly BenchPrecision[];
  readonly total: number;
  readonly repeats: number;
  readonly warmup: number;
  readonly cacheBytes: number;
  /** f64 cases once per df64 renormalisation (bench --df64); undefined: the library's default only. */
  readonly df64?: readonly Df64Renormalisation[];
}

/** Settings with the adapter-dependent defaults filled in. */
export function resolveSettings(args: BenchArgs, software: boolean): HarnessSettings {
  const sizes = args.sizes ?? (software ? SOFTWARE_SIZES : GPU_SIZES);
  return {
    sizes,
    realSizes: args.realSizes ?? args.sizes ?? (software ? SOFTWARE_REAL_SIZES : GPU_REAL_SIZES),
    kinds: args.kinds ?? ['c2c', 'r2c', 'c2r'],
    precisions: args.precisions,
    total: args.total ?? (software ? 2 ** 18 : 2 ** 26),
    repeats: args.repeats ?? (software ? 5 : 20),
    warmup: args.warmup ?? (software ? 1 : 3),
    cacheBytes: args.cacheMiB * 1024 * 1024,
    ...(args.df64 ? { df64: args.df64 } : {}),
  };
}

/** Bytes of one complex element per precision (f16: two halves; f64: emulated as f32 pairs). */
const COMPLEX_BYTES: Record<BenchPrecision, number> = { f16: 4, f32: 8, f64: 16 };

/**
 * Elements (points) per case: `total` complex points, or `2 * total` real points for r2c / c2r, so
 * that every case reads the bytes of `total` complex values, as the copy kernel does: a case that
 * moved half the copy's bytes would pay the pass's fixed start and tail twice over in its ratio
 * (bench/NOTES.md run 20). device-bench.sh runs the cuFFT anchor's real kinds over the same count.
 */
export function pointsFor(kind: string, total: number): number {
  return isRealKind(kind) ? 2 * total : total;
}

/**
 * FFTs per case: `points / n` (as the cuFFT anchor), capped so one buffer fits the device's binding
 * limit, and even for f16 (two transforms per computation).
 */
export function batchFor(total: number, n: number, precision: BenchPrecision, maxBindingBytes: number): number {
  let batch = Math.max(1, Math.floor(total / n));
  batch = Math.min(batch, Math.max(1, Math.floor(maxBindingBytes / (n * COMPLEX_BYTES[precision]))));
  if (precision === 'f16') batch = Math.max(2, batch - (batch % 2));
  return batch;
}

export interface HarnessProgress {
  (line: string): void;
}

export interface HarnessInput {
  readonly device: GPUDevice;
  readonly adapter: GPUAdapter;
  readonly adapterName: string;
  readonly settings: HarnessSettings;
  readonly makeCase: CaseFactory;
  readonly command: string;
  readonly log?: HarnessProgress;
  /** Called with the report so far after every case (a killed run still leaves its rows behind). */
  readonly checkpoint?: (partial: BenchReport) => void;
}

async function measure(
  device: GPUDevice,
  make: (options: CaseOptions) => Promise<BenchCase>,
  bytesHint: number,
  s: HarnessSettings,
): Promise<{ c: Pick<BenchCase, 'kind' | 'precision' | 'n' | 'batch' | 'bytesMoved'>; ms: number; method: TimingMethod }> {
  const copies = rotationCount(bytesHint, s.cacheBytes);
  const c = await withCreationScopes(device, () => make({ copies }));
  try {
    // One timed pass touches every buffer copy once.
    const t = await timeEncode(device, (pass) => c.encode(pass), { warmup: s.warmup, repeats: s.repeats, dispatches: copies });
    return { c, ms: t.ms, method: t.method };
  } finally {
    c.destroy();
  }
}

/** Builds a case inside error scopes, so that a shader or pipeline error fails the case (not just a log line). */
async function withCreationScopes<T extends { destroy(): void }>(device: GPUDevice, make: () => Promise<T>): Promise<T> {
  device.pushErrorScope('validation');
  device.pushErrorScope('out-of-memory');
  let made: T | undefined;
  let thrown: unknown;
  try {
    made = await make();
  } catch (e) {
    thrown = e;
  }
  const errors = [await device.popErrorScope(), await device.popErrorScope()];
  const gpuError = errors.find((e) => e !== null);
  if (thrown) throw thrown;
  if (gpuError) {
    made?.destroy();
    throw new Error(`GPU error while creating the case: ${gpuError.message}`);
  }
  return made!;
}

function errorText(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n').slice(0, 6).join(' | ');
}

export async function runHarness(input: HarnessInput): Promise<BenchReport> {
  const { device, settings: s } = input;
  const date = new Date().toISOString();
  const log = input.log ?? (() => {});
  const maxBinding = Math.min(device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize);
  // The copy moves the bytes of a C2C f32 case over `total` elements (rounded to whole vec4s).
  const copyBytes = Math.min(Math.floor(maxBinding / 16) * 16, Math.ceil((s.total * 8) / 16) * 16);
  const copy = await measure(device, (o) => makeCopyCase(device, copyBytes, o), 2 * copyBytes, s);
  const copyGBs = gbPerSecond(copy.c.bytesMoved, copy.ms);
  const timing = copy.method;
  log(`copy kernel: ${copyBytes} bytes each way, ${copy.ms.toFixed(4)} ms, ${copyGBs.toFixed(1)} GB/s (${timing} timing)`);

  const rows: BenchRow[] = [];
  const unsupported: BenchMiss[] = [];
  const failures: BenchMiss[] = [];
  const report = (): BenchReport => ({
    device: shortDeviceName(input.adapter.info) + (isSoftwareAdapter(input.adapter.info) ? ' (software)' : ''),
    adapter: input.adapterName,
    date,
    command: input.command,
    timing,
    total: s.total,
    copyGBs,
    rows: [...rows],
    unsupported: [...unsupported],
    failures: [...failures],
  });
  for (const kind of s.kinds) {
    const sizes = isRealKind(kind) ? s.realSizes : s.sizes;
    for (const precision of s.precisions) {
      for (const n of sizes) {
        // The 2D kinds' sizes are image sides: one transform holds n x n points.
        const perTransform = ['fft2', 'rfft2', 'irfft2', 'conv2', 'c2c_conv2'].includes(kind) ? n * n : n;
        const batch = batchFor(pointsFor(kind, s.total), perTransform, precision, maxBinding);
        const spec = { kind, precision, n, batch };
        // Kernel variants of this case (bench --df64: f64 once per renormalisation, one after the other).
        const variants = precision === 'f64' && s.df64 ? s.df64 : [undefined];
        for (const mode of variants) {
          const variant = mode && `df64 ${mode}`;
          setDf64Renormalisation(mode ?? DEFAULT_DF64_RENORMALISATION);
          const labelled = variant ? { variant } : {};
          const name = `${kind} ${precision}${variant ? ` ${variant}` : ''} n=${n}`;
          try {
            const m = await measure(device, (o) => input.makeCase(device, spec, o), (isRealKind(kind) ? 1 : 2) * batch * perTransform * COMPLEX_BYTES[precision], s);
            const gbs = gbPerSecond(m.c.bytesMoved, m.ms);
            const row: BenchRow = { kind, precision, ...labelled, n, batch: m.c.batch, ms: m.ms, gbs, ratioToCopy: gbs / copyGBs };
            rows.push(m.method === timing ? row : { ...row, timing: m.method });
            log(`${name} batch=${m.c.batch}: ${m.ms.toFixed(4)} ms, ${gbs.toFixed(1)} GB/s, ${(gbs / copyGBs).toFixed(3)} of copy`);
          } catch (e) {
            const miss = { kind, precision, ...labelled, n, reason: errorText(e) };
            if (isUnsupportedError(e)) {
              unsupported.push(miss);
              log(`${name}: unsupported: ${miss.reason}`);
            } else {
              failures.push(miss);
              log(`${name}: FAILED: ${miss.reason}`);
            }
          }
          input.checkpoint?.(report());
        }
      }
    }
  }
  setDf64Renormalisation(DEFAULT_DF64_RENORMALISATION);
  return report();
}

/**
 * Descriptor errors (FFTDescriptorError, tagged "(FFT error) ") and convolution sizes beyond one
 * workgroup (createConvolution's "needs the multi-pass path") mean "not supported", not "broken".
 */
export function isUnsupportedError(e: unknown): boolean {
  return (
    e instanceof Error &&
    (e.name === 'FFTDescriptorError' || e.message.startsWith('(FFT error) ') || /larger sizes need the multi-pass path/.test(e.message))
  );
}

/** Cases for the scale kernel; FFT kinds are delegated to `fftFactory`. */
export function caseFactory(fftFactory: CaseFactory): CaseFactory {
  return (device, spec, options) =>
    spec.kind === 'scale' ? makeScaleCase(device, spec, options) : fftFactory(device, spec, options);
}
