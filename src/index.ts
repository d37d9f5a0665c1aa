// The public entry of webfftdx: descriptors (operators, fft(), traits), their errors and types, the
// WGSL module contract, and the host helpers. No logic lives here.
export {
  Block,
  BlockDim,
  Direction,
  ElementsPerThread,
  FFTsPerBlock,
  Limits,
  Precision,
  RealFFTOptions,
  Size,
  Thread,
  Type,
} from '../descriptors/operators.js';
export type {
  AnyOp,
  BlockDimOp,
  BlockOp,
  DirectionOp,
  ElementsPerThreadOp,
  ExecutionOp,
  FFTsPerBlockOp,
  LimitsInput,
  LimitsOp,
  PrecisionOp,
  RealFFTOptionsOp,
  SizeOp,
  ThreadOp,
  TypeOp,
} from '../descriptors/operators.js';
export { fft, traitsOf, TRAIT_NAMES } from './fft.js';
export type { AnyFFTDescriptor, FFTDescriptor, FFTIncomplete, TraitName } from './fft.js';
export { ERROR_TAG, FFTDescriptorError } from '../descriptors/errors.js';
export { resolvePlan } from '../descriptors/plan.js';
export type { DescriptorState } from '../descriptors/plan.js';
export { PROFILES } from '../descriptors/tuning.js';
export type { LimitsProfile, ProfileName } from '../descriptors/tuning.js';
export { DEFAULT_LIMITS } from '../descriptors/model.js';
export type {
  Algorithm,
  ComplexLayout,
  ElementKind,
  ExchangeKind,
  FFTDirection,
  FFTExecution,
  FFTLimits,
  FFTPlan,
  FFTPrecision,
  FFTType,
  RealMode,
} from '../descriptors/model.js';
export type { WGSLModule, WGSLOptions } from '../kernels/types.js';
export { createBatchedFFT } from './batched/plan.js';
export type { BatchedFFT, BatchedFFTBuffers, BatchedFFTOptions } from './batched/plan.js';
export type { RememberedShape, ShapeTiming, TuningMethod, TuningReport } from './batched/measure.js';
export { exportTuning, importTuning } from './batched/wisdom.js';
export type { TuningWisdom } from './batched/wisdom.js';
export { makeWorkspace } from './host/workspace.js';
export { hasExactFma } from './host/fma.js';
export type { CodeGenerating, FFTWorkspace } from './host/workspace.js';
export { createFFT } from './any-shape/fft.js';
export type { AnyShapeFFT, FFTBuffers, FFTOptions, FFTPassInfo } from './any-shape/fft.js';
export type { WorkspaceProvider } from './host/workspace.js';
export { fourStepTwiddleWGSL, stridedAccessWGSL } from '../kernels/any-shape/helpers.js';
export type { BlockLayout } from '../kernels/any-shape/helpers.js';
export { convolutionLayout, createConvolution } from './convolution/index.js';
export type {
  Convolution,
  ConvolutionBuffers,
  ConvolutionEngine,
  ConvolutionLengths,
  ConvolutionLimits,
  ConvolutionMode,
  ConvolutionOptions,
  ConvolutionPass,
  ConvolutionShapeQuery,
  ConvolutionType,
  FilterSpectrum,
  FilterSpectrum64,
  FusedConvolutionPass,
  MultiPassConvolutionPass,
} from './convolution/index.js';
