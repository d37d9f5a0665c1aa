// Normal mode: the N-point complex engine runs on the real signal (imaginary parts zero) or on a
// spectrum whose inverse is real. Real values sit two per complex register (real slot j is component
// j & 1 of register j >> 1, cuFFTDx's reinterpretation of its register array).
//
// R2C: spread the reals to one per register, forward FFT; natural and full outputs are then already
// in the layout (register i holds X_(thread + i * stride)); packed moves X_(N/2).re into element 0.
//
// C2R: instead of mirroring the spectrum through workgroup memory, the Hermitian input is folded into
// a one-sided one whose inverse has the same real part: with Y_0 = Re X_0, Y_(N/2) = Re X_(N/2) (even
// N), Y_k = 2 X_k for 0 < k < N/2 and Y_k = 0 above, Re(IDFT(Y)) = IDFT(X) for Hermitian X. Only
// elements 0..floor(N/2) are read (as cuFFTDx, the imaginary parts of X_0 and X_(N/2) are ignored;
// in the full layout the redundant upper half is ignored too), and no exchange is needed except
// to move X_(N/2) out of packed element 0 when another invocation owns element N/2.
import { addBroadcast } from './exchange.js';
import { elementOf, holderOf, registerArray, type RealContext } from './context.js';

/** Registers the engine works on: every element of the layout (execEPT). */
function engineRegisters(ctx: RealContext): number {
  return ctx.plan.execEPT;
}

/** `fn <p>_unpack_reals(data)`: real slot j (component j & 1 of register j >> 1) becomes register j = (x, 0). */
export function addUnpackReals(ctx: RealContext): string {
  const name = `${ctx.prefix}_unpack_reals`;
  const e = engineRegisters(ctx);
  const { real } = ctx;
  return ctx.defs.add(name, () =>
    [
      `// Real slot j (component j & 1 of register j >> 1) to register j as (x_j, 0), for the complex engine.`,
      `fn ${name}(data: ptr<function, ${registerArray(ctx.ar, ctx.storage)}>) {`,
      `  let packed = *data;`,
      ...Array.from({ length: e }, (_, j) => `  (*data)[${j}] = ${real.fromReal(real.component(`packed[${j >> 1}]`, (j & 1) as 0 | 1))};`),
      `}`,
    ].join('\n'),
  );
}

/** `fn <p>_pack_reals(data)`: the real part of register j to real slot j (component j & 1 of register j >> 1). */
export function addPackReals(ctx: RealContext): string {
  const name = `${ctx.prefix}_pack_reals`;
  const e = engineRegisters(ctx);
  const { real } = ctx;
  return ctx.defs.add(name, () => {
    const lines: string[] = [];
    for (let r = 0; 2 * r < e; r++) {
      const second = 2 * r + 1 < e ? real.re(`full[${2 * r + 1}]`) : undefined;
      lines.push(`  (*data)[${r}] = ${real.fromReals(real.re(`full[${2 * r}]`), second)};`);
    }
    return [
      `// Real parts of the registers, two per register: real slot j is component j & 1 of register j >> 1.`,
      `fn ${name}(data: ptr<function, ${registerArray(ctx.ar, ctx.storage)}>) {`,
      `  let full = *data;`,
      ...lines,
      `}`,
    ].join('\n');
  });
}

/**
 * R2C packed: element 0 becomes (X_0.re, X_(N/2).re). Returns the WGSL statements (inside execute),
 * empty for natural and full.
 */
export function r2cNormalPost(ctx: RealContext): string[] {
  const { plan, real } = ctx;
  if (plan.layout !== 'packed') return [];
  const half = plan.size / 2;
  const holder = holderOf(ctx, half);
  const setNyquist = (v: string) => real.setComponent('(*data)[0]', 1, v);
  if (ctx.local) return [`// Packed: element 0 = (X_0.re, X_${half}.re).`, setNyquist(real.re(`(*data)[${half}]`))];
  if (holder.thread === 0) {
    return [`// Packed: element 0 = (X_0.re, X_${half}.re); invocation 0 holds both.`, `if (thread == 0u) {`, `  ${setNyquist(real.re(`(*data)[${holder.register}]`))}`, `}`];
  }
  const broadcast = addBroadcast(ctx);
  return [
    `// Packed: element 0 = (X_0.re, X_${half}.re); X_${half} is register ${holder.register} of invocation ${holder.thread}.`,
    `let nyquist = ${broadcast}(${real.re(`(*data)[${holder.register}]`)}, ${holder.thread}u, thread, fft);`,
    `if (thread == 0u) {`,
    `  ${setNyquist('nyquist')}`,
    `}`,
  ];
}

/** `fn <p>_one_sided(x, k: u32)`: Y_k of the one-sided spectrum (see the file header). */
function addOneSided(ctx: RealContext): string {
  const name = `${ctx.prefix}_one_sided`;
  const n = ctx.plan.size;
  const packed = ctx.plan.layout === 'packed';
  const even = n % 2 === 0;
  const { ar, real } = ctx;
  return ctx.defs.add(name, () => {
    const isReal = even && !packed ? `k == 0u || k == ${n / 2}u` : `k == 0u`;
    return [
      `// Y_k: Re X_k at k = 0${even && !packed ? ` and ${n / 2}` : ''}, 2 X_k for 0 < k < N/2, 0 above` +
        (packed ? ` (packed: X_${n / 2} is placed separately)` : '') +
        `.`,
      `fn ${name}(x: ${ar.register}, k: u32) -> ${ar.register} {`,
      `  if (${isReal}) {`,
      `    return ${real.fromReal(real.re('x'))};`,
      `  }`,
      `  return select(${ar.zero}, ${real.twice('x')}, 2u * k < ${n}u);`,
      `}`,
    ].join('\n');
  });
}

/** C2R pre-processing statements (inside execute): the one-sided spectrum in every engine register. */
export function c2rNormalPre(ctx: RealContext): string[] {
  const { plan, ar, real } = ctx;
  const n = plan.size;
  const e = engineRegisters(ctx);
  const packed = plan.layout === 'packed';
  const lines: string[] = [];
  if (packed) lines.push(`// Packed: element 0 = (X_0.re, X_${n / 2}.re).`, `let nyquist = ${real.im('(*data)[0]')};`);
  if (ctx.local) {
    for (let k = 0; k < e; k++) {
      if (k === 0 || 2 * k === n) lines.push(`(*data)[${k}] = ${real.fromReal(real.re(`(*data)[${k}]`))};`);
      else if (2 * k < n) lines.push(`(*data)[${k}] = ${real.twice(`(*data)[${k}]`)};`);
      else lines.push(`(*data)[${k}] = ${ar.zero};`);
    }
    if (packed) lines.push(`(*data)[${n / 2}] = ${real.fromReal('nyquist')};`);
    return lines;
  }
  const oneSided = addOneSided(ctx);
  for (let i = 0; i < e; i++) lines.push(`(*data)[${i}] = ${oneSided}((*data)[${i}], ${elementOf(ctx, i)});`);
  if (packed) {
    const holder = holderOf(ctx, n / 2);
    if (holder.thread === 0) {
      lines.push(`if (thread == 0u) {`, `  (*data)[${holder.register}] = ${real.fromReal('nyquist')};`, `}`);
    } else {
      const broadcast = addBroadcast(ctx);
      lines.push(
        `// X_${n / 2} belongs to register ${holder.register} of invocation ${holder.thread}.`,
        `let y_half = ${broadcast}(nyquist, 0u, thread, fft);`,
        `if (thread == ${holder.thread}u) {`,
        `  (*data)[${holder.register}] = ${real.fromReal('y_half')};`,
        `}`,
      );
    }
  }
  return lines;
}

