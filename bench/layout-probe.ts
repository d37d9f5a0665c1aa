// The I/O ceiling of register layouts: kernels that only load and store (no FFT), so the time left
// is what the access pattern itself costs against the vec4 copy of the same run.
//   node dist/bench/layout-probe.js [--total N] [--repeats R] label ...
// labels: copy4 (the bench's ceiling), copy2 (one vec2 per invocation),
//   blk:<n>:<e>[:<slots>]  the Block layout (invocation t of an FFT loads elements t + i * n / e,
//                i < e, as vec2); with slots, workgroups of slots FFTs (n / e * slots invocations,
//                as the batched FFT kernel), else of 256 invocations (FFTs may straddle them)
//   pair:<n>:<e> the same elements as vec4 pairs (invocation t loads pairs 2t + 2 i n / e, i < e / 2)
//   xwg:<n>:<e>:<parts>:<x>  the Block layout of one FFT per workgroup with x exchanges through
//                workgroup memory in `parts` parts between the loads and the stores (no arithmetic)
//   xsg:<n>:<e>:<g>:<x>      the same with x register transpositions across g lanes of a subgroup
//                by xor shuffles (needs the adapter's `subgroups` and a subgroup size >= g)
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

/**
 * WGSL of the exchange probes: an n-point "FFT" of e registers per invocation (n / e invocations
 * per workgroup, one FFT each) that loads in the Block layout, runs `rounds` exchanges and stores,
 * with no arithmetic. 'wg': through workgroup memory in `param` parts (Stockham's first exchange:
 * register j of the part to position t * e / parts + j, then elements t + q * n / e back; the
 * engine's swizzle). 'sg': each aligned block of `param` registers transposed across `param` lanes
 * of a subgroup by xor shuffles (log2(param) rounds of param / 2 shuffles: the register
 * transposition a shuffle exchange needs, with static register indices).
 */
function exchangeCode(mode: 'wg' | 'sg', n: number, e: number, param: number, rounds: number) {
  const stride = n / e;
  return (count: number, groupsX: number) => {
    const lines: string[] = [];
    for (let x = 0; x < rounds; x++) {
      if (mode === 'wg') {
        const per = e / param;
        for (let p = 0; p < param; p++) {
          lines.push('  workgroupBarrier();');
          for (let j = 0; j < per; j++) lines.push(`  smem[swz(t * ${per}u + ${j}u)] = r[${p * per + j}];`);
          lines.push('  workgroupBarrier();');
          for (let q = 0; q < per; q++) lines.push(`  r[${p * per + q}] = smem[swz(t + ${q * stride}u)];`);
        }
      } else {
        for (let m = param / 2; m >= 1; m /= 2) {
          lines.push(`  { let up = (lane & ${m}u) != 0u;`);
          for (let i = 0; i < e; i++) {
            if (i & m) continue;
            lines.push(`    { let s = select(r[${i + m}], r[${i}], up); let g = subgroupShuffleXor(s, ${m}u);`);
            lines.push(`      r[${i + m}] = select(g, r[${i + m}], up); r[${i}] = select(r[${i}], g, up); }`);
          }
          lines.push('  }');
        }
      }
    }
    const part = n / (mode === 'wg' ? param : 1);
    return `${mode === 'sg' ? 'enable subgroups;\n' : ''}// exchange probe ${mode}: ${n} points, E${e}, ${param}, ${rounds} exchange(s)
@group(0) @binding(0) var<storage, read> src: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec2<f32>>;
${mode === 'wg' ? `var<workgroup> smem: array<vec2<f32>, ${part}>;
fn swz(i: u32) -> u32 { return i ^ ((i >> 4u) & 15u); }` : ''}
@compute @workgroup_size(${stride})
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_index) t: u32${mode === 'sg' ? ', @builtin(subgroup_invocation_id) lane: u32' : ''}) {
  let fft = wg.y * ${groupsX}u + wg.x;
  if (fft >= ${count / stride}u) { return; }
  let base = fft * ${n}u + t;
  var r: array<vec2<f32>, ${e}>;
${Array.from({ length: e }, (_, i) => `  r[${i}] = src[base + ${i * stride}u];`).join('\n')}
${lines.join('\n')}
${Array.from({ length: e }, (_, i) => `  dst[base + ${i * stride}u] = r[${i}];`).join('\n')}
}
`;
  };
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
  if (kind === 'xwg' || kind === 'xsg') {
    const [param, rounds] = label.split(':').slice(3).map(Number);
    const stride = n / e;
    return makeElementwiseCase(
      device,
      { kind: label, n, batch: total / n, count: total / e, bytes, label, code: exchangeCode(kind === 'xwg' ? 'wg' : 'sg', n, e, param, rounds), workgroupSize: stride },
      options,
    );
  }
  throw new Error(`unknown probe ${label}`);
}

probeMain(probe);
