// The ceiling: a vectorised copy (one vec4<f32> per invocation) over the same bytes as a C2C f32
// row of the run. An FFT that reads its input once and writes its output once cannot beat it, so
// `gbs / copyGBs` says how close a kernel gets to the memory system's limit.
import type { BenchCase, CaseOptions } from './case.js';
import { ELEMENTWISE_WORKGROUP as WORKGROUP, makeElementwiseCase } from './elementwise-case.js';

/** WGSL of the copy kernel for `count` vec4<f32> values, dispatched as `groupsX` x ? workgroups. */
export function copyKernelCode(count: number, groupsX: number): string {
  return `// webfftdx bench: copy kernel, ${count} x vec4<f32> (the bandwidth ceiling)
@group(0) @binding(0) var<storage, read> src: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec4<f32>>;

@compute @workgroup_size(${WORKGROUP})
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_index) lid: u32) {
  let i = (wg.y * ${groupsX}u + wg.x) * ${WORKGROUP}u + lid;
  if (i < ${count}u) {
    dst[i] = src[i];
  }
}
`;
}

/**
 * A copy case over `bytes` bytes (a multiple of 16). `n` and `batch` describe it as the FFT rows
 * do: `batch` rows of `n` complex f32 elements.
 */
export function makeCopyCase(device: GPUDevice, bytes: number, options: CaseOptions = {}): Promise<BenchCase> {
  if (bytes % 16 !== 0) throw new Error(`copy kernel: ${bytes} bytes is not a multiple of 16`);
  return makeElementwiseCase(
    device,
    { kind: 'copy', n: bytes / 8, batch: 1, count: bytes / 16, bytes, label: 'bench copy', code: copyKernelCode },
    options,
  );
}
