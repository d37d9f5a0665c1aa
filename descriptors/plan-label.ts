// A resolved plan written back as the operators that describe it, for messages that must name the
// descriptor (host helpers' device checks): `Size(64) Type('r2c') Precision('f32') Thread()`.
import type { FFTPlan } from './model.js';

export function planLabel(plan: FFTPlan): string {
  const ops = [`Size(${plan.size})`, `Type('${plan.type}')`];
  if (plan.type === 'c2c') ops.push(`Direction('${plan.direction}')`);
  ops.push(`Precision('${plan.precision}')`);
  if (plan.type !== 'c2c') ops.push(`RealFFTOptions('${plan.layout}', '${plan.mode}')`);
  if (plan.execution === 'thread') {
    ops.push('Thread()');
  } else {
    ops.push('Block()', `ElementsPerThread(${plan.elementsPerThread})`, `FFTsPerBlock(${plan.fftsPerBlock})`);
  }
  return ops.join(' ');
}
