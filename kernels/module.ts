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
  for (const name of ['workspace', 'twiddleTable'] as const) checkBinding(name, options[name]);
  return plan.type === 'c2c' ? generateComplexModule(plan, options) : generateRealModule(plan, options);
}

/** A binding option (`{ group, binding }`, non-negative integers), checked before it is printed into WGSL. */
function checkBinding(name: string, value: unknown): void {
  if (value === undefined) return;
  const ok = (x: unknown) => Number.isInteger(x) && (x as number) >= 0;
  const v = value as { group?: unknown; binding?: unknown } | null;
  if (typeof v !== 'object' || v === null || !ok(v.group) || !ok(v.binding)) {
    throw new Error(`webfftdx: wgsl({ ${name} }) takes { group, binding } as non-negative integers, not ${JSON.stringify(value)}`);
  }
}
