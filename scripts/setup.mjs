#!/usr/bin/env node
// First step of `npm start`, `npm test` and `npm run bench`: makes a fresh clone runnable with no
// manual steps. Node built-ins only, because on a fresh clone node_modules does not exist yet.
//   1. npm packages: `npm ci` (or `npm install` without a usable lockfile) when node_modules is
//      missing or does not match the lockfile (see install-state.mjs).
//   2. Linux: a Vulkan driver (scripts/ensure-vulkan.sh installs Mesa lavapipe when there is none).
//   3. Dawn must find a WebGPU adapter: check-adapter.mjs prints one line naming it, or explains
//      what to install, and setup fails.
//   4. With --browser (the `test` script only), Linux: Debian's Chromium for test/browser
//      (scripts/ensure-chromium.sh installs the package when /usr/bin/chromium is missing).
// Nothing to do costs well under 2 s (one short-lived Node process for the adapter check).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installState } from './install-state.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** @param {string} message */
function fail(message) {
  console.error(`webfftdx setup: ${message}`);
  process.exit(1);
}

/** @param {string} cmd @param {string[]} args */
function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.error) fail(`could not run ${cmd}: ${r.error.message}`);
  return r.status ?? 1;
}

function ensurePackages() {
  const state = installState(root);
  if (state.ok) return;
  console.error(`webfftdx setup: ${state.reason}; running npm ${state.command}...`);
  const args = [state.command, '--no-audit', '--no-fund'];
  if (run(npm, args) !== 0) fail(`npm ${state.command} failed (see above)`);
  const after = installState(root);
  if (!after.ok) fail(`node_modules still does not match the lockfile after npm ${state.command}: ${after.reason}`);
}

function ensureVulkan() {
  if (process.platform !== 'linux') return;
  if (run('bash', [join('scripts', 'ensure-vulkan.sh')]) !== 0) {
    fail('no Vulkan driver, and installing Mesa lavapipe failed (see above). Install a Vulkan driver by hand, then retry.');
  }
}

function checkAdapter() {
  const r = spawnSync(process.execPath, [join('scripts', 'check-adapter.mjs')], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (r.status === 0) {
    process.stdout.write(r.stdout);
    return;
  }
  // Dawn's own warnings go to stderr; show them only when something went wrong.
  process.stderr.write(r.stderr ?? '');
  process.stderr.write(r.stdout ?? '');
  if (r.signal || r.error) fail(`the WebGPU adapter check did not finish (${r.signal ?? r.error?.message}).`);
  process.exit(r.status ?? 1);
}

function ensureChromium() {
  if (!process.argv.includes('--browser') || process.platform !== 'linux') return;
  if (run('bash', [join('scripts', 'ensure-chromium.sh')]) !== 0) {
    fail("Chromium is missing and installing Debian's chromium package failed (see above); the browser test (test/browser) needs it.");
  }
}

ensurePackages();
ensureVulkan();
ensureChromium();
checkAdapter();
