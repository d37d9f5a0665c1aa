// The complex FFT a real FFT runs on: c2c of length N (normal mode) or N/2 (folded mode), with the
// same execution, elements per invocation, FFT slots, BlockDim and Limits, so that the engine's
// traits (stride, storage, exchange, workgroup memory) are exactly the real plan's.
import type { FFTPlan } from '../../descriptors/model.js';
import { resolvePlan, type DescriptorState } from '../../descriptors/plan.js';

/** Complex length the real FFT transforms: N, or N/2 pairs (x[2k], x[2k+1]) when folded. */
export function complexLength(plan: FFTPlan): number {
  return plan.mode === 'folded' ? plan.size / 2 : plan.size;
}

/**
 * The c2c plan of the engine a real plan composes, or undefined for the folded 2-point FFT (one
 * pair: the 1-point complex FFT is the identity). Throws when the engine would disagree with the
 * real plan's traits (a bug in one of them, never a user error).
 */
export function innerComplexPlan(plan: FFTPlan): FFTPlan | undefined {
  const n = complexLength(plan);
  if (n === 1) return undefined;
  const state: DescriptorState = {
    size: n,
    type: 'c2c',
    direction: plan.direction,
    precision: plan.precision,
    execution: plan.execution,
    limits: plan.limits,
    ...(plan.execution === 'block'
      ? { elementsPerThread: plan.execEPT, fftsPerBlock: plan.fftsPerBlock, blockDim: plan.blockDim }
      : {}),
    // The real plan's exchange was chosen for its own (engine) length: the inner engine must match it.
    ...(plan.exchange === 'complex' || plan.exchange === 'split' ? { exchange: plan.exchange } : {}),
    // Likewise its parts (the real module's own exchanges use the same parted buffer).
    ...(plan.execution === 'block' ? { exchangeParts: plan.exchangeParts } : {}),
    // Real FFTs of prime lengths run Bluestein (their kind tables were measured so), never Rader.
    ...(plan.algorithm === 'bluestein' ? { algorithm: 'bluestein' as const } : {}),
    // The real plan's kind: where C2C's defaults leave the length to Rader or Bluestein, the native engine as the real plan runs it.
    ...(plan.type === 'c2c' ? {} : { engineKind: `${plan.type}-${plan.mode}` as const }),
  };
  const inner = resolvePlan(state);
  const mismatch = (['execSize', 'execEPT', 'stride', 'exchange', 'exchangeParts', 'sharedMemorySize', 'algorithm', 'fftsPerBlock'] as const).filter(
    (k) => inner[k] !== plan[k],
  );
  if (mismatch.length) {
    throw new Error(
      `internal: the c2c engine for a ${plan.size}-point ${plan.type} plan disagrees on ${mismatch
        .map((k) => `${k} (${String(inner[k])} vs ${String(plan[k])})`)
        .join(', ')}`,
    );
  }
  return inner;
}
