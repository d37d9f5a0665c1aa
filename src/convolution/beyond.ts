// Which plan runs a convolution beyond the 1D fused kernel (pure: from the limits alone, so that
// convolutionLayout and createConvolution agree): the one-kernel 2D path, the four-step paths (1D,
// 2D), or createFFT's passes. docs/convolution.md compares their pass counts.
import type { PlanLimits } from '../any-shape/passes.js';
import { fourStep2DPassCount, planFourStep2D, type FourStep2DLayout } from './fourstep-2d-plan.js';
import { fourStepPassCount, planFourStep, type FourStepLayout } from './fourstep-plan.js';
import { multiPassCount, type MultiPassLayout } from './multipass-plan.js';
import { planOnePass2D, type OnePass2DLayout } from './onepass-2d-plan.js';

export type BeyondPlan =
  | { readonly kind: 'one-kernel-2d'; readonly plan: OnePass2DLayout; readonly passes: number }
  | { readonly kind: 'four-step'; readonly plan: FourStepLayout; readonly passes: number }
  | { readonly kind: 'four-step-2d'; readonly plan: FourStep2DLayout; readonly passes: number }
  | { readonly kind: 'fft-passes'; readonly passes: number };

/** The plan of a multi-pass layout: the first that applies of one kernel (2D), four-step 1D, four-step 2D, createFFT's passes. */
export function planBeyond(l: MultiPassLayout, batch: number, limits: PlanLimits, pointwise: boolean): BeyondPlan {
  const onePass = planOnePass2D(l, batch, limits);
  if (onePass) return { kind: 'one-kernel-2d', plan: onePass, passes: 1 };
  const fourStep = planFourStep(l, batch, limits, pointwise);
  if (fourStep) return { kind: 'four-step', plan: fourStep, passes: fourStepPassCount(fourStep) };
  const fourStep2D = planFourStep2D(l, batch, limits);
  if (fourStep2D) return { kind: 'four-step-2d', plan: fourStep2D, passes: fourStep2DPassCount(fourStep2D) };
  return { kind: 'fft-passes', passes: multiPassCount(l, limits, batch) };
}
