// A BenchCase for an element-wise kernel (one element per invocation, input binding 0, output
// binding 1, 2D dispatch): the copy ceiling and the scale self-check are both built this way.
import type { BenchCase, CaseOptions } from './case.js';
import { createBufferSets, destroyBufferSets } from './buffers.js';
import { dispatchShape } from './dispatch.js';

export const ELEMENTWISE_WORKGROUP = 256;

export interface ElementwiseSpec {
  readonly kind: string;
  readonly n: number;
  readonly batch: number;
  /** Elements (invocations) and bytes of each buffer. */
  readonly count: number;
  readonly bytes: number;
  readonly label: string;
  /** WGSL for `count` elements dispatched as `groupsX` x ? workgroups of `workgroupSize`. */
  readonly code: (count: number, groupsX: number) => string;
  /** Invocations per workgroup the code declares (default ELEMENTWISE_WORKGROUP). */
  readonly workgroupSize?: number;
}

export async function makeElementwiseCase(device: GPUDevice, spec: ElementwiseSpec, options: CaseOptions = {}): Promise<BenchCase> {
  const shape = dispatchShape(Math.ceil(spec.count / (spec.workgroupSize ?? ELEMENTWISE_WORKGROUP)), device.limits.maxComputeWorkgroupsPerDimension);
  const module = device.createShaderModule({ code: spec.code(spec.count, shape.x), label: spec.label });
  const pipeline = await device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' } });
  const sets = createBufferSets(device, spec.bytes, spec.bytes, options.copies ?? 1, spec.label);
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
    kind: spec.kind,
    precision: 'f32',
    n: spec.n,
    batch: spec.batch,
    bytesMoved: 2 * spec.bytes,
    encode(pass) {
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, groups[next]);
      pass.dispatchWorkgroups(shape.x, shape.y);
      next = (next + 1) % groups.length;
    },
    destroy: () => destroyBufferSets(sets),
  };
}
