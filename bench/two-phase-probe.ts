// Times two-phase kernel shapes (kernels/two-phase.ts) against the copy kernel of the same process.
//   node dist/bench/two-phase-probe.js [--total N] [--repeats R] label ...
// labels: copy4, or <n>:<outer>:<ept>:<slots>:<complex|split>:<parts>[:<extras>] (forward C2C
// f32; extras joined by '-': c<k> for k phase-2 columns per call, and the diagnostics of
// bench/two-phase-case.ts). Command line and timing: bench/probe-cli.ts.
import type { BenchCase } from './case.js';
import { probeMain } from './probe-cli.js';
import { makeCopyCase } from './copy-kernel.js';
import { makeElementwiseCase } from './elementwise-case.js';
import { rotationCount } from './buffers.js';
import { twoPhaseStandalone } from './two-phase-case.js';
import type { TwoPhaseSpec } from '../kernels/two-phase.js';

function probe(device: GPUDevice, label: string, total: number): Promise<BenchCase> {
  const bytes = total * 8;
  const options = { copies: rotationCount(bytes * 2) };
  if (label === 'copy4') return makeCopyCase(device, bytes, options);
  const [n, outer, ept, slots, exchange, parts, extras = ''] = label.split(':');
  // The last field: phase-2 columns per call (c<k>) and diagnostics, joined by '-'.
  const columns = Number(/(?:^|-)c(\d+)/.exec(extras)?.[1] ?? 1);
  if (exchange !== 'complex' && exchange !== 'split') throw new Error(`two-phase probe: exchange must be complex or split in ${label}`);
  const spec: TwoPhaseSpec = { size: Number(n), outer: Number(outer), ept: Number(ept), slots: Number(slots), exchange, parts: Number(parts), sign: -1, columns };
  if (total % spec.size !== 0) throw new Error(`two-phase probe: --total ${total} is not a multiple of ${spec.size}`);
  const batch = total / spec.size;
  const threads = (spec.size / spec.outer / spec.ept) * spec.slots;
  return makeElementwiseCase(
    device,
    { kind: 'c2c', n: spec.size, batch, count: batch * threads, bytes, label, workgroupSize: threads, code: (_count, groupsX) => twoPhaseStandalone(spec, batch, groupsX, extras) },
    options,
  );
}

probeMain(probe);
