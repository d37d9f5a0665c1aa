// A trivial "kernel under test" for the harness itself: multiplies `batch` rows of `n` complex f32
// values by 0.5, one vec2<f32> per invocation, 1 read + 1 write per element like a one-pass FFT.
// It runs through the same BenchCase path as the FFT cases, so the harness can be checked (and its
// ratio to the copy kernel read as the cost of narrower accesses) without any FFT code.
import type { BenchCase, CaseOptions, CaseSpec } from './case.js';
import { ELEMENTWISE_WORKGROUP as WORKGROUP, makeElementwiseCase } from './elementwise-case.js';

export function scaleKernelCode(count: number, groupsX: number): string {
  return `// webfftdx bench: scale kernel, ${count} x vec2<f32> times 0.5 (harness self-check)
@group(0) @binding(0) var<storage, read> src: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec2<f32>>;

@compute @workgroup_size(${WORKGROUP})
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_index) lid: u32) {
  let i = (wg.y * ${groupsX}u + wg.x) * ${WORKGROUP}u + lid;
  if (i < ${count}u) {
    dst[i] = src[i] * 0.5;
  }
}
`;
}

export function makeScaleCase(device: GPUDevice, spec: CaseSpec, options: CaseOptions = {}): Promise<BenchCase> {
  if (spec.precision !== 'f32') throw new Error(`scale case: only f32 (got ${spec.precision})`);
  const count = spec.n * spec.batch;
  return makeElementwiseCase(
    device,
    { kind: 'scale', n: spec.n, batch: spec.batch, count, bytes: count * 8, label: 'bench scale', code: scaleKernelCode },
    options,
  );
}
