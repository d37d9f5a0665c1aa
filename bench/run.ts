// Entry of `npm run bench` (and of `node dist/bench/run.js` on the GPU machine): measures batched
// FFT throughput against a copy kernel of the same run, writes bench/results/<date>-<device>.json
// and an SVG plot next to it, and prints a table. See docs/benchmark.md.
import { writeFileSync } from 'node:fs';
import { basename, isAbsolute, relative } from 'node:path';
import { FAST_TOGGLES, requestNodeDevice } from '../src/node.js';
import { isSoftwareAdapter } from './adapter.js';
import { isConvolutionKind, parseBenchArgs, USAGE, type BenchArgs } from './cli.js';
import { caseFactory, resolveSettings, runHarness, type CaseFactory } from './harness.js';
import { ANCHOR_LIBRARIES } from './anchor-library.js';
import { mergeAnchor, plotPathFor, readAnchor } from './merge-anchor.js';
import { renderPlot } from './plot.js';
import { defaultResultPath, formatTable, readReport, writeReport, type BenchReport } from './report.js';

// Loaded on first use, so that `--plot-only` and `--kinds scale` work without the FFT library.
const fftCases =
  (convTaps: number | undefined, tuning: BenchArgs['tuning'], placement: BenchArgs['placement']): CaseFactory =>
  async (device, spec, given) => {
    const options = { ...given, tuning, placement };
    if (spec.kind === 'scale') throw new Error('scale is not an FFT kind');
    if (isConvolutionKind(spec.kind)) {
      const { makeConvolutionCase } = await import('./convolution-case.js');
      return makeConvolutionCase(device, { kind: spec.kind, precision: spec.precision, n: spec.n, batch: spec.batch, ...(convTaps ? { taps: convTaps } : {}) }, options);
    }
    const { makeFFTCase } = await import('./fft-case.js');
    return makeFFTCase(device, { kind: spec.kind, precision: spec.precision, n: spec.n, batch: spec.batch }, options);
  };

/** The report with every anchor named on the command line (--cufft, --vkfft) merged. */
function withAnchors(report: BenchReport, args: BenchArgs): BenchReport {
  return ANCHOR_LIBRARIES.reduce((r, lib) => {
    const path = args[lib];
    return path ? mergeAnchor(r, lib, readAnchor(path, lib)) : r;
  }, report);
}

const anchorsGiven = (args: BenchArgs) => ANCHOR_LIBRARIES.some((lib) => args[lib] !== undefined);

function writeOutputs(path: string, report: BenchReport): void {
  writeReport(path, report);
  writeFileSync(plotPathFor(path), renderPlot(report));
  console.log(`wrote ${path} and ${plotPathFor(path)}`);
}

/** The command line as typed, without absolute paths (results are committed): `…/name` outside the project. */
function commandLine(): string {
  const clean = (arg: string) => {
    if (!isAbsolute(arg)) return arg;
    const rel = relative(process.cwd(), arg);
    return rel.startsWith('..') || isAbsolute(rel) ? `…/${basename(arg)}` : rel;
  };
  return ['node', ...process.argv.slice(1).map(clean)].join(' ');
}

async function main(args: BenchArgs): Promise<number> {
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  if (args.plotOnly) {
    const report = withAnchors(readReport(args.plotOnly), args);
    if (anchorsGiven(args)) writeReport(args.plotOnly, report);
    writeFileSync(plotPathFor(args.plotOnly), renderPlot(report));
    console.log(`wrote ${plotPathFor(args.plotOnly)}`);
    return 0;
  }
  const { device, adapter, adapterName } = await requestNodeDevice({
    toggles: [...(args.toggles === 'fast' ? FAST_TOGGLES : []), ...(args.dumpShaders ? ['dump_shaders'] : [])],
    limits: args.limits,
    ...(args.workgroupBytes ? { requiredLimits: { maxComputeWorkgroupStorageSize: args.workgroupBytes } } : {}),
  });
  const software = isSoftwareAdapter(adapter.info);
  const settings = resolveSettings(args, software);
  console.log(
    `webfftdx bench on ${adapterName}${software ? ' (software driver: small defaults, a regression signal only)' : ''}\n` +
      `total ${settings.total} elements per case, ${settings.repeats} repeats after ${settings.warmup} warm-up passes, ` +
      `Dawn toggles: ${args.toggles === 'fast' ? FAST_TOGGLES.join(', ') : 'defaults'}, ${args.limits === 'default' ? "WebGPU's default limits" : "the adapter's limits"}${args.workgroupBytes ? `, ${args.workgroupBytes} bytes of workgroup memory` : ''}`,
  );
  // The file is named after the device, known once the harness has it; checkpoints go to the same place.
  const pathOf = (r: BenchReport) => args.out ?? defaultResultPath(r, args.outDir);
  let report = await runHarness({
    device,
    adapter,
    adapterName,
    settings,
    makeCase: caseFactory(fftCases(args.convTaps, args.tuning, args.placement)),
    command: commandLine(),
    log: (line) => console.log(`  ${line}`),
    checkpoint: (partial) => writeReport(pathOf(partial), withAnchors(partial, args)),
  });
  report = withAnchors(report, args);
  console.log(formatTable(report));
  writeOutputs(pathOf(report), report);
  device.destroy();
  if (report.failures.length) {
    console.error(`${report.failures.length} case(s) FAILED (listed above and under "failures" in the result)`);
    return 1;
  }
  if (report.rows.length === 0) {
    console.error('no case produced a row');
    return 1;
  }
  return 0;
}

let args: BenchArgs;
try {
  args = parseBenchArgs(process.argv.slice(2));
} catch (e) {
  console.error(`${e instanceof Error ? e.message : e}\n${USAGE}`);
  process.exit(64);
}
main(args).then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  },
);
