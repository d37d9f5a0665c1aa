// generateComplexModule: one fully specialised WGSL module per c2c plan (f32, f16 RRII, emulated f64
// through kernels/arith.ts): the Thread or Block
// `execute`, the Block `execute_shared` when the data fits workgroup memory (kernels/shared-api.ts),
// the workgroup buffers and the workspace binding. See docs/engine.md for layouts and synchronisation rules.
import type { FFTPlan } from '../descriptors/model.js';
import { arithFor, type Arith } from './arith.js';
import { addBluesteinExecute } from './bluestein.js';
import { addRaderExecute } from './rader.js';
import { Definitions } from './definitions.js';
import { addBlockEngine, addCodelet, engineBarriers, engineRadices, engineTwiddleTable } from './stockham.js';
import { twiddleTableData } from './twiddle-table.js';
import { bufferNames, ownDeclarations, sharedApiFor } from './shared-api.js';
import { defaultPrefix } from './prefix.js';
import type { InternalModuleOptions, WGSLModule } from './types.js';

function assertSupported(plan: FFTPlan): void {
  if (plan.type !== 'c2c') throw new Error(`webfftdx: WGSL for ${plan.type} FFTs is not generated yet (only c2c)`);
}

/** The `enable` directives a module of this precision needs. */
export function precisionDirectives(plan: FFTPlan): string {
  return plan.precision === 'f16' ? 'enable f16;' : '';
}

function header(plan: FFTPlan, prefix: string, tabled: boolean): string {
  const lines = [
    `// webfftdx generated module "${prefix}"`,
    `// Size(${plan.size}) Type(${plan.type}) Direction(${plan.direction}) Precision(${plan.precision}) ${
      plan.execution === 'thread' ? 'Thread()' : 'Block()'
    }`,
  ];
  if (plan.execution === 'thread') {
    lines.push(`// one invocation per FFT: register i holds element i (${plan.storageSize} registers)`);
  } else {
    // Engines with a twiddle table and df64 ones keep stageRadices (kernels/stockham.ts engineRadices).
    const gather = plan.precision !== 'f64' && !tabled;
    lines.push(
      `// ElementsPerThread(${plan.elementsPerThread}) FFTsPerBlock(${plan.fftsPerBlock}) stride ${plan.stride}` +
        ` BlockDim(${plan.blockDim.join(', ')})`,
      `// workgroup memory ${plan.sharedMemorySize} bytes (exchange: ${plan.exchange}` +
        (plan.exchangeParts > 1 ? ` in ${plan.exchangeParts} parts` : '') +
        `), algorithm ${plan.algorithm}` +
        (plan.algorithm === 'stockham' ? '' : ` (length ${plan.execSize}, workspace ${plan.workspaceSize} bytes)`) +
        `, radices ${engineRadices(plan.execSize, plan.execEPT, plan.exchangeParts, gather).join(' x ')}` +
        `, ${engineBarriers(plan.execSize, plan.execEPT, plan.exchange, plan.exchangeParts, gather) * (plan.algorithm === 'stockham' ? 1 : 2) + raderBarriers(plan)} barriers` +
        (plan.twiddlesAtUse ? ', product twiddles formed at their use' : ''),
      `// invocation t of FFT slot f holds element t + i * ${plan.stride} in register i (i < ${plan.inputEPT}, element < ${plan.inputLength})`,
    );
  }
  return lines.join('\n');
}

/** Barriers of Rader's two permutations (a write and a read round per exchanged component). */
function raderBarriers(plan: FFTPlan): number {
  return plan.algorithm === 'rader' ? 4 * (plan.exchange === 'split' ? 2 : 1) : 0;
}

function generateThread(plan: FFTPlan, prefix: string, defs: Definitions, ar: Arith): string {
  const sign = plan.direction === 'forward' ? -1 : 1;
  const codelet = addCodelet(defs, prefix, plan.size, sign, ar);
  const name = `${prefix}_execute`;
  defs.add(name, () =>
    [
      `// Thread execute: register i holds element i, in and out.`,
      `fn ${name}(data: ptr<function, array<${ar.register}, ${plan.storageSize}>>) {`,
      `  *data = ${codelet}(*data);`,
      `}`,
    ].join('\n'),
  );
  return name;
}

/**
 * The Block register function `<name>(data, thread, fft)`: `<prefix>_execute`, or with a tag (a
 * second engine of the same length in the module, see shared-api.ts) `<prefix><tag>_execute`.
 */
function generateBlockExecute(
  plan: FFTPlan,
  prefix: string,
  smem: string,
  workspace: string,
  defs: Definitions,
  ar: Arith,
  tag = '',
  slotLayout?: Pick<InternalModuleOptions, 'slotStride' | 'slotSwizzle'>,
  tableName?: string,
): { execute: string; raderPermuted?: string; tableData?: Float32Array<ArrayBuffer> } {
  const name = `${prefix}${tag}_execute`;
  const slots = plan.fftsPerBlock / plan.implicitTypeBatching;
  const common = { prefix, tag, ept: plan.execEPT, storage: plan.storageSize, slots, exchange: plan.exchange, smem, parts: plan.exchangeParts, arith: ar, twiddlesAtUse: plan.twiddlesAtUse, ...slotLayout };
  if (plan.algorithm === 'bluestein') {
    return { execute: addBluesteinExecute(defs, { ...common, name, size: plan.size, execSize: plan.execSize, workspace, prefetch: plan.bluesteinPrefetch }) };
  }
  if (plan.algorithm === 'rader') {
    if (plan.exchange === 'none') throw new Error('internal: a Rader plan exchanges through workgroup memory');
    const rader = addRaderExecute(defs, { ...common, exchange: plan.exchange, name, size: plan.size, workspace });
    return { execute: rader.execute, raderPermuted: rader.permuted };
  }
  const sign = plan.direction === 'forward' ? -1 : 1;
  const spec = { ...common, size: plan.execSize, sign } as const;
  // With a table name: the stages with twiddles read them from it (none when the engine has no such stage).
  const layout = tableName ? engineTwiddleTable(spec) : undefined;
  const tabled = layout !== undefined && layout.length > 0;
  const engine = addBlockEngine(defs, tabled ? { ...spec, twiddleTable: tableName } : spec);
  const execute = defs.add(name, () =>
    [
      `// Block execute (registers): invocation thread of slot fft holds element thread + i * ${plan.stride} in register i.`,
      `fn ${name}(data: ptr<function, array<${ar.register}, ${plan.storageSize}>>, thread: u32, fft: u32) {`,
      `  ${engine}(data, thread, fft);`,
      `}`,
    ].join('\n'),
  );
  return tabled ? { execute, tableData: twiddleTableData(layout, sign, plan.precision === 'f64' ? 'f64' : 'f32') } : { execute };
}

function generateExecuteShared(plan: FFTPlan, prefix: string, smem: string, execute: string, defs: Definitions, ar: Arith): string {
  const name = `${prefix}_execute_shared`;
  const s = plan.stride;
  const slots = plan.fftsPerBlock / plan.implicitTypeBatching;
  const moves = (length: number, ept: number, load: boolean) => {
    const out: string[] = [];
    for (let i = 0; i < ept && i * s < length; i++) {
      const j = `thread + ${i * s}u`;
      const stmt = load ? `data[${i}] = ${smem}[base + ${j}];` : `${smem}[base + ${j}] = data[${i}];`;
      out.push(i * s + s - 1 < length ? stmt : `if (${j} < ${length}u) { ${stmt} }`);
    }
    return out;
  };
  const body = [
    `var data: array<${ar.register}, ${plan.storageSize}>;`,
    `let working = thread < ${s}u && fft < ${slots}u;`,
    `if (working) {`,
    `  let base = fft * ${plan.inputLength}u;`,
    ...moves(plan.inputLength, plan.inputEPT, true).map((l) => `  ${l}`),
    `}`,
    `${execute}(&data, thread, fft);`,
  ];
  if (s > 1) body.push(`// Other invocations may still read their last exchange from this buffer.`, `workgroupBarrier();`);
  body.push(
    `if (working) {`,
    `  let base = fft * ${plan.outputLength}u;`,
    ...moves(plan.outputLength, plan.outputEPT, false).map((l) => `  ${l}`),
    `}`,
  );
  return defs.add(name, () =>
    [
      `// Block execute (workgroup memory): FFT slot f in ${smem}[f * ${plan.inputLength} ..], natural order, in place.`,
      `// The caller synchronises after writing the input and before reading the output.`,
      `fn ${name}(thread: u32, fft: u32) {`,
      ...body.map((l) => `  ${l}`),
      `}`,
    ].join('\n'),
  );
}

/** The WGSL module for a c2c plan. Throws a clear Error for anything not generated yet. */
export function generateComplexModule(plan: FFTPlan, options: InternalModuleOptions = {}): WGSLModule {
  assertSupported(plan);
  const prefix = options.prefix ?? defaultPrefix(plan);
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(prefix)) {
    throw new Error(`webfftdx: prefix "${prefix}" is not a valid WGSL identifier stem`);
  }
  const defs = new Definitions();
  const ar = arithFor(plan.precision, defs, prefix, { exactFma: options.exactFma });
  const decls: string[] = [];

  let workspace: WGSLModule['workspace'];
  if (plan.requiresWorkspace) {
    if (!options.workspace) {
      throw new Error(
        `webfftdx: Size(${plan.size}) uses ${plan.algorithm === 'rader' ? 'Rader' : 'Bluestein'} and needs a workspace: pass wgsl({ workspace: { group, binding } })`,
      );
    }
    workspace = { ...options.workspace, name: options.workspaceName ?? `${prefix}_workspace` };
  }
  if (workspace && !options.workspaceName) {
    decls.push(
      plan.algorithm === 'rader'
        ? `// Rader workspace (${plan.workspaceSize} bytes): B at [0, ${plan.execSize}), index pairs at [${plan.execSize}, ${2 * plan.execSize}).`
        : `// Bluestein workspace (${plan.workspaceSize} bytes): H at [0, ${plan.execSize}), chirp at [${plan.execSize}, ${plan.execSize + plan.size}).`,
      `@group(${workspace.group}) @binding(${workspace.binding}) var<storage, read> ${workspace.name}: array<${ar.twiddle.value}>;`,
    );
  }

  // Workgroup buffer: the exchange's (exactly plan.sharedMemorySize bytes), or for one-invocation
  // Block FFTs only what execute_shared needs (the register API then uses none).
  let smemName = '';
  let smemDecl = '';
  const api = sharedApiFor(plan);
  const sharedElements = api?.kind === 'same' ? api.elements : undefined;
  const names = bufferNames(prefix, api, options);
  if (plan.execution === 'block') {
    const slots = plan.fftsPerBlock / plan.implicitTypeBatching;
    let type = '';
    // A parted exchange holds one part (execSize / parts elements) per slot at a time.
    if ((options.slotStride !== undefined || options.slotSwizzle) && (plan.algorithm !== 'stockham' || plan.exchange !== 'complex')) {
      throw new Error(`internal: slotStride / slotSwizzle need a Stockham plan with the complex exchange`);
    }
    if (options.slotStride !== undefined && options.slotStride < plan.execSize / plan.exchangeParts) {
      throw new Error(`internal: slotStride ${options.slotStride} needs a Stockham plan with the complex exchange and at least ${plan.execSize / plan.exchangeParts}`);
    }
    // Exactly sharedMemorySize bytes (a part of each slot's FFT, or Rader's p elements per slot), in
    // registers or, split, half-registers.
    const elements =
      options.slotStride !== undefined ? options.slotStride * slots : plan.sharedMemorySize / (plan.exchange === 'split' ? ar.bytes / 2 : ar.bytes);
    if (plan.exchange === 'complex') type = `array<${ar.register}, ${elements}>`;
    else if (plan.exchange === 'split') type = `array<${ar.splitElement}, ${elements}>`;
    else if (sharedElements !== undefined && !options.registersOnly) type = `array<${ar.register}, ${sharedElements}>`;
    if (type) {
      smemName = names.smem;
      smemDecl = `var<workgroup> ${smemName}: ${type};`;
    }
  }

  let execute: string;
  let raderPermuted: string | undefined;
  let executeShared: string | undefined;
  let twiddleTable: WGSLModule['twiddleTable'];
  let dataName = '';
  let dataDecl = '';
  if (plan.execution === 'thread') {
    execute = generateThread(plan, prefix, defs, ar);
  } else {
    const tableName = options.twiddleTable ? `${prefix}_twiddle_table` : undefined;
    const block = generateBlockExecute(plan, prefix, smemName, workspace?.name ?? '', defs, ar, '', { slotStride: options.slotStride, slotSwizzle: options.slotSwizzle }, tableName);
    execute = block.execute;
    raderPermuted = block.raderPermuted;
    if (options.twiddleTable && tableName && block.tableData) {
      twiddleTable = { ...options.twiddleTable, name: tableName, data: block.tableData };
      decls.push(
        `// Stage twiddles (${block.tableData.byteLength} bytes, kernels/twiddle-table.ts): upload module.twiddleTable.data.`,
        `@group(${twiddleTable.group}) @binding(${twiddleTable.binding}) var<storage, read> ${twiddleTable.name}: array<${ar.twiddle.value}>;`,
      );
    }
    if (api?.kind === 'same' && !options.registersOnly) {
      executeShared = generateExecuteShared(plan, prefix, smemName, execute, defs, ar);
      [dataName, dataDecl] = [smemName, smemDecl];
    } else if (api?.kind === 'own' && !options.registersOnly) {
      // Its own engine (tag `_shared`) with the complex one-part exchange in the data buffer.
      dataName = names.data;
      dataDecl = `var<workgroup> ${dataName}: array<${ar.register}, ${api.elements}>;`;
      const own = generateBlockExecute(api.plan, prefix, dataName, workspace?.name ?? '', defs, ar, '_shared').execute;
      executeShared = generateExecuteShared(api.plan, prefix, dataName, own, defs, ar);
    }
  }

  const ownDecl = ownDeclarations(api, options, { name: smemName, declaration: smemDecl }, { name: dataName, declaration: dataDecl });
  const ownApi =
    api?.kind === 'own' && executeShared
      ? [`// execute_shared: its own ${plan.execSize}-point engine (complex exchange in one part) on ${dataName}, ${api.elements * ar.bytes} bytes`]
      : [];
  const code = [header(plan, prefix, twiddleTable !== undefined), ...ownApi, '', ...decls, ...ownDecl, '', defs.toString(), ''].join('\n');
  return {
    directives: precisionDirectives(plan),
    code,
    execute,
    ...(executeShared ? { executeShared } : {}),
    sharedMemory: smemName,
    sharedMemoryDeclaration: smemDecl,
    sharedData: dataName,
    sharedDataDeclaration: dataDecl,
    ...(workspace ? { workspace } : {}),
    ...(raderPermuted ? { raderPermuted } : {}),
    ...(twiddleTable ? { twiddleTable } : {}),
    plan,
  };
}
