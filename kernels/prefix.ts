// The default identifier prefix of a generated module, shared by the complex and real generators.
import type { FFTPlan } from '../descriptors/model.js';

const DIRECTION_TAG = { forward: 'fwd', inverse: 'inv' } as const;

/** A readable identifier prefix that differs whenever the generated code differs, e.g. `fft_c2c_fwd_f32_b128_e8`. */
export function defaultPrefix(plan: FFTPlan): string {
  const parts = ['fft', plan.type, DIRECTION_TAG[plan.direction], plan.precision];
  if (plan.execution === 'thread') {
    parts.push(`t${plan.size}`);
  } else {
    parts.push(`b${plan.size}`, `e${plan.execEPT}`);
    if (plan.fftsPerBlock > 1) parts.push(`f${plan.fftsPerBlock}`);
    if (plan.exchange === 'split') parts.push('split');
    if (plan.exchangeParts > 1) parts.push(`p${plan.exchangeParts}`);
  }
  if (plan.type !== 'c2c') parts.push(plan.layout, plan.mode);
  return parts.join('_');
}
