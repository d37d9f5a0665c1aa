// The describe command: parsing, the traits table, WGSL output and error handling (exit code 1).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { main, parseOperators } from '../../src/cli.js';

function run(...argv: string[]): { code: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  const code = main(argv);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

afterEach(() => vi.restoreAllMocks());

describe('webfftdx describe', () => {
  it('prints the traits of Size(4096) Type(r2c) Block()', () => {
    const r = run('describe', 'Size(4096)', 'Type(r2c)', 'Block()');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^outputLength\s+2049$/m);
    expect(r.out).toMatch(/^blockDim\s+\[128, 1, 1\]$/m);
    expect(r.out).toMatch(/^direction\s+forward$/m);
  });
  it('accepts Name:args, bare names, several operators per word and Limits profiles', () => {
    const a = parseOperators(['Size:8192 Block', "Precision('f32')", 'Limits(mid)', 'BlockDim(256, 1)']);
    expect(a.map((o) => o.op)).toEqual(['size', 'execution', 'precision', 'limits', 'blockDim']);
    const r = run('describe', 'Size:8192', 'Block', 'Direction:forward', 'Limits(32768, 1024)', '--json');
    // Measured tuning: split exchange in 2 parts (16 KiB).
    expect(JSON.parse(r.out).sharedMemorySize).toBe(16384);
  });
  it('prints the WGSL module with --wgsl', () => {
    const r = run('describe', 'Size(64) Thread() Direction(inverse)', '--wgsl');
    expect(r.code).toBe(0);
    expect(r.out).toContain('fn ');
    expect(r.out).toContain('_execute(');
  });
  it('prints Bluestein modules with their workspace binding', () => {
    const r = run('describe', 'Size(1009) Block() Direction(forward) Limits(large)', '--wgsl');
    expect(r.code).toBe(0);
    expect(r.out).toContain('workspace bound at @group(0) @binding(0)');
    expect(r.out).toMatch(/@group\(0\) @binding\(0\) var<storage, read> \w+_workspace/);
  });
  it('prints f16 modules (RRII registers, enable f16)', () => {
    const r = run('describe', 'Size(64) Thread() Direction(forward) Precision(f16)', '--wgsl');
    expect(r.code).toBe(0);
    expect(r.out).toContain('enable f16;');
    expect(r.out).toContain('vec4<f16>');
  });
  it('marks traits an incomplete descriptor cannot provide', () => {
    const r = run('describe', 'Size(128)', 'Block()');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^stride\s+\(needs a complete descriptor\)$/m);
  });
  it.each([
    [['describe', 'Sise(3)'], "webfftdx: unknown operator 'Sise'"],
    [['describe', 'Size(abc)'], "webfftdx: Size(abc): expected a number, got 'abc'"],
    [['describe', 'Size(8)', 'Block(2)'], 'webfftdx: Block(2): expected 0 arguments'],
    [['describe', 'Size(16384)', 'Block()'], 'webfftdx: (FFT error) Size(16384) exceeds the largest Block FFT for these Limits'],
    [['describe', 'Type(r2x)'], `webfftdx: (FFT error) Type("r2x") is not valid: use 'c2c', 'r2c', 'c2r'`],
    [['describe', 'Size(128)', 'Block()', '--wgsl'], "webfftdx: (FFT error) wgsl() is not available: a c2c FFT needs Direction('forward')"],
    [['explain', 'Size(8)'], "webfftdx: unknown command 'explain'"],
    [['describe', 'Size(8)', '--verbose'], 'webfftdx: unknown option --verbose'],
    [['describe'], 'webfftdx: no operators given'],
  ])('fails clearly on %j', (argv, message) => {
    const r = run(...argv);
    expect(r.code).toBe(1);
    expect(r.err).toContain(message);
  });
});

describe('the webfftdx command (bin/webfftdx.mjs, what npx runs)', () => {
  it('prints the traits, and an invalid descriptor exits 1 with the FFT error', () => {
    const bin = fileURLToPath(new URL('../../bin/webfftdx.mjs', import.meta.url));
    const ok = spawnSync(process.execPath, [bin, 'describe', 'Size(4096)', 'Type(r2c)', 'Block()'], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/^outputLength\s+2049$/m);
    const bad = spawnSync(process.execPath, [bin, 'describe', 'Size(1)'], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^webfftdx: \(FFT error\) Size\(1\)/);
  });
});
