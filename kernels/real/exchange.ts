// Workgroup-memory moves of the distributed (stride > 1) real FFTs. Both follow the register API's
// rule: a barrier before the first access (other invocations may still be reading the engine's
// last exchange) and none after the last. Every invocation reaches every barrier; only active ones
// touch memory. With the 'split' exchange the buffer holds one component per element (real parts,
// then imaginary parts, as the engine does: kernels/arith.ts splitParts), otherwise whole registers.
import { activeLine, params, slotBase, type RealContext } from './context.js';
import { addConst, u32Literal } from '../wgsl.js';

/** A mirror pass: the folded pre/post-processing, fused with the exchange that brings it the mirrored elements. */
export interface MirrorPass {
  /** Function name. */
  readonly name: string;
  /** First line of the function's comment. */
  readonly comment: string;
  /** Registers exchanged (the engine's elements per invocation). */
  readonly count: number;
  /** Statements before the first exchange (they may read the registers, which are still unmodified). */
  readonly prologue: readonly string[];
  /** Statements that process register i from `(*data)[i]` and `m[i]` (the mirrored element) in place. */
  readonly apply: (i: number) => string[];
}

/**
 * `fn <name>(data, thread, fft)`: for each register i < count (element k = thread + i * stride), brings
 * the element (length - k) mod length of the same FFT into m[i] through workgroup memory and runs
 * `apply(i)` as soon as register i's own element has been written for the partner and m[i] has
 * arrived. length = count * stride (the complex length).
 *
 * The mirrored element is register count - 1 - i of invocation stride - thread, or for thread 0
 * register (count - i) mod count of thread 0. The buffer holds one part of ctx.partLength elements
 * (count / parts registers) at a time, and split buffers one component: one round per part and
 * component. Parts are visited in the order 0, P-1, 1, P-2, ...: the mirrors read in round p belong
 * to the registers of part P-1-p, which the next round writes out and then processes, so few
 * mirrored values wait in registers (holding all of them cost 30 % at E = 32, bench/NOTES.md run 5).
 */
export function addMirrorPass(ctx: RealContext, pass: MirrorPass): string {
  const { count } = pass;
  const stride = ctx.stride;
  const length = count * stride;
  const parts = length / ctx.partLength;
  const perPart = count / parts;
  return ctx.defs.add(pass.name, () => {
    const at = (index: string) => `${ctx.smem}[base + ${index}]`;
    const partOf = (j: number) => Math.floor(j / perPart);
    const order: number[] = [];
    for (let lo = 0, hi = parts - 1; lo <= hi; lo++, hi--) order.push(...(lo === hi ? [lo] : [lo, hi]));
    // Split buffers move one half of a register per round (the arithmetic's split parts: index 0 real, 1 imaginary).
    const components = ctx.smemKind === 'split' ? [0, 1] : [-1];
    const rounds = order.flatMap((p) => components.map((c) => ({ p, c })));
    const roundOf = (p: number, c: number) => rounds.findIndex((r) => r.p === p && r.c === c);
    // Round after whose writes register i's own element is out, and after whose reads m[i] is complete
    // (for thread 0 and for the others: the position in the code is the same for all invocations).
    const written = (i: number) => Math.max(...components.map((c) => roundOf(partOf(i), c)));
    const arrived = (i: number) =>
      Math.max(...components.flatMap((c) => [roundOf(partOf(count - 1 - i), c), roundOf(partOf((count - i) % count), c)]));
    const applied = (k: number, afterReads: boolean) =>
      Array.from({ length: count }, (_, i) => i)
        .filter((i) => Math.max(written(i), arrived(i)) === k && (afterReads ? arrived(i) === k : arrived(i) < k))
        .flatMap((i) => pass.apply(i).map((l) => `  ${l}`));
    const body: string[] = [];
    rounds.forEach(({ p, c }, k) => {
      const part = (reg: string) => (c < 0 ? reg : ctx.ar.splitParts[c].get(reg));
      const receive = (reg: string, value: string) => (c < 0 ? `${reg} = ${value};` : ctx.ar.splitParts[c].set(reg, value));
      const writes = Array.from({ length: perPart }, (_, q) => `    ${at(addConst('thread', q * stride))} = ${part(`(*data)[${p * perPart + q}]`)};`);
      const others: string[] = [];
      const first: string[] = [];
      for (let i = 0; i < count; i++) {
        const j = count - 1 - i;
        if (partOf(j) === p) others.push(`      ${receive(`m[${i}]`, at(addConst('mirror_thread', (j - p * perPart) * stride)))}`);
        const j0 = (count - i) % count;
        if (partOf(j0) === p) first.push(`      ${receive(`m[${i}]`, at(u32Literal((j0 - p * perPart) * stride)))}`);
      }
      body.push(
        `  // Part ${p}${c >= 0 ? ` (${c === 0 ? 'real' : 'imaginary'} parts)` : ''}.`,
        `  workgroupBarrier();`,
        `  if (working) {`,
        ...writes,
        `  }`,
        ...applied(k, false),
        `  workgroupBarrier();`,
        `  if (working) {`,
        `    if (thread != 0u) {`,
        ...others,
        `    } else {`,
        ...first,
        `    }`,
        `  }`,
        ...applied(k, true),
      );
    });
    const how = [ctx.smemKind === 'split' ? 'real parts, then imaginary parts' : '', parts > 1 ? `${parts} parts of ${ctx.partLength} elements` : '']
      .filter(Boolean)
      .join('; ');
    return [
      `// ${pass.comment}`,
      `// m[i] = element (${length} - k) mod ${length} for register i's element k = thread + i * ${stride}, through workgroup memory${how ? ` (${how})` : ''}.`,
      `fn ${pass.name}(${params(ctx)}) {`,
      `  ${activeLine(ctx)}`,
      `  let base = ${slotBase(ctx)};`,
      `  let mirror_thread = select(${stride}u - thread, 0u, thread == 0u);`,
      ...pass.prologue.map((l) => `  ${l}`),
      `  var m: array<${ctx.ar.register}, ${count}>;`,
      ...body,
      `}`,
    ].join('\n');
  });
}

/**
 * `fn <p>_broadcast_from(value: R, source: u32, thread: u32, fft: u32) -> R` (R the precision's real
 * type): the `value` of invocation `source` of the same FFT slot (one real through workgroup memory;
 * 0 in idle invocations). A split buffer's element is one component, which is a real.
 */
export function addBroadcast(ctx: RealContext): string {
  const name = `${ctx.prefix}_broadcast_from`;
  const { real } = ctx;
  return ctx.defs.add(name, () => {
    const slot = `${ctx.smem}[${slotBase(ctx)}]`;
    const store = ctx.smemKind === 'split' ? `${slot} = value;` : `${slot} = ${real.fromReal('value')};`;
    const load = ctx.smemKind === 'split' ? slot : real.re(slot);
    return [
      `// The value of invocation source of this FFT slot, through one workgroup element.`,
      `fn ${name}(value: ${real.real}, source: u32, thread: u32, fft: u32) -> ${real.real} {`,
      `  ${activeLine(ctx)}`,
      `  var r = ${real.realZero};`,
      `  workgroupBarrier();`,
      `  if (working && thread == source) {`,
      `    ${store}`,
      `  }`,
      `  workgroupBarrier();`,
      `  if (working) {`,
      `    r = ${load};`,
      `  }`,
      `  return r;`,
      `}`,
    ].join('\n');
  });
}
