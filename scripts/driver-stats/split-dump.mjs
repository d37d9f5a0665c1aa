// Splits what Dawn prints with its dump_shaders toggle (`node dist/bench/run.js ... --dump-shaders`)
// into one WGSL file and one SPIR-V assembly file per compiled shader, named after the first comment
// line of the WGSL (the bench's kernels start with one that says what they are).
//   node scripts/driver-stats/split-dump.mjs <dump.txt> <out-dir>
// Prints one line per shader: <file stem>\t<first comment line>.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dumpPath, outDir] = process.argv.slice(2);
if (!dumpPath || !outDir) {
  console.error('usage: node scripts/driver-stats/split-dump.mjs <dump.txt> <out-dir>');
  process.exit(1);
}
mkdirSync(outDir, { recursive: true });

// Dawn emits each dump as an "info:" line followed by the text, WGSL first, then its SPIR-V.
const blocks = readFileSync(dumpPath, 'utf8').split(/^info:\s*$/m).map((b) => b.replace(/^\n/, ''));
let wgsl = '';
let count = 0;
for (const block of blocks) {
  if (block.startsWith('// Dumped WGSL:')) {
    wgsl = block.slice('// Dumped WGSL:'.length).trim();
    continue;
  }
  if (!block.startsWith('/* Dumped SPIRV disassembly */')) continue;
  // The disassembly ends where the program's own output resumes: keep the lines spirv-as reads.
  const lines = block.split('\n').slice(1);
  const end = lines.findIndex((l) => l.trim() !== '' && !/^\s*(;|%|Op)/.test(l));
  const asm = (end < 0 ? lines : lines.slice(0, end)).join('\n');
  const title = (wgsl.split('\n').find((l) => l.startsWith('//')) ?? '// shader').replace(/^\/\/\s*/, '');
  const stem = `${String(count++).padStart(3, '0')}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60)}`;
  writeFileSync(join(outDir, `${stem}.wgsl`), `${wgsl}\n`);
  writeFileSync(join(outDir, `${stem}.spvasm`), `${asm}\n`);
  console.log(`${stem}\t${title}`);
}
