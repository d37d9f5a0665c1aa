// The real-valued side of the precision layer (kernels/arith.ts) for the real-FFT generators: how a
// real value sits in a register and how the pre/post-processing combines registers.
//
// A real value is one component of a complex register (real slot j is component j & 1 of register
// j >> 1, docs/real-fft.md):
//   f32  register vec2<f32> = (re, im); a real is an `f32`.
//   f64  register vec4<f32> = (re_hi, im_hi, re_lo, im_lo); a real is a df64 `vec2<f32>` = (hi, lo),
//        component c being (register[c], register[2 + c]).
//   f16  register vec4<f16> = (re_a, re_b, im_a, im_b), FFTs a and b of a pair (RRII); a real is the
//        `vec2<f16>` (x_a, x_b) of both FFTs, component c being (register[2c], register[2c + 1]) (cuFFTDx's
//        __half2 reals). Real values are only moved and doubled (exact), never rounded: they stay f16.
//
// The f32 implementation prints exactly the text the real generators printed before this layer.
import type { FFTPrecision } from '../../descriptors/model.js';
import { dfComplexLiteral } from '../arith.js';
import { f32Literal } from '../wgsl.js';

export interface RealArith {
  /** WGSL type of one real value. */
  readonly real: string;
  /** A zero real. */
  readonly realZero: string;
  /** The real part of register expression `reg` (`reg` may be evaluated more than once). */
  re(reg: string): string;
  /** The imaginary part of register expression `reg`. */
  im(reg: string): string;
  /** Real slot c (0: re, 1: im) of register `reg`. */
  component(reg: string, c: 0 | 1): string;
  /** Statement(s) setting real slot c of the assignable register `reg` to real expression `v` (evaluated once). */
  setComponent(reg: string, c: 0 | 1, v: string): string;
  /** The register (v, 0), as stored (`v` may be evaluated more than once: pass a name or a swizzle). */
  fromReal(v: string): string;
  /** The register (a, b) from two reals (b undefined: zero). */
  fromReals(a: string, b: string | undefined): string;
  /** 2 x for a register x as stored (exact in every precision, short of f16's overflow above 32752). */
  twice(x: string): string;
  /** A complex constant as a twiddle value (f64-computed, rounded once). */
  twiddleLiteral(re: number, im: number): string;
  /**
   * Real `index` (an expression) of an array of registers viewed as reals (real i = component i & 1
   * of element i >> 1): the expression reading it and the statement writing real expression `v` to it.
   */
  bufferReal(smem: string, index: string): { read: string; write: (v: string) => string };
}

const F32_REAL: RealArith = {
  real: 'f32',
  realZero: '0.0f',
  re: (reg) => `${reg}.x`,
  im: (reg) => `${reg}.y`,
  component: (reg, c) => `${reg}.${c ? 'y' : 'x'}`,
  setComponent: (reg, c, v) => `${reg}.${c ? 'y' : 'x'} = ${v};`,
  fromReal: (v) => `vec2<f32>(${v}, 0.0f)`,
  fromReals: (a, b) => `vec2<f32>(${a}, ${b ?? '0.0f'})`,
  twice: (x) => `${f32Literal(2)} * ${x}`,
  twiddleLiteral: (re, im) => `vec2<f32>(${f32Literal(re)}, ${f32Literal(im)})`,
  bufferReal: (smem, index) => {
    const at = `${smem}[(${index}) >> 1u][(${index}) & 1u]`;
    return { read: at, write: (v) => `${at} = ${v};` };
  },
};

// df64: a real is (hi, lo); component c of a register is (reg[c], reg[2 + c]). Multiplying both
// parts by 2 is exact, so `twice` needs no df64 product.
const F64_REAL: RealArith = {
  real: 'vec2<f32>',
  realZero: 'vec2<f32>(0.0f)',
  re: (reg) => `${reg}.xz`,
  im: (reg) => `${reg}.yw`,
  component: (reg, c) => `${reg}.${c ? 'yw' : 'xz'}`,
  setComponent: (reg, c, v) => {
    const [h, l] = c ? ['y', 'w'] : ['x', 'z'];
    return `{ let r = ${v}; ${reg}.${h} = r.x; ${reg}.${l} = r.y; }`;
  },
  fromReal: (v) => `vec4<f32>(${v}.x, 0.0f, ${v}.y, 0.0f)`,
  fromReals: (a, b) => (b === undefined ? `vec4<f32>(${a}.x, 0.0f, ${a}.y, 0.0f)` : `vec4<f32>(${a}.x, ${b}.x, ${a}.y, ${b}.y)`),
  twice: (x) => `(${x} * 2.0f)`,
  twiddleLiteral: (re, im) => dfComplexLiteral(re, im),
  bufferReal: (smem, index) => {
    const element = `${smem}[(${index}) >> 1u]`;
    const c = `((${index}) & 1u)`;
    return {
      read: `vec2<f32>(${element}[${c}], ${element}[2u + ${c}])`,
      write: (v) => `{ let r = ${v}; ${element}[${c}] = r.x; ${element}[2u + ${c}] = r.y; }`,
    };
  },
};

// f16: the registers as stored (vec4<f16>); twiddles are f32 (kernels/arith.ts F16).
const F16_REAL: RealArith = {
  real: 'vec2<f16>',
  realZero: 'vec2<f16>(0.0h)',
  re: (reg) => `${reg}.xy`,
  im: (reg) => `${reg}.zw`,
  component: (reg, c) => `${reg}.${c ? 'zw' : 'xy'}`,
  setComponent: (reg, c, v) => {
    const [a, b] = c ? ['z', 'w'] : ['x', 'y'];
    return `{ let r = ${v}; ${reg}.${a} = r.x; ${reg}.${b} = r.y; }`;
  },
  fromReal: (v) => `vec4<f16>(${v}, vec2<f16>(0.0h))`,
  fromReals: (a, b) => `vec4<f16>(${a}, ${b ?? 'vec2<f16>(0.0h)'})`,
  twice: (x) => `(${x} * 2.0h)`,
  twiddleLiteral: (re, im) => F32_REAL.twiddleLiteral(re, im),
  bufferReal: (smem, index) => {
    const element = `${smem}[(${index}) >> 1u]`;
    const c = `(2u * ((${index}) & 1u))`;
    return {
      read: `vec2<f16>(${element}[${c}], ${element}[${c} + 1u])`,
      write: (v) => `{ let r = ${v}; ${element}[${c}] = r.x; ${element}[${c} + 1u] = r.y; }`,
    };
  },
};

/** The real-value operations of a precision. */
export function realArithFor(precision: FFTPrecision): RealArith {
  if (precision === 'f32') return F32_REAL;
  if (precision === 'f64') return F64_REAL;
  return F16_REAL;
}

