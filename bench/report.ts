// Benchmark results: the JSON schema written to bench/results/<date>-<device>.json, its file name,
// and the console table.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ANCHOR_INFO, ANCHOR_LIBRARIES, gbsField, ratioField, type AnchorReportFields, type AnchorRowFields } from './anchor-library.js';
import type { TimingMethod } from '../src/host/timing.js';

/**
 * One measured case. Anchor figures (bench/anchor-library.ts), from anchors measured in the same
 * device call, on rows whose case the anchor measured with the same batch: `cufftGBs` /
 * `ratioToCufft`, `vkfftGBs` / `ratioToVkfft`, and `bestAnchor` / `bestAnchorGBs` /
 * `ratioToBestAnchor` for the faster of those present.
 */
export interface BenchRow extends AnchorRowFields {
  readonly kind: string;
  readonly precision: string;
  /** A variant of the library's kernels (bench --df64: 'df64 <mode>'); absent: the library as it is. */
  readonly variant?: string;
  readonly n: number;
  readonly batch: number;
  /** Median milliseconds per batched run. */
  readonly ms: number;
  /** bytesMoved / time: each input read once, each output written once. */
  readonly gbs: number;
  /** gbs / copyGBs of the same run. */
  readonly ratioToCopy: number;
  /** The label (ANCHOR_INFO) of the anchor with the highest GB/s on this row. */
  readonly bestAnchor?: string;
  readonly bestAnchorGBs?: number;
  /** gbs / bestAnchorGBs: >= 1 means ahead of every anchor merged into this row. */
  readonly ratioToBestAnchor?: number;
  /** Only when this row fell back to another timing method than the report's. */
  readonly timing?: TimingMethod;
}

/** A case that did not produce a row, and why. */
export interface BenchMiss {
  readonly kind: string;
  readonly precision: string;
  readonly variant?: string;
  readonly n: number;
  readonly reason: string;
}

/** A run's results; `cufftDevice` / `cufftCopyGBs`, `vkfftDevice` ... once anchors are merged. */
export interface BenchReport extends AnchorReportFields {
  /** Short device name (file names, plot title). */
  readonly device: string;
  /** Full adapter description. */
  readonly adapter: string;
  /** ISO 8601 time of the run. */
  readonly date: string;
  /** The command line that produced it. */
  readonly command: string;
  readonly timing: TimingMethod;
  /** Elements per case (complex for c2c; reals or complex per the anchor's convention otherwise). */
  readonly total: number;
  /** The copy kernel of the same run (bytes read + written per second, 1e9). */
  readonly copyGBs: number;
  readonly rows: BenchRow[];
  /** Sizes the engine does not support (descriptor errors): expected, listed for completeness. */
  readonly unsupported: BenchMiss[];
  /** Cases that failed for any other reason: bugs; the run exits non-zero when there are any. */
  readonly failures: BenchMiss[];
}

/** GB/s (1e9 bytes per second) of `bytes` moved in `ms` milliseconds. */
export function gbPerSecond(bytes: number, ms: number): number {
  return bytes / (ms * 1e6);
}

/**
 * The fastest item (highest GB/s) per key, in first-seen key order: a case measured in several
 * processes, or an anchor library over several runs, keeps its fastest (bench/NOTES.md run 13).
 */
export function fastestPerKey<T extends { readonly gbs: number }>(items: readonly T[], key: (item: T) => string): Map<string, T> {
  const best = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    const held = best.get(k);
    if (!held || item.gbs > held.gbs) best.set(k, item);
  }
  return best;
}

/** Lower-case, dash-separated, file-name-safe. */
export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'device'
  );
}

/** `<dir>/<yyyy-mm-dd>-<device>.json`, by default under bench/results relative to the working folder. */
export function defaultResultPath(report: Pick<BenchReport, 'date' | 'device'>, dir = 'bench/results'): string {
  return `${dir.replace(/\/+$/, '')}/${report.date.slice(0, 10)}-${slug(report.device)}.json`;
}

export function writeReport(path: string, report: BenchReport): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(report, null, 1)}\n`);
}

export function readReport(path: string): BenchReport {
  const r = JSON.parse(readFileSync(path, 'utf8')) as BenchReport;
  if (typeof r.device !== 'string' || !Array.isArray(r.rows) || typeof r.copyGBs !== 'number') {
    throw new Error(`${path} is not a benchmark result (needs device, copyGBs, rows)`);
  }
  return { ...r, unsupported: r.unsupported ?? [], failures: r.failures ?? [] };
}

function fmt(v: number | undefined, digits: number): string {
  return v === undefined ? '-' : v.toFixed(digits);
}

/** A fixed-width table of the rows, one line each, for the console: ours, every anchor, the best. */
export function formatTable(report: BenchReport): string {
  const anchorHead = ANCHOR_LIBRARIES.flatMap((lib) => [`${ANCHOR_INFO[lib].label} GB/s`, `x${ANCHOR_INFO[lib].label}`]);
  const head = ['kind', 'prec', 'n', 'batch', 'ms', 'GB/s', 'xcopy', ...anchorHead, 'best', 'xbest'];
  const lines = report.rows.map((r) => [
    r.kind,
    r.variant ? `${r.precision} ${r.variant}` : r.precision,
    String(r.n),
    String(r.batch),
    fmt(r.ms, 4),
    fmt(r.gbs, 1),
    fmt(r.ratioToCopy, 3),
    ...ANCHOR_LIBRARIES.flatMap((lib) => [fmt(r[gbsField(lib)], 1), fmt(r[ratioField(lib)], 3)]),
    r.bestAnchor ?? '-',
    fmt(r.ratioToBestAnchor, 3),
  ]);
  const all = [head, ...lines];
  const widths = head.map((_, c) => Math.max(...all.map((l) => l[c].length)));
  const render = (l: string[]) => l.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  const out = [
    `${report.device} (${report.adapter}), ${report.timing} timing, copy kernel ${report.copyGBs.toFixed(1)} GB/s`,
    render(head),
    ...lines.map(render),
  ];
  const label = (m: BenchMiss) => `${m.kind} ${m.precision}${m.variant ? ` ${m.variant}` : ''} n=${m.n}`;
  for (const m of report.unsupported) out.push(`unsupported: ${label(m)}: ${m.reason}`);
  for (const m of report.failures) out.push(`FAILED: ${label(m)}: ${m.reason}`);
  return out.join('\n');
}
