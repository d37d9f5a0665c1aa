// Which plan runs a convolution beyond the 1D fused kernel (pure: from the limits alone, so that
// convolutionLayout and createConvolution agree): the one-kernel 2D path, the four-step paths (1D,
// 2D), or createFFT's passes. docs/convolution.md compares their pass counts. f16 and f64 plans run
// the one-kernel 2D path and the four-step paths (f64 in df64, f16 with f32 arithmetic), and
// createFFT's passes (Bluestein lengths, 2D rows beyond one workgroup) in f64, or in f32 for f16.
import type { PlanLimits } from '../any-shape/pass-split.js';
import { fourStep2DPassCount, planFourStep2D, type FourStep2DLayout } from './fourstep-2d-plan.js';
import { fourStepPassCount, planFourStep, type FourStepLayout } from './fourstep-plan.js';
import { multiPassCount, type MultiPassLayout } from './multipass-plan.js';
import { planOnePass2D, type OnePass2DLayout } from './onepass-2d-plan.js';

export type BeyondPlan =
  | { readonly kind: 'one-kernel-2d'; readonly plan: OnePass2DLayout; readonly passes: number }
  | { readonly kind: 'four-step'; readonly plan: FourStepLayout; readonly passes: number }
  | { readonly kind: 'four-step-2d'; readonly plan: FourStep2DLayout; readonly passes: number }
  | { readonly kind: 'fft-passes'; readonly passes: number };

/**
 * The plan of a multi-pass layout: the first that applies of one kernel (2D), four-step 1D, four-step 2D, createFFT's passes.
 * f16 / f64: the one-kernel 2D or a four-step path in that precision's arithmetic (f64: df64;
 * f16: f32), else createFFT's passes.
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
    // Else createFFT's passes in this precision's arithmetic (f16: with the converting pad and crop kernels, circular too).
    const conversions = precision === 'f16' ? (l.pad ? 0 : 1) + (l.crop ? 0 : 1) : 0;
    return { kind: 'fft-passes', passes: multiPassCount(l, limits, batch, arith) + conversions };
  }
  const onePass = planOnePass2D(l, batch, limits, 'f32', { pairs: !pointwise });
  if (onePass) return { kind: 'one-kernel-2d', plan: onePass, passes: 1 };
  const fourStep = planFourStep(l, batch, limits, pointwise);
  if (fourStep) return { kind: 'four-step', plan: fourStep, passes: fourStepPassCount(fourStep) };
  const fourStep2D = planFourStep2D(l, batch, limits);
  if (fourStep2D) return { kind: 'four-step-2d', plan: fourStep2D, passes: fourStep2DPassCount(fourStep2D) };
  return { kind: 'fft-passes', passes: multiPassCount(l, limits, batch) };
}
