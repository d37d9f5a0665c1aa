// Folded mode: the N real points are M = N/2 complex pairs z_k = (x_2k, x_2k+1), transformed by an
// M-point complex FFT, plus one O(N) pass. With w = exp(-2 pi i / N) and Z = FFT_M(z):
//
//   R2C post:  X_k     = E_k + O_k,   X_(k+M) = E_k - O_k,   k = 0..M-1, where
//              E_k = (Z_k + conj Z_(M-k)) / 2,   O_k = -i w^k (Z_k - conj Z_(M-k)) / 2   (Z_M = Z_0)
//   C2R pre:   Z_k = (X_k + conj X_(M-k)) + i w^(-k) (X_k - conj X_(M-k)),  then z = IFFT_M(Z)
//
// so C2R(R2C(x)) = N x, unnormalised as cuFFTDx. At k = 0 the C2R pass uses Re X_0 and Re X_M only
// (their imaginary parts are ignored) and X_M comes from the natural/full element M (register
// `execEPT` of invocation 0) or the packed element 0's second component. Only elements 0..M are read
// (full layout: the redundant upper half is ignored). The pairs Z_(M-k) / X_(M-k) belong to other
// invocations: one mirror exchange through workgroup memory fused with the processing (exchange.ts
// addMirrorPass: each register is processed as soon as its mirror arrives), or register moves when local.
// Twiddles: f64-computed literals when local, else the accurate integer-argument sincos of 2 pi k0 / N
// for the invocation's first element, rotated by f64-computed constants for the others.
import { Emitter, emitTwiddle, unitRoot } from '../codelets.js';
import { elementOf, type RealContext } from './context.js';
import { addMirrorPass } from './exchange.js';

/**
 * The signature `fn name(a, b, <rest>` of a pass function taking registers a and b as stored, and
 * the statements loading them as values (f16: vec4<f16> registers computed in vec4<f32>).
 */
function registerParams(ctx: RealContext, name: string, rest: string): string[] {
  const { ar } = ctx;
  if (ar.register === ar.value) return [`fn ${name}(a: ${ar.value}, b: ${ar.value}, ${rest} {`];
  return [`fn ${name}(ra: ${ar.register}, rb: ${ar.register}, ${rest} {`, `  let a = ${ar.load('ra')};`, `  let b = ${ar.load('rb')};`];
}

/** `fn <p>_r2c_post(a, b, cs) -> array<register, 2>`: (X_k, X_(k+M)) from a = Z_k, b = Z_(M-k), cs = (cos, sin)(2 pi k / N). */
function addR2CPost(ctx: RealContext): string {
  const name = `${ctx.prefix}_r2c_post`;
  const { ar } = ctx;
  if (ar.precision !== 'f32') {
    // The same formulas in the precision's arithmetic: halving is exact; -i w^k d = -i (d * conj cs).
    const cmul = ar.addCmul(ctx.defs, ctx.prefix);
    const R = ar.register;
    return ctx.defs.add(name, () =>
      [
        `// (X_k, X_(k+M)) from a = Z_k, b = Z_(M-k) and cs = (cos, sin)(2 pi k / N): E +- O with`,
        `// E = (a + conj b) / 2 and O = -i w^k (a - conj b) / 2, w^k = conj cs.`,
        ...registerParams(ctx, name, `cs: ${ar.twiddle.value}) -> array<${R}, 2>`),
        `  let bc = ${ar.conj('b')};`,
        `  let e = (${ar.add('a', 'bc')}) * 0.5f;`,
        `  let d = (${ar.sub('a', 'bc')}) * 0.5f;`,
        `  let dw = ${cmul}(d, ${ar.twiddle.conjTwiddle('cs')});`,
        `  let o = ${ar.mulI('dw', -1)};`,
        `  return array<${R}, 2>(${ar.store(ar.add('e', 'o'))}, ${ar.store(ar.sub('e', 'o'))});`,
        `}`,
      ].join('\n'),
    );
  }
  return ctx.defs.add(name, () =>
    [
      `// (X_k, X_(k+M)) from a = Z_k, b = Z_(M-k) and cs = (cos, sin)(2 pi k / N): E +- O with`,
      `// E = (a + conj b) / 2 and O = -i w^k (a - conj b) / 2, w^k = cs.x - i cs.y.`,
      `fn ${name}(a: vec2<f32>, b: vec2<f32>, cs: vec2<f32>) -> array<vec2<f32>, 2> {`,
      `  let bc = vec2<f32>(b.x, -b.y);`,
      `  let e = 0.5f * (a + bc);`,
      `  let d = 0.5f * (a - bc);`,
      `  let o = vec2<f32>(cs.x * d.y - cs.y * d.x, -(cs.x * d.x + cs.y * d.y));`,
      `  return array<vec2<f32>, 2>(e + o, e - o);`,
      `}`,
    ].join('\n'),
  );
}

/** `fn <p>_c2r_pre(a, b, cs) -> register`: Z_k from a = X_k, b = X_(M-k), cs = (cos, sin)(2 pi k / N). */
function addC2RPre(ctx: RealContext): string {
  const name = `${ctx.prefix}_c2r_pre`;
  const { ar } = ctx;
  if (ar.precision !== 'f32') {
    // The same formula in the precision's arithmetic: i w^(-k) d = i (d * cs).
    const cmul = ar.addCmul(ctx.defs, ctx.prefix);
    return ctx.defs.add(name, () =>
      [
        `// Z_k from a = X_k, b = X_(M-k) and cs = (cos, sin)(2 pi k / N):`,
        `// (a + conj b) + i w^(-k) (a - conj b), w^(-k) = cs.`,
        ...registerParams(ctx, name, `cs: ${ar.twiddle.value}) -> ${ar.register}`),
        `  let bc = ${ar.conj('b')};`,
        `  let d = ${ar.sub('a', 'bc')};`,
        `  let dw = ${cmul}(d, cs);`,
        `  return ${ar.store(ar.add(ar.add('a', 'bc'), ar.mulI('dw', 1)))};`,
        `}`,
      ].join('\n'),
    );
  }
  return ctx.defs.add(name, () =>
    [
      `// Z_k from a = X_k, b = X_(M-k) and cs = (cos, sin)(2 pi k / N):`,
      `// (a + conj b) + i w^(-k) (a - conj b), w^(-k) = cs.x + i cs.y.`,
      `fn ${name}(a: vec2<f32>, b: vec2<f32>, cs: vec2<f32>) -> vec2<f32> {`,
      `  let bc = vec2<f32>(b.x, -b.y);`,
      `  let d = a - bc;`,
      `  return a + bc + vec2<f32>(-(cs.x * d.y + cs.y * d.x), cs.x * d.x - cs.y * d.y);`,
      `}`,
    ].join('\n'),
  );
}

/**
 * Statements the twiddles need: when not local, one accurate sincos of the invocation's first
 * element k0 = thread (the only runtime part of k = thread + i * stride).
 */
function twiddleSetup(ctx: RealContext): string[] {
  if (ctx.local) return [];
  const n = ctx.plan.size;
  const tw = ctx.ar.twiddle;
  const sincos = tw.addSincos(ctx.defs, ctx.prefix, n);
  return [`let tw0 = ${sincos}(${elementOf(ctx, 0)}, ${n}u, ${tw.sincosStep(n)});`];
}

/**
 * (cos, sin)(2 pi k / N) for register i, and the statements it needs: a literal when local;
 * otherwise the angle sum of the invocation's sincos and the f64-computed constant for i * stride
 * (one complex product, or none for quarter turns: at most one more rounding than the sincos
 * itself, instead of one sincos per register).
 */
function twiddle(ctx: RealContext, i: number): { lines: string[]; value: string } {
  const n = ctx.plan.size;
  if (ctx.local) {
    const w = unitRoot(i, n);
    return { lines: [], value: ctx.real.twiddleLiteral(w.re, w.im) };
  }
  const em = new Emitter(`tw${i}_`);
  const value = emitTwiddle(em, 'tw0', i * ctx.stride, n, 1, ctx.ar.twiddle);
  return { lines: em.lines, value };
}

/** R2C: register i's statements (X_k into register i; the layout's extra registers) from own and mirrored Z. */
function r2cRegister(ctx: RealContext, i: number, own: string, mirror: string): string[] {
  const { plan } = ctx;
  const e = plan.execEPT;
  const tw = twiddle(ctx, i);
  const lines = [...tw.lines, `let x${i} = ${addR2CPost(ctx)}(${own}, ${mirror}, ${tw.value});`, `(*data)[${i}] = x${i}[0];`];
  if (plan.layout === 'full') lines.push(`(*data)[${i + e}] = x${i}[1];`);
  else if (i === 0 && plan.layout === 'natural') {
    // Element M = thread + e * stride for invocation 0: X_M = E_0 - O_0 (other invocations store X_(thread + M), unused).
    lines.push(`(*data)[${e}] = x0[1];`);
  } else if (i === 0 && plan.layout === 'packed') {
    const nyquist = ctx.real.setComponent('(*data)[0]', 1, ctx.real.re('x0[1]'));
    lines.push(ctx.local ? nyquist : `if (thread == 0u) {\n  ${nyquist}\n}`);
  }
  return lines.flatMap((l) => l.split('\n'));
}

/** C2R: register i's statement (Z_k into register i) from own and mirrored X; k = 0 uses Re X_0 and Re X_M. */
function c2rRegister(ctx: RealContext, i: number, own: string, mirror: string): string[] {
  let a = own;
  let b = mirror;
  if (i === 0) {
    // k = 0 (invocation 0 only): Re X_0 and Re X_M.
    a = ctx.local ? 'x_0' : `select(${a}, x_0, thread == 0u)`;
    b = ctx.local ? 'x_m' : `select(${b}, x_m, thread == 0u)`;
  }
  const tw = twiddle(ctx, i);
  return [...tw.lines, `(*data)[${i}] = ${addC2RPre(ctx)}(${a}, ${b}, ${tw.value});`];
}

/**
 * The statements of a folded pass: local plans read a copy of the registers (the mirror of register
 * i is register (M - i) mod M); distributed ones call the fused exchange-and-process function.
 */
function foldedPass(ctx: RealContext, name: string, comment: string, prologue: string[], perRegister: typeof r2cRegister): string[] {
  const e = ctx.plan.execEPT;
  if (ctx.local) {
    const m = ctx.plan.size / 2;
    return [...prologue, `let src = *data;`, ...Array.from({ length: e }, (_, i) => perRegister(ctx, i, `src[${i}]`, `src[${(m - i) % m}]`)).flat()];
  }
  const fn = addMirrorPass(ctx, {
    name: `${ctx.prefix}_${name}`,
    comment,
    count: e,
    prologue: [...prologue, ...twiddleSetup(ctx)],
    apply: (i) => perRegister(ctx, i, `(*data)[${i}]`, `m[${i}]`),
  });
  return [`${fn}(data, thread, fft);`];
}

/** R2C post-processing statements (inside execute, after the forward M-point FFT). */
export function r2cFoldedPost(ctx: RealContext): string[] {
  const m = ctx.plan.size / 2;
  const comment = `Z_k (register i) and Z_(M-k) to X_k and X_(k+M), M = ${m}.`;
  return [`// ${comment}`, ...foldedPass(ctx, 'r2c_postprocess', comment, [], r2cRegister)];
}

/** C2R pre-processing statements (inside execute, before the inverse M-point FFT). */
export function c2rFoldedPre(ctx: RealContext): string[] {
  const { plan, real } = ctx;
  const m = plan.size / 2;
  const e = plan.execEPT;
  const comment = `X_k (register i) and X_(M-k) to Z_k, M = ${m}.`;
  // X_M: element M (register e of invocation 0) or the packed element 0's second component.
  const prologue = [
    `let x_m = ${real.fromReal(plan.layout === 'packed' ? real.im('(*data)[0]') : real.re(`(*data)[${e}]`))};`,
    `let x_0 = ${real.fromReal(real.re('(*data)[0]'))};`,
  ];
  return [`// ${comment}`, ...foldedPass(ctx, 'c2r_preprocess', comment, prologue, c2rRegister)];
}
