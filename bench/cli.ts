// Command-line options of `npm run bench`. Anything left undefined here gets an adapter-dependent
// default in run.ts (small problems on the software driver, the full sweep on a GPU).
import { parseArgs } from 'node:util';
import { DF64_RENORMALISATIONS, type Df64Renormalisation } from '../kernels/arith.js';
import { PLACEMENTS, type Placement } from './case.js';

export const USAGE = `usage: npm run bench -- [options]
  --sizes 64,256,4096     FFT sizes (all kinds unless --real-sizes is given)
  --real-sizes 256,4096   sizes for r2c and c2r
  --kinds c2c,r2c,c2r     kinds: c2c, r2c, c2r, r2c_folded, c2r_folded (RealFFTOptions natural/folded),
                          fft2 (createFFT on n x n images; c2c beyond one workgroup, or f32 beyond 16384, runs createFFT too),
                          rfft2 / irfft2 (createFFT R2C / C2R on n x n real images; sized by --real-sizes),
                          conv (real circular convolution, createConvolution: one fused kernel, or the
                          four-step path beyond one workgroup; sized by --real-sizes), c2c_conv (complex),
                          conv2 / c2c_conv2 (2D, n x n images, n x n taps),
                          scale (a trivial 1R+1W kernel: harness self-check)
  --precision f32         precisions, comma-separated (f16 needs shader-f16)
  --total <elements>      complex elements per case (default 2^26 on a GPU, 2^18 on the software driver);
                          r2c / c2r take 2x as many real points, so every case reads the copy's bytes
  --repeats N             timed samples per case (median reported)
  --warmup N              discarded passes before timing
  --cache-mib M           assumed cache size; smaller problems rotate through buffer copies (default 64)
  --out <file.json>       result file (default bench/results/<date>-<device>.json); the SVG goes next to it
  --out-dir <dir>         like the default, but <dir>/<date>-<device>.json
  --cufft <anchor.json>   merge cuFFT numbers measured by cufft_anchor.py in the same device call
  --vkfft <vkfft.json>    merge VkFFT numbers measured by vkfft_anchor.cu in the same device call
  --plot-only <file.json> only (re)write the SVG of an existing result (with --cufft / --vkfft: merge first)
  --toggles fast|default  Dawn toggles: fast (default) disables workgroup zero-init and robustness clamps
                          (see FAST_TOGGLES in src/node.ts); default keeps Dawn's defaults
  --limits adapter|default
                          device limits: adapter (default) raises them to the adapter's; default keeps
                          WebGPU's defaults (16 KiB workgroup memory, 256 invocations), as requestDevice() does
  --workgroup-bytes N     request maxComputeWorkgroupStorageSize = N (at most the adapter's): the plans of a
                          device with less workgroup memory, e.g. 32768
  --df64 every-op,products,none
                          f64 cases once per df64 renormalisation listed (kernels/arith.ts), one after the
                          other for each size, rows labelled 'df64 <mode>' (default: the library's mode only)
  --tuning table|measure  createBatchedFFT's tuning: table (default) or measure (the table's shape and its
                          neighbouring ElementsPerThread timed on the device, the fastest kept)
  --placement out-of-place|in-place
                          FFT cases out of place (default; cuFFT through PyTorch runs so) or in place (output = input,
                          as the VkFFT anchor runs; real kinds whose input and output sizes differ fail)
  --conv-taps M           1D convolution kinds: a filter of M taps (default: N, the cuFFT anchor's full-length filter)
  --dump-shaders          Dawn prints every shader's WGSL and the SPIR-V it becomes (toggle dump_shaders), for
                          scripts/driver-stats/ (the Vulkan driver's register and spill counts of each kernel)`;

export const KINDS = ['c2c', 'r2c', 'c2r', 'r2c_folded', 'c2r_folded', 'fft2', 'rfft2', 'irfft2', 'conv', 'c2c_conv', 'conv2', 'c2c_conv2', 'scale'] as const;

/** Real kinds (sized by --real-sizes); `_folded` runs RealFFTOptions('natural', 'folded'); `conv` is real convolution. */
export function isRealKind(kind: string): boolean {
  return kind.startsWith('r2c') || kind.startsWith('c2r') || kind === 'conv' || kind === 'conv2' || kind === 'rfft2' || kind === 'irfft2';
}

/** Convolution kinds (createConvolution, circular, a random filter of N taps), named as the cuFFT anchor's. */
export function isConvolutionKind(kind: string): kind is 'conv' | 'c2c_conv' | 'conv2' | 'c2c_conv2' {
  return kind === 'conv' || kind === 'c2c_conv' || kind === 'conv2' || kind === 'c2c_conv2';
}
export const PRECISIONS = ['f16', 'f32', 'f64'] as const;
export type BenchKind = (typeof KINDS)[number];
export type BenchPrecision = (typeof PRECISIONS)[number];

export interface BenchArgs {
  readonly sizes?: number[];
  readonly realSizes?: number[];
  readonly kinds?: BenchKind[];
  readonly precisions: BenchPrecision[];
  readonly total?: number;
  readonly repeats?: number;
  readonly warmup?: number;
  readonly cacheMiB: number;
  readonly out?: string;
  readonly outDir?: string;
  /** Anchor files to merge (bench/anchor-library.ts), by library. */
  readonly cufft?: string;
  readonly vkfft?: string;
  readonly plotOnly?: string;
  /** 'fast' (default): FAST_TOGGLES (no workgroup zero-init, no robustness clamps); 'default': Dawn's defaults. */
  readonly toggles: 'fast' | 'default';
  /** 'adapter' (default): the device takes the adapter's limits; 'default': WebGPU's default limits, as a plain requestDevice() gives. */
  readonly limits: 'adapter' | 'default';
  /** Caps the device's maxComputeWorkgroupStorageSize (bytes): the plans of a device with less workgroup memory. */
  readonly workgroupBytes?: number;
  /** f64 cases per df64 renormalisation (internal comparison); undefined: the library's default only. */
  readonly df64?: Df64Renormalisation[];
  /** 1D convolution kinds: the filter's taps (default: N, the anchor's full-length filter). */
  readonly convTaps?: number;
  /** createBatchedFFT's tuning for the batched FFT cases. */
  readonly tuning: 'table' | 'measure';
  /** Where the FFT cases write their output. */
  readonly placement: Placement;
  /** Adds Dawn's dump_shaders toggle (scripts/driver-stats/ reads what it prints). */
  readonly dumpShaders: boolean;
  readonly help: boolean;
}

function intList(flag: string, text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  const values = text.split(',').map((s) => s.trim()).filter(Boolean).map(Number);
  if (!values.length || values.some((v) => !Number.isInteger(v) || v < 2)) {
    throw new Error(`${flag}: expected a comma-separated list of integers >= 2, got '${text}'`);
  }
  return values;
}

function positiveInt(flag: string, text: string | undefined, min = 1): number | undefined {
  if (text === undefined) return undefined;
  // Accepts 2^26 as well as 67108864.
  const m = /^2\^(\d+)$/.exec(text.trim());
  const v = m ? 2 ** Number(m[1]) : Number(text);
  if (!Number.isInteger(v) || v < min) throw new Error(`${flag}: expected an integer >= ${min}, got '${text}'`);
  return v;
}

function choices<T extends string>(flag: string, text: string | undefined, allowed: readonly T[]): T[] | undefined {
  if (text === undefined) return undefined;
  const values = text.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = values.filter((v) => !(allowed as readonly string[]).includes(v));
  if (!values.length || bad.length) throw new Error(`${flag}: unknown value(s) ${bad.join(', ') || "''"}; expected ${allowed.join(', ')}`);
  return values as T[];
}

export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      sizes: { type: 'string' },
      'real-sizes': { type: 'string' },
      kinds: { type: 'string' },
      precision: { type: 'string' },
      total: { type: 'string' },
      repeats: { type: 'string' },
      warmup: { type: 'string' },
      'cache-mib': { type: 'string' },
      out: { type: 'string' },
      'out-dir': { type: 'string' },
      cufft: { type: 'string' },
      vkfft: { type: 'string' },
      'plot-only': { type: 'string' },
      toggles: { type: 'string' },
      limits: { type: 'string' },
      'workgroup-bytes': { type: 'string' },
      df64: { type: 'string' },
      'conv-taps': { type: 'string' },
      tuning: { type: 'string' },
      placement: { type: 'string' },
      'dump-shaders': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  return {
    sizes: intList('--sizes', values.sizes),
    realSizes: intList('--real-sizes', values['real-sizes']),
    kinds: choices('--kinds', values.kinds, KINDS),
    precisions: choices('--precision', values.precision, PRECISIONS) ?? ['f32'],
    total: positiveInt('--total', values.total, 2),
    repeats: positiveInt('--repeats', values.repeats),
    warmup: positiveInt('--warmup', values.warmup, 0),
    cacheMiB: positiveInt('--cache-mib', values['cache-mib'], 0) ?? 64,
    out: values.out,
    outDir: values['out-dir'],
    cufft: values.cufft,
    vkfft: values.vkfft,
    plotOnly: values['plot-only'],
    toggles: (choices('--toggles', values.toggles, ['fast', 'default'] as const) ?? ['fast'])[0],
    limits: (choices('--limits', values.limits, ['adapter', 'default'] as const) ?? ['adapter'])[0],
    workgroupBytes: positiveInt('--workgroup-bytes', values['workgroup-bytes'], 16384),
    df64: choices('--df64', values.df64, DF64_RENORMALISATIONS),
    convTaps: positiveInt('--conv-taps', values['conv-taps']),
    tuning: (choices('--tuning', values.tuning, ['table', 'measure'] as const) ?? ['table'])[0],
    placement: (choices('--placement', values.placement, PLACEMENTS) ?? ['out-of-place'])[0],
    dumpShaders: values['dump-shaders'] ?? false,
    help: values.help ?? false,
  };
}

/** The sweep: C2C powers of two 2..32768, radix-3/5/7 mixes and two primes. */
export const GPU_SIZES = [
  ...Array.from({ length: 15 }, (_, i) => 2 ** (i + 1)),
  100, 400, 1000, 2187, 3125, 6561, 10000,
  1009, 4093,
].sort((a, b) => a - b);
export const GPU_REAL_SIZES = [256, 4096, 16384];
export const SOFTWARE_SIZES = [64, 256, 1024, 4096];
export const SOFTWARE_REAL_SIZES = [256, 4096];
