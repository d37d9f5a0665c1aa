// Set-up logic that runs before anything is installed: deriving the backports apt entry (only the
// suite may change) and deciding whether node_modules matches the lockfile.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  backportsFromDeb822,
  backportsFromList,
  deriveBackportsEntry,
  hasBackportsSuite,
} from '../../scripts/derive-backports.mjs';
import { installState } from '../../scripts/install-state.mjs';

const DEB822 = `Types: deb
# a comment that must survive
URIs: http://mirror.invalid/debian
Suites: bookworm bookworm-updates
Components: main contrib
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://mirror.invalid/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
`;

const temps: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'webfftdx-setup-'));
  temps.push(d);
  return d;
}
afterEach(() => {
  while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true });
});

/** Lines of a stanza other than Suites, which must come through unchanged. */
const nonSuiteLines = (s: string) => s.split('\n').filter((l) => l.trim() && !l.startsWith('Suites:'));

describe('backports entry derivation', () => {
  it('changes only the Suites field of the stanza that holds the plain codename (deb822)', () => {
    const entry = backportsFromDeb822(DEB822, 'bookworm')!;
    expect(entry).toContain('Suites: bookworm-backports\n');
    expect(entry.match(/^Suites:.*$/gm)).toEqual(['Suites: bookworm-backports']);
    const firstStanza = DEB822.split('\n\n')[0];
    expect(nonSuiteLines(entry)).toEqual(nonSuiteLines(firstStanza));
  });

  it('does not take a stanza whose only suite merely starts with the codename', () => {
    const securityOnly = DEB822.split('\n\n')[1];
    expect(backportsFromDeb822(securityOnly, 'bookworm')).toBeUndefined();
    expect(backportsFromDeb822(DEB822, 'trixie')).toBeUndefined();
  });

  it('handles one-line sources.list entries, options included', () => {
    const list = [
      '# deb http://mirror.invalid/debian bookworm main',
      'deb http://mirror.invalid/debian-security bookworm-security main',
      'deb [arch=amd64 signed-by=/k.gpg] http://mirror.invalid/debian bookworm main non-free',
    ].join('\n');
    expect(backportsFromList(list, 'bookworm')).toBe(
      'deb [arch=amd64 signed-by=/k.gpg] http://mirror.invalid/debian bookworm-backports main non-free\n',
    );
    expect(backportsFromList('deb http://m.invalid/debian bookworm-updates main', 'bookworm')).toBeUndefined();
  });

  it('reads a fake /etc/apt: prefers .sources files, falls back to sources.list, says when nothing fits', () => {
    const apt = tempDir();
    mkdirSync(join(apt, 'sources.list.d'));
    expect(deriveBackportsEntry('bookworm', apt)).toBeUndefined();
    writeFileSync(join(apt, 'sources.list'), 'deb http://mirror.invalid/debian bookworm main\n');
    expect(deriveBackportsEntry('bookworm', apt)).toEqual({
      format: 'list',
      entry: 'deb http://mirror.invalid/debian bookworm-backports main\n',
    });
    writeFileSync(join(apt, 'sources.list.d', 'debian.sources'), DEB822);
    expect(deriveBackportsEntry('bookworm', apt)?.format).toBe('sources');
  });

  it('knows when the backports suite is already configured (comments do not count)', () => {
    const apt = tempDir();
    mkdirSync(join(apt, 'sources.list.d'));
    writeFileSync(join(apt, 'sources.list'), '# deb http://mirror.invalid/debian bookworm-backports main\n');
    expect(hasBackportsSuite('bookworm', apt)).toBe(false);
    writeFileSync(join(apt, 'sources.list.d', 'bp.sources'), backportsFromDeb822(DEB822, 'bookworm')!);
    expect(hasBackportsSuite('bookworm', apt)).toBe(true);
  });

  it('CLI prints the format line then the entry, exit 2 when nothing fits', () => {
    const apt = tempDir();
    mkdirSync(join(apt, 'sources.list.d'));
    const script = join('scripts', 'derive-backports.mjs');
    const none = spawnSync(process.execPath, [script, 'bookworm', apt], { encoding: 'utf8' });
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('could not find a Debian source entry');
    writeFileSync(join(apt, 'sources.list.d', 'debian.sources'), DEB822);
    const ok = spawnSync(process.execPath, [script, 'bookworm', apt], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    const [format, ...entry] = ok.stdout.split('\n');
    expect(format).toBe('sources');
    expect(entry.join('\n')).toBe(backportsFromDeb822(DEB822, 'bookworm'));
  });
});

describe('node_modules freshness', () => {
  function project(opts: { lock?: object; hidden?: object; dirs?: string[] }): string {
    const root = tempDir();
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'p', devDependencies: { a: '^1.0.0' } }));
    if (opts.lock) writeFileSync(join(root, 'package-lock.json'), JSON.stringify(opts.lock));
    if (opts.hidden) {
      mkdirSync(join(root, 'node_modules'), { recursive: true });
      writeFileSync(join(root, 'node_modules', '.package-lock.json'), JSON.stringify(opts.hidden));
    }
    for (const d of opts.dirs ?? []) mkdirSync(join(root, d), { recursive: true });
    return root;
  }
  const lock = {
    packages: {
      '': { devDependencies: { a: '^1.0.0' } },
      'node_modules/a': { version: '1.2.0', dev: true },
      'node_modules/@x/other-platform': { version: '3.0.0', dev: true, optional: true },
    },
  };
  const hidden = { packages: { 'node_modules/a': { version: '1.2.0' } } };

  it('is current when every required locked package is installed at its version', () => {
    expect(installState(project({ lock, hidden, dirs: ['node_modules/a'] }))).toEqual({ ok: true });
  });

  it('asks for npm ci when node_modules is missing, a package is missing or has another version', () => {
    expect(installState(project({ lock }))).toMatchObject({ ok: false, command: 'ci' });
    expect(installState(project({ lock, hidden: { packages: {} }, dirs: ['node_modules'] }))).toMatchObject({
      ok: false,
      command: 'ci',
      reason: expect.stringContaining('node_modules/a'),
    });
    const old = { packages: { 'node_modules/a': { version: '1.1.0' } } };
    expect(installState(project({ lock, hidden: old, dirs: ['node_modules/a'] }))).toMatchObject({ ok: false, command: 'ci' });
    expect(installState(project({ lock, hidden }))).toMatchObject({ ok: false, reason: expect.stringContaining('removed') });
  });

  it('asks for npm install when the lockfile is missing or out of step with package.json', () => {
    expect(installState(project({}))).toMatchObject({ ok: false, command: 'install' });
    const stale = { packages: { ...lock.packages, '': { devDependencies: { a: '^0.9.0' } } } };
    expect(installState(project({ lock: stale, hidden, dirs: ['node_modules/a'] }))).toMatchObject({
      ok: false,
      command: 'install',
    });
  });

  it('says this repository is installed (the state setup.mjs relies on to stay fast)', () => {
    expect(installState(process.cwd())).toEqual({ ok: true });
  });
});

describe('setup.mjs on an installed machine', () => {
  it('finds nothing to install, names the adapter, and stays fast', () => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [join('scripts', 'setup.mjs')], { encoding: 'utf8' });
    const seconds = (performance.now() - t0) / 1000;
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^webfftdx: WebGPU adapter: \S.*\n$/);
    expect(r.stderr).not.toContain('running npm');
    // The budget is 2 s on an idle machine; allow for the shared, loaded CI cores.
    expect(seconds).toBeLessThan(10);
  });

  it('fails with an explanation when the Vulkan loader finds no driver', () => {
    const r = spawnSync(process.execPath, [join('scripts', 'check-adapter.mjs')], {
      encoding: 'utf8',
      env: { ...process.env, VK_DRIVER_FILES: join(tmpdir(), 'webfftdx-no-such-icd.json'), VK_ICD_FILENAMES: '' },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Dawn found no WebGPU adapter');
    expect(r.stderr).toContain('mesa-vulkan-drivers');
  });
});
