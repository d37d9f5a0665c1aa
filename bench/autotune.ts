// The autotuner: for each Limits profile and complex FFT length, times every candidate
// (ElementsPerThread, FFTs per workgroup) on the device and writes the winners into
// descriptors/tuning-table.ts, the measured part of the tuning table the descriptor defaults come
// from (cuFFTDx's per-architecture database, made by measurement). Run it on the GPU machine:
//   node dist/bench/autotune.js --out-table $OUT/tuning-table.ts --out-json $OUT/autotune.json
// then copy the table into descriptors/ and regenerate the type tables (npm run gen:tables).
import { writeFileSync } from 'node:fs';
import { fitsLimits, maxNativeBlockSize, stockhamEPTs } from '../descriptors/capabilities.js';
import type { FFTLimits } from '../descriptors/model.js';
import { PROFILES, defaultTuning, type LimitsProfile, type ProfileName, type TuningEntry } from '../descriptors/tuning.js';
import { Block, Direction, ElementsPerThread, fft, FFTsPerBlock, Limits, Size } from '../src/index.js';
import { FAST_TOGGLES, requestNodeDevice } from '../src/node.js';
import { shortDeviceName } from './adapter.js';
import { makeBatchedCase } from './batched-case.js';
import { rotationCount } from './buffers.js';
import { gbPerSecond } from './report.js';
import { timeEncode } from './timing.js';

interface Args {
  profiles: ProfileName[];
  sizes?: number[];
  total: number;
  repeats: number;
  warmup: number;
  maxSeconds: number;
  outTable?: string;
  outJson?: string;
}

const NON_POW2 = [12, 24, 48, 96, 100, 400, 1000, 2187, 3125, 6561, 10000];

function parseArgs(argv: string[]): Args {
  const a: Args = { profiles: ['core', 'mid', 'large'], total: 1 << 24, repeats: 7, warmup: 2, maxSeconds: 420 };
  for (let i = 0; i < argv.length; i++) {
    const v = argv[i + 1];
    switch (argv[i]) {
      case '--profiles':
        a.profiles = v.split(',') as ProfileName[];
        i++;
        break;
      case '--sizes':
        a.sizes = v.split(',').map(Number);
        i++;
        break;
      case '--total':
        a.total = Number(v);
        i++;
        break;
      case '--repeats':
        a.repeats = Number(v);
        i++;
        break;
      case '--max-seconds':
        a.maxSeconds = Number(v);
        i++;
        break;
      case '--out-table':
        a.outTable = v;
        i++;
        break;
      case '--out-json':
        a.outJson = v;
        i++;
        break;
      default:
        throw new Error(`autotune: unknown argument ${argv[i]}`);
    }
  }
  return a;
}

function limitsOf(p: LimitsProfile): FFTLimits {
  return { maxComputeWorkgroupStorageSize: p.maxComputeWorkgroupStorageSize, maxComputeInvocationsPerWorkgroup: p.maxComputeInvocationsPerWorkgroup, subgroups: false };
}

function sizesFor(limits: FFTLimits, explicit: number[] | undefined): number[] {
  const max = maxNativeBlockSize('f32', limits);
  const pow2: number[] = [];
  for (let n = 4; n <= max; n *= 2) pow2.push(n);
  const list = explicit ?? [...pow2, ...NON_POW2];
  return list.filter((n) => n <= max && stockhamEPTs(n, 'f32').some((e) => fitsLimits(n, e, 1, 'f32', limits)));
}

/** Candidates: EPTs nearest the heuristic (log distance), each with a few slot counts that fill 32..maxInvocations. */
function candidates(n: number, limits: FFTLimits): TuningEntry[] {
  const base = defaultTuning(n, 'f32', limits)!;
  const epts = stockhamEPTs(n, 'f32')
    .filter((e) => fitsLimits(n, e, 1, 'f32', limits))
    .sort((a, b) => Math.abs(Math.log2(a / base.ept)) - Math.abs(Math.log2(b / base.ept)))
    .slice(0, 4);
  const out: TuningEntry[] = [];
  for (const ept of epts) {
    const stride = n / ept;
    const slots = [1, 2, 4, 8, 16, 32, 64].filter(
      (s) => fitsLimits(n, ept, s, 'f32', limits) && stride * s >= Math.min(32, stride * 64) && stride * s <= 512,
    );
    for (const s of slots.slice(0, 4)) out.push({ ept, slots: s });
  }
  if (!out.some((c) => c.ept === base.ept && c.slots === base.slots)) out.push(base);
  return out;
}

interface Measured {
  profile: ProfileName;
  n: number;
  ept: number;
  slots: number;
  ms: number;
  gbs: number;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const { device, adapter } = await requestNodeDevice({ toggles: FAST_TOGGLES });
  const started = Date.now();
  const results: Measured[] = [];
  const winners: Partial<Record<ProfileName, Record<number, TuningEntry>>> = {};
  let stopped = false;
  for (const name of args.profiles) {
    const profile = PROFILES.find((p) => p.name === name);
    if (!profile) throw new Error(`autotune: unknown profile ${name}`);
    const limits = limitsOf(profile);
    if (limits.maxComputeWorkgroupStorageSize > device.limits.maxComputeWorkgroupStorageSize) continue;
    const table: Record<number, TuningEntry> = {};
    winners[name] = table;
    for (const n of sizesFor(limits, args.sizes)) {
      let best: Measured | undefined;
      for (const c of candidates(n, limits)) {
        if ((Date.now() - started) / 1000 > args.maxSeconds) {
          stopped = true;
          break;
        }
        const desc = fft(Size(n), Direction('forward'), Block(), ElementsPerThread(c.ept), FFTsPerBlock(c.slots), Limits(limits));
        const batch = Math.max(1, Math.floor(args.total / n));
        const bytes = 2 * batch * n * 8;
        try {
          const kase = await makeBatchedCase(device, desc, { kind: 'c2c', n, precision: 'f32', batch }, { copies: rotationCount(bytes) });
          const t = await timeEncode(device, (pass) => kase.encode(pass), { warmup: args.warmup, repeats: args.repeats, dispatches: 1 });
          kase.destroy();
          const m: Measured = { profile: name, n, ept: c.ept, slots: c.slots, ms: t.ms, gbs: gbPerSecond(bytes, t.ms) };
          results.push(m);
          if (!best || m.ms < best.ms) best = m;
        } catch (e) {
          console.log(`  ${name} n=${n} ept=${c.ept} slots=${c.slots}: ${(e as Error).message.split('\n')[0]}`);
        }
      }
      if (best) {
        table[n] = { ept: best.ept, slots: best.slots };
        console.log(`${name} n=${n}: ept ${best.ept} slots ${best.slots} ${best.gbs.toFixed(0)} GB/s`);
      }
      if (stopped) break;
    }
    if (stopped) break;
  }
  const device_ = shortDeviceName(adapter.info);
  const date = new Date().toISOString().slice(0, 10);
  if (args.outJson) writeFileSync(args.outJson, JSON.stringify({ device: device_, date, stopped, results }, null, 1));
  if (args.outTable) writeFileSync(args.outTable, renderTable(winners, device_, date));
  console.log(`autotune: ${results.length} cases in ${((Date.now() - started) / 1000).toFixed(0)} s${stopped ? ' (stopped at --max-seconds)' : ''}`);
  device.destroy();
  process.exit(0);
}

function renderTable(w: Partial<Record<ProfileName, Record<number, TuningEntry>>>, device: string, date: string): string {
  const lines = [
    '// Measured defaults written by the autotuner (bench/autotune.ts). Keyed by Limits profile, then',
    '// precision, then complex FFT length: the winner among the timed (ElementsPerThread, FFT slots)',
    `// candidates of a batched C2C f32 forward FFT over 2^24 elements, Dawn FAST_TOGGLES. Measured on ${device}, ${date}.`,
    "import type { FFTPrecision } from './model.js';",
    "import type { ProfileName, TuningEntry } from './tuning.js';",
    '',
    'export const MEASURED_TUNING: Partial<Record<ProfileName, Partial<Record<FFTPrecision, Record<number, TuningEntry>>>>> = {',
  ];
  for (const [profile, table] of Object.entries(w)) {
    lines.push(`  ${profile}: {`, '    f32: {');
    for (const [n, e] of Object.entries(table!).sort((a, b) => Number(a[0]) - Number(b[0]))) {
      lines.push(`      ${n}: { ept: ${e.ept}, slots: ${e.slots} },`);
    }
    lines.push('    },', '  },');
  }
  lines.push('};', '');
  return lines.join('\n');
}

await main();
