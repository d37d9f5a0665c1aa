#!/usr/bin/env node
// Derives an apt source entry for `<codename>-backports` from the machine's existing Debian source,
// changing only the suite name: the mirror, components, keyring and comments stay as configured, so
// no registry host is ever written by this project. Node built-ins only (runs before `npm ci`).
//
// CLI (used by ensure-vulkan.sh): node scripts/derive-backports.mjs <codename> [aptDir]
//   prints `<format>\n<entry>` on stdout, format being `sources` (deb822) or `list` (one-line),
//   exits 2 when there is nothing to derive from.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * From the text of a deb822 `.sources` file, the first stanza whose Suites field holds the plain
 * codename, with that field replaced by `<codename>-backports`; undefined when none matches.
 * @param {string} text
 * @param {string} codename
 * @returns {string | undefined}
 */
export function backportsFromDeb822(text, codename) {
  const stanzas = text.replace(/\r\n/g, '\n').split(/\n[ \t]*\n/);
  for (const stanza of stanzas) {
    const lines = stanza.split('\n');
    const suites = lines.find((l) => /^Suites:/i.test(l));
    if (!suites) continue;
    const names = suites.replace(/^Suites:/i, '').trim().split(/\s+/);
    if (!names.includes(codename)) continue;
    const out = lines
      .filter((l) => l.trim() !== '')
      .map((l) => (/^Suites:/i.test(l) ? `Suites: ${codename}-backports` : l));
    return `${out.join('\n')}\n`;
  }
  return undefined;
}

/**
 * From a one-line-style `sources.list`, the first active `deb` line for the plain codename, with the
 * suite replaced by `<codename>-backports`; undefined when none matches.
 * @param {string} text
 * @param {string} codename
 * @returns {string | undefined}
 */
export function backportsFromList(text, codename) {
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line.startsWith('deb ') && !line.startsWith('deb\t')) continue;
    // deb [options] uri suite components...
    const tokens = line.split(/\s+/);
    let i = 1;
    if (tokens[i]?.startsWith('[')) {
      while (i < tokens.length && !tokens[i].endsWith(']')) i++;
      i++;
    }
    const suiteIndex = i + 1;
    if (tokens[suiteIndex] !== codename) continue;
    tokens[suiteIndex] = `${codename}-backports`;
    return `${tokens.join(' ')}\n`;
  }
  return undefined;
}

/**
 * Looks through `<aptDir>/sources.list.d/*.sources`, then `<aptDir>/sources.list`.
 * @param {string} codename
 * @param {string} [aptDir]
 * @returns {{ format: 'sources' | 'list', entry: string } | undefined}
 */
export function deriveBackportsEntry(codename, aptDir = '/etc/apt') {
  const dir = join(aptDir, 'sources.list.d');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.sources')).sort() : [];
  for (const f of files) {
    const entry = backportsFromDeb822(readFileSync(join(dir, f), 'utf8'), codename);
    if (entry) return { format: 'sources', entry };
  }
  const list = join(aptDir, 'sources.list');
  if (existsSync(list)) {
    const entry = backportsFromList(readFileSync(list, 'utf8'), codename);
    if (entry) return { format: 'list', entry };
  }
  return undefined;
}

/**
 * Whether apt already knows the backports suite (so nothing needs adding).
 * @param {string} codename
 * @param {string} [aptDir]
 */
export function hasBackportsSuite(codename, aptDir = '/etc/apt') {
  const suite = new RegExp(`(^|\\s)${codename}-backports(\\s|$)`, 'm');
  const dir = join(aptDir, 'sources.list.d');
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.sources') || f.endsWith('.list'))
        .map((f) => join(dir, f))
    : [];
  if (existsSync(join(aptDir, 'sources.list'))) files.push(join(aptDir, 'sources.list'));
  return files.some((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .some((l) => !l.trimStart().startsWith('#') && suite.test(l)),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [codename, aptDir = '/etc/apt'] = process.argv.slice(2);
  if (!codename) {
    console.error('usage: derive-backports.mjs <codename> [aptDir]');
    process.exit(64);
  }
  if (hasBackportsSuite(codename, aptDir)) {
    process.stdout.write('present\n');
    process.exit(0);
  }
  const derived = deriveBackportsEntry(codename, aptDir);
  if (!derived) {
    console.error(`webfftdx: could not find a Debian source entry for ${codename} in ${aptDir} to derive ${codename}-backports from`);
    process.exit(2);
  }
  process.stdout.write(`${derived.format}\n${derived.entry}`);
}
