// Workgroup-memory moves of the distributed (stride > 1) real FFTs. Both follow the register API's
// rule: a barrier before the first access (other invocations may still be reading the engine's
// last exchange) and none after the last. Every invocation reaches every barrier; only active ones
// touch memory. With the 'split' exchange the buffer is `array<f32>` (real parts, then imaginary
// parts, as the engine does), otherwise `array<vec2<f32>>`.
import { activeLine, params, slotBase, type RealContext } from './context.js';
import { addConst, u32Literal } from '../wgsl.js';

/**
 * `fn <p>_mirror(data, thread, fft) -> array<vec2<f32>, count>`: for each register i < count
 * (element k = thread + i * stride, k < length), the element (length - k) mod length of the same FFT,
 * as held in registers 0..count-1 of its owner. length = count * stride (the complex length).
 *
 * That element is register count - 1 - i of invocation stride - thread, or for thread 0 register
 * (count - i) mod count of thread 0. With a parted buffer (ctx.partLength < length) the elements
 * move one position range (count / parts registers) at a time.
 */
export function addMirror(ctx: RealContext, count: number): string {
  const name = `${ctx.prefix}_mirror`;
  const stride = ctx.stride;
  const length = count * stride;
  const parts = length / ctx.partLength;
  const perPart = count / parts;
  return ctx.defs.add(name, () => {
    const at = (index: string) => `${ctx.smem}[base + ${index}]`;
    const inPart = (j: number, p: number) => Math.floor(j / perPart) === p;
    const write = (c: string, p: number) =>
      Array.from({ length: perPart }, (_, q) => `    ${at(addConst('thread', q * stride))} = (*data)[${p * perPart + q}]${c};`);
    const read = (c: string, p: number) => {
      const others: string[] = [];
      const first: string[] = [];
      for (let i = 0; i < count; i++) {
        const j = count - 1 - i;
        if (inPart(j, p)) others.push(`      m[${i}]${c} = ${at(addConst('mirror_thread', (j - p * perPart) * stride))};`);
        const j0 = (count - i) % count;
        if (inPart(j0, p)) first.push(`      m[${i}]${c} = ${at(u32Literal((j0 - p * perPart) * stride))};`);
      }
      return [`    if (thread != 0u) {`, ...others, `    } else {`, ...first, `    }`];
    };
    const phase = (c: string, p: number) => [
      `  workgroupBarrier();`,
      `  if (working) {`,
      ...write(c, p),
      `  }`,
      `  workgroupBarrier();`,
      `  if (working) {`,
      ...read(c, p),
      `  }`,
    ];
    const components = ctx.smemKind === 'split' ? ['.x', '.y'] : [''];
    const body = components.flatMap((c) => Array.from({ length: parts }, (_, p) => phase(c, p)).flat());
    const how = [ctx.smemKind === 'split' ? 'real parts, then imaginary parts' : '', parts > 1 ? `${parts} parts of ${ctx.partLength} elements` : '']
      .filter(Boolean)
      .join('; ');
    return [
      `// Element (${length} - k) mod ${length} for each register k = thread + i * ${stride}, through workgroup memory${how ? ` (${how})` : ''}.`,
      `fn ${name}(${params(ctx)}) -> array<vec2<f32>, ${count}> {`,
      `  ${activeLine(ctx)}`,
      `  let base = ${slotBase(ctx)};`,
      `  let mirror_thread = select(${stride}u - thread, 0u, thread == 0u);`,
      `  var m: array<vec2<f32>, ${count}>;`,
      ...body,
      `  return m;`,
      `}`,
    ].join('\n');
  });
}

/**
 * `fn <p>_broadcast_from(value: f32, source: u32, thread: u32, fft: u32) -> f32`: the `value` of
 * invocation `source` of the same FFT slot (one scalar through workgroup memory; 0 in idle invocations).
 */
export function addBroadcast(ctx: RealContext): string {
  const name = `${ctx.prefix}_broadcast_from`;
  return ctx.defs.add(name, () => {
    const slot = `${ctx.smem}[${slotBase(ctx)}]`;
    const store = ctx.smemKind === 'split' ? `${slot} = value;` : `${slot} = vec2<f32>(value, 0.0f);`;
    const load = ctx.smemKind === 'split' ? slot : `${slot}.x`;
    return [
      `// The value of invocation source of this FFT slot, through one workgroup element.`,
      `fn ${name}(value: f32, source: u32, thread: u32, fft: u32) -> f32 {`,
      `  ${activeLine(ctx)}`,
      `  var r = 0.0f;`,
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
