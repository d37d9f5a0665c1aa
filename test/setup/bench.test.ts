// The benchmark harness: pure parts (options, batch sizing, bytes, cuFFT and VkFFT merges, SVG) and, on the
// adapter, the copy and scale kernels (they must really move the data), GPU-timestamp timing, error
// propagation, and one tiny end-to-end harness run with the scale kernel as kernel under test.
import { describe, expect, it } from 'vitest';
import { rotatingCase, rotationCount } from '../../bench/buffers.js';
import { parseBenchArgs } from '../../bench/cli.js';
import { arithFor } from '../../kernels/arith.js';
import { Definitions } from '../../kernels/definitions.js';
import { copyKernelCode, makeCopyCase } from '../../bench/copy-kernel.js';
import { dispatchShape } from '../../bench/dispatch.js';
import { batchFor, caseFactory, isUnsupportedError, pointsFor, resolveSettings, runHarness } from '../../bench/harness.js';
import { anchorKindOf } from '../../bench/anchor-library.js';
import { batchMismatches, bestOfAnchors, mergeAnchor, parseAnchor, plotPathFor, type Anchor } from '../../bench/merge-anchor.js';
import { mergeReports } from '../../bench/merge-results.js';
import { niceStep, plotSeries, renderPlot } from '../../bench/plot.js';
import { defaultResultPath, formatTable, gbPerSecond, type BenchReport } from '../../bench/report.js';
import { scaleKernelCode } from '../../bench/scale-kernel.js';
import { median, timeEncode } from '../../src/host/timing.js';
import { runDispatch, testDevice } from '../support/gpu.js';
import { makeSeed, randomFloats } from '../support/random.js';

/** Fresh random floats (seed printed so a failure can be replayed with WEBFFTDX_SEED). */
function freshFloats(count: number, what: string): Float32Array<ArrayBuffer> {
  const seed = makeSeed();
  console.log(`${what}: seed ${seed}`);
  return new Float32Array(randomFloats(count, seed));
}

const sampleReport = (): BenchReport => ({
  device: 'Test GPU',
  adapter: 'vendor arch Test GPU',
  date: '2025-01-02T03:04:05.000Z',
  command: 'node bench/run.ts',
  timing: 'timestamp',
  total: 1 << 20,
  copyGBs: 3000,
  rows: [
    { kind: 'c2c', precision: 'f32', n: 256, batch: 4096, ms: 1, gbs: 2500, ratioToCopy: 2500 / 3000 },
    { kind: 'c2c', precision: 'f32', n: 512, batch: 2048, ms: 1, gbs: 2400, ratioToCopy: 0.8 },
    { kind: 'c2c', precision: 'f32', n: 1000, batch: 1048, ms: 1, gbs: 1200, ratioToCopy: 0.4 },
    { kind: 'r2c', precision: 'f32', n: 256, batch: 4096, ms: 1, gbs: 2000, ratioToCopy: 0.66 },
  ],
  unsupported: [{ kind: 'c2c', precision: 'f32', n: 65536, reason: '(FFT error) too large' }],
  failures: [],
});

describe('bench options and sizing', () => {
  it('parses lists, 2^k totals, and rejects unknown kinds or bad sizes', () => {
    const a = parseBenchArgs(['--sizes', '64,256', '--kinds', 'c2c,r2c', '--total', '2^20', '--repeats', '7']);
    expect(a).toMatchObject({ sizes: [64, 256], kinds: ['c2c', 'r2c'], total: 1 << 20, repeats: 7, precisions: ['f32'] });
    expect(() => parseBenchArgs(['--kinds', 'c2c,dct'])).toThrow(/dct/);
    expect(() => parseBenchArgs(['--sizes', '64,1'])).toThrow(/--sizes/);
    expect(() => parseBenchArgs(['--bogus'])).toThrow();
    expect(a.limits).toBe('adapter');
    expect(parseBenchArgs(['--limits', 'default']).limits).toBe('default');
    expect(() => parseBenchArgs(['--limits', 'core'])).toThrow(/--limits/);
    expect(a.tuning).toBe('table');
    expect(parseBenchArgs(['--tuning', 'measure']).tuning).toBe('measure');
    expect(() => parseBenchArgs(['--tuning', 'fast'])).toThrow(/--tuning/);
    expect(a.placement).toBe('out-of-place');
    expect(parseBenchArgs(['--placement', 'in-place']).placement).toBe('in-place');
    expect(() => parseBenchArgs(['--placement', 'inplace'])).toThrow(/--placement/);
  });

  it('uses small defaults on the software driver and the issue sweep on a GPU', () => {
    const sw = resolveSettings(parseBenchArgs([]), true);
    const gpu = resolveSettings(parseBenchArgs([]), false);
    expect(sw.total).toBe(2 ** 18);
    expect(gpu.total).toBe(2 ** 26);
    expect(gpu.sizes).toEqual(expect.arrayContaining([2, 32768, 100, 2187, 3125, 6561, 10000, 1009, 4093]));
    expect(gpu.realSizes).toEqual([256, 4096, 16384]);
    expect(resolveSettings(parseBenchArgs(['--sizes', '64']), false).realSizes).toEqual([64]);
  });

  it('batches total/n FFTs, capped by the binding limit, even for f16', () => {
    expect(batchFor(1 << 26, 256, 'f32', 2 ** 32)).toBe(1 << 18);
    expect(batchFor(1 << 26, 1000, 'f32', 2 ** 32)).toBe(Math.floor((1 << 26) / 1000));
    expect(batchFor(1 << 26, 256, 'f32', 128 << 20)).toBe((128 << 20) / (256 * 8));
    expect(batchFor(1 << 10, 4096, 'f32', 2 ** 32)).toBe(1);
    expect(batchFor(3 * 256, 256, 'f16', 2 ** 32)).toBe(2);
    // Real kinds take twice the points: every case reads the copy kernel's bytes.
    expect([pointsFor('c2c', 1 << 26), pointsFor('r2c_folded', 1 << 26), pointsFor('c2r', 1 << 26)]).toEqual([1 << 26, 1 << 27, 1 << 27]);
    // Real convolution too (run the cuFFT anchor's `conv` over 2 x total, as its r2c / c2r); complex convolution not.
    expect([pointsFor('conv', 1 << 26), pointsFor('c2c_conv', 1 << 26)]).toEqual([1 << 27, 1 << 26]);
  });

  it('rotates buffer copies only while one set fits in the assumed cache', () => {
    expect(rotationCount(1 << 30, 64 << 20)).toBe(1);
    expect(rotationCount(32 << 20, 64 << 20)).toBe(4);
    expect(rotationCount(1 << 10, 64 << 20)).toBe(8);
  });

  it('splits large dispatches into 2D shapes that cover every workgroup', () => {
    for (const [groups, max] of [[10, 65535], [65536, 65535], [1 << 17, 65535], [1 << 25, 65535], [4, 2]] as const) {
      const s = dispatchShape(groups, max);
      expect(s.x).toBeLessThanOrEqual(max);
      expect(s.y).toBeLessThanOrEqual(max);
      expect(s.x * s.y).toBeGreaterThanOrEqual(groups);
    }
  });

  it('counts GB/s as 1e9 bytes per second and takes medians', () => {
    expect(gbPerSecond(2e9, 1000)).toBe(2);
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('classifies descriptor errors as unsupported, everything else as failures', () => {
    const e = new Error('(FFT error) Size(70000) exceeds ...');
    expect(isUnsupportedError(e)).toBe(true);
    expect(isUnsupportedError(Object.assign(new Error('x'), { name: 'FFTDescriptorError' }))).toBe(true);
    expect(isUnsupportedError(new Error('GPU error while timing: ...'))).toBe(false);
    // createConvolution beyond one workgroup (not a failure of the kernel: the multi-pass path is not built).
    expect(isUnsupportedError(new Error('webfftdx: ... larger sizes need the multi-pass path (createFFT), which createConvolution does not use yet'))).toBe(true);
  });
});

describe('bench results: cuFFT merge, file names, table and plot', () => {
  const anchor = parseAnchor(
    JSON.stringify({
      device: 'NVIDIA H100 80GB HBM3',
      rows: [
        { kind: 'copy', n: 1 << 20, batch: 1, ms: 1, gbs: 3100 },
        { kind: 'c2c', n: 256, batch: 4096, ms: 1, gbs: 2600 },
        { kind: 'c2c', n: 1000, batch: 1048, ms: 1, gbs: 800 },
        { kind: 'c2r', n: 256, batch: 4096, ms: 1, gbs: 2000 },
      ],
    }),
    'cufft',
  );

  it('merges processes: each case keeps its fastest process, ratios against the fastest copy', () => {
    const a = sampleReport();
    const dipped: BenchReport = {
      ...sampleReport(),
      copyGBs: 2800,
      rows: [{ kind: 'c2c', precision: 'f32', n: 256, batch: 4096, ms: 1.2, gbs: 2100, ratioToCopy: 0.75 }],
      failures: [{ kind: 'c2c', precision: 'f32', n: 256, reason: 'timeout' }],
    };
    const m = mergeReports([dipped, a]);
    expect(m.copyGBs).toBe(3000);
    expect(m.rows).toHaveLength(4);
    const row256 = m.rows.find((r) => r.kind === 'c2c' && r.n === 256)!;
    expect([row256.gbs, row256.ratioToCopy]).toEqual([2500, 2500 / 3000]);
    expect(m.failures).toEqual([]); // measured in another process
    expect(m.unsupported).toHaveLength(1); // listed once
  });

  it('takes each cuFFT case at its fastest anchor run', () => {
    const run = (gbs: number, copy: number): Anchor => ({ device: 'G', rows: [{ kind: 'c2c', n: 256, batch: 1, ms: 1, gbs }, { kind: 'copy', n: 1, batch: 1, ms: 1, gbs: copy }] });
    const best = bestOfAnchors([run(3000, 4000), run(3300, 3900), run(3100, 4100)]);
    expect(best.rows.map((r) => [r.kind, r.gbs])).toEqual([['c2c', 3300], ['copy', 4100]]);
    expect(() => bestOfAnchors([])).toThrow();
  });

  it('attaches cuFFT GB/s and ratios by kind, n and batch only', () => {
    const merged = mergeAnchor(sampleReport(), 'cufft', anchor);
    expect(merged.cufftDevice).toBe('NVIDIA H100 80GB HBM3');
    expect(merged.cufftCopyGBs).toBe(3100);
    expect(merged.rows[0]).toMatchObject({ cufftGBs: 2600, ratioToCufft: 2500 / 2600 });
    expect(merged.rows[1].cufftGBs).toBeUndefined();
    expect(merged.rows[2]).toMatchObject({ cufftGBs: 800, ratioToCufft: 1.5 });
    expect(merged.rows[3].cufftGBs).toBeUndefined(); // r2c row, the anchor only has c2r at 256
    const otherBatch = parseAnchor(JSON.stringify({ device: 'G', rows: [{ kind: 'c2c', n: 256, batch: 2048, ms: 1, gbs: 2600 }] }), 'cufft');
    expect(mergeAnchor(sampleReport(), 'cufft', otherBatch).rows[0].cufftGBs).toBeUndefined();
    expect(() => parseAnchor('{"rows": []}', 'cufft')).toThrow(/not a cuFFT anchor/);
  });

  it('names files after date and device, the SVG next to the JSON', () => {
    const r = sampleReport();
    expect(defaultResultPath({ ...r, device: 'NVIDIA H100 80GB HBM3' })).toBe('bench/results/2025-01-02-nvidia-h100-80gb-hbm3.json');
    expect(defaultResultPath({ ...r, device: 'llvmpipe (software)' }, 'out/')).toBe('out/2025-01-02-llvmpipe-software.json');
    expect(plotPathFor('bench/results/x.json')).toBe('bench/results/x.svg');
  });

  it('prints every row and every unsupported or failed case', () => {
    const t = formatTable(sampleReport());
    expect(t.split('\n').filter((l) => /^c2c|^r2c/.test(l))).toHaveLength(4);
    expect(t).toContain('unsupported: c2c f32 n=65536');
  });

  it('plots our curve, the copy line, and the cuFFT curve dashed when merged', () => {
    const plain = renderPlot(sampleReport());
    expect(plain.startsWith('<svg')).toBe(true);
    expect(plain).toContain('copy kernel 3000 GB/s');
    expect(plain).not.toContain('cuFFT');
    const merged = renderPlot(mergeAnchor(sampleReport(), 'cufft', anchor));
    expect(merged).toContain('cuFFT c2c f32');
    expect(merged).toContain('stroke-dasharray="6 3"');
    // Lines join powers of two (256, 512); n=1000 is a hollow marker.
    expect(merged).toMatch(/<circle[^>]*fill="white"[^>]*><title>webfftdx c2c f32 N=1000/);
    // Elements with content are closed.
    for (const tag of ['svg', 'text', 'circle', 'title']) {
      expect((merged.match(new RegExp(`<${tag}[ >]`, 'g')) ?? []).length, tag).toBe((merged.match(new RegExp(`</${tag}>`, 'g')) ?? []).length);
    }
    expect(niceStep(2500)).toBe(500);
    expect(niceStep(3300)).toBe(1000);
  });
});

describe('bench results: VkFFT beside cuFFT, the better anchor, three-way plot', () => {
  // Ours as device-bench.sh measures it: c2c over 2^20 complex, real kinds over 2^21 real points.
  const row = (kind: string, n: number, batch: number, gbs: number, precision = 'f32') => ({ kind, precision, n, batch, ms: 1, gbs, ratioToCopy: gbs / 3000 });
  const ours = (): BenchReport => ({
    ...sampleReport(),
    rows: [
      row('c2c', 256, 4096, 2500),
      row('c2c', 4096, 256, 2900),
      row('c2c', 1009, 1039, 1700),
      row('r2c', 4096, 512, 2600),
      row('r2c_folded', 4096, 512, 2800),
      row('c2r_folded', 4096, 512, 2750),
      row('c2c', 256, 4096, 2300, 'f64'),
    ],
  });
  const cufft = parseAnchor(
    JSON.stringify({
      device: 'NVIDIA H200',
      rows: [
        { kind: 'copy', n: 1 << 20, batch: 1, ms: 1, gbs: 4000 },
        { kind: 'c2c', n: 256, batch: 4096, ms: 1, gbs: 2400 },
        { kind: 'c2c', n: 4096, batch: 256, ms: 1, gbs: 3000 },
        { kind: 'c2c', n: 1009, batch: 1039, ms: 1, gbs: 900 },
        { kind: 'r2c', n: 4096, batch: 512, ms: 1, gbs: 2700 },
        { kind: 'c2r', n: 4096, batch: 512, ms: 1, gbs: 2650 },
      ],
    }),
    'cufft',
  );
  // vkfft_anchor.cu's format: device, library, rows; no copy row, no c2r kind.
  const vkfftText = JSON.stringify({
    device: 'NVIDIA H200',
    library: 'VkFFT 10304 (CUDA backend)',
    rows: [
      { kind: 'c2c', n: 256, batch: 4096, ms: 1, gbs: 2550 },
      { kind: 'c2c', n: 4096, batch: 256, ms: 1, gbs: 2950 },
      { kind: 'c2c', n: 1009, batch: 1039, ms: 1, gbs: 1150 },
      { kind: 'r2c', n: 4096, batch: 512, ms: 1, gbs: 2500 },
      { kind: 'c2c_f64', n: 256, batch: 4096, ms: 1, gbs: 2450 },
    ],
  });
  const vkfft = parseAnchor(vkfftText, 'vkfft');
  const find = (r: BenchReport, kind: string, n: number, precision = 'f32') => r.rows.find((x) => x.kind === kind && x.n === n && x.precision === precision)!;

  it('attaches VkFFT GB/s by kind, n and batch; folded R2C compares with its r2c; no VkFFT C2R', () => {
    const m = mergeAnchor(ours(), 'vkfft', vkfft);
    expect(m.vkfftDevice).toBe('NVIDIA H200');
    expect(m.vkfftCopyGBs).toBeUndefined();
    expect(find(m, 'c2c', 256)).toMatchObject({ vkfftGBs: 2550, ratioToVkfft: 2500 / 2550 });
    expect(find(m, 'c2c', 1009)).toMatchObject({ vkfftGBs: 1150, ratioToVkfft: 1700 / 1150 });
    expect(find(m, 'r2c', 4096)).toMatchObject({ vkfftGBs: 2500, ratioToVkfft: 2600 / 2500 });
    expect(find(m, 'r2c_folded', 4096)).toMatchObject({ vkfftGBs: 2500, ratioToVkfft: 2800 / 2500 });
    expect(find(m, 'c2r_folded', 4096).vkfftGBs).toBeUndefined();
    // Other precisions take the anchors' suffixed kind.
    expect(find(m, 'c2c', 256, 'f64')).toMatchObject({ vkfftGBs: 2450, ratioToVkfft: 2300 / 2450 });
    expect(find(m, 'c2c', 256).cufftGBs).toBeUndefined(); // one library's merge leaves the other's fields alone
    expect(() => parseAnchor(JSON.stringify({ device: 'G', rows: [{ kind: 'c2c', n: 256, gbs: 1 }] }), 'vkfft')).toThrow(/bad VkFFT anchor row/);
    expect(() => parseAnchor('not json', 'vkfft')).toThrow(/not a VkFFT anchor/);
    expect(() => parseAnchor(vkfftText, 'cufft')).toThrow(/VkFFT 10304 \(CUDA backend\), not cuFFT/);
  });

  it('does not merge a figure over another batch, and names those rows', () => {
    const off = parseAnchor(
      JSON.stringify({ device: 'G', rows: [{ kind: 'c2c', n: 256, batch: 2048, ms: 1, gbs: 2550 }, { kind: 'r2c', n: 4096, batch: 256, ms: 1, gbs: 2500 }] }),
      'vkfft',
    );
    const m = mergeAnchor(ours(), 'vkfft', off);
    expect(m.rows.filter((r) => r.vkfftGBs !== undefined || r.bestAnchor !== undefined)).toEqual([]);
    expect(batchMismatches(ours(), off)).toEqual([
      'c2c 256 (batch 4096, anchor 2048)',
      'r2c 4096 (batch 512, anchor 256)',
      'r2c_folded 4096 (batch 512, anchor 256)',
    ]);
    expect(batchMismatches(ours(), vkfft)).toEqual([]);
  });

  it('keeps each VkFFT case at its fastest run, cases of another batch apart', () => {
    const run = (gbs256: number, gbs4096: number): Anchor => ({
      device: 'NVIDIA H200',
      library: 'VkFFT 10304 (CUDA backend)',
      rows: [
        { kind: 'c2c', n: 256, batch: 4096, ms: 1, gbs: gbs256 },
        { kind: 'r2c', n: 4096, batch: 512, ms: 1, gbs: gbs4096 },
      ],
    });
    const other: Anchor = { device: 'NVIDIA H200', rows: [{ kind: 'c2c', n: 256, batch: 2048, ms: 1, gbs: 9999 }] };
    const best = bestOfAnchors([run(2500, 2400), run(2600, 2300), run(2550, 2450), other]);
    expect(best.library).toBe('VkFFT 10304 (CUDA backend)');
    expect(best.rows.map((r) => [r.kind, r.n, r.batch, r.gbs])).toEqual([
      ['c2c', 256, 4096, 2600],
      ['r2c', 4096, 512, 2450],
      ['c2c', 256, 2048, 9999],
    ]);
    // The 9999 figure is over another batch: the 4096-batch row of ours compares with 2600.
    expect(find(mergeAnchor(ours(), 'vkfft', best), 'c2c', 256)).toMatchObject({ vkfftGBs: 2600 });
  });

  it('takes the ratio to the better of the two anchors, whichever order they merge in', () => {
    const both = mergeAnchor(mergeAnchor(ours(), 'cufft', cufft), 'vkfft', vkfft);
    const reversed = mergeAnchor(mergeAnchor(ours(), 'vkfft', vkfft), 'cufft', cufft);
    expect(reversed.rows).toEqual(both.rows);
    expect(both.cufftCopyGBs).toBe(4000);
    expect(find(both, 'c2c', 256)).toMatchObject({ bestAnchor: 'VkFFT', bestAnchorGBs: 2550, ratioToBestAnchor: 2500 / 2550 });
    expect(find(both, 'c2c', 4096)).toMatchObject({ bestAnchor: 'cuFFT', bestAnchorGBs: 3000, ratioToBestAnchor: 2900 / 3000 });
    expect(find(both, 'c2c', 1009)).toMatchObject({ bestAnchor: 'VkFFT', ratioToBestAnchor: 1700 / 1150 });
    expect(find(both, 'r2c_folded', 4096)).toMatchObject({ bestAnchor: 'cuFFT', ratioToBestAnchor: 2800 / 2700 });
    // Only cuFFT measured C2R: it is the better anchor there by default.
    expect(find(both, 'c2r_folded', 4096)).toMatchObject({ bestAnchor: 'cuFFT', ratioToBestAnchor: 2750 / 2650 });
    // Re-merging one library replaces its figures and the best is recomputed.
    const slower = parseAnchor(JSON.stringify({ device: 'G', rows: [{ kind: 'c2c', n: 256, batch: 4096, ms: 1, gbs: 2000 }] }), 'vkfft');
    const again = mergeAnchor(both, 'vkfft', slower);
    expect(find(again, 'c2c', 256)).toMatchObject({ vkfftGBs: 2000, bestAnchor: 'cuFFT', ratioToBestAnchor: 2500 / 2400 });
    expect(find(again, 'c2c', 1009)).toMatchObject({ bestAnchor: 'cuFFT', ratioToBestAnchor: 1700 / 900 });
    expect(Object.keys(find(again, 'c2c', 1009))).not.toContain('vkfftGBs');
    // Rows no anchor measured have no best.
    const none = mergeAnchor(ours(), 'vkfft', slower);
    expect(find(none, 'c2c', 4096).bestAnchor).toBeUndefined();
    expect(find(none, 'c2c', 4096).ratioToBestAnchor).toBeUndefined();
  });

  it('merges the kinds still to come on their names: fft2 from both, conv and c2c_conv from cuFFT', () => {
    expect([anchorKindOf({ kind: 'r2c_folded', precision: 'f32' }), anchorKindOf({ kind: 'fft2', precision: 'f32' }), anchorKindOf({ kind: 'c2c', precision: 'f16' })]).toEqual(['r2c', 'fft2', 'c2c_f16']);
    const report: BenchReport = { ...sampleReport(), rows: [row('fft2', 256, 16, 1500), row('conv', 4096, 512, 2000), row('c2c_conv', 4096, 256, 2100)] };
    const cu = parseAnchor(
      JSON.stringify({
        device: 'G',
        rows: [
          { kind: 'fft2', n: 256, batch: 16, ms: 1, gbs: 1365 },
          { kind: 'conv', n: 4096, batch: 512, ms: 1, gbs: 790 },
          { kind: 'c2c_conv', n: 4096, batch: 256, ms: 1, gbs: 990 },
        ],
      }),
      'cufft',
    );
    const vk = parseAnchor(JSON.stringify({ device: 'G', rows: [{ kind: 'fft2', n: 256, batch: 16, ms: 1, gbs: 1777 }] }), 'vkfft');
    const m = mergeAnchor(mergeAnchor(report, 'cufft', cu), 'vkfft', vk);
    expect(m.rows.map((r) => [r.kind, r.cufftGBs, r.vkfftGBs, r.bestAnchor])).toEqual([
      ['fft2', 1365, 1777, 'VkFFT'],
      ['conv', 790, undefined, 'cuFFT'],
      ['c2c_conv', 990, undefined, 'cuFFT'],
    ]);
  });

  it('prints both anchors and the better one in the table', () => {
    const t = formatTable(mergeAnchor(mergeAnchor(ours(), 'cufft', cufft), 'vkfft', vkfft)).split('\n');
    expect(t[1].split(/\s+/)).toEqual(['kind', 'prec', 'n', 'batch', 'ms', 'GB/s', 'xcopy', 'cuFFT', 'GB/s', 'xcuFFT', 'VkFFT', 'GB/s', 'xVkFFT', 'best', 'xbest']);
    expect(t.find((l) => l.startsWith('c2c ') && / 256 /.test(l) && l.includes('f32'))!.split(/\s+/).slice(-6)).toEqual(['2400.0', '1.042', '2550.0', '0.980', 'VkFFT', '0.980']);
    expect(t.find((l) => l.startsWith('c2r_folded'))!.split(/\s+/).slice(-6)).toEqual(['2650.0', '1.038', '-', '-', 'cuFFT', '1.038']);
  });

  it('plots webfftdx, cuFFT and VkFFT: three series per kind both anchors measured, each anchor curve once', () => {
    const merged = mergeAnchor(mergeAnchor(ours(), 'cufft', cufft), 'vkfft', vkfft);
    const labels = plotSeries(merged).map((s) => s.label);
    expect(labels.filter((l) => l.endsWith(' c2c f32'))).toEqual(['webfftdx c2c f32', 'cuFFT c2c f32', 'VkFFT c2c f32']);
    // r2c and r2c_folded rows compare with the same anchor r2c figures: drawn once.
    expect(labels.filter((l) => / r2c(_folded)? f32$/.test(l))).toEqual(['webfftdx r2c f32', 'cuFFT r2c f32', 'VkFFT r2c f32', 'webfftdx r2c_folded f32']);
    expect(labels.filter((l) => l.includes('c2r'))).toEqual(['webfftdx c2r_folded f32', 'cuFFT c2r f32']);
    const svg = renderPlot(merged);
    expect(svg).toContain('PyTorch copy 4000 GB/s');
    expect(svg).toContain('stroke-dasharray="6 3"'); // cuFFT
    expect(svg).toContain('stroke-dasharray="10 3 2 3"'); // VkFFT
    expect(svg).toMatch(/<polygon[^>]*fill="white"[^>]*><title>VkFFT c2c f32 N=1009: 1150\.0 GB\/s<\/title><\/polygon>/);
    expect(svg).toMatch(/<rect[^>]*><title>cuFFT c2c f32 N=4096: 3000\.0 GB\/s<\/title><\/rect>/);
    for (const tag of ['svg', 'text', 'circle', 'rect', 'polygon', 'title']) {
      const open = (svg.match(new RegExp(`<${tag}[ >]`, 'g')) ?? []).length;
      const selfClosed = (svg.match(new RegExp(`<${tag}[^>]*/>`, 'g')) ?? []).length;
      expect(open - selfClosed, tag).toBe((svg.match(new RegExp(`</${tag}>`, 'g')) ?? []).length);
    }
  });
});

describe('bench kernels and timing on the adapter', () => {
  it('the copy kernel copies every vec4, also with a 2D dispatch', async () => {
    const { device } = await testDevice('adapter');
    const count = 5 * 256 - 3;
    const shape = dispatchShape(Math.ceil(count / 256), 4);
    expect(shape.y).toBeGreaterThan(1);
    const src = freshFloats(count * 4, 'bench copy');
    const [, dst] = await runDispatch(device, {
      code: copyKernelCode(count, shape.x),
      workgroups: [shape.x, shape.y],
      bindings: [{ data: src, kind: 'read-only-storage' }, { size: src.byteLength + 64, read: true }],
    });
    expect(Array.from(dst!.subarray(0, count * 4))).toEqual(Array.from(src));
    expect(Number.isNaN(dst![count * 4])).toBe(true); // past the end: untouched (still poisoned)
  });

  it('the scale kernel halves every complex value', async () => {
    const { device } = await testDevice('adapter');
    const count = 1000;
    const src = freshFloats(count * 2, 'bench scale');
    const [, dst] = await runDispatch(device, {
      code: scaleKernelCode(count, 4),
      workgroups: [4],
      bindings: [{ data: src, kind: 'read-only-storage' }, { size: src.byteLength, read: true }],
    });
    expect(Array.from(dst!)).toEqual(Array.from(src, (v) => v * 0.5));
  });

  it('times a copy with GPU timestamps and rejects when the work has GPU errors', async () => {
    const { device } = await testDevice('adapter');
    const c = await makeCopyCase(device, 1 << 16, { copies: 2 });
    try {
      const t = await timeEncode(device, (p) => c.encode(p), { warmup: 1, repeats: 3, dispatches: 2 });
      expect(t.method).toBe(device.features.has('timestamp-query') ? 'timestamp' : 'wall-clock');
      expect(t.samples.length).toBeGreaterThan(0);
      expect(t.ms).toBeGreaterThan(0);
      expect(t.ms).toBeLessThan(1000);
    } finally {
      c.destroy();
    }
    // A dispatch with no pipeline set is a validation error: no number may come out of it.
    await expect(timeEncode(device, (p) => p.dispatchWorkgroups(1), { warmup: 0, repeats: 1, dispatches: 1 })).rejects.toThrow(
      /GPU error/,
    );
  });

  // bench --placement in-place: the plan gets one buffer on both sides (as the VkFFT anchor runs); a
  // plan whose output size differs from its input's cannot run so and says why.
  it('runs cases in place with one buffer per set, and refuses in place where the sizes differ', async () => {
    const { device } = await testDevice('adapter');
    const seen: { input: GPUBuffer; output: GPUBuffer }[] = [];
    const plan = (inputBytes: number, outputBytes: number) => ({ inputBytes, outputBytes, encode: (_p: GPUComputePassEncoder, b: { input: GPUBuffer; output: GPUBuffer }) => void seen.push(b), destroy() {} });
    const spec = { kind: 'c2c', precision: 'f32', n: 64, batch: 4 };
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    for (const placement of ['in-place', 'out-of-place'] as const) {
      const c = rotatingCase(device, spec, plan(2048, 2048), 2, undefined, placement);
      c.encode(pass);
      c.encode(pass);
      c.destroy();
    }
    pass.end();
    expect(seen.map((b) => b.input === b.output)).toEqual([true, true, false, false]);
    expect(seen[0].input).not.toBe(seen[1].input);
    expect(() => rotatingCase(device, { ...spec, kind: 'r2c' }, plan(2048, 1040), 1, undefined, 'in-place')).toThrow(/r2c 64 cannot run in place \(input 2048 B, output 1040 B\)/);
  });

  it('runs the harness end to end: copy ceiling, scale rows, unsupported and failed cases listed', async () => {
    const nd = await testDevice('adapter');
    const settings = { ...resolveSettings(parseBenchArgs(['--total', '2^14', '--repeats', '2', '--warmup', '0']), true), kinds: ['scale', 'c2c'] as const, sizes: [64, 1024] };
    const checkpoints: number[] = [];
    const report = await runHarness({
      ...nd,
      settings: { ...settings, kinds: [...settings.kinds] },
      command: 'test',
      makeCase: caseFactory(async (_d, spec) => {
        if (spec.n === 64) throw Object.assign(new Error('(FFT error) not supported here'), { name: 'FFTDescriptorError' });
        throw new Error('boom');
      }),
      checkpoint: (p) => checkpoints.push(p.rows.length + p.unsupported.length + p.failures.length),
    });
    expect(report.copyGBs).toBeGreaterThan(0);
    expect(report.rows.map((r) => [r.kind, r.n, r.batch])).toEqual([
      ['scale', 64, 256],
      ['scale', 1024, 16],
    ]);
    for (const r of report.rows) {
      expect(r.gbs).toBeCloseTo(gbPerSecond(2 * r.n * r.batch * 8, r.ms), 6);
      expect(r.ratioToCopy).toBeCloseTo(r.gbs / report.copyGBs, 9);
    }
    expect(report.unsupported).toEqual([{ kind: 'c2c', precision: 'f32', n: 64, reason: '(FFT error) not supported here' }]);
    expect(report.failures).toEqual([{ kind: 'c2c', precision: 'f32', n: 1024, reason: 'boom' }]);
    expect(checkpoints).toEqual([1, 2, 3, 4]);
  });

  // bench --df64: each f64 case once per renormalisation, the kernels generated in between (here the
  // add a case would generate), rows labelled; f32 cases once; the default restored afterwards.
  it('runs f64 cases once per --df64 mode, labelled, and restores the default', async () => {
    const nd = await testDevice('adapter');
    const args = parseBenchArgs(['--total', '2^12', '--repeats', '1', '--warmup', '0', '--precision', 'f32,f64', '--df64', 'every-op,none']);
    expect(args.df64).toEqual(['every-op', 'none']);
    expect(() => parseBenchArgs(['--df64', 'sometimes'])).toThrow(/--df64/);
    const seen: string[] = [];
    const report = await runHarness({
      ...nd,
      settings: { ...resolveSettings(args, true), kinds: ['c2c'], sizes: [64] },
      command: 'test',
      makeCase: async (_d, spec) => {
        const defs = new Definitions();
        arithFor('f64', defs, 'p').add('a', 'b');
        seen.push(`${spec.precision} ${defs.toString().includes('let hi') ? 'renormalised' : 'lazy'}`);
        throw Object.assign(new Error('(FFT error) not here'), { name: 'FFTDescriptorError' });
      },
    });
    expect(seen).toEqual(['f32 lazy', 'f64 renormalised', 'f64 lazy']);
    expect(report.unsupported.map((m) => `${m.precision} ${m.variant ?? '-'}`)).toEqual(['f32 -', 'f64 df64 every-op', 'f64 df64 none']);
    const defs = new Definitions();
    arithFor('f64', defs, 'p').add('a', 'b');
    expect(defs.toString()).not.toContain('let hi');
  });
});
