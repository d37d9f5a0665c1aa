// The ceiling: a vectorised copy (one vec4<f32> per invocation) over the same bytes as a C2C f32
// row of the run. An FFT that reads its input once and writes its output once cannot beat it, so
// `gbs / copyGBs` says how close a kernel gets to the memory system's limit.
import type { BenchCase, CaseOptions } from './case.js';
import { createBufferSets, destroyBufferSets } from './buffers.js';
import { dispatchShape } from './dispatch.js';

const WORKGROUP = 256;

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
export async function makeCopyCase(
  device: GPUDevice,
  bytes: number,
  options: CaseOptions = {},
): Promise<BenchCase> {
  if (bytes % 16 !== 0) throw new Error(`copy kernel: ${bytes} bytes is not a multiple of 16`);
  const count = bytes / 16;
  const shape = dispatchShape(Math.ceil(count / WORKGROUP), device.limits.maxComputeWorkgroupsPerDimension);
  const module = device.createShaderModule({ code: copyKernelCode(count, shape.x), label: 'bench copy' });
  const pipeline = await device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' } });
  const sets = createBufferSets(device, bytes, bytes, options.copies ?? 1, 'bench copy');
  const groups = sets.map((s) =>
    device.createBindGroup({
      layout: pipeline.getBindGroupLayout(0),
      entries: [
        { binding: 0, resource: { buffer: s.input } },
        { binding: 1, resource: { buffer: s.output } },
      ],
    }),
  );
  let next = 0;
  return {
    kind: 'copy',
    precision: 'f32',
    n: bytes / 8,
    batch: 1,
    bytesMoved: 2 * bytes,
    encode(pass) {
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, groups[next]);
      pass.dispatchWorkgroups(shape.x, shape.y);
      next = (next + 1) % groups.length;
    },
    destroy: () => destroyBufferSets(sets),
  };
}
