// A benchmark case around the library's batched FFT (createBatchedFFT, out of place or in place) for any
// descriptor that generates WGSL. fft-case.ts builds the descriptor from the public operators.
import type { FFTPlan, FFTPrecision, FFTType } from '../descriptors/model.js';
import { createBatchedFFT } from '../src/batched/plan.js';
import { makeWorkspace, type CodeGenerating } from '../src/host/workspace.js';
import type { BenchCase, CaseOptions } from './case.js';
import { rotatingCase } from './buffers.js';

export interface FFTCaseSpec {
  /** c2c, r2c, c2r, or r2c_folded / c2r_folded (RealFFTOptions('natural', 'folded')). */
  readonly kind: FFTType | 'r2c_folded' | 'c2r_folded';
  readonly n: number;
  readonly precision: FFTPrecision;
  /** Transforms (for f16, two transforms share one FFT computation: the kernel pairs them). */
  readonly batch: number;
}

/** The case kind that runs a plan (folded real plans have their own kinds). */
export function caseKindOf(plan: FFTPlan): FFTCaseSpec['kind'] {
  if (plan.type === 'c2c') return 'c2c';
  return plan.mode === 'folded' ? `${plan.type}_folded` : plan.type;
}

export async function makeBatchedCase(
  device: GPUDevice,
  desc: CodeGenerating,
  spec: FFTCaseSpec,
  options: CaseOptions = {},
): Promise<BenchCase> {
  // createBatchedFFT counts transforms in every precision (f16 pairs them into registers itself).
  const plan = await createBatchedFFT(device, desc, { batch: spec.batch, ...(options.tuning ? { tuning: options.tuning } : {}) });
  if (plan.tuning.method === 'measure') {
    const timed = plan.tuning.timings.map((t) => `E${t.elementsPerThread} x${t.fftsPerBlock} ${t.ms.toFixed(4)} ms`).join(', ');
    console.log(`    tuning: measured ${timed}; kept E${plan.plan.elementsPerThread} x${plan.plan.fftsPerBlock}`);
  }
  const workspace = makeWorkspace(device, desc);
  // The workspace (Bluestein chirp and kernel, mostly read from cache) is not counted.
  return rotatingCase(device, spec, plan, options.copies ?? 1, workspace, options.placement);
}
