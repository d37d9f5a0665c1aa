#!/usr/bin/env node
// webfftdx describe <operators>: prints a descriptor's traits as a table, and with --wgsl its code.
//   npx webfftdx describe 'Size(4096)' 'Type(r2c)' 'Block()'
//   npx webfftdx describe Size:4096 Type:r2c Block --wgsl
// Operators are written as in TypeScript, without quotes around strings (quote them for the shell),
// or as Name:arg,arg. Limits takes a profile name (core, mid, large) or "bytes, invocations".
import { traitsOf, TRAIT_NAMES } from './fft.js';
import { FFTDescriptorError } from '../descriptors/errors.js';
import * as O from '../descriptors/operators.js';
import type { AnyOp } from '../descriptors/operators.js';
import { PROFILES } from '../descriptors/tuning.js';
import { fft } from './fft.js';
import type { WGSLModule, WGSLOptions } from '../kernels/types.js';

const USAGE = `usage: webfftdx describe <operator>... [--wgsl] [--json]

  operators: Size(n) Type(c2c|r2c|c2r) Direction(forward|inverse) Precision(f16|f32|f64)
             Thread() Block() ElementsPerThread(e) FFTsPerBlock(f) BlockDim(x[,y[,z]])
             RealFFTOptions(natural|packed|full[,normal|folded]) Limits(core|mid|large|bytes,invocations)
  Write them as Name(args) (quote for the shell) or Name:args; parentheses may be omitted when empty.
  --wgsl  also print the generated WGSL module
  --json  print the traits as JSON

  example: webfftdx describe 'Size(4096)' 'Type(r2c)' 'Block()'`;

/** A user mistake in the command line (exit code 1, message without a stack). */
class UsageError extends Error {}

/** Where the printed module binds a required workspace (a module needs one to be generated at all). */
const CLI_WORKSPACE = { group: 0, binding: 0 };

/**
 * The module's text for --wgsl. Descriptors that need a workspace (Rader, Bluestein) get one at
 * CLI_WORKSPACE, said in a comment; what the generators do not build yet (e.g. f16 code) is a
 * UsageError with the generator's message.
 */
function moduleText(wgsl: (o?: WGSLOptions) => WGSLModule, requiresWorkspace: boolean): string {
  let module: WGSLModule;
  try {
    module = wgsl(requiresWorkspace ? { workspace: CLI_WORKSPACE } : undefined);
  } catch (e) {
    if (e instanceof FFTDescriptorError) throw e;
    throw new UsageError((e as Error).message.replace(/^webfftdx: /, ''));
  }
  const note = requiresWorkspace
    ? [`// (webfftdx describe: workspace bound at @group(${CLI_WORKSPACE.group}) @binding(${CLI_WORKSPACE.binding}); choose yours with wgsl({ workspace }))`]
    : [];
  return [...(module.directives ? [module.directives] : []), ...note, module.code].join('\n');
}

const NUMERIC: Record<string, number> = { Size: 1, ElementsPerThread: 1, FFTsPerBlock: 1, BlockDim: 3 };
const STRINGS: Record<string, number> = { Type: 1, Direction: 1, Precision: 1, RealFFTOptions: 2 };
const NONE = new Set(['Thread', 'Block']);

function parseNumber(op: string, text: string): number {
  const v = Number(text);
  if (text === '' || !Number.isFinite(v)) throw new UsageError(`${op}(${text}): expected a number, got '${text}'`);
  return v;
}

/** One operator from its name and argument text. */
function parseOperator(name: string, argText: string): AnyOp {
  const args = argText.trim() === '' ? [] : argText.split(',').map((a) => a.trim().replace(/^['"]|['"]$/g, ''));
  const known = Object.keys(NUMERIC).concat(Object.keys(STRINGS), [...NONE], ['Limits']);
  if (!known.includes(name)) throw new UsageError(`unknown operator '${name}' (operators: ${known.join(', ')})`);
  const arity = (min: number, max: number) => {
    if (args.length < min || args.length > max) {
      throw new UsageError(`${name}(${argText}): expected ${min === max ? min : `${min} to ${max}`} argument${max === 1 ? '' : 's'}`);
    }
  };
  if (NONE.has(name)) {
    arity(0, 0);
    return name === 'Thread' ? O.Thread() : O.Block();
  }
  if (name === 'Limits') {
    arity(1, 2);
    const profile = PROFILES.find((p) => p.name === args[0]);
    if (args.length === 1 && !profile) {
      throw new UsageError(`Limits(${argText}): expected a profile (${PROFILES.map((p) => p.name).join(', ')}) or "bytes, invocations"`);
    }
    return O.Limits(
      profile ?? {
        maxComputeWorkgroupStorageSize: parseNumber(name, args[0]),
        maxComputeInvocationsPerWorkgroup: parseNumber(name, args[1] ?? ''),
      },
    );
  }
  if (name in NUMERIC) {
    arity(1, NUMERIC[name]);
    const [a, b, c] = args.map((x) => parseNumber(name, x));
    if (name === 'Size') return O.Size(a);
    if (name === 'ElementsPerThread') return O.ElementsPerThread(a);
    if (name === 'FFTsPerBlock') return O.FFTsPerBlock(a);
    return O.BlockDim(a, b, c);
  }
  arity(1, STRINGS[name]);
  // Values are checked by fft() with the library's own messages.
  const ctor = O[name as 'Type'] as unknown as (...a: string[]) => AnyOp;
  return ctor(...args);
}

/** Splits the operator words: `Size(4096)`, `Size:4096`, `Block`, also several in one argument. */
export function parseOperators(words: readonly string[]): AnyOp[] {
  const text = words.join(' ');
  const ops: AnyOp[] = [];
  const token = /\s*([A-Za-z]+)\s*(?:\(([^)]*)\)|:(\S*))?\s*/y;
  let at = 0;
  while (at < text.length) {
    token.lastIndex = at;
    const m = token.exec(text);
    if (!m || m[0] === '') throw new UsageError(`cannot read the operators from '${text.slice(at)}'`);
    ops.push(parseOperator(m[1], m[2] ?? m[3] ?? ''));
    at = token.lastIndex;
  }
  if (ops.length === 0) throw new UsageError('no operators given');
  return ops;
}

function show(v: unknown): string {
  if (Array.isArray(v)) return `[${v.join(', ')}]`;
  if (typeof v === 'object' && v !== null) return Object.values(v).join(', ');
  return String(v);
}

export function main(argv: readonly string[]): number {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const [command, ...words] = argv.filter((a) => !a.startsWith('--'));
  if (flags.has('--help') || command === undefined) {
    console.log(USAGE);
    return command === undefined && !flags.has('--help') ? 1 : 0;
  }
  try {
    if (command !== 'describe') throw new UsageError(`unknown command '${command}'\n\n${USAGE}`);
    const unknown = [...flags].filter((f) => f !== '--wgsl' && f !== '--json');
    if (unknown.length > 0) throw new UsageError(`unknown option ${unknown[0]}\n\n${USAGE}`);
    const desc = fft(...parseOperators(words));
    const traits = traitsOf(desc);
    if (flags.has('--json')) console.log(JSON.stringify(traits, null, 2));
    else {
      const width = Math.max(...TRAIT_NAMES.map((n) => n.length));
      for (const name of TRAIT_NAMES) {
        console.log(`${name.padEnd(width)}  ${name in traits ? show(traits[name]) : '(needs a complete descriptor)'}`);
      }
    }
    if (flags.has('--wgsl')) console.log(`\n${moduleText(desc.wgsl as (o?: WGSLOptions) => WGSLModule, traits.requiresWorkspace === true)}`);
    return 0;
  } catch (e) {
    if (e instanceof UsageError || e instanceof FFTDescriptorError) {
      console.error(`webfftdx: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

/** `webfftdx ...` (bin/webfftdx.mjs, or this file run directly): main() on the process's arguments. */
export function runFromCommandLine(): void {
  // `webfftdx describe ... | head` closes the pipe early: that is not an error.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
  });
  process.exitCode = main(process.argv.slice(2));
}

// Run when executed directly (npm run describe; not when imported by tests or the bin launcher).
if (/cli\.(ts|js)$/.test(process.argv[1] ?? '')) runFromCommandLine();
