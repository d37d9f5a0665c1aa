// Decides whether `node_modules` matches package.json and package-lock.json, without running npm
// (a no-op `npm ci` costs seconds; this costs milliseconds). Node built-ins only: it runs on a fresh
// clone before anything is installed.
//
// npm keeps a record of what it installed in node_modules/.package-lock.json (the "hidden
// lockfile"). The install is current when every package the lockfile requires on this platform is
// recorded there at the locked version and its folder exists. Comparing contents rather than mtimes
// keeps the answer right on a fresh clone, where git gives every file the checkout time.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * @typedef {{ ok: true } | { ok: false, reason: string, command: 'ci' | 'install' }} InstallState
 */

/** @param {string} file */
function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** @param {Record<string, string> | undefined} a @param {Record<string, string> | undefined} b */
function sameDeps(a = {}, b = {}) {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
}

/**
 * @param {string} root project root (holds package.json)
 * @returns {InstallState}
 */
export function installState(root) {
  const pkgFile = join(root, 'package.json');
  const lockFile = join(root, 'package-lock.json');
  const hiddenFile = join(root, 'node_modules', '.package-lock.json');
  const pkg = readJson(pkgFile);
  if (!existsSync(lockFile)) return { ok: false, reason: 'package-lock.json is missing', command: 'install' };
  const lock = readJson(lockFile);
  const rootEntry = lock.packages?.[''] ?? {};
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    if (!sameDeps(pkg[field], rootEntry[field])) {
      return { ok: false, reason: `package-lock.json does not match package.json (${field})`, command: 'install' };
    }
  }
  if (!existsSync(hiddenFile)) return { ok: false, reason: 'node_modules is missing or was not installed by npm', command: 'ci' };
  const installed = readJson(hiddenFile).packages ?? {};
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (path === '' || entry.link) continue;
    const have = installed[path];
    // Optional packages for other platforms (esbuild's, rolldown's binaries) are legitimately absent.
    if (!have) {
      if (entry.optional || entry.devOptional) continue;
      return { ok: false, reason: `${path} is not installed`, command: 'ci' };
    }
    if (have.version !== entry.version) {
      return { ok: false, reason: `${path} is ${have.version}, the lockfile wants ${entry.version}`, command: 'ci' };
    }
    if (!existsSync(join(root, path))) return { ok: false, reason: `${path} was removed`, command: 'ci' };
  }
  return { ok: true };
}
