// generateRealModule: the WGSL module of an r2c / c2r plan, composed from the complex engine's
// module (kernels/complex-module.ts, generated under the prefix `<p>_c2c` and sharing this module's
// workgroup buffer and workspace) and this folder's pre/post-processing:
//   normal R2C:  unpack reals -> N-point forward engine -> (packed: X_(N/2).re into element 0)
//   normal C2R:  one-sided spectrum -> N-point inverse engine -> pack real parts
//   folded R2C:  N/2-point forward engine on the pairs -> post-processing pass
//   folded C2R:  pre-processing pass -> N/2-point inverse engine on the pairs
// The contract's signatures and layouts hold (docs/real-fft.md): Thread `<p>_execute(data)`, Block
// `<p>_execute(data, thread, fft)` and `<p>_execute_shared(thread, fft)`.
import type { FFTPlan } from '../../descriptors/model.js';
import { arithFor, type Arith } from '../arith.js';
import { Definitions } from '../definitions.js';
import { generateComplexModule, precisionDirectives } from '../complex-module.js';
import { defaultPrefix } from '../prefix.js';
import { bufferNames, ownDeclarations, sharedApiFor } from '../shared-api.js';
import type { InternalModuleOptions, WGSLModule } from '../types.js';
import { addConst } from '../wgsl.js';
import { registerArray, type RealContext } from './context.js';
import { c2rFoldedPre, r2cFoldedPost } from './folded.js';
import { innerComplexPlan } from './inner.js';
import { addPackReals, addUnpackReals, c2rNormalPre, r2cNormalPost } from './normal.js';
import { realArithFor } from './real-arith.js';

function assertRealPlan(plan: FFTPlan): void {
  const fail = (why: string) => {
    throw new Error(`webfftdx: cannot generate the ${plan.size}-point ${plan.type} FFT: ${why}`);
  };
  if (plan.type === 'c2c') fail('not a real FFT (use generateComplexModule)');
  if ((plan.type === 'r2c') !== (plan.direction === 'forward')) fail(`direction ${plan.direction} does not match the type`);
  if (plan.layout === 'packed' && plan.size % 2 !== 0) fail('the packed layout needs an even size');
  if (plan.mode === 'folded') {
    if (plan.size % 2 !== 0) fail('folded mode needs an even size');
    if (plan.execution === 'block' && plan.algorithm !== 'stockham') fail('folded Block execution needs a half size the engine runs natively');
  }
}

/** Element count of a `var<workgroup> name: array<T, count>;` declaration (0 for ''). */
function declaredCount(declaration: string): number {
  const m = /,\s*(\d+)>;\s*$/.exec(declaration);
  return m ? Number(m[1]) : 0;
}

function header(plan: FFTPlan, prefix: string, data: string): string {
  const exec = plan.execution === 'thread' ? 'Thread()' : `Block() ElementsPerThread(${plan.elementsPerThread}) FFTsPerBlock(${plan.fftsPerBlock})`;
  const lines = [
    `// webfftdx generated module "${prefix}"`,
    `// Size(${plan.size}) Type(${plan.type}) Precision(${plan.precision}) RealFFTOptions('${plan.layout}', '${plan.mode}') ${exec}`,
    `// input: ${plan.inputLength} ${plan.inputType} elements, ${plan.inputEPT} per invocation; output: ${plan.outputLength} ${plan.outputType} elements, ${plan.outputEPT} per invocation; ${plan.storageSize} registers`,
  ];
  if (plan.execution === 'thread') {
    lines.push(`// register i holds element i` + (plan.inputType === 'real' || plan.outputType === 'real' ? '; reals two per register (real j = component j & 1 of register j >> 1)' : ''));
  } else {
    lines.push(
      `// invocation t of slot f holds element t + i * ${plan.stride} in register i` +
        (plan.inputType === 'real' || plan.outputType === 'real' ? ' (real slots: two per register, real j = component j & 1 of register j >> 1)' : ''),
      `// complex engine: ${plan.execSize}-point ${plan.algorithm}, exchange ${plan.exchange}, ${plan.sharedMemorySize} bytes of workgroup memory` +
        (data
          ? `; execute_shared: slot f at element f * ${plan.inputLength} of ${data}` +
            (plan.inputType === 'real' || plan.outputType === 'real' ? ' (reals: scalar index i = component i & 1 of element i >> 1)' : '')
          : ''),
    );
  }
  return lines.join('\n');
}

/** The statements that run the complex engine on the first `inner.storageSize` registers. */
function engineCall(plan: FFTPlan, ar: Arith, storage: number, inner: WGSLModule | undefined): string[] {
  if (!inner) return [`// 1-point complex FFT: the identity.`];
  const args = plan.execution === 'thread' ? '' : ', thread, fft';
  const innerStorage = inner.plan.storageSize;
  if (innerStorage === storage) return [`${inner.execute}(data${args});`];
  const lines = [`var regs: ${registerArray(ar, innerStorage)};`];
  for (let i = 0; i < innerStorage; i++) lines.push(`regs[${i}] = (*data)[${i}];`);
  lines.push(`${inner.execute}(&regs${args});`);
  for (let i = 0; i < innerStorage; i++) lines.push(`(*data)[${i}] = regs[${i}];`);
  return lines;
}

function executeFunction(ctx: RealContext, inner: WGSLModule | undefined): string {
  const { plan, prefix } = ctx;
  const name = `${prefix}_execute`;
  const engine = engineCall(plan, ctx.ar, ctx.storage, inner);
  let body: string[];
  if (plan.mode === 'normal') {
    body =
      plan.type === 'r2c'
        ? [`${addUnpackReals(ctx)}(data);`, ...engine, ...r2cNormalPost(ctx)]
        : [...c2rNormalPre(ctx), ...engine, `${addPackReals(ctx)}(data);`];
  } else {
    body = plan.type === 'r2c' ? [...engine, ...r2cFoldedPost(ctx)] : [...c2rFoldedPre(ctx), ...engine];
  }
  const signature =
    plan.execution === 'thread'
      ? `fn ${name}(data: ptr<function, ${registerArray(ctx.ar, ctx.storage)}>)`
      : `fn ${name}(data: ptr<function, ${registerArray(ctx.ar, ctx.storage)}>, thread: u32, fft: u32)`;
  return ctx.defs.add(name, () =>
    [
      `// ${plan.execution === 'thread' ? 'Thread' : 'Block'} execute (registers), ${plan.type} ${plan.layout} ${plan.mode}.`,
      `${signature} {`,
      ...body.flatMap((l) => l.split('\n')).map((l) => `  ${l}`),
      `}`,
    ].join('\n'),
  );
}

/**
 * The statement moving element `index` of the workgroup buffer (viewed as the side's element type:
 * reals two per register) into register slot `i` (input) or back (output).
 */
function sharedMove(ctx: RealContext, side: 'input' | 'output', i: number, smem: string, index: string): string {
  const { plan, real } = ctx;
  if ((side === 'input' ? plan.inputType : plan.outputType) === 'real') {
    const reg = `data[${i >> 1}]`;
    const c = (i & 1) as 0 | 1;
    const buf = real.bufferReal(smem, index);
    return side === 'input' ? real.setComponent(reg, c, buf.read) : buf.write(real.component(reg, c));
  }
  return side === 'input' ? `data[${i}] = ${smem}[${index}];` : `${smem}[${index}] = data[${i}];`;
}

function executeSharedFunction(ctx: RealContext, execute: string): string {
  const { plan, prefix, smem } = ctx;
  const name = `${prefix}_execute_shared`;
  const s = plan.stride;
  const moves = (side: 'input' | 'output') => {
    const length = side === 'input' ? plan.inputLength : plan.outputLength;
    const ept = side === 'input' ? plan.inputEPT : plan.outputEPT;
    const out: string[] = [];
    for (let i = 0; i < ept && i * s < length; i++) {
      const k = addConst('thread', i * s);
      const stmt = sharedMove(ctx, side, i, smem, `base + ${k}`);
      out.push(i * s + s - 1 < length ? stmt : `if (${k} < ${length}u) { ${stmt} }`);
    }
    return out.map((l) => `    ${l}`);
  };
  return ctx.defs.add(name, () =>
    [
      `// Block execute (workgroup memory): slot f's input at ${smem}[f * ${plan.inputLength} ..] and its output at`,
      `// [f * ${plan.outputLength} ..], natural order, in ${plan.inputType === 'real' || plan.outputType === 'real' ? 'element units (reals: scalar index i is component i & 1 of element i >> 1)' : 'vec2 elements'}.`,
      `// The caller synchronises after writing the input and before reading the output.`,
      `fn ${name}(thread: u32, fft: u32) {`,
      `  var data: ${registerArray(ctx.ar, ctx.storage)};`,
      `  let working = thread < ${s}u && fft < ${ctx.slots}u;`,
      `  if (working) {`,
      `    let base = fft * ${plan.inputLength}u;`,
      ...moves('input'),
      `  }`,
      `  ${execute}(&data, thread, fft);`,
      `  // Every slot's input must be read (and the last exchange finished) before outputs overwrite the buffer.`,
      `  workgroupBarrier();`,
      `  if (working) {`,
      `    let base = fft * ${plan.outputLength}u;`,
      ...moves('output'),
      `  }`,
      `}`,
    ].join('\n'),
  );
}

/** The WGSL module of an r2c / c2r plan (f32, f64, or f16 with two FFTs per register). Throws a clear Error for anything not generated. */
export function generateRealModule(plan: FFTPlan, options: InternalModuleOptions = {}): WGSLModule {
  assertRealPlan(plan);
  const prefix = options.prefix ?? defaultPrefix(plan);
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(prefix)) throw new Error(`webfftdx: prefix "${prefix}" is not a valid WGSL identifier stem`);
  const innerPlan = innerComplexPlan(plan);
  const block = plan.execution === 'block';
  const slots = plan.fftsPerBlock / plan.implicitTypeBatching;
  const local = !block || plan.stride === 1;

  // One workgroup buffer for the engine's exchange, this module's exchanges and (when it can hold
  // the data) execute_shared; otherwise execute_shared runs its own module on a data buffer.
  const api = sharedApiFor(plan);
  const sharedElements = api?.kind === 'same' ? api.elements : undefined;
  const names = bufferNames(prefix, api, options);
  const smemName = block ? names.smem : '';
  // The engine shares the buffer only when it exchanges through it (stride > 1). With one invocation
  // per FFT its register API uses none; its own execute_shared buffer (if it declares one) is never
  // referenced by this module's entry points, so it costs no workgroup memory.
  const innerOptions: InternalModuleOptions = {
    prefix: `${prefix}_c2c`,
    registersOnly: true, // this module calls the engine's register API only
    ...(block && !local ? { sharedMemory: smemName } : {}),
    ...(options.workspace ? { workspace: options.workspace } : {}),
    ...(options.workspaceName ? { workspaceName: options.workspaceName } : {}),
    ...(options.exactFma ? { exactFma: true } : {}),
    ...(options.twiddleTable ? { twiddleTable: options.twiddleTable } : {}),
  };
  const inner = innerPlan ? generateComplexModule(innerPlan, innerOptions) : undefined;
  const smemKind = !block || local ? 'none' : plan.exchange === 'split' ? 'split' : 'complex';
  // The engine's buffer: one part (execSize / parts elements) per slot.
  const partLength = plan.execSize / plan.exchangeParts;
  const exchangeElements = smemKind === 'none' ? 0 : partLength * slots;
  const count = Math.max(exchangeElements, sharedElements ?? 0, local ? 0 : declaredCount(inner?.sharedMemoryDeclaration ?? ''));
  const defs = new Definitions();
  const ar = arithFor(plan.precision, defs, prefix, { exactFma: options.exactFma });
  const elementType = plan.exchange === 'split' ? ar.splitElement : ar.register;
  const smemDecl = block && count > 0 ? `var<workgroup> ${smemName}: array<${elementType}, ${count}>;` : '';

  const ctx: RealContext = {
    plan,
    prefix,
    defs,
    ar,
    real: realArithFor(plan.precision),
    local,
    stride: plan.stride,
    slots,
    storage: plan.storageSize,
    smem: smemDecl ? smemName : '',
    smemKind,
    partLength,
  };
  const execute = executeFunction(ctx, inner);
  let executeShared: string | undefined;
  let dataName = '';
  let dataDecl = '';
  let ownCode = '';
  if (api?.kind === 'same' && !options.registersOnly) {
    executeShared = executeSharedFunction(ctx, execute);
    [dataName, dataDecl] = [smemName, smemDecl];
  } else if (api?.kind === 'own' && !options.registersOnly) {
    // The same FFT with the complex one-part exchange, on the data buffer (prefix `<p>_shared`).
    dataName = names.data;
    const own = generateRealModule(api.plan, {
      prefix: `${prefix}_shared`,
      sharedMemory: dataName,
      registersOnly: true,
      ...(options.workspace ? { workspace: options.workspace, workspaceName: inner?.workspace?.name } : {}),
    });
    dataDecl = own.sharedMemoryDeclaration;
    ownCode = own.code;
    executeShared = executeSharedFunction({ ...ctx, smem: dataName }, own.execute);
  }

  const decls = ownDeclarations(api, options, { name: smemName, declaration: smemDecl }, { name: dataName, declaration: dataDecl });
  const code = [
    header(plan, prefix, dataName),
    '',
    ...(decls.length ? [...decls, ''] : []),
    inner ? inner.code : '',
    ownCode,
    ctx.defs.toString(),
    '',
  ].join('\n');
  return {
    directives: precisionDirectives(plan),
    code,
    execute,
    ...(executeShared ? { executeShared } : {}),
    sharedMemory: smemDecl ? smemName : '',
    sharedMemoryDeclaration: smemDecl,
    sharedData: dataName,
    sharedDataDeclaration: dataDecl,
    ...(inner?.workspace ? { workspace: inner.workspace } : {}),
    ...(inner?.twiddleTable ? { twiddleTable: inner.twiddleTable } : {}),
    plan,
  };
}
