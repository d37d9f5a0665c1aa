// Pure planning of the one-kernel 2D convolution (no GPU): FFT shapes that createFFT's one-pass
// kernels hold, forward and inverse: complex ones the phased engine where it fits
// (kernels/any-shape/one-pass-engine.ts), else (and real ones) the axis-by-axis kernel
// (kernels/any-shape/one-pass.ts: the transform's complex values in the device's workgroup memory,
// every axis a native Block FFT within its invocations).
// One workgroup per signal: rows, columns, the pointwise multiply, columns, rows; the spectrum never
// leaves workgroup memory, the zero-padding and the crop are the kernel's load and store.
import { onePass, onePassEngine, type OnePass } from '../any-shape/passes.js';
import type { PassPrecision, PlanLimits } from '../any-shape/pass-split.js';
import { padAndCropWGSL } from './fourstep-2d-plan.js';
import type { MultiPassLayout } from './multipass-plan.js';

export interface OnePass2DLayout {
  /** createFFT's one-pass plans of the FFT shape: forward (C2C / R2C) and inverse (C2C / C2R). */
  readonly forward: OnePass;
  readonly inverse: OnePass;
  /** Invocations of the kernel: enough for both. */
  readonly invocations: number;
  /**
   * Complex layouts the phased engine holds (kernels/any-shape/one-pass-engine.ts, `convolution`):
   * forward and inverse are then that engine's plans (one shape, the forward exchanging after its
   * last stage too); else the axis-by-axis kernel's.
   */
  readonly engine?: boolean;
  /**
   * Real layouts through the engine (f32, the complex multiply): two real signals per complex
   * transform (kernels/any-shape/one-pass-engine.ts, EngineConvolution.pairs); forward and inverse
   * are the C2C engine plans of ceil(batch / 2) transforms.
   */
  readonly pairs?: boolean;
}

/** Store runs below this many values measured several times slower (bench/NOTES.md run 31). */
const MIN_STORE_RUN = 8;

/**
 * The one-kernel plan of a 2D layout under these limits, or undefined where the one-pass kernel does
 * not hold its FFT shape both ways, or the filter is larger than the signal along an axis (linear:
 * its taps could not be read where signal 0 lies). `pairs`: a real f32 layout may take the engine
 * with two signals per transform (not with a user pointwise function, which sees each signal's own
 * half spectrum).
 */
export function planOnePass2D(l: MultiPassLayout, batch: number, limits: PlanLimits, precision: PassPrecision = 'f32', options: { pairs?: boolean } = {}): OnePass2DLayout | undefined {
  if (l.fftShape.length !== 2) return undefined;
  const [my, mx] = l.filterShape ?? [1, 1];
  if (my > l.shape[0] || mx > l.shape[1]) return undefined;
  const complex = l.type === 'complex';
  const pairs = !complex && options.pairs === true && precision === 'f32';
  if (complex || pairs) {
    // The phased engine where it holds the FFT shape and its inverse stores in runs of 8 or more.
    const transforms = pairs ? Math.ceil(batch / 2) : batch;
    const forward = onePassEngine(l.fftShape, 'forward', transforms, limits, precision, true);
    const inverse = onePassEngine(l.fftShape, 'inverse', transforms, limits, precision, true);
    const radices = forward?.engine?.radices ?? [];
    if (forward && inverse && l.fftShape[l.fftShape.length - 1] / radices[radices.length - 1] >= MIN_STORE_RUN) {
      return { forward, inverse, invocations: forward.invocations, engine: true, ...(pairs ? { pairs } : {}) };
    }
  }
  const forward = onePass(l.fftShape, complex ? 'c2c' : 'r2c', 'forward', batch, limits, precision);
  const inverse = onePass(l.fftShape, complex ? 'c2c' : 'c2r', 'inverse', batch, limits, precision);
  if (!forward || !inverse) return undefined;
  return { forward, inverse, invocations: Math.max(forward.invocations, inverse.invocations) };
}

/** The kernel's load / store callbacks (zero-padding, crop) on the named bindings. */
export function onePassCallbacks(l: MultiPassLayout, inPlace: boolean, precision: 'f16' | 'f32' | 'f64' = 'f32'): { load?: string; store?: string } {
  const { padLoad, cropStore } = padAndCropWGSL(l, inPlace ? 'fft_data' : 'fft_in', inPlace ? 'fft_data' : 'fft_out', precision);
  return { ...(padLoad ? { load: padLoad } : {}), ...(cropStore ? { store: cropStore } : {}) };
}
