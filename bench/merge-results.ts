// Merges benchmark results measured in separate processes (scripts/device-bench.sh runs every case
// in fresh processes, so one case cannot slow down the next) into one report. A case may be
// measured in several processes: about one process in five reads 3-12 % low on the H200, at random
// and for the copy kernel as much as for the FFT (bench/NOTES.md run 13), so each case keeps its
// fastest process, and the report's copy rate is the fastest copy of all processes; every ratio to
// copy is then taken against that one rate (never against a copy that happened to dip).
//   node dist/bench/merge-results.js --out <result.json> [--cufft anchor.json ...] [--cufft-out best.json]
//     [--vkfft vkfft.json ...] [--vkfft-out best.json] [--command "..."] part.json...
// Several files of one library (anchor runs of the same call) count as one, each case at its fastest
// run; --<lib>-out writes that best-of anchor.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ANCHOR_LIBRARIES } from './anchor-library.js';
import { bestOfAnchors, mergeAnchorLogged, plotPathFor, readAnchor } from './merge-anchor.js';
import { renderPlot } from './plot.js';
import { fastestPerKey, formatTable, readReport, writeReport, type BenchReport } from './report.js';

/** One case of a report: kind, precision and size. */
function caseKey(m: { kind: string; precision: string; variant?: string; n: number }): string {
  return `${m.kind}:${m.precision}${m.variant ? `:${m.variant}` : ''}:${m.n}`;
}

export function mergeReports(parts: readonly BenchReport[], command?: string): BenchReport {
  if (parts.length === 0) throw new Error('merge-results: no reports to merge');
  const first = parts[0];
  const copyGBs = Math.max(...parts.map((p) => p.copyGBs));
  const best = fastestPerKey(parts.flatMap((p) => p.rows), caseKey);
  const rows = [...best.values()].map((r) => ({ ...r, ratioToCopy: r.gbs / copyGBs }));
  const measured = new Set(best.keys());
  const once = <T extends { kind: string; precision: string; variant?: string; n: number }>(list: T[]) => {
    const seen = new Set<string>();
    return list.filter((m) => {
      const key = caseKey(m);
      if (measured.has(key) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  };
  return {
    ...first,
    command: command ?? first.command,
    copyGBs,
    rows,
    unsupported: once(parts.flatMap((p) => p.unsupported)),
    failures: once(parts.flatMap((p) => p.failures)),
  };
}

const USAGE =
  'usage: merge-results --out <result.json> [--cufft anchor.json ...] [--cufft-out best.json] ' +
  '[--vkfft vkfft.json ...] [--vkfft-out best.json] [--command "..."] part.json...';

function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      cufft: { type: 'string', multiple: true },
      'cufft-out': { type: 'string' },
      vkfft: { type: 'string', multiple: true },
      'vkfft-out': { type: 'string' },
      command: { type: 'string' },
    },
  });
  if (!values.out || positionals.length === 0) {
    console.error(USAGE);
    return 2;
  }
  let report = mergeReports(positionals.map(readReport), values.command);
  for (const lib of ANCHOR_LIBRARIES) {
    const runs = values[lib] ?? [];
    if (!runs.length) continue;
    const anchor = bestOfAnchors(runs.map((f) => readAnchor(f, lib)));
    const bestOut = values[`${lib}-out`];
    if (bestOut) writeFileSync(bestOut, JSON.stringify(anchor, null, 1));
    report = mergeAnchorLogged(report, lib, anchor);
  }
  writeReport(values.out, report);
  writeFileSync(plotPathFor(values.out), renderPlot(report));
  console.log(formatTable(report));
  console.log(`wrote ${values.out} and ${plotPathFor(values.out)}`);
  return report.failures.length ? 1 : 0;
}

if (process.argv[1] && /merge-results\.(js|ts)$/.test(process.argv[1])) process.exitCode = main(process.argv.slice(2));
