// Merges anchors, other FFT libraries measured in the same device call (bench/anchor-library.ts:
// cuFFT through cufft_anchor.py, VkFFT through vkfft_anchor.cu), into a benchmark result. Both
// scripts write `{ device, library?, rows: [{ kind, n, batch, ms, gbs }] }` (cuFFT's with one
// `copy` row). A row of ours gets `<lib>GBs` and `ratioTo<Lib>` where the anchor measured the same
// case (anchorKindOf: same kind name, n and batch), then `bestAnchor*` for the faster anchor there.
// All sides count bytes the same way (each input read once, each output written once), so the
// ratios compare like with like, provided they were measured in the same device call.
//   CLI: tsx bench/merge-anchor.ts <result.json> [--cufft anchor.json] [--vkfft vkfft.json]
//   (rewrites the result and its SVG)
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import {
  ANCHOR_INFO,
  ANCHOR_LIBRARIES,
  anchorKindOf,
  copyField,
  deviceField,
  gbsField,
  ratioField,
  type AnchorLibrary,
} from './anchor-library.js';
import { renderPlot } from './plot.js';
import { fastestPerKey, readReport, writeReport, type BenchReport, type BenchRow } from './report.js';

export interface AnchorRow {
  readonly kind: string;
  readonly n: number;
  readonly batch: number;
  readonly ms: number;
  readonly gbs: number;
}

export interface Anchor {
  readonly device: string;
  /** The library and version, where the anchor script records it (VkFFT does). */
  readonly library?: string;
  readonly rows: readonly AnchorRow[];
}

export function parseAnchor(text: string, lib: AnchorLibrary): Anchor {
  const label = ANCHOR_INFO[lib].label;
  let a: Anchor;
  try {
    a = JSON.parse(text) as Anchor;
  } catch (e) {
    throw new Error(`not a ${label} anchor: ${e instanceof Error ? e.message : e}`);
  }
  if (typeof a?.device !== 'string' || !Array.isArray(a.rows)) throw new Error(`not a ${label} anchor (needs device and rows)`);
  // Only VkFFT's anchor names its library; a file of one library given as the other's is refused.
  if (a.library !== undefined && !String(a.library).startsWith(label)) {
    throw new Error(`this anchor is ${a.library}, not ${label}`);
  }
  for (const r of a.rows) {
    if (typeof r?.kind !== 'string' || !Number.isFinite(r.n) || !Number.isFinite(r.batch) || !Number.isFinite(r.gbs)) {
      throw new Error(`bad ${label} anchor row ${JSON.stringify(r)} (needs kind, n, batch, gbs)`);
    }
  }
  return a;
}

export function readAnchor(path: string, lib: AnchorLibrary): Anchor {
  return parseAnchor(readFileSync(path, 'utf8'), lib);
}

const caseOf = (kind: string, n: number, batch: number) => `${kind}:${n}:${batch}`;

/**
 * Several runs of one anchor in one device call as one: each case (kind, n, batch) keeps its fastest
 * run, as the benchmark keeps each case's fastest process (bench/merge-results.ts), so both sides of
 * every ratio are treated alike.
 */
export function bestOfAnchors(anchors: readonly Anchor[]): Anchor {
  if (anchors.length === 0) throw new Error('no anchor runs to merge');
  const best = fastestPerKey(
    anchors.flatMap((a) => a.rows),
    (r) => caseOf(r.kind, r.n, r.batch),
  );
  return { ...anchors[0], rows: [...best.values()] };
}

/** A copy of `item` without `keys`. */
function without<T extends object>(item: T, keys: readonly string[]): T {
  const copy = { ...item } as Record<string, unknown>;
  for (const k of keys) delete copy[k];
  return copy as T;
}

const BEST_FIELDS = ['bestAnchor', 'bestAnchorGBs', 'ratioToBestAnchor'] as const;

/** The row with `bestAnchor*` recomputed from the anchor figures it holds (none: no best fields). */
export function withBestAnchor(row: BenchRow): BenchRow {
  const plain = without(row, BEST_FIELDS);
  let best: { lib: AnchorLibrary; gbs: number } | undefined;
  for (const lib of ANCHOR_LIBRARIES) {
    const gbs = row[gbsField(lib)];
    if (gbs !== undefined && (!best || gbs > best.gbs)) best = { lib, gbs };
  }
  if (!best) return plain;
  return { ...plain, bestAnchor: ANCHOR_INFO[best.lib].label, bestAnchorGBs: best.gbs, ratioToBestAnchor: row.gbs / best.gbs };
}

/**
 * The report with one library's figures attached where its anchor measured the same kind, n and
 * batch (replacing that library's figures from any earlier merge). A figure over another batch (an
 * anchor run with another total, or our batch capped by the binding limit) is no comparison.
 */
export function mergeAnchor(report: BenchReport, lib: AnchorLibrary, anchor: Anchor): BenchReport {
  const byCase = new Map(anchor.rows.map((r) => [caseOf(r.kind, r.n, r.batch), r]));
  const rows = report.rows.map((row) => {
    const plain = without(row, [gbsField(lib), ratioField(lib)]);
    const match = byCase.get(caseOf(anchorKindOf(row), row.n, row.batch));
    return withBestAnchor(match ? { ...plain, [gbsField(lib)]: match.gbs, [ratioField(lib)]: row.gbs / match.gbs } : plain);
  });
  const copy = anchor.rows.find((r) => r.kind === 'copy');
  return {
    ...without(report, [deviceField(lib), copyField(lib)]),
    rows,
    [deviceField(lib)]: anchor.device,
    ...(copy ? { [copyField(lib)]: copy.gbs } : {}),
  };
}

/**
 * Rows whose kind and n the anchor measured, but over another batch, as `kind n (ours batch, theirs
 * batch)`: such rows get no figure, and a log line saying so tells a total mismatch from a kind
 * the anchor never ran.
 */
export function batchMismatches(report: BenchReport, anchor: Anchor): string[] {
  const batches = new Map<string, number[]>();
  for (const r of anchor.rows) batches.set(`${r.kind}:${r.n}`, [...(batches.get(`${r.kind}:${r.n}`) ?? []), r.batch]);
  return report.rows.flatMap((row) => {
    const theirs = batches.get(`${anchorKindOf(row)}:${row.n}`);
    return theirs && !theirs.includes(row.batch) ? [`${row.kind} ${row.n} (batch ${row.batch}, anchor ${theirs.join('/')})`] : [];
  });
}

/** Merges one library's anchor and says what it matched on the console. */
export function mergeAnchorLogged(report: BenchReport, lib: AnchorLibrary, anchor: Anchor): BenchReport {
  const merged = mergeAnchor(report, lib, anchor);
  const label = ANCHOR_INFO[lib].label;
  const count = merged.rows.filter((r) => r[gbsField(lib)] !== undefined).length;
  console.log(`${label} (${anchor.library ?? anchor.device}): ${count} of ${merged.rows.length} rows matched`);
  const off = batchMismatches(report, anchor);
  if (off.length) console.log(`${label}: same kind and n but another batch, not compared: ${off.join(', ')}`);
  return merged;
}

/** `<result>.svg` next to `<result>.json`. */
export function plotPathFor(resultPath: string): string {
  return resultPath.replace(/\.json$/i, '') + '.svg';
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { cufft: { type: 'string' }, vkfft: { type: 'string' } },
  });
  const given = ANCHOR_LIBRARIES.filter((lib) => values[lib] !== undefined);
  if (positionals.length !== 1 || given.length === 0) {
    console.error('usage: merge-anchor <result.json> [--cufft anchor.json] [--vkfft vkfft.json]');
    process.exit(64);
  }
  const resultPath = positionals[0];
  let merged = readReport(resultPath);
  for (const lib of given) merged = mergeAnchorLogged(merged, lib, readAnchor(values[lib]!, lib));
  writeReport(resultPath, merged);
  writeFileSync(plotPathFor(resultPath), renderPlot(merged));
  console.log(`wrote ${resultPath} and ${plotPathFor(resultPath)}`);
}
