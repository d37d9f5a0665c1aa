// Merges the cuFFT anchor (anchor.json from the device folder's cufft_anchor.py: `{ device, rows:
// [{ kind, n, batch, ms, gbs }] }`, with one `copy` row) into a benchmark result: `cufftGBs` and
// `ratioToCufft` on f32 rows of the same kind, size and batch. Both sides count bytes the same way (each
// input read once, each output written once), so the ratio compares like with like, provided both
// were measured in the same device call.
//   CLI: tsx bench/merge-cufft.ts <result.json> <anchor.json>   (rewrites the result and its SVG)
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { renderPlot } from './plot.js';
import { fastestPerKey, readReport, writeReport, type BenchReport } from './report.js';

export interface AnchorRow {
  readonly kind: string;
  readonly n: number;
  readonly batch: number;
  readonly ms: number;
  readonly gbs: number;
}

export interface Anchor {
  readonly device: string;
  readonly rows: readonly AnchorRow[];
}

export function parseAnchor(text: string): Anchor {
  const a = JSON.parse(text) as Anchor;
  if (typeof a.device !== 'string' || !Array.isArray(a.rows)) throw new Error('not a cuFFT anchor (needs device and rows)');
  for (const r of a.rows) {
    if (typeof r.kind !== 'string' || !Number.isFinite(r.n) || !Number.isFinite(r.gbs)) {
      throw new Error(`bad anchor row ${JSON.stringify(r)}`);
    }
  }
  return a;
}

/**
 * Several anchor runs of one device call as one: each (kind, n) keeps its fastest run, as the
 * benchmark keeps each case's fastest process (bench/merge-results.ts), so both sides of the ratio
 * are treated alike.
 */
export function bestOfAnchors(anchors: readonly Anchor[]): Anchor {
  if (anchors.length === 0) throw new Error('no cuFFT anchors to merge');
  const best = fastestPerKey(anchors.flatMap((a) => a.rows), (r) => `${r.kind}:${r.n}`);
  return { device: anchors[0].device, rows: [...best.values()] };
}

/**
 * The report with cuFFT numbers attached where the anchor has the same kind, n and batch (anchor is
 * FP32): a cuFFT figure over another batch (an anchor run with another --total) is no comparison.
 */
export function mergeCufft(report: BenchReport, anchor: Anchor): BenchReport {
  const byKey = new Map(anchor.rows.map((r) => [`${r.kind}:${r.n}`, r]));
  const copy = anchor.rows.find((r) => r.kind === 'copy');
  const rows = report.rows.map((row) => {
    const { cufftGBs: _g, ratioToCufft: _r, ...plain } = row;
    // Folded rows compute the same transform as cuFFT's r2c/c2r.
    const found = row.precision === 'f32' ? byKey.get(`${row.kind.replace(/_folded$/, '')}:${row.n}`) : undefined;
    const match = found?.batch === row.batch ? found : undefined;
    return match ? { ...plain, cufftGBs: match.gbs, ratioToCufft: row.gbs / match.gbs } : plain;
  });
  return { ...report, rows, cufftDevice: anchor.device, ...(copy ? { cufftCopyGBs: copy.gbs } : {}) };
}

/** `<result>.svg` next to `<result>.json`. */
export function plotPathFor(resultPath: string): string {
  return resultPath.replace(/\.json$/i, '') + '.svg';
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [resultPath, anchorPath] = process.argv.slice(2);
  if (!resultPath || !anchorPath) {
    console.error('usage: merge-cufft <result.json> <anchor.json>');
    process.exit(64);
  }
  const merged = mergeCufft(readReport(resultPath), parseAnchor(readFileSync(anchorPath, 'utf8')));
  writeReport(resultPath, merged);
  writeFileSync(plotPathFor(resultPath), renderPlot(merged));
  console.log(`merged ${merged.rows.filter((r) => r.cufftGBs !== undefined).length} cuFFT rows into ${resultPath}`);
}
