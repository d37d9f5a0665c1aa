// Fused FFT convolution (createConvolution): re-exports only.
export { createConvolution } from './create.js';
export { convolutionLayout } from './layout.js';
export type { ConvolutionLengths, ConvolutionShapeQuery } from './layout.js';
export type { ConvolutionEngine, ConvolutionLimits } from './plan.js';
export type {
  Convolution,
  ConvolutionBuffers,
  ConvolutionMode,
  ConvolutionOptions,
  ConvolutionPass,
  FusedConvolutionPass,
  MultiPassConvolutionPass,
  ConvolutionType,
  FilterSpectrum,
  FilterSpectrum64,
} from './types.js';
