// Workgroup-memory moves of the distributed (stride > 1) real FFTs. Both follow the register API's
// rule: a barrier before the first access (other invocations may still be reading the engine's
// last exchange) and none after the last. Every invocation reaches every barrier; only active ones
// touch memory. With the 'split' exchange the buffer is `array<f32>` (real parts, then imaginary
// parts, as the engine does), otherwise `array<vec2<f32>>`.
import { activeLine, elementOf, params, slotBase, type RealContext } from './context.js';
import { modConst } from '../wgsl.js';

/**
 * `fn <p>_mirror(data, thread, fft) -> array<vec2<f32>, count>`: for each register i < count
 * (element k = thread + i * stride, k < length), the element (length - k) mod length of the same FFT,
 * as held in registers 0..count-1 of its owner. length = count * stride (the complex length).
 */
export function addMirror(ctx: RealContext, count: number): string {
  const name = `${ctx.prefix}_mirror`;
  const length = count * ctx.stride;
  return ctx.defs.add(name, () => {
    const at = (index: string) => `${ctx.smem}[base + ${index}]`;
    const mirrorIndex = (i: number) => modConst(`(${length}u - (${elementOf(ctx, i)}))`, length);
    const write = (c: string) =>
      Array.from({ length: count }, (_, i) => `    ${at(elementOf(ctx, i))} = (*data)[${i}]${c};`);
    const read = (c: string) =>
      Array.from({ length: count }, (_, i) => `    m[${i}]${c} = ${at(mirrorIndex(i))};`);
    const phase = (c: string) => [
      `  workgroupBarrier();`,
      `  if (working) {`,
      ...write(c),
      `  }`,
      `  workgroupBarrier();`,
      `  if (working) {`,
      ...read(c),
      `  }`,
    ];
    const body =
      ctx.smemKind === 'split'
        ? [`  // Real parts, then imaginary parts (the buffer holds one f32 per element).`, ...phase('.x'), ...phase('.y')]
        : phase('');
    return [
      `// Element (${length} - k) mod ${length} for each register k = thread + i * ${ctx.stride}, through workgroup memory.`,
      `fn ${name}(${params(ctx)}) -> array<vec2<f32>, ${count}> {`,
      `  ${activeLine(ctx)}`,
      `  let base = ${slotBase(ctx)};`,
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
