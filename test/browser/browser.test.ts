// webfftdx in a browser: headless Chromium (Debian's package) runs page.ts, which uses the public
// entry through navigator.gpu on the machine's Vulkan driver (lavapipe in CI): createBatchedFFT on
// Block c2c, Block r2c folded and Thread c2c descriptors, a hand-written kernel calling the
// generated execute, createFFT in passes (2D C2C, 1D R2C) and a fused createConvolution, each
// against the f64 reference computed in the page on fresh random input.
// No skips: a missing Chromium, a missing adapter, a GPU error, a page error or console error fails.
// Slow by nature (WGSL compiled by Dawn in the browser, run on lavapipe on the CPU): generous timeouts.
import { describe, expect, it } from 'vitest';
import { makeSeed } from '../support/random.js';
import { bundlePage, CHROMIUM_FLAGS, effectiveCommandLine, launchChromium, servePage, tempDir, type TempDir } from './harness.js';
import type { PageResult } from './result.js';

const TOLERANCE = 1e-6;
const PAGE_TIMEOUT_MS = 300_000;

/** The value of the last occurrence of `--name=` on a command line (Chromium keeps the last). */
function lastSwitchValue(commandLine: string, name: string): string | undefined {
  const values = commandLine
    .split(/\s+/)
    .filter((arg) => arg.startsWith(`${name}=`))
    .map((arg) => arg.slice(name.length + 1));
  return values.at(-1);
}

const seed = makeSeed();

describe(`webfftdx in headless Chromium through navigator.gpu (seed ${seed})`, () => {
  it(
    'finds an adapter and matches the f64 reference (batched Block/Thread/r2c folded, user kernel, createFFT, createConvolution)',
    async () => {
      const started = performance.now();
      const temps: TempDir[] = [];
      const cleanups: (() => Promise<void>)[] = [];
      try {
        const bundleDir = await tempDir('webfftdx-browser-bundle-');
        const profileDir = await tempDir('webfftdx-browser-profile-');
        temps.push(bundleDir, profileDir);

        const bundle = await bundlePage(bundleDir.path);
        const server = await servePage(bundle.file);
        cleanups.push(server.close);
        const context = await launchChromium(profileDir.path);
        cleanups.unshift(() => context.close());

        // The flags must be on Chromium's real command line, not only in our launch options.
        const commandLine = await effectiveCommandLine(context);
        const args = new Set(commandLine.split(/\s+/));
        const missing = CHROMIUM_FLAGS.filter((flag) => !args.has(flag));
        expect(missing, `flags missing from Chromium's command line:\n${commandLine}`).toEqual([]);
        expect(lastSwitchValue(commandLine, '--enable-features')).toBe('Vulkan,VulkanFromANGLE,DefaultANGLEVulkan');
        expect(args.has(`--user-data-dir=${profileDir.path}`), commandLine).toBe(true);

        const page = await context.newPage();
        const problems: string[] = [];
        page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
        page.on('console', (m) => {
          if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
        });
        page.on('crash', () => problems.push('the page crashed'));
        page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));

        await page.goto(`${server.url}?seed=${seed}`);
        await page.waitForFunction(() => window.__webfftdxResult !== undefined, undefined, { timeout: PAGE_TIMEOUT_MS, polling: 250 });
        const result: PageResult = await page.evaluate(() => window.__webfftdxResult!);

        if (!result.ok) throw new Error(`the page failed: ${result.error}`);
        const { report } = result;
        console.log(
          [
            `browser: ${report.userAgent}`,
            `adapter: ${JSON.stringify({ ...report.adapter, features: report.adapter.features.join(' ') })}`,
            `bundle: ${bundle.bytes} bytes from ${bundle.inputs} modules`,
            ...report.cases.map((c) => `${c.name}: relative L2 ${c.error.toExponential(2)}, ${c.ms.toFixed(0)} ms`),
            `total (bundle, launch, page): ${((performance.now() - started) / 1000).toFixed(1)} s`,
          ].join('\n'),
        );

        expect(report.adapter.vendor + report.adapter.architecture + report.adapter.device + report.adapter.description).not.toBe('');
        expect(report.cases.length).toBe(7);
        for (const c of report.cases) {
          expect(c.gpuErrors, c.name).toEqual([]);
          // `<=` is false for NaN: an output element left unwritten (NaN-poisoned) fails here.
          expect(c.error <= TOLERANCE, `${c.name}: relative L2 ${c.error} > ${TOLERANCE}`).toBe(true);
        }
        expect(report.uncapturedErrors).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        for (const close of cleanups) await close().catch(() => {});
        for (const t of temps) await t.remove();
      }
    },
    PAGE_TIMEOUT_MS + 120_000,
  );
});
