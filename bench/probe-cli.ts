// The command line shared by the probes (layout-probe, two-phase-probe): `[--total N] [--repeats R]
// label ...`, one device, each label timed like the bench (warm-up, median of R) and printed as
// `label<TAB>GB/s<TAB>ms`. On a GPU run one label per process (bench/NOTES.md: timings degrade in
// long processes).
import type { BenchCase } from './case.js';
import { gbPerSecond } from './report.js';
import { timeEncode } from '../src/host/timing.js';
import { FAST_TOGGLES, requestNodeDevice } from '../src/node.js';

export type Probe = (device: GPUDevice, label: string, total: number) => Promise<BenchCase>;

export async function runProbes(argv: readonly string[], probe: Probe): Promise<void> {
  let total = 1 << 26;
  let repeats = 20;
  const labels: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--total') total = Number(argv[++i]);
    else if (argv[i] === '--repeats') repeats = Number(argv[++i]);
    else labels.push(argv[i]);
  }
  const { device } = await requestNodeDevice({ toggles: FAST_TOGGLES });
  for (const label of labels) {
    const kase = await probe(device, label, total);
    const t = await timeEncode(device, (pass) => kase.encode(pass), { warmup: 3, repeats, dispatches: 1 });
    console.log(`${label}\t${gbPerSecond(kase.bytesMoved, t.ms).toFixed(0)} GB/s\t${t.ms.toFixed(4)} ms`);
    kase.destroy();
  }
  device.destroy();
}

/** Runs the probe command line of this process and exits non-zero on failure. */
export function probeMain(probe: Probe): void {
  runProbes(process.argv.slice(2), probe).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
