// The autotuner: for each Limits profile and complex FFT length, times every candidate
// (ElementsPerThread, FFTs per workgroup) on the device and writes the winners into
// descriptors/tuning-table.ts, the measured part of the tuning table the descriptor defaults come
// from (cuFFTDx's per-architecture database, made by measurement). On the GPU machine,
// scripts/device-autotune.sh runs one process per chunk of a (profile, size)'s candidates -- timings
// degrade inside one long process -- with `--out-json part.json`, then `--merge part.json... --out-table tuning-table.ts`;
// copy the table into descriptors/ and regenerate the type tables (npm run gen:tables).
//
// Two phases, because timings also drift inside one process (later candidates run a few percent
// slower, and from some case on, often the 6th with Bluestein modules, several times slower:
// bench/NOTES.md runs 6, 10 and 22): the screening ranks a length's candidates in chunks of a few
// per process (`--count` lists how many there are, `--range from:to` measures a chunk);
// `--merge screening.json --finalists K` then lists each length's K best, and the script times each
// finalist alone (`--only ept:slots:exchange:parts`, one process each), and again with two FFT
// groups per workgroup of the batched kernel (`:r2`, TuningEntry.rounds: a batch-scale effect,
// bench/NOTES.md run 24), and with its product twiddles formed at their use (`:tu`,
// TuningEntry.twiddlesAtUse: the driver's register allocation, bench/NOTES.md run 76) where that
// changes the kernel. The table is made from the finalists' timings only.
//
// `--kind r2c-normal|r2c-folded|c2r-normal|c2r-folded|bluestein` tunes the engines that run beside
// other work instead (tuning.ts EngineKind): --sizes are then engine lengths (a folded real FFT of
// size 2n, a Bluestein FFT of the largest prime below B / 2 for B = n), candidates are timed as that
// real or Bluestein FFT (Bluestein shapes with and without the H prefetch, TuningEntry.prefetch),
// and the winners are printed as descriptors/kind-tuning-table.ts entries
// (that table is edited by hand: --out-table writes C2C tables only).
import { readFileSync, writeFileSync } from 'node:fs';
import { blockEPTs, fitsLimits, hasPlainStages, maxNativeBlockSize, supportsParts } from '../descriptors/capabilities.js';
import type { FFTLimits, FFTPlan } from '../descriptors/model.js';
import { bluesteinProbeSize } from '../descriptors/sizes.js';
import { resolvePlan, supportedBlockEPTs, type DescriptorState } from '../descriptors/plan.js';
import { ENGINE_KINDS, PROFILES, defaultTuning, kindKey, type EngineKind, type LimitsProfile, type ProfileName, type TuningEntry } from '../descriptors/tuning.js';
import { generateModule } from '../kernels/module.js';
import type { CodeGenerating } from '../src/host/workspace.js';
import { batchedRounds } from '../src/batched/kernel.js';
import { FAST_TOGGLES, requestNodeDevice } from '../src/node.js';
import { shortDeviceName } from './adapter.js';
import { caseKindOf, makeBatchedCase } from './batched-case.js';
import { rotationCount } from './buffers.js';
import { fastestPerKey, gbPerSecond } from './report.js';
import { timeEncode } from '../src/host/timing.js';

interface Args {
  profiles: ProfileName[];
  sizes?: number[];
  total: number;
  repeats: number;
  warmup: number;
  maxSeconds: number;
  outTable?: string;
  /** The same table as a plain JS module, to drop into a compiled dist/descriptors/ on the GPU machine. */
  outTableJs?: string;
  outJson?: string;
  /** Result files of earlier runs to merge into one table instead of measuring. */
  merge?: string[];
  /** With --merge: print the K fastest candidates per (profile, length), `profile n spec` per line. */
  finalists?: number;
  /** Measure only this candidate (`ept:slots:complex|split:parts[:prefetch]`, see specOf). */
  only?: string;
  /** Tune this engine kind instead of C2C (sizes are engine lengths). */
  kind?: EngineKind;
  /** Measure only candidates [from, to) of each length's list (the screening's chunks, one process each). */
  range?: [number, number];
  /** Print each (profile, length)'s candidate count as `profile n count` lines, without a device. */
  count?: boolean;
}

const NON_POW2 = [12, 24, 48, 96, 100, 400, 625, 729, 1000, 2187, 3125, 6561, 10000];

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
      case '--out-table-js':
        a.outTableJs = v;
        i++;
        break;
      case '--out-json':
        a.outJson = v;
        i++;
        break;
      case '--finalists':
        a.finalists = Number(v);
        i++;
        break;
      case '--only':
        a.only = v;
        i++;
        break;
      case '--kind':
        if (!(ENGINE_KINDS as readonly string[]).includes(v)) throw new Error(`autotune: --kind ${v} is not one of ${ENGINE_KINDS.join(', ')}`);
        a.kind = v as EngineKind;
        i++;
        break;
      case '--range': {
        const [from, to] = v.split(':').map(Number);
        if (!(Number.isInteger(from) && Number.isInteger(to) && 0 <= from && from < to)) throw new Error(`autotune: --range ${v} is not from:to with 0 <= from < to`);
        a.range = [from, to];
        i++;
        break;
      }
      case '--count':
        a.count = true;
        break;
      case '--merge':
        a.merge = [];
        while (i + 1 < argv.length && !argv[i + 1].startsWith('--')) a.merge.push(argv[++i]);
        break;
      default:
        throw new Error(`autotune: unknown argument ${argv[i]}`);
    }
  }
  if (a.kind && (a.outTable || a.outTableJs)) throw new Error('autotune: --kind results go into descriptors/kind-tuning-table.ts by hand; --out-table writes C2C tables');
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
  return list.filter((n) => n <= max && blockEPTs(n, 'f32').some((e) => fitsLimits(n, e, 1, 'f32', limits)));
}

/**
 * Candidates: EPTs nearest the heuristic (log distance), each with a few slot counts that fill
 * 32..512 invocations (one FFT per workgroup may take up to the Limits' invocations); each with
 * the complex exchange (the default: complex where it fits, else split) and the split one (half the
 * workgroup memory: more workgroups per multiprocessor), in 1, 2, 3 and 5 parts (and 4 from 8192
 * on) where the engine supports them (smaller buffers again).
 * Candidates that resolve to the same implementation are measured once.
 */
// At most 3 EPTs x 3 slot counts x (complex, split) x parts (every E, in one part, for lengths
// without plain stages); the screening script times TUNE_CHUNK of them per process.
function candidates(n: number, limits: FFTLimits, kind?: EngineKind): TuningEntry[] {
  const base = defaultTuning(n, 'f32', limits, kind)!;
  // Lengths whose every E gathers stages (blockEPTs) have few E, none of them measured: all of them.
  const epts = (kind === 'bluestein' ? supportedBlockEPTs(n, 'bluestein', 'f32') : blockEPTs(n, 'f32'))
    .filter((e) => fitsLimits(n, e, 1, 'f32', limits))
    .sort((a, b) => Math.abs(Math.log2(a / base.ept)) - Math.abs(Math.log2(b / base.ept)))
    .slice(0, kind === undefined && !hasPlainStages(n, 'f32') ? undefined : 3);
  const out: TuningEntry[] = [];
  const seen = new Set<string>();
  const add = (c: TuningEntry) => {
    const plan = candidatePlan(n, c, limits, kind);
    if (!plan) return;
    const key = `${c.ept}:${c.slots}:${plan.exchange}:${plan.exchangeParts}`;
    if (seen.has(key)) return;
    seen.add(key);
    // Record what the plan really does, so the table entry reproduces it.
    const shape: TuningEntry = { ept: c.ept, slots: c.slots, ...(plan.exchange === 'split' ? { exchange: 'split' as const } : {}), ...(plan.exchangeParts > 1 ? { parts: plan.exchangeParts } : {}) };
    out.push(shape);
    // Bluestein: each shape with H read before the first engine run too (TuningEntry.prefetch).
    if (kind === 'bluestein' && plan.stride > 1) out.push({ ...shape, prefetch: true });
  };
  // 3 and 5 parts serve lengths with those factors (supportsParts filters the rest); 4 only the largest.
  const partCounts = [1, 2, 3, 5, ...(n >= 8192 ? [4] : [])];
  for (const ept of epts) {
    const stride = n / ept;
    const slots = [1, 2, 4, 8, 16, 32, 64].filter(
      (s) => fitsLimits(n, ept, s, 'f32', limits) && stride * s >= Math.min(32, stride * 64) && (stride * s <= 512 || s === 1),
    );
    for (const s of slots.slice(0, 3)) {
      for (const parts of partCounts) {
        if (stride === 1 ? parts > 1 : !supportsParts(n, ept, parts)) continue;
        add({ ept, slots: s, ...(parts > 1 ? { parts } : {}) });
        if (stride > 1) add({ ept, slots: s, exchange: 'split', ...(parts > 1 ? { parts } : {}) });
      }
    }
  }
  if (!out.some((c) => c.ept === base.ept && c.slots === base.slots)) add(base);
  return out;
}

/** The FFT whose engine of length n a kind's candidates run (C2C: the length itself). */
function kindState(n: number, kind?: EngineKind): DescriptorState {
  if (kind === undefined) return { size: n, type: 'c2c', direction: 'forward' };
  if (kind === 'bluestein') return { size: bluesteinProbeSize(n), type: 'c2c', direction: 'forward', algorithm: 'bluestein' };
  const [type, mode] = kind.split('-') as ['r2c' | 'c2r', 'normal' | 'folded'];
  return { size: mode === 'folded' ? 2 * n : n, type, mode, direction: type === 'r2c' ? 'forward' : 'inverse' };
}

/** The plan a candidate stands for (exchange and parts forced as the table entry would choose them), or undefined. */
function candidatePlan(n: number, c: TuningEntry, limits: FFTLimits, kind?: EngineKind): FFTPlan | undefined {
  const state = kindState(n, kind);
  try {
    const plan = resolvePlan({
      ...state,
      execution: 'block',
      // Folded mode counts real elements per thread.
      elementsPerThread: state.mode === 'folded' ? 2 * c.ept : c.ept,
      fftsPerBlock: c.slots,
      limits,
      // 'complex' is the default: complex where it fits, else split (as an entry without `exchange`).
      exchange: c.exchange ?? 'complex',
      exchangeParts: c.parts ?? 1,
      ...(kind === 'bluestein' ? { bluesteinPrefetch: c.prefetch === true } : {}),
      batchRounds: c.rounds ?? 1,
      twiddlesAtUse: c.twiddlesAtUse === true,
    });
    return plan.execSize === n ? plan : undefined;
  } catch {
    return undefined;
  }
}

/** A table entry as the TS object literal the tables hold. */
function entryLiteral(e: TuningEntry): string {
  return `{ ept: ${e.ept}, slots: ${e.slots}${e.exchange ? `, exchange: '${e.exchange}'` : ''}${e.parts ? `, parts: ${e.parts}` : ''}${e.prefetch ? ', prefetch: true' : ''}${e.rounds ? `, rounds: ${e.rounds}` : ''}${e.twiddlesAtUse ? ', twiddlesAtUse: true' : ''} }`;
}

function entryText(e: Omit<Shape, 'ept' | 'slots'>): string {
  return `${e.exchange ? ' split' : ''}${e.parts ? ` ${e.parts} parts` : ''}${e.prefetch ? ' prefetch' : ''}${e.rounds ? ` ${e.rounds} rounds` : ''}${e.twiddlesAtUse ? ' twiddles at use' : ''}`;
}

/**
 * A candidate as one command-line word: `ept:slots:complex|split:parts`, then `:prefetch` for
 * Bluestein's H prefetch, `:r<k>` for k rounds per workgroup (TuningEntry.rounds) and `:tu` for
 * product twiddles formed at their use (TuningEntry.twiddlesAtUse).
 */
function specOf(e: Shape): string {
  return `${e.ept}:${e.slots}:${e.exchange ?? 'complex'}:${e.parts ?? 1}${e.prefetch ? ':prefetch' : ''}${e.rounds ? `:r${e.rounds}` : ''}${e.twiddlesAtUse ? ':tu' : ''}`;
}

function parseSpec(spec: string): TuningEntry {
  const [ept, slots, exchange, parts, ...options] = spec.split(':');
  const rounds = options.find((o) => /^r[0-9]+$/.test(o));
  if (!ept || !slots || (exchange !== 'complex' && exchange !== 'split') || !parts || options.some((o) => o !== 'prefetch' && o !== rounds && o !== 'tu')) {
    throw new Error(`autotune: bad --only ${spec} (want ept:slots:complex|split:parts[:prefetch][:r<rounds>][:tu])`);
  }
  return entryOf({
    ept: Number(ept),
    slots: Number(slots),
    ...(exchange === 'split' ? { exchange } : {}),
    parts: Number(parts),
    ...(options.includes('prefetch') ? { prefetch: true as const } : {}),
    ...(rounds ? { rounds: Number(rounds.slice(1)) } : {}),
    ...(options.includes('tu') ? { twiddlesAtUse: true as const } : {}),
  });
}

/**
 * Whether a finalist is also timed with 2 rounds per workgroup (TuningEntry.rounds): only at the
 * finals' batch size (rounds change nothing inside a workgroup), and only where the batched kernel
 * honours them (Block kernels with an exchange, see src/batched/kernel.ts batchedRounds).
 */
function withRoundsToo(r: Measured): boolean {
  const profile = PROFILES.find((p) => p.name === r.profile);
  if (r.rounds !== undefined || !profile) return false;
  const plan = candidatePlan(r.n, { ...entryOf(r), rounds: 2 }, limitsOf(profile), r.kind);
  return plan !== undefined && batchedRounds(plan, profile.maxComputeWorkgroupStorageSize) > 1;
}

/**
 * Whether a finalist is also timed with its product twiddles formed at their use
 * (TuningEntry.twiddlesAtUse): where that changes the generated kernel (a stage with twiddle
 * products, each set used by one butterfly).
 */
function withAtUseToo(r: Measured): boolean {
  const profile = PROFILES.find((p) => p.name === r.profile);
  if (r.twiddlesAtUse || !profile) return false;
  const code = (e: TuningEntry) => {
    const plan = candidatePlan(r.n, e, limitsOf(profile), r.kind);
    return plan && generateModule(plan, plan.requiresWorkspace ? { workspace: { group: 0, binding: 9 } } : undefined).code;
  };
  const lets = code(entryOf(r));
  return lets !== undefined && lets !== code({ ...entryOf(r), twiddlesAtUse: true });
}

/** The K fastest measured candidates per (profile, n), fastest first. */
function finalistsOf(results: readonly Measured[], k: number): Measured[] {
  const byKey = new Map<string, Measured[]>();
  for (const r of results) {
    const key = groupKey(r);
    byKey.set(key, [...(byKey.get(key) ?? []), r]);
  }
  return [...byKey.values()].flatMap((rs) => [...rs].sort((a, b) => a.ms - b.ms).slice(0, k));
}

type Shape = { ept: number; slots: number; exchange?: 'split'; parts?: number; prefetch?: true; rounds?: number; twiddlesAtUse?: true };

function entryOf(r: Shape): TuningEntry {
  return {
    ept: r.ept,
    slots: r.slots,
    ...(r.exchange ? { exchange: r.exchange } : {}),
    ...(r.parts && r.parts > 1 ? { parts: r.parts } : {}),
    ...(r.prefetch ? { prefetch: true as const } : {}),
    ...(r.rounds && r.rounds > 1 ? { rounds: r.rounds } : {}),
    ...(r.twiddlesAtUse ? { twiddlesAtUse: true as const } : {}),
  };
}

interface Measured {
  profile: ProfileName;
  /** Engine length. */
  n: number;
  /** The engine kind tuned (absent: C2C). */
  kind?: EngineKind;
  ept: number;
  slots: number;
  exchange?: 'split';
  /** Exchange parts (absent: 1). */
  parts?: number;
  /** Bluestein: H read before the first engine run (TuningEntry.prefetch). */
  prefetch?: true;
  /** Rounds per workgroup of the batched kernel (TuningEntry.rounds; absent: 1). */
  rounds?: number;
  /** Product twiddles formed at their use (TuningEntry.twiddlesAtUse). */
  twiddlesAtUse?: true;
  ms: number;
  gbs: number;
}

/** Candidates compared with each other: one profile, engine kind and length. */
function groupKey(r: Measured): string {
  return `${r.profile}:${r.kind ?? 'c2c'}:${r.n}`;
}

interface ResultFile {
  device: string;
  date: string;
  stopped: boolean;
  results: Measured[];
}

/** The fastest C2C candidate per (profile, n) over all merged result files. */
function winnersOf(results: readonly Measured[]): Partial<Record<ProfileName, Record<number, TuningEntry>>> {
  // Candidates of one (profile, n) move the same bytes: the highest GB/s is the shortest time.
  const best = fastestPerKey(
    results.filter((r) => r.kind === undefined),
    groupKey,
  );
  const out: Partial<Record<ProfileName, Record<number, TuningEntry>>> = {};
  for (const r of best.values()) (out[r.profile] ??= {})[r.n] = entryOf(r);
  return out;
}

function mergeFiles(args: Args): void {
  const files = args.merge!.map((f) => JSON.parse(readFileSync(f, 'utf8')) as ResultFile);
  if (!files.length) throw new Error('autotune --merge: no result files');
  const results = files.flatMap((f) => f.results);
  if (args.finalists) {
    for (const r of finalistsOf(results, args.finalists)) {
      console.log(`${r.profile} ${r.n} ${specOf(r)}`);
      const rounds = withRoundsToo(r);
      const atUse = withAtUseToo(r);
      if (rounds) console.log(`${r.profile} ${r.n} ${specOf({ ...r, rounds: 2 })}`);
      if (atUse) console.log(`${r.profile} ${r.n} ${specOf({ ...r, twiddlesAtUse: true })}`);
      if (rounds && atUse) console.log(`${r.profile} ${r.n} ${specOf({ ...r, rounds: 2, twiddlesAtUse: true })}`);
    }
    return;
  }
  printKindWinners(results);
  if (args.outJson) writeFileSync(args.outJson, JSON.stringify({ device: files[0].device, date: files[0].date, stopped: files.some((f) => f.stopped), results }, null, 1));
  if ((args.outTable || args.outTableJs) && !results.some((r) => r.kind === undefined)) throw new Error('autotune --merge: no C2C results to write a table from');
  if (args.outTable) writeFileSync(args.outTable, renderTable(winnersOf(results), files[0].device, files[0].date));
  if (args.outTableJs) writeFileSync(args.outTableJs, toJavaScript(renderTable(winnersOf(results), files[0].device, files[0].date)));
  console.log(`autotune: merged ${files.length} files, ${results.length} measurements`);
}

/** Winners of engine-kind runs, as lines for descriptors/kind-tuning-table.ts (edited by hand). */
function printKindWinners(results: readonly Measured[]): void {
  const best = fastestPerKey(
    results.filter((r) => r.kind !== undefined),
    groupKey,
  );
  for (const r of best.values()) console.log(`${r.profile} '${kindKey(r.kind!, r.n)}': ${entryLiteral(entryOf(r))}, // ${r.gbs.toFixed(0)} GB/s`);
}

/** `--count`: the candidates per (profile, length), for the screening script to cut into chunks. */
function printCounts(args: Args): void {
  for (const name of args.profiles) {
    const profile = PROFILES.find((p) => p.name === name);
    if (!profile) throw new Error(`autotune: unknown profile ${name}`);
    const limits = limitsOf(profile);
    for (const n of sizesFor(limits, args.sizes)) console.log(`${name} ${n} ${candidates(n, limits, args.kind).length}`);
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.merge) return mergeFiles(args);
  if (args.count) return printCounts(args);
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
      for (const c of args.only ? [parseSpec(args.only)] : candidates(n, limits, args.kind).slice(...(args.range ?? []))) {
        if ((Date.now() - started) / 1000 > args.maxSeconds) {
          stopped = true;
          break;
        }
        const plan = candidatePlan(n, c, limits, args.kind);
        if (!plan) {
          console.log(`  ${name} n=${n} ${specOf(c)}: not a valid plan under these Limits`);
          continue;
        }
        const desc: CodeGenerating = { wgsl: (options) => generateModule(plan, options) };
        const batch = Math.max(1, Math.floor(args.total / plan.size));
        try {
          const kase = await makeBatchedCase(device, desc, { kind: caseKindOf(plan), n: plan.size, precision: 'f32', batch }, { copies: rotationCount(2 * batch * plan.size * 8) });
          const t = await timeEncode(device, (pass) => kase.encode(pass), { warmup: args.warmup, repeats: args.repeats, dispatches: 1 });
          kase.destroy();
          const m: Measured = { profile: name, n, ...(args.kind ? { kind: args.kind } : {}), ...entryOf(c), ms: t.ms, gbs: gbPerSecond(kase.bytesMoved, t.ms) };
          results.push(m);
          if (!best || m.ms < best.ms) best = m;
        } catch (e) {
          console.log(`  ${name} n=${n} ept=${c.ept} slots=${c.slots}: ${(e as Error).message.split('\n')[0]}`);
        }
      }
      if (best) {
        if (!args.kind) table[n] = entryOf(best);
        console.log(`${name} ${args.kind ? kindKey(args.kind, n) : `n=${n}`}: ept ${best.ept} slots ${best.slots}${entryText(best)} ${best.gbs.toFixed(0)} GB/s`);
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

/** The rendered TS table without its type-only imports and annotation: valid JS. */
function toJavaScript(ts: string): string {
  return ts
    .split('\n')
    .filter((l) => !l.startsWith('import type'))
    .join('\n')
    .replace(/export const MEASURED_TUNING: [^=]+=/, 'export const MEASURED_TUNING =');
}

function renderTable(w: Partial<Record<ProfileName, Record<number, TuningEntry>>>, device: string, date: string): string {
  const lines = [
    '// Measured defaults written by the autotuner (bench/autotune.ts). Keyed by Limits profile, then',
    '// precision, then complex FFT length: the winner among the timed (ElementsPerThread, FFT slots, exchange, parts, rounds, twiddles at use)',
    '// candidates of a batched C2C f32 forward FFT, Dawn FAST_TOGGLES (scripts/device-autotune.sh: the finalists',
    `// of an in-process screening, each timed again in its own process). Measured on ${device}, ${date}.`,
    "import type { FFTPrecision } from './model.js';",
    "import type { ProfileName, TuningEntry } from './tuning-entry.js';",
    '',
    'export const MEASURED_TUNING: Partial<Record<ProfileName, Partial<Record<FFTPrecision, Record<number, TuningEntry>>>>> = {',
  ];
  for (const [profile, table] of Object.entries(w)) {
    lines.push(`  ${profile}: {`, '    f32: {');
    for (const [n, e] of Object.entries(table!).sort((a, b) => Number(a[0]) - Number(b[0]))) {
      lines.push(`      ${n}: ${entryLiteral(e)},`);
    }
    lines.push('    },', '  },');
  }
  lines.push('};', '');
  return lines.join('\n');
}

await main();
