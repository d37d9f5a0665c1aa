// 2D dispatch shapes for element-wise kernels: WebGPU caps each dimension at
// maxComputeWorkgroupsPerDimension (65535 by default), below what 2^26 elements need. The split is
// the library's own (createBatchedFFT uses it for large batches).
import { dispatchShape as batchedDispatchShape } from '../src/host/device.js';

export interface DispatchShape {
  /** Workgroups along x and y. */
  readonly x: number;
  readonly y: number;
}

export function dispatchShape(workgroups: number, maxPerDimension: number): DispatchShape {
  const [x, y] = batchedDispatchShape(workgroups, maxPerDimension);
  if (y > maxPerDimension) throw new Error(`${workgroups} workgroups exceed ${maxPerDimension}^2`);
  return { x, y };
}
