// 2D dispatch shapes for element-wise kernels: WebGPU caps each dimension at
// maxComputeWorkgroupsPerDimension (65535 by default), below what 2^26 elements need.

export interface DispatchShape {
  /** Workgroups along x and y. */
  readonly x: number;
  readonly y: number;
}

export function dispatchShape(workgroups: number, maxPerDimension: number): DispatchShape {
  if (workgroups <= maxPerDimension) return { x: Math.max(1, workgroups), y: 1 };
  const y = Math.ceil(workgroups / maxPerDimension);
  if (y > maxPerDimension) throw new Error(`${workgroups} workgroups exceed ${maxPerDimension}^2`);
  return { x: Math.ceil(workgroups / y), y };
}
