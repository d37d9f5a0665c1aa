// The contents of a descriptor's global-memory workspace, by algorithm (computed in f64 on the host).
import type { FFTPlan } from '../descriptors/model.js';
import { bluesteinWorkspace } from './bluestein.js';
import { raderWorkspace } from './rader.js';

/** The workspace a plan with requiresWorkspace reads (plan.workspaceSize bytes): Rader's or Bluestein's. */
export function workspaceData(plan: FFTPlan): Float32Array {
  const data = plan.algorithm === 'rader' ? raderWorkspace(plan) : bluesteinWorkspace(plan);
  if (data.byteLength !== plan.workspaceSize) {
    throw new Error(`internal: the ${plan.algorithm} workspace of Size(${plan.size}) is ${data.byteLength} bytes but the plan says ${plan.workspaceSize}`);
  }
  return data;
}
