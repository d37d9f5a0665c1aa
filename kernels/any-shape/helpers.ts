// WGSL helpers for people who compose their own multi-pass FFT kernels from `fft(...)` descriptors
// (cuFFTDx's fft_2d / four-step examples): the accurate twiddle of the four-step algorithm and
// strided register loads and stores. createFFT's pass kernels (./pass.ts) use the same pieces.
import { Definitions } from '../definitions.js';
import { sincosFunction, sincosName } from '../sincos.js';
import { addCmul } from '../stockham.js';

/**
 * WGSL defining `<prefix>_twiddle(e: u32, n: u32) -> vec2<f32>` = exp(-2 pi i e / n) for e < n
 * (n <= 2^24 for full accuracy; within ~2 ulp: integer quarter-turn reduction and minimax
 * polynomials, no WGSL sin/cos) and `<prefix>_cmul(a, b)` (complex product). The four-step
 * algorithm multiplies output k1 of column n2 by `<prefix>_twiddle(n2 * k1, N)` between its passes;
 * conjugate it for an inverse transform.
 */
export function fourStepTwiddleWGSL(prefix = 'fs'): string {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(prefix)) throw new Error(`webfftdx: prefix "${prefix}" is not a valid WGSL identifier stem`);
  const defs = new Definitions();
  const sincos = defs.add(sincosName(prefix, 'estimate'), () => sincosFunction(prefix, 'estimate'));
  addCmul(defs, prefix);
  defs.add(`${prefix}_twiddle`, () =>
    [
      `// exp(-2 pi i e / n), e < n.`,
      `fn ${prefix}_twiddle(e: u32, n: u32) -> vec2<f32> {`,
      `  let cs = ${sincos}(e, n, 1.57079632679f / f32(n));`,
      `  return vec2<f32>(cs.x, -cs.y);`,
      `}`,
    ].join('\n'),
  );
  return defs.toString();
}

/** The traits of a Block descriptor the strided helpers read (every `fft(...)` Block descriptor has them). */
export interface BlockLayout {
  readonly size: number;
  readonly stride: number;
  readonly elementsPerThread: number;
  readonly storageSize: number;
  readonly valueType: string;
}

/**
 * WGSL defining, for the register layout of a Block descriptor (invocation `thread` holds element
 * thread + i * stride in register i):
 * - `<prefix>_load_strided(data, thread, start, step)`: register i = buffer[start + (thread + i * stride) * step];
 * - `<prefix>_store_strided(data, thread, start, step)`: the reverse.
 * `buffer` is an `array<vec2<f32>>` storage binding of the caller's shader. With step = the row
 * length and the FFT slot = local_invocation_id.x (pass `execute(&data, lid.y, lid.x)`), the 16 or
 * more adjacent invocations of a workgroup read 16 adjacent columns: each access is a coalesced run.
 */
export function stridedAccessWGSL(layout: BlockLayout, buffer: string, prefix = 'fs'): string {
  const { size, stride, elementsPerThread: e, storageSize, valueType } = layout;
  const reg = `ptr<function, array<${valueType}, ${storageSize}>>`;
  const body = (load: boolean) =>
    Array.from({ length: e }, (_, i) => {
      const idx = `thread + ${i * stride}u`;
      const stmt = load ? `(*data)[${i}] = ${buffer}[start + (${idx}) * step];` : `${buffer}[start + (${idx}) * step] = (*data)[${i}];`;
      return (i + 1) * stride > size ? `  if (${idx} < ${size}u) { ${stmt} }` : `  ${stmt}`;
    });
  return [
    `// Register i <-> element thread + i * ${stride} of a ${size}-point sequence at ${buffer}[start + element * step].`,
    `fn ${prefix}_load_strided(data: ${reg}, thread: u32, start: u32, step: u32) {`,
    ...body(true),
    `}`,
    `fn ${prefix}_store_strided(data: ${reg}, thread: u32, start: u32, step: u32) {`,
    ...body(false),
    `}`,
  ].join('\n');
}
