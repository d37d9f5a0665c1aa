// Which path runs a validated convolution request: the one fused kernel wherever it applies (1D,
// the padded length fits one workgroup, no Bluestein), else the multi-pass path. Pure: from the
// device's limits alone, so convolutionLayout answers before any GPU work.
import type { PlanLimits } from '../any-shape/pass-split.js';
import { fourStepLengthCost } from './fourstep-plan.js';
import { planMultiPass, type MultiPassLayout } from './multipass-plan.js';
import { BeyondFusedKernel, planConvolution, type ConvolutionLayout, type ConvolutionLimits, type ConvolutionRequest, type ConvolutionShape } from './plan.js';

export type ConvolutionPath = { readonly kind: 'fused'; readonly layout: ConvolutionLayout } | { readonly kind: 'multipass'; readonly layout: MultiPassLayout };

/**
 * The longest FFT the f32 fused kernel runs where the limits hold longer ones (32 / 48 KiB): beyond
 * it the four-step path's 3 passes measured faster on an H200 (complex 32768: 1215 GB/s against the
 * fused kernel's 431; real 32768 / 65536: 1147 / 1146 against 869 / 343), while at 16384 the fused
 * kernel wins (complex 1537 against 1197, real 1220 against 1139; bench/NOTES.md run 71). f64's fused
 * kernel stops at 16384 complex points anyway.
 */
export const FUSED_MAX_LENGTH = 16384;

export function choosePath(request: ConvolutionRequest, limits: ConvolutionLimits, shape: ConvolutionShape = {}): ConvolutionPath {
  if ((request.shape ?? [request.signalLength]).length === 1 && shape.multiPass !== true) {
    try {
      const maxLength = request.precision === 'f64' ? undefined : FUSED_MAX_LENGTH;
      return { kind: 'fused', layout: planConvolution(request, limits, { ...shape, ...(maxLength ? { maxLength } : {}) }) };
    } catch (e) {
      if (!(e instanceof BeyondFusedKernel)) throw e;
    }
  }
  // f32 / f16 plans in 1D pad to the length of equal pass count the four-step estimate rates clearly
  // fastest where it applies (48 KiB / 1024 invocations); f64 keeps the shortest (its passes were not
  // timed at other lengths).
  const plan = planLimits(limits);
  const cost = request.precision === 'f64' ? undefined : (p: number) => fourStepLengthCost(p, plan);
  return { kind: 'multipass', layout: planMultiPass(request, plan, cost) };
}

/** createFFT's planning limits from a device's limits (WebGPU's defaults for the workgroup sizes a bare ConvolutionLimits lacks). */
export function planLimits(limits: ConvolutionLimits): PlanLimits {
  const full = limits as Partial<GPUSupportedLimits>;
  return {
    maxComputeWorkgroupStorageSize: limits.maxComputeWorkgroupStorageSize,
    maxComputeInvocationsPerWorkgroup: limits.maxComputeInvocationsPerWorkgroup,
    maxComputeWorkgroupSizeX: full.maxComputeWorkgroupSizeX ?? 256,
    maxComputeWorkgroupSizeY: full.maxComputeWorkgroupSizeY ?? 256,
    subgroups: false,
  };
}
