// The public, GPU-free view of a convolution plan: the FFT length P and the lengths a caller needs
// to build a `{ spectrum }` filter (or buffers) before creating the plan.
import { planConvolution, type ConvolutionEngine, type ConvolutionLimits } from './plan.js';
import type { ConvolutionMode, ConvolutionType } from './types.js';
import { checkOptions } from './validate.js';

export interface ConvolutionShapeQuery {
  readonly shape: number | readonly number[];
  readonly type: ConvolutionType;
  readonly mode: ConvolutionMode;
  /** M, the filter's taps (required for 'linear' and 'same'). */
  readonly taps?: number;
  /** Whether a pointwise function will replace the multiply (real circular plans then keep a real engine). */
  readonly pointwise?: boolean;
}

export interface ConvolutionLengths {
  readonly engine: ConvolutionEngine;
  /** P */
  readonly fftLength: number;
  /** Complex values of the filter spectrum a user gives: P, or P/2 + 1 for real (whatever the engine). */
  readonly spectrumLength: number;
  readonly outputLength: number;
  readonly fftsPerBlock: number;
  readonly workgroupBytes: number;
}

/** What createConvolution(device, ...) will run, from `device.limits` alone (throws the same errors). */
export function convolutionLayout(limits: ConvolutionLimits, query: ConvolutionShapeQuery): ConvolutionLengths {
  const request = checkOptions({
    shape: query.shape,
    type: query.type,
    mode: query.mode,
    batch: 1,
    filter: { spectrum: new Float32Array(0), taps: query.taps },
  });
  const l = planConvolution({ ...request, pointwise: query.pointwise === true }, limits);
  return {
    engine: l.engine,
    fftLength: l.fftLength,
    spectrumLength: l.spectrumLength,
    outputLength: l.outputLength,
    fftsPerBlock: l.fftsPerBlock,
    workgroupBytes: l.workgroupBytes,
  };
}
