// Node side of the browser test: bundles page.ts for the browser (esbuild), serves it on loopback
// (node:http, ephemeral port), and launches Debian's Chromium through playwright-core with WebGPU on
// the machine's Vulkan driver. Nothing here downloads a browser: playwright-core only drives the
// Chromium at CHROMIUM (scripts/ensure-chromium.sh installs it from Debian's package).
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type BrowserContext } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));

/** Debian's chromium package; the only browser the test uses. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * WebGPU in headless Chromium on a software Vulkan driver (lavapipe): Vulkan through ANGLE, the
 * default adapter even when it is a CPU one, no GPU blocklist; and no network traffic of its own.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--enable-unsafe-webgpu',
  '--enable-features=Vulkan,VulkanFromANGLE,DefaultANGLEVulkan',
  '--use-webgpu-adapter=default',
  '--ignore-gpu-blocklist',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;

/** A temporary folder that removes itself. */
export interface TempDir {
  readonly path: string;
  remove(): Promise<void>;
}

export async function tempDir(prefix: string): Promise<TempDir> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/**
 * Bundles page.ts (and through it src/index.ts) into one ESM file for the browser. Fails when the
 * import graph reaches a Node built-in (the library's only Node module is src/node.ts, which the
 * public entry must not import) or leaves any import unbundled.
 */
export async function bundlePage(outdir: string): Promise<{ file: string; bytes: number; inputs: number }> {
  const file = join(outdir, 'page.js');
  let result;
  try {
    result = await build({
      entryPoints: [join(here, 'page.ts')],
      outfile: file,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      metafile: true,
      logLevel: 'silent',
    });
  } catch (e) {
    // esbuild reports an unresolvable `node:` import as a build error naming the importing file.
    throw new Error(`bundling test/browser/page.ts for the browser failed (a Node built-in in the import graph?):\n${(e as Error).message}`);
  }
  const inputs = Object.keys(result.metafile.inputs);
  const nodeInputs = inputs.filter((p) => p.startsWith('node:') || p.endsWith('src/node.ts'));
  if (nodeInputs.length) throw new Error(`the browser bundle includes Node-only modules: ${nodeInputs.join(', ')}`);
  const output = result.metafile.outputs[Object.keys(result.metafile.outputs).find((o) => o.endsWith('page.js'))!];
  if (output.imports.length) {
    throw new Error(`the browser bundle leaves imports unbundled: ${output.imports.map((i) => i.path).join(', ')}`);
  }
  const text = await readFile(file, 'utf8');
  const nodeImport = /\b(?:from|import|require)\s*\(?\s*["']node:[^"']+["']/.exec(text);
  if (nodeImport) throw new Error(`the browser bundle imports a Node built-in: ${nodeImport[0]}`);
  return { file, bytes: output.bytes, inputs: inputs.length };
}

const PAGE_HTML = `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<title>webfftdx browser test</title>
<link rel="icon" href="data:,">
<script type="module" src="/page.js"></script>
</head>
<body>webfftdx browser test</body>
</html>
`;

/** Serves the HTML page and the bundle on 127.0.0.1 (a secure context, as WebGPU requires). */
export async function servePage(bundleFile: string): Promise<{ url: string; close(): Promise<void> }> {
  const js = await readFile(bundleFile);
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/' || path === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(PAGE_HTML);
    } else if (path === '/page.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(js);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

/**
 * Launches Chromium with CHROMIUM_FLAGS and a fresh user-data dir. Playwright refuses
 * `--user-data-dir` in args and takes it as launchPersistentContext's first argument instead
 * (it becomes `--user-data-dir=<dir>` on the command line). Playwright puts its own switches
 * first and ours after them, so ours win where both set one (Chromium keeps the last value).
 */
export async function launchChromium(userDataDir: string): Promise<BrowserContext> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: the browser test needs Debian's chromium package. Run \`bash scripts/ensure-chromium.sh\` (npm test does it through \`node scripts/setup.mjs --browser\`).`,
    );
  }
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_FLAGS],
    timeout: 120_000,
  });
}

/** Chromium's effective command line, as chrome://version shows it. */
export async function effectiveCommandLine(context: BrowserContext): Promise<string> {
  const page = await context.newPage();
  try {
    await page.goto('chrome://version');
    return (await page.locator('#command_line').textContent()) ?? '';
  } finally {
    await page.close();
  }
}
