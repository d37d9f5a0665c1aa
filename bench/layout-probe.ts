// The I/O ceiling of register layouts: kernels that only load and store (no FFT), so the time left
// is what the access pattern itself costs against the vec4 copy of the same run.
//   node dist/bench/layout-probe.js [--total N] [--repeats R] label ...
// labels: copy4 (the bench's ceiling), copy2 (one vec2 per invocation),
//   blk:<n>:<e>[:<slots>]  the Block layout (invocation t of an FFT loads elements t + i * n / e,
//                i < e, as vec2); with slots, workgroups of slots FFTs (n / e * slots invocations,
//                as the batched FFT kernel), else of 256 invocations (FFTs may straddle them)
//   pair:<n>:<e> the same elements as vec4 pairs (invocation t loads pairs 2t + 2 i n / e, i < e / 2)
// --total must be a multiple of n (and of 2): every FFT whole.
// Command line and timing: bench/probe-cli.ts.
import type { BenchCase } from './case.js';
import { probeMain } from './probe-cli.js';
import { makeCopyCase } from './copy-kernel.js';
import { ELEMENTWISE_WORKGROUP as WG, makeElementwiseCase } from './elementwise-case.js';
import { rotationCount } from './buffers.js';

/** WGSL: each invocation moves `per` values of `type` at base + t + i * stride (stride values apart). */
function layoutCode(type: 'vec2<f32>' | 'vec4<f32>', stride: number, per: number, workgroup: number) {
  return (count: number, groupsX: number) => `// layout probe: ${per} x ${type} per invocation, stride ${stride}
@group(0) @binding(0) var<storage, read> src: array<${type}>;
@group(0) @binding(1) var<storage, read_write> dst: array<${type}>;

@compute @workgroup_size(${workgroup})
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_index) lid: u32) {
  let inv = (wg.y * ${groupsX}u + wg.x) * ${workgroup}u + lid;
  if (inv >= ${count}u) { return; }
  let base = (inv / ${stride}u) * ${stride * per}u + inv % ${stride}u;
  var r: array<${type}, ${per}>;
${Array.from({ length: per }, (_, i) => `  r[${i}] = src[base + ${i * stride}u];`).join('\n')}
${Array.from({ length: per }, (_, i) => `  dst[base + ${i * stride}u] = r[${i}];`).join('\n')}
}
`;
}

function probe(device: GPUDevice, label: string, total: number): Promise<BenchCase> {
  const bytes = total * 8;
  const options = { copies: rotationCount(bytes * 2) };
  if (label === 'copy4') return makeCopyCase(device, bytes, options);
  const [kind, nText, eText, slotsText] = label.split(':');
  const n = Number(nText ?? 1);
  const e = Number(eText ?? 1);
  if (total % n !== 0) throw new Error(`layout probe: --total ${total} is not a multiple of ${n}`);
  const workgroup = slotsText === undefined ? WG : (n / e) * Number(slotsText);
  const spec = (type: 'vec2<f32>' | 'vec4<f32>', stride: number, per: number) =>
    makeElementwiseCase(
      device,
      { kind: label, n, batch: total / n, count: bytes / (per * (type === 'vec2<f32>' ? 8 : 16)), bytes, label, code: layoutCode(type, stride, per, workgroup), workgroupSize: workgroup },
      options,
    );
  if (kind === 'copy2') return spec('vec2<f32>', 1, 1);
  if (kind === 'blk') return spec('vec2<f32>', n / e, e);
  if (kind === 'pair') return spec('vec4<f32>', n / e, e / 2);
  throw new Error(`unknown probe ${label}`);
}

probeMain(probe);
