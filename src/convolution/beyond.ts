// Which plan runs a convolution beyond the 1D fused kernel (pure: from the limits alone, so that
// convolutionLayout and createConvolution agree): the one-kernel 2D path, the four-step paths (1D,
// 2D), or createFFT's passes. docs/convolution.md compares their pass counts. f16 and f64 plans run
// the one-kernel 2D path and the 1D four-step path (f64 in df64, f16 with f32 arithmetic), f16 the 2D
// four-step path too; createFFT's passes are f32 only, and so is the 2D four-step path for f64.
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
 * f16 / f64: the one-kernel 2D or the 1D four-step path in that precision's arithmetic (f64: df64;
 * f16: f32), else the f32 choice (which they refuse).
 */
export function planBeyond(l: MultiPassLayout, batch: number, limits: PlanLimits, pointwise: boolean, precision: 'f16' | 'f32' | 'f64' = 'f32'): BeyondPlan {
  if (precision !== 'f32') {
    const arith = precision === 'f64' ? 'f64' : 'f32';
    const onePass = planOnePass2D(l, batch, limits, arith);
    if (onePass) return { kind: 'one-kernel-2d', plan: onePass, passes: 1 };
    const fourStep = planFourStep(l, batch, limits, pointwise, arith);
    if (fourStep) return { kind: 'four-step', plan: fourStep, passes: fourStepPassCount(fourStep) };
    // f16 computes in f32: the 2D four-step path's f32 passes with f16 rows passes at the ends.
    const fourStep2D = precision === 'f16' ? planFourStep2D(l, batch, limits) : undefined;
    if (fourStep2D) return { kind: 'four-step-2d', plan: fourStep2D, passes: fourStep2DPassCount(fourStep2D) };
    const f32 = planBeyond(l, batch, limits, pointwise);
    // An f32 plan of a built path is not this precision's (f64 shapes one workgroup does not hold): the next path is f32 only.
    if (f32.kind === 'one-kernel-2d') {
      const next = planFourStep2D(l, batch, limits);
      return next ? { kind: 'four-step-2d', plan: next, passes: fourStep2DPassCount(next) } : { kind: 'fft-passes', passes: multiPassCount(l, limits, batch) };
    }
    return f32.kind === 'four-step' ? { kind: 'fft-passes', passes: multiPassCount(l, limits, batch) } : f32;
  }
  const onePass = planOnePass2D(l, batch, limits);
  if (onePass) return { kind: 'one-kernel-2d', plan: onePass, passes: 1 };
  const fourStep = planFourStep(l, batch, limits, pointwise);
  if (fourStep) return { kind: 'four-step', plan: fourStep, passes: fourStepPassCount(fourStep) };
  const fourStep2D = planFourStep2D(l, batch, limits);
  if (fourStep2D) return { kind: 'four-step-2d', plan: fourStep2D, passes: fourStep2DPassCount(fourStep2D) };
  return { kind: 'fft-passes', passes: multiPassCount(l, limits, batch) };
}

const PATH_NAMES: Record<Exclude<BeyondPlan['kind'], 'four-step' | 'one-kernel-2d'>, string> = {
  'four-step-2d': 'the 2D four-step path',
  'fft-passes': "createFFT's passes (Bluestein lengths, 2D rows beyond one workgroup)",
};

/** The error for an f16 / f64 request whose path is f32 only. */
export function unbuiltPrecision(precision: 'f16' | 'f64', request: ConvolutionRequest, kind: Exclude<BeyondPlan['kind'], 'four-step' | 'one-kernel-2d'>): Error {
  const what = PATH_NAMES[kind];
  return new Error(
    `webfftdx: createConvolution precision '${precision}' runs in the 1D fused kernel, the one-kernel 2D path and the ${precision === 'f16' ? '1D and 2D four-step paths' : '1D four-step path'} only; ` +
      `this ${request.type} ${request.mode} convolution of shape [${(request.shape ?? [request.signalLength]).join(', ')}] needs ${what}, which is f32 only (not built yet)`,
  );
}
