// The import graph: layers point one way (descriptors/ <- kernels/ <- src/) and no module imports
// itself through others. Read from the sources with TypeScript's own pre-processor, so type-only
// imports and `export ... from` count too.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const FOLDERS = ['descriptors', 'kernels', 'src', 'bench', 'scripts', 'examples', 'test', 'test-d'];

function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Project-relative module path -> the project-relative modules it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const folder of FOLDERS) {
    for (const file of sourceFiles(join(ROOT, folder))) {
      const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = info.importedFiles
        .map((f) => f.fileName)
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => relative(ROOT, resolve(dirname(file), spec)).replace(/\.(m?js)$/, '.ts'));
      graph.set(relative(ROOT, file), targets);
    }
  }
  return graph;
}

/** Strongly connected components of more than one module, or a module importing itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const layerOf = (path: string): string => path.split('/')[0];

/** Which layers each product layer may import: the ground floor first. */
const ALLOWED: Record<string, readonly string[]> = {
  descriptors: ['descriptors'],
  kernels: ['descriptors', 'kernels'],
  src: ['descriptors', 'kernels', 'src'],
};

describe('import graph', () => {
  const graph = importGraph();

  it('reads the whole tree', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('src/index.ts')).toContain('src/fft.ts');
  });

  it('has no import cycles', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one (the checker itself)', () => {
    const g = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(g)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('points one way: descriptors/ <- kernels/ <- src/', () => {
    const wrong: string[] = [];
    for (const [from, targets] of graph) {
      const allowed = ALLOWED[layerOf(from)];
      if (!allowed) continue;
      for (const to of targets) if (!allowed.includes(layerOf(to))) wrong.push(`${from} -> ${to}`);
    }
    expect(wrong).toEqual([]);
  });
});
