// Merges benchmark results measured in separate processes (scripts/device-bench.sh runs every size
// in a fresh process, so one case cannot slow down the next) into one report. Each row keeps the
// ratio to the copy kernel measured in its own process; the report's copyGBs is the median of them.
//   node dist/bench/merge-results.js --out <result.json> [--cufft anchor.json] [--command "..."] part.json...
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { mergeCufft, parseAnchor, plotPathFor } from './merge-cufft.js';
import { renderPlot } from './plot.js';
import { formatTable, readReport, writeReport, type BenchReport } from './report.js';
import { median } from './timing.js';

export function mergeReports(parts: readonly BenchReport[], command?: string): BenchReport {
  if (parts.length === 0) throw new Error('merge-results: no reports to merge');
  const first = parts[0];
  return {
    ...first,
    command: command ?? first.command,
    copyGBs: median(parts.map((p) => p.copyGBs)),
    rows: parts.flatMap((p) => p.rows),
    unsupported: parts.flatMap((p) => p.unsupported),
    failures: parts.flatMap((p) => p.failures),
  };
}

function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: 'string' }, cufft: { type: 'string' }, command: { type: 'string' } },
  });
  if (!values.out || positionals.length === 0) {
    console.error('usage: merge-results --out <result.json> [--cufft anchor.json] [--command "..."] part.json...');
    return 2;
  }
  let report = mergeReports(positionals.map(readReport), values.command);
  if (values.cufft) report = mergeCufft(report, parseAnchor(readFileSync(values.cufft, 'utf8')));
  writeReport(values.out, report);
  writeFileSync(plotPathFor(values.out), renderPlot(report));
  console.log(formatTable(report));
  console.log(`wrote ${values.out} and ${plotPathFor(values.out)}`);
  return report.failures.length ? 1 : 0;
}

if (process.argv[1] && /merge-results\.(js|ts)$/.test(process.argv[1])) process.exitCode = main(process.argv.slice(2));
