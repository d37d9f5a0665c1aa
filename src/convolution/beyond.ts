// Which plan runs a convolution beyond the 1D fused kernel (pure: from the limits alone, so that
// convolutionLayout and createConvolution agree): the one-kernel 2D path, the four-step paths (1D,
// 2D), or createFFT's passes. docs/convolution.md compares their pass counts. f16 and f64 plans run
// the one-kernel 2D path and the four-step paths (f64 in df64, f16 with f32 arithmetic); createFFT's
// passes (Bluestein lengths, 2D rows beyond one workgroup) run f32 and f64 (f16 is refused).
import type { PlanLimits } from '../any-shape/passes.js';
import { fourStep2DPassCount, planFourStep2D, type FourStep2DLayout } from './fourstep-2d-plan.js';
import { fourStepPassCount, planFourStep, type FourStepLayout } from './fourstep-plan.js';
import { multiPassCount, type MultiPassLayout } from './multipass-plan.js';
import { planOnePass2D, type OnePass2DLayout } from './onepass-2d-plan.js';
import type { ConvolutionRequest } from './plan.js';

export type BeyondPlan =
  | { readonly kind: 'one-kernel-2d'; readonly plan: OnePass2DLayout; readonly passes: number }
  | { readonly kind: 'four-step'; readonly plan: FourStepLayout; readonly passes: number }
  | { readonly kind: 'four-step-2d'; readonly plan: FourStep2DLayout; readonly passes: number }
  | { readonly kind: 'fft-passes'; readonly passes: number };

/**
 * The plan of a multi-pass layout: the first that applies of one kernel (2D), four-step 1D, four-step 2D, createFFT's passes.
 * f16 / f64: the one-kernel 2D or a four-step path in that precision's arithmetic (f64: df64;
 * f16: f32), else createFFT's passes (f64 runs them, f16 is refused).
 */
export function planBeyond(l: MultiPassLayout, batch: number, limits: PlanLimits, pointwise: boolean, precision: 'f16' | 'f32' | 'f64' = 'f32'): BeyondPlan {
  if (precision !== 'f32') {
    const arith = precision === 'f64' ? 'f64' : 'f32';
    const onePass = planOnePass2D(l, batch, limits, arith);
    if (onePass) return { kind: 'one-kernel-2d', plan: onePass, passes: 1 };
    const fourStep = planFourStep(l, batch, limits, pointwise, arith);
    if (fourStep) return { kind: 'four-step', plan: fourStep, passes: fourStepPassCount(fourStep) };
    // f16 computes in f32 (f16 rows passes at the ends), f64 in df64 passes.
    const fourStep2D = planFourStep2D(l, batch, limits, arith);
    if (fourStep2D) return { kind: 'four-step-2d', plan: fourStep2D, passes: fourStep2DPassCount(fourStep2D) };
    // Else createFFT's passes in this precision's arithmetic (f16: refused by the caller).
    return { kind: 'fft-passes', passes: multiPassCount(l, limits, batch, arith) };
  }
  const onePass = planOnePass2D(l, batch, limits);
  if (onePass) return { kind: 'one-kernel-2d', plan: onePass, passes: 1 };
  const fourStep = planFourStep(l, batch, limits, pointwise);
  if (fourStep) return { kind: 'four-step', plan: fourStep, passes: fourStepPassCount(fourStep) };
  const fourStep2D = planFourStep2D(l, batch, limits);
  if (fourStep2D) return { kind: 'four-step-2d', plan: fourStep2D, passes: fourStep2DPassCount(fourStep2D) };
  return { kind: 'fft-passes', passes: multiPassCount(l, limits, batch) };
}

const PATH_NAMES: Record<'fft-passes', string> = {
  'fft-passes': "createFFT's passes (Bluestein lengths, 2D rows beyond one workgroup)",
};

/** The error for an f16 request on createFFT's passes (f32 and f64 only). */
export function unbuiltPrecision(precision: 'f16', request: ConvolutionRequest, kind: 'fft-passes'): Error {
  const what = PATH_NAMES[kind];
  return new Error(
    `webfftdx: createConvolution precision '${precision}' runs in the 1D fused kernel, the one-kernel 2D path and the four-step paths (1D, 2D) only; ` +
      `this ${request.type} ${request.mode} convolution of shape [${(request.shape ?? [request.signalLength]).join(', ')}] needs ${what}, which is f32 and f64 only (f16 not built yet)`,
  );
}
