// One line per shader from pipeline-stats' output: registers per invocation, workgroup memory,
// binary size and stack (the driver's figures), the workgroup size and the engine lines of its WGSL.
//   node scripts/driver-stats/summarise.mjs <out-dir>   (reads stats.txt and shaders/*.wgsl)
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const dir = process.argv[2];
const stats = new Map();
for (const line of readFileSync(join(dir, 'stats.txt'), 'utf8').split('\n')) {
  const m = /^(\S+\.spv)\t\s+(.+?) = (.+)$/.exec(line);
  if (!m) continue;
  const stem = basename(m[1], '.spv');
  if (!stats.has(stem)) stats.set(stem, {});
  stats.get(stem)[m[2]] = m[3];
}
console.log(['shader', 'registers', 'shared bytes', 'binary bytes', 'stack', 'workgroup size', 'engines (radices)'].join('\t'));
for (const [stem, s] of stats) {
  const wgsl = readFileSync(join(dir, 'shaders', `${stem}.wgsl`), 'utf8');
  const size = /@workgroup_size\(([^)]*)\)/.exec(wgsl)?.[1] ?? '';
  // The engines' summary comments ("radices 16 x 8 x 32, 8 barriers"), each once.
  const engines = [...new Set([...wgsl.matchAll(/radices ([0-9 x]+)(?:;|,)/g)].map((m) => m[1].trim()))].join(' | ');
  console.log([stem, s['Register Count'], s['Shared Memory Size'], s['Binary Size'], s['Stack Size'], size, engines].join('\t'));
}
