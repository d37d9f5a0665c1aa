// Generates the type-level tables (descriptors/tables.gen.ts) from the runtime code, which stays the
// single source of truth, and the conformance type tests that check types = runtime:
//   tsx scripts/gen-type-tables.ts          tables + test-d/conformance.gen.tst.ts (a sample of sizes)
//   tsx scripts/gen-type-tables.ts --full   also .conformance/full.gen.ts (every size of every profile; tsc)
//   tsx scripts/gen-type-tables.ts --check  fails when the checked-in files differ from what would be written
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  COMPLEX_BYTES,
  MAX_THREAD_EXEC_SIZE,
  maxBluesteinLength,
  maxNativeBlockSize,
  supportedParts,
  VALUE_TYPE,
} from '../descriptors/capabilities.js';
import type { FFTLimits, FFTPrecision } from '../descriptors/model.js';
import { supportedBlockEPTs } from '../descriptors/plan.js';
import { defaultTuning, ENGINE_KINDS, preferredParts, preferredSplit, PROFILES, suggestedSlots, type EngineKind, type ProfileName } from '../descriptors/tuning.js';
import { MEASURED_KIND_TUNING } from '../descriptors/kind-tuning-table.js';
import { raderEPTs, raderPrefersSplit, raderSlots, raderTuning, usesRader } from '../descriptors/rader.js';
import { fft, traitsOf, TRAIT_NAMES } from '../src/fft.js';
import * as O from '../descriptors/operators.js';
import type { AnyOp } from '../descriptors/operators.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PRECISIONS: readonly FFTPrecision[] = ['f16', 'f32', 'f64'];

function limitsOf(p: (typeof PROFILES)[number]): FFTLimits {
  return {
    maxComputeWorkgroupStorageSize: p.maxComputeWorkgroupStorageSize,
    maxComputeInvocationsPerWorkgroup: p.maxComputeInvocationsPerWorkgroup,
    subgroups: false,
  };
}

/** The type-level entry of engine length n (see the header comment of the generated file); kind: tuning.ts EngineKind. */
function entryRow(n: number, precision: FFTPrecision, limits: FFTLimits, kind?: EngineKind): string | undefined {
  const tuned = defaultTuning(n, precision, limits, kind);
  if (!tuned) return undefined;
  const epts = supportedBlockEPTs(n, 'stockham', precision);
  // Bluestein lengths are powers of two above the thread limit, where the Bluestein rule (powers of
  // two below the length) selects the same set: one table serves both paths.
  if ((n & (n - 1)) === 0 && n > MAX_THREAD_EXEC_SIZE[precision]) {
    const bl = supportedBlockEPTs(n, 'bluestein', precision);
    if (bl.join() !== epts.join()) throw new Error(`Bluestein EPT set differs for ${n} ${precision}`);
  }
  const slots = epts
    .map(
      (e) =>
        `${e}: [${suggestedSlots(n, e, precision, limits, kind)}, ${n / e}, ${preferredSplit(n, e, precision, limits, kind) ? 1 : 0}, ${preferredParts(
          n,
          e,
          precision,
          limits,
          kind,
        )}, [${supportedParts(n, e).join(', ')}]]`,
    )
    .join('; ');
  return `{ d: [${tuned.ept}, ${tuned.slots}, ${n / tuned.ept}]; s: { ${slots} }; b: ${n * COMPLEX_BYTES[precision]}; l: '${epts.join(', ')}'; f: '${epts
    .map((e) => 2 * e)
    .join(', ')}' }`;
}

/** One profile x precision: every complex length the Stockham engine runs, with its defaults and EPT choices. */
function tuningInterface(name: string, precision: FFTPrecision, limits: FFTLimits): string {
  const lines: string[] = [];
  const max = maxNativeBlockSize(precision, limits);
  // From 1: a folded real FFT of size 2 runs an engine of length 1.
  for (let n = 1; n <= max; n++) {
    const row = entryRow(n, precision, limits);
    if (row) lines.push(`  ${n}: ${row};`);
  }
  return `export interface ${name} {\n${lines.join('\n')}\n}\n`;
}

/** One profile x precision: every prime that runs by Rader by default (RaderEntry in types/engine.ts). */
function raderRows(precision: FFTPrecision, limits: FFTLimits): string {
  const rows: string[] = [];
  for (let p = 2; p <= maxNativeBlockSize(precision, limits) + 1; p++) {
    // The plan asks only for lengths without a native shape (17 with Block: one invocation, a codelet).
    if (defaultTuning(p, precision, limits) || !usesRader(p, precision, limits)) continue;
    const L = p - 1;
    const tuned = raderTuning(p, precision, limits);
    const epts = raderEPTs(p, precision, limits);
    const s = epts.map((e) => `${e}: [${L / e}, ${raderPrefersSplit(p, e, precision, limits) ? 1 : 0}, ${raderSlots(p, e, precision, limits)}]`).join('; ');
    const bytes = COMPLEX_BYTES[precision];
    rows.push(`${p}: { d: [${tuned.ept}, ${L / tuned.ept}]; s: { ${s} }; b: ${p * bytes}; w: ${2 * L * bytes}; e: 'Rader length ${L}'; l: '${epts.join(', ')}' }`);
  }
  return rows.length ? `{\n  ${rows.join(';\n  ')};\n}` : '{}';
}

/**
 * One profile x precision: the rows engines of another kind (real FFTs, Bluestein) read where their
 * kind has no entry of its own and the C2C row's defaults do not carry over: the C2C heuristic's
 * exchange parts and the gathered lengths' split exchange apply to C2C only (tuning.ts), so such a
 * kind falls back to the C2C table's measured choices and its own heuristic. The row is computed for
 * a kind without an entry of that length (the fallback is the same for every such kind).
 */
function kindFallbackRows(profile: ProfileName, precision: FFTPrecision, limits: FFTLimits): string {
  const rows: string[] = [];
  const own = MEASURED_KIND_TUNING[profile]?.[precision] ?? {};
  for (let n = 1; n <= maxNativeBlockSize(precision, limits); n++) {
    // Also where C2C has no row: the C2C heuristic leaves some small lengths to Rader or Bluestein
    // while the other kinds still run them natively (tuning.ts heuristicEPT).
    const c2c = entryRow(n, precision, limits);
    const kind = ENGINE_KINDS.find((k) => !(`${k}:${n}` in own));
    if (!kind) continue;
    const row = entryRow(n, precision, limits, kind);
    if (row !== undefined && row !== c2c) rows.push(`${n}: ${row}`);
  }
  return rows.length ? `{\n  ${rows.join(';\n  ')};\n}` : '{}';
}

/** One profile x precision: the engines measured apart from the C2C table, keyed '<kind>:<length>'. */
function kindTuningRows(profile: ProfileName, precision: FFTPrecision, limits: FFTLimits): string {
  const keys = Object.keys(MEASURED_KIND_TUNING[profile]?.[precision] ?? {}).sort();
  const rows = keys.map((key) => {
    const [kind, length] = key.split(':') as [EngineKind, string];
    const row = entryRow(Number(length), precision, limits, kind);
    if (!row) throw new Error(`internal: no engine for ${key}`);
    return `'${key}': ${row}`;
  });
  return rows.length ? `{\n  ${rows.join(';\n  ')};\n}` : '{}';
}

function tablesSource(): string {
  const out: string[] = [
    '// GENERATED by scripts/gen-type-tables.ts from the runtime (tuning.ts, capabilities.ts, plan.ts): do not edit.',
    '// Per-size facts for the type-level traits and rules; `npm run gen:tables` rewrites it.',
    '// Block tuning, per complex engine length n: d = default [elements per invocation, FFT slots, stride],',
    '// s = [suggested FFT slots, stride, 1 when the split exchange is preferred, preferred exchange parts,',
    '// most exchange parts the engine supports] for each supported elements-per-invocation value, b = bytes of',
    '// one FFT slot exchanged as complex values, l / f = the supported values as messages list them',
    '// (f: doubled, as folded mode counts real elements). The type level reads strides and bytes here',
    '// instead of dividing and multiplying digit by digit.',
    '/* eslint-disable */',
    '',
  ];
  const profileRows = PROFILES.map(
    (p) => `  ${p.name}: [${p.maxComputeWorkgroupStorageSize}, ${p.maxComputeInvocationsPerWorkgroup}];`,
  );
  out.push(`/** [workgroup storage bytes, invocations] of each tuned Limits profile. */`);
  out.push(`export interface ProfileLimits {\n${profileRows.join('\n')}\n}\n`);
  const rows = (f: (p: FFTPrecision) => string | number) => PRECISIONS.map((p) => `${p}: ${f(p)}`).join('; ');
  out.push(`export interface MaxThreadSize { ${rows((p) => MAX_THREAD_EXEC_SIZE[p])} }`);
  out.push(`export interface ComplexBytes { ${rows((p) => COMPLEX_BYTES[p])} }`);
  out.push(`export interface ValueType { ${rows((p) => `'${VALUE_TYPE[p]}'`)} }\n`);
  const maxNative: string[] = [];
  const maxBluestein: string[] = [];
  const tuning: string[] = [];
  const kindTuning: string[] = [];
  const kindBodies = new Map<string, string>();
  const raderTuningRows: string[] = [];
  const kindFallback: string[] = [];
  const fallbackBodies = new Map<string, string>();
  const raderBodies = new Map<string, string>();
  const bodies = new Map<string, string>();
  for (const profile of PROFILES) {
    const limits = limitsOf(profile);
    maxNative.push(`  ${profile.name}: { ${rows((p) => maxNativeBlockSize(p, limits))} };`);
    maxBluestein.push(`  ${profile.name}: { ${rows((p) => maxBluesteinLength(p, limits))} };`);
    const refs: string[] = [];
    for (const precision of PRECISIONS) {
      const name = `Tuning_${profile.name}_${precision}`;
      const text = tuningInterface(name, precision, limits);
      const body = text.slice(text.indexOf('{'));
      // f16 and f32 share every engine constant today: reuse identical tables instead of repeating them.
      const same = bodies.get(body);
      if (same) refs.push(`${precision}: ${same}`);
      else {
        bodies.set(body, name);
        out.push(text);
        refs.push(`${precision}: ${name}`);
      }
    }
    tuning.push(`  ${profile.name}: { ${refs.join('; ')} };`);
    for (const precision of PRECISIONS) {
      const body = kindFallbackRows(profile.name, precision, limits);
      const name = body === '{}' ? '{}' : (fallbackBodies.get(body) ?? `KindFallback_${profile.name}_${precision}`);
      if (body !== '{}' && !fallbackBodies.has(body)) {
        fallbackBodies.set(body, name);
        out.push(`export interface ${name} ${body}\n`);
      }
      kindFallback.push(`  ${profile.name}_${precision}: ${name};`);
    }
    const raderRefs: string[] = [];
    for (const precision of PRECISIONS) {
      const body = raderRows(precision, limits);
      // Profiles and precisions whose Rader primes resolve alike share one interface.
      const name = body === '{}' ? '{}' : (raderBodies.get(body) ?? `Rader_${profile.name}_${precision}`);
      if (body !== '{}' && !raderBodies.has(body)) {
        raderBodies.set(body, name);
        out.push(`export interface ${name} ${body}\n`);
      }
      raderRefs.push(`${precision}: ${name}`);
    }
    raderTuningRows.push(`  ${profile.name}: { ${raderRefs.join('; ')} };`);
    for (const precision of PRECISIONS) {
      const body = kindTuningRows(profile.name, precision, limits);
      if (body === '{}') {
        kindTuning.push(`  ${profile.name}_${precision}: {};`);
        continue;
      }
      // Profiles whose entries resolve alike share one interface, as the C2C tables do.
      const name = kindBodies.get(body) ?? `KindTuning_${profile.name}_${precision}`;
      if (!kindBodies.has(body)) {
        kindBodies.set(body, name);
        out.push(`export interface ${name} ${body}\n`);
      }
      kindTuning.push(`  ${profile.name}_${precision}: ${name};`);
    }
  }
  out.push(`export interface MaxNative {\n${maxNative.join('\n')}\n}\n`);
  out.push(`export interface MaxBluestein {\n${maxBluestein.join('\n')}\n}\n`);
  out.push(`export interface BlockTuning {\n${tuning.join('\n')}\n}\n`);
  out.push(
    `/** Engines measured apart from the C2C table (tuning.ts EngineKind), by '<profile>_<precision>', then '<kind>:<length>'; entries as above. */`,
  );
  out.push(`export interface KindTuning {\n${kindTuning.join('\n')}\n}\n`);
  out.push(`/** Rows of engines of another kind without their own entry, where the C2C row's heuristic choices do not apply (by '<profile>_<precision>', then length). */`);
  out.push(`export interface KindFallback {\n${kindFallback.join('\n')}\n}\n`);
  out.push(`/** Primes that run by Rader (C2C Block, descriptors/rader.ts), by profile and precision: RaderEntry in types/engine.ts. */`);
  out.push(`export interface RaderTuning {\n${raderTuningRows.join('\n')}\n}\n`);
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Conformance: descriptors whose literal types must equal the runtime values (or whose compile-time
// error must equal the runtime error text).

/** One descriptor as operator calls: [constructor name, ...arguments]. */
type Call = readonly [keyof typeof O, ...unknown[]];

function render(calls: readonly Call[]): string {
  return calls
    .map(([name, ...args]) => `${name}(${args.map((a) => (typeof a === 'object' ? objectLiteral(a as object) : JSON.stringify(a).replaceAll('"', "'"))).join(', ')})`)
    .join(', ');
}
function objectLiteral(o: object): string {
  return `{ ${Object.entries(o).map(([k, v]) => `${k}: ${v}`).join(', ')} }`;
}
function build(calls: readonly Call[]): unknown {
  const ops = calls.map(([name, ...args]) => (O[name] as (...a: unknown[]) => AnyOp)(...args));
  return (fft as (...ops: AnyOp[]) => unknown)(...ops);
}

function literalType(v: unknown): string {
  if (Array.isArray(v)) return `readonly [${v.map(literalType).join(', ')}]`;
  if (typeof v === 'object' && v !== null) {
    return `{ ${Object.entries(v).map(([k, x]) => `readonly ${k}: ${literalType(x)}`).join('; ')} }`;
  }
  return typeof v === 'string' ? `'${v}'` : String(v);
}

export interface ConformanceCase {
  readonly calls: readonly Call[];
}

const limitsCall = (name: string): Call[] => {
  if (name === 'core') return [];
  const p = PROFILES.find((x) => x.name === name)!;
  return [['Limits', { maxComputeWorkgroupStorageSize: p.maxComputeWorkgroupStorageSize, maxComputeInvocationsPerWorkgroup: p.maxComputeInvocationsPerWorkgroup }]];
};

/** The sample checked in and run by tstyche, or the full sweep (every native length and EPT of every profile). */
function conformanceCases(kind: 'sample' | 'full'): ConformanceCase[] {
  const cases: ConformanceCase[] = [];
  const add = (...calls: Call[]) => cases.push({ calls });
  const realShapes: Call[][] = [
    [['Type', 'r2c']],
    [['Type', 'c2r']],
    [['Type', 'r2c'], ['RealFFTOptions', 'packed']],
    [['Type', 'c2r'], ['RealFFTOptions', 'full']],
    [['Type', 'r2c'], ['RealFFTOptions', 'natural', 'folded']],
    [['Type', 'c2r'], ['RealFFTOptions', 'packed', 'folded']],
    [['Type', 'r2c'], ['RealFFTOptions', 'full', 'folded']],
  ];
  for (const profile of PROFILES) {
    const limits = limitsOf(profile);
    for (const precision of PRECISIONS) {
      const prec: Call[] = precision === 'f32' ? [] : [['Precision', precision]];
      const max = maxNativeBlockSize(precision, limits);
      const native: number[] = [];
      for (let n = 2; n <= max; n++) if (defaultTuning(n, precision, limits)) native.push(n);
      // Full: every native length with its default and every supported EPT, and every 37th other
      // length (Bluestein or too large). Sample: a dozen lengths, one EPT each.
      const sizes =
        kind === 'full'
          ? [...native, ...Array.from({ length: Math.ceil((2 * max) / 37) }, (_, i) => 65 + 37 * i).filter((n) => !native.includes(n))]
          : [2, 8, 30, 64, 96, 128, 243, 1000, 1024, max, 127, 2 * max + 1].filter((n, i, a) => a.indexOf(n) === i);
      for (const n of sizes) {
        add(['Size', n], ['Direction', 'forward'], ['Block'], ...prec, ...limitsCall(profile.name));
        const epts = native.includes(n) ? supportedBlockEPTs(n, 'stockham', precision) : [];
        const pick = kind === 'full' ? epts : epts.slice(0, 1);
        for (const e of pick) add(['Size', n], ['Direction', 'inverse'], ['Block'], ['ElementsPerThread', e], ...prec, ...limitsCall(profile.name));
      }
      // Rader primes (C2C): full, every one with its default and every supported EPT.
      if (kind === 'full') {
        for (let n = 2; n <= max + 1; n++) {
          if (native.includes(n) || !usesRader(n, precision, limits)) continue;
          add(['Size', n], ['Direction', 'forward'], ['Block'], ...prec, ...limitsCall(profile.name));
          for (const e of raderEPTs(n, precision, limits)) add(['Size', n], ['Direction', 'inverse'], ['Block'], ['ElementsPerThread', e], ...prec, ...limitsCall(profile.name));
        }
      }
      const pow2 = native.filter((n) => (n & (n - 1)) === 0);
      const realSizes = kind === 'full' ? pow2 : [16, 1024];
      for (const n of realSizes) for (const shape of realShapes) add(['Size', n], ['Block'], ...shape, ...prec, ...limitsCall(profile.name));
      // Thread execution and real layouts on other lengths do not depend on the Limits: core only.
      if (profile.name !== 'core') continue;
      const threadSizes = kind === 'full' ? Array.from({ length: 130 }, (_, i) => i + 2) : [2, 7, 16, 32, 33, 64, 65, 128];
      for (const n of threadSizes) {
        add(['Size', n], ['Thread'], ['Direction', 'forward'], ...prec);
        for (const shape of realShapes) if (kind === 'full' || n % 16 === 0) add(['Size', n], ['Thread'], ...shape, ...prec);
      }
      if (kind === 'full') {
        for (const n of native.filter((m) => m % 2 === 0 && (m & (m - 1)) !== 0)) {
          add(['Size', n], ['Block'], ['Type', 'r2c'], ...prec);
          add(['Size', n], ['Block'], ['Type', 'c2r'], ['RealFFTOptions', 'packed'], ...prec);
        }
      }
    }
  }
  if (kind === 'sample') {
    // Operators in other orders, FFTsPerBlock and BlockDim, and error paths of every phase.
    add(['Block'], ['FFTsPerBlock', 4], ['Size', 256], ['Precision', 'f16'], ['Type', 'c2r']);
    add(['Size', 512], ['Block'], ['BlockDim', 128, 2], ['Direction', 'forward']);
    add(['Size', 512], ['Block'], ['BlockDim', 64, 4, 1], ['ElementsPerThread', 8], ['Direction', 'forward']);
    add(['Size', 2048], ['Block'], ['FFTsPerBlock', 2], ['Direction', 'forward']);
    add(['Size', 2048], ['Block'], ['FFTsPerBlock', 4], ['Direction', 'forward']);
    add(['Size', 128], ['Block'], ['ElementsPerThread', 2], ['Direction', 'forward']);
    add(['Size', 4096], ['Block'], ['ElementsPerThread', 2], ['Direction', 'forward']);
    add(['Size', 4000], ['Block'], ['Direction', 'forward']);
    add(['Size', 3001], ['Block'], ['Direction', 'forward']);
    add(['Size', 3001], ['Block'], ['ElementsPerThread', 8], ['Direction', 'forward']);
    add(['Size', 3001], ['Block'], ['ElementsPerThread', 6], ['Direction', 'forward']);
    // Folded Block at even sizes whose half runs natively (96: 48, 480: 240 in 5 parts), and where it would take Bluestein (202: 101).
    add(['Size', 96], ['Block'], ['Type', 'r2c'], ['RealFFTOptions', 'natural', 'folded']);
    add(['Size', 480], ['Block'], ['Type', 'c2r'], ['RealFFTOptions', 'packed', 'folded']);
    add(['Size', 202], ['Block'], ['Type', 'r2c'], ['RealFFTOptions', 'natural', 'folded']);
    add(['Size', 15], ['Block'], ['Type', 'r2c'], ['RealFFTOptions', 'natural', 'folded']);
    add(['Size', 64], ['Block'], ['Type', 'r2c'], ['RealFFTOptions', 'natural', 'folded'], ['ElementsPerThread', 3]);
    add(['Size', 2], ['Block'], ['Type', 'r2c'], ['RealFFTOptions', 'natural', 'folded'], ['ElementsPerThread', 4]);
    add(['Size', 15], ['Thread'], ['Type', 'c2r'], ['RealFFTOptions', 'full', 'folded']);
    add(['Size', 130], ['Thread'], ['Type', 'c2r'], ['RealFFTOptions', 'full', 'folded']);
    add(['Size', 64], ['Thread'], ['Precision', 'f64'], ['Direction', 'forward']);
    add(['Size', 128], ['Block'], ['Precision', 'f16'], ['FFTsPerBlock', 3]);
    add(['Size', 128], ['Block'], ['BlockDim', 1024], ['Direction', 'forward']);
    add(['Size', 4096], ['Block'], ['FFTsPerBlock', 2], ['ElementsPerThread', 32], ['Direction', 'forward']);
    add(['Size', 64], ['Block'], ['FFTsPerBlock', 2], ['ElementsPerThread', 64], ['Direction', 'forward']);
    // Rader: the default shape, another EPT, the split exchange it prefers, slots, an EPT it lacks,
    // its BlockDim and workgroup-memory errors, f16, suggested slots (67: the table's, and the rule's
    // at another EPT), and primes that keep Bluestein (151; 127 against Bluestein's two slots).
    add(['Size', 257], ['Block'], ['Direction', 'forward']);
    add(['Size', 257], ['Block'], ['ElementsPerThread', 16], ['FFTsPerBlock', 3], ['Direction', 'inverse']);
    add(['Size', 257], ['Block'], ['ElementsPerThread', 3], ['Direction', 'forward']);
    add(['Size', 257], ['Block'], ['BlockDim', 16], ['Direction', 'forward']);
    add(['Size', 401], ['Block'], ['Direction', 'forward'], ...limitsCall('large'));
    add(['Size', 2017], ['Block'], ['FFTsPerBlock', 2], ['Direction', 'forward']);
    add(['Size', 7681], ['Block'], ['Direction', 'forward'], ...limitsCall('large'));
    add(['Size', 97], ['Block'], ['Precision', 'f16'], ['FFTsPerBlock', 4], ['Direction', 'inverse']);
    add(['Size', 67], ['Block'], ['Direction', 'forward']);
    add(['Size', 67], ['Block'], ['ElementsPerThread', 6], ['Direction', 'inverse']);
    add(['Size', 151], ['Block'], ['Direction', 'forward']);
    // Real engines whose default differs from the C2C one of their length (KindFallback): 66 (C2C's
    // gathered default is split) and 9600 (the heuristic's parts, which real engines take only where
    // one part would fit); and 40, where both take the heuristic's parts.
    add(['Size', 66], ['Block'], ['Type', 'r2c']);
    add(['Size', 9600], ['Block'], ['Type', 'c2r'], ['RealFFTOptions', 'packed'], ...limitsCall('large'));
    add(['Size', 40], ['Block'], ['Type', 'r2c']);
    // Engines with their own table entries (KindTuning): Bluestein at B = 2048, real FFTs by type and mode.
    add(['Size', 1009], ['Block'], ['Direction', 'forward']);
    add(['Size', 1009], ['Block'], ['ElementsPerThread', 16], ['Direction', 'inverse'], ...limitsCall('large'));
    add(['Size', 256], ['Block'], ['Type', 'c2r']);
    add(['Size', 4096], ['Block'], ['Type', 'r2c'], ...limitsCall('large'));
    add(['Size', 4096], ['Block'], ['Type', 'r2c'], ['ElementsPerThread', 16], ...limitsCall('large'));
    add(['Size', 8192], ['Block'], ['Type', 'r2c'], ['RealFFTOptions', 'packed', 'folded'], ...limitsCall('mid'));
    add(['Size', 16384], ['Block'], ['Type', 'c2r'], ['RealFFTOptions', 'natural', 'folded'], ...limitsCall('large'));
    add(['Size', 16384], ['Block'], ['Type', 'c2r'], ['RealFFTOptions', 'natural', 'folded'], ['FFTsPerBlock', 2], ...limitsCall('large'));
  }
  return cases;
}

function renderConformance(cases: readonly ConformanceCase[], runner: 'tstyche' | 'tsc'): string {
  const names = [...new Set(cases.flatMap((c) => c.calls.map((call) => call[0])))].sort();
  const head = [
    '// GENERATED by scripts/gen-type-tables.ts: literal trait types must equal the runtime values, and',
    '// compile-time errors the runtime error texts. Do not edit; `npm run gen:tables` rewrites it.',
  ];
  const body: string[] = [];
  let valid = 0;
  let invalid = 0;
  cases.forEach((c, i) => {
    const src = `fft(${render(c.calls)})`;
    let desc: unknown;
    try {
      desc = build(c.calls);
    } catch (e) {
      const message = (e as Error).message;
      invalid++;
      if (runner === 'tstyche') body.push(`  expect(${src}).type.toRaiseError(${JSON.stringify(message)});`);
      else body.push(`// @ts-expect-error ${message.replaceAll('\n', ' ')}\n${src};`);
      return;
    }
    valid++;
    const traits = traitsOf(desc as Parameters<typeof traitsOf>[0]);
    const fields = TRAIT_NAMES.map((k) => `${k}: ${literalType(traits[k])}`).join('; ');
    if (runner === 'tstyche') body.push(`  expect<Traits<typeof d${i}>>().type.toBe<{ ${fields} }>();`);
    else body.push(`type T${i} = Expect<Equal<Traits<typeof d${i}>, { ${fields} }>>;`);
    body.splice(body.length - 1, 0, `${runner === 'tstyche' ? '  ' : ''}const d${i} = ${src};`);
  });
  const traitsType = `type Traits<D> = { ${TRAIT_NAMES.map((k) => `${k}: D extends { readonly ${k}: infer V } ? V : never`).join('; ')} };`;
  if (runner === 'tstyche') {
    return [
      ...head,
      `import { expect, test } from 'tstyche';`,
      `import { fft, ${names.join(', ')} } from '../src/index.js';`,
      '',
      traitsType,
      '',
      `test('types = runtime: ${valid} descriptors, ${invalid} errors', () => {`,
      ...body,
      '});',
      '',
    ].join('\n');
  }
  return [
    ...head,
    `import { fft, ${names.join(', ')} } from '../src/index.js';`,
    '',
    traitsType,
    'type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;',
    'type Expect<T extends true> = T;',
    'export {};',
    `// ${valid} descriptors, ${invalid} errors`,
    ...body,
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Type-check cost (--cost): a file with 50 descriptors (mixed sizes, types, precisions, profiles, each
// reading four traits) against the same file with none, both checked by tsc --extendedDiagnostics
// in a temporary directory outside the repository.

function costFile(count: number, entry: string): string {
  const valid = conformanceCases('sample').filter((c) => {
    try {
      build(c.calls);
      return true;
    } catch {
      return false;
    }
  });
  // Every 7th valid sample case: a spread over profiles, precisions, Thread/Block and real layouts.
  const chosen = Array.from({ length: count }, (_, i) => valid[(i * 7) % valid.length]);
  const names = [...new Set(valid.flatMap((c) => c.calls.map((call) => call[0])))].sort();
  const lines = [`import { fft, ${names.join(', ')} } from '${entry}';`, 'export const base = Size(2);'];
  chosen.forEach((c, i) => {
    lines.push(`const d${i} = fft(${render(c.calls)});`);
    lines.push(`export const t${i} = [d${i}.stride, d${i}.blockDim, d${i}.sharedMemorySize, d${i}.inputLength] as const;`);
  });
  return lines.join('\n') + '\n';
}

function measureCost(): void {
  const dir = mkdtempSync(join(tmpdir(), 'webfftdx-cost-'));
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  try {
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
    // What a user's project sees: the published declarations (as `npm pack` builds them), not the sources.
    try {
      execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', join(dir, 'dist'), '--emitDeclarationOnly', '--sourceMap', 'false'], { encoding: 'utf8' });
    } catch {
      // type errors elsewhere in the project do not stop the declarations from being written
    }
    const entry = join(dir, 'dist/src/index.js');
    const figures = (name: string, text: string) => {
      writeFileSync(join(dir, `${name}.ts`), text);
      const config = { extends: join(root, 'tsconfig.json'), compilerOptions: { noEmit: true, skipLibCheck: true, typeRoots: [join(root, 'node_modules/@types'), join(root, 'node_modules')] }, include: [`${name}.ts`] };
      writeFileSync(join(dir, `${name}.json`), JSON.stringify(config));
      const out = execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(dir, `${name}.json`), '--extendedDiagnostics'], { encoding: 'utf8' });
      const get = (label: string) => Number(new RegExp(`${label}:\\s+([\\d.]+)`).exec(out)?.[1]);
      return { instantiations: get('Instantiations'), check: get('Check time'), total: get('Total time'), memory: get('Memory used') };
    };
    const empty = figures('empty', costFile(0, entry));
    const fifty = figures('fifty', costFile(50, entry));
    const perDescriptor = Math.round((fifty.instantiations - empty.instantiations) / 50);
    console.log(`TypeScript ${execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-v'], { encoding: 'utf8' }).trim()}`);
    console.log(`0 descriptors:  ${empty.instantiations} instantiations, check ${empty.check} s, total ${empty.total} s, ${empty.memory} K`);
    console.log(`50 descriptors: ${fifty.instantiations} instantiations, check ${fifty.check} s, total ${fifty.total} s, ${fifty.memory} K`);
    console.log(`per descriptor: ${perDescriptor} instantiations, ${((fifty.check - empty.check) / 50 * 1000).toFixed(1)} ms check`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function write(rel: string, text: string, check: boolean): boolean {
  const path = join(root, rel);
  if (check) {
    let old = '';
    try {
      old = readFileSync(path, 'utf8');
    } catch {}
    if (old !== text) {
      console.error(`${rel} is out of date: run npm run gen:tables`);
      return false;
    }
    return true;
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  console.log(`wrote ${rel} (${text.length} bytes)`);
  return true;
}

const args = process.argv.slice(2);
const check = args.includes('--check');
if (args.includes('--cost')) {
  measureCost();
  process.exit(0);
}
let ok = write('descriptors/tables.gen.ts', tablesSource(), check);
ok = write('test-d/conformance.gen.tst.ts', renderConformance(conformanceCases('sample'), 'tstyche'), check) && ok;
if (args.includes('--full')) write('.conformance/full.gen.ts', renderConformance(conformanceCases('full'), 'tsc'), false);
if (!ok) process.exit(1);
