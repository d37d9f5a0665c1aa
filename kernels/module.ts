// generateModule: the one entry to code generation. It dispatches by FFT type: c2c plans to the
// complex generator (complex-module.ts), r2c / c2r plans to the real generator (real/module.ts),
// which composes its inner complex engine from the complex generator. Keeping the dispatch apart
// from both generators keeps the import graph free of cycles.
import type { FFTPlan } from '../descriptors/model.js';
import { generateComplexModule } from './complex-module.js';
import { generateRealModule } from './real/module.js';
import type { InternalModuleOptions, WGSLModule } from './types.js';

export { defaultPrefix } from './prefix.js';

/** The WGSL module for a plan. Throws a clear Error for anything not generated yet. */
export function generateModule(plan: FFTPlan, options: InternalModuleOptions = {}): WGSLModule {
  return plan.type === 'c2c' ? generateComplexModule(plan, options) : generateRealModule(plan, options);
}
