// Host data of Precision('f16') plans: what run() accepts and returns, and the IEEE binary16 bits the
// GPU buffers hold. Float16Array where the runtime has it (not Node 22, for one); otherwise
// Uint16Array holding the bits; Float32Array is accepted too, each value rounded to the nearest f16
// (ties to even; beyond 65504 to infinity), and the output comes back as the kind of array given.
import { f16Round } from '../../kernels/f16.js';

/** The runtime's Float16Array constructor, if it has one. */
const Float16: (new (buffer: ArrayBuffer) => ArrayLike<number> & ArrayBufferView) | undefined = (globalThis as { Float16Array?: never }).Float16Array;

/**
 * The type of the runtime's Float16Array where the TypeScript lib in use declares it (lib
 * "esnext.float16", ES2025), else never: run()'s Float16Array overloads appear exactly for the
 * projects that can name the type, and the shipped declarations need no newer lib.
 */
export type Float16ArrayType = typeof globalThis extends { Float16Array: { prototype: infer T } } ? T : never;

/** The kinds of array run() takes for f16 data. */
export type F16Data = Float32Array | Uint16Array | (ArrayLike<number> & ArrayBufferView);

/** IEEE binary16 bits of v rounded to the nearest f16. */
export function f16Bits(v: number): number {
  if (Number.isNaN(v)) return 0x7e00;
  const r = f16Round(v);
  const sign = r < 0 || Object.is(r, -0) ? 0x8000 : 0;
  const a = Math.abs(r);
  if (a === Infinity) return sign | 0x7c00;
  if (a < 2 ** -14) return sign | (a / 2 ** -24); // subnormal (or zero): exact multiple of 2^-24
  const e = Math.floor(Math.log2(a));
  const exp = 2 ** e > a ? e - 1 : 2 ** (e + 1) <= a ? e + 1 : e;
  return sign | ((exp + 15) << 10) | ((a / 2 ** exp - 1) * 1024);
}

/** The value of f16 bits. */
export function f16FromBits(b: number): number {
  const sign = b & 0x8000 ? -1 : 1;
  const exp = (b >> 10) & 0x1f;
  const mant = b & 0x3ff;
  if (exp === 0) return sign * mant * 2 ** -24;
  if (exp === 31) return mant ? Number.NaN : sign * Infinity;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (ArrayBuffer.isView(value)) return value.constructor.name;
  return Array.isArray(value) ? 'an Array' : typeof value;
}

/**
 * The host data of run() for Precision('f16'), checked (`length` values) and converted to bits,
 * padded to a multiple of 4 bytes (writeBuffer's unit).
 */
export function f16Upload(data: unknown, length: number, what: string): Uint16Array {
  const isF16 = Float16 !== undefined && data instanceof Float16;
  if (!(data instanceof Uint16Array) && !(data instanceof Float32Array) && !isF16) {
    throw new Error(
      `webfftdx: run() of a Precision('f16') plan takes a ${Float16 ? 'Float16Array, ' : ''}Uint16Array (f16 bits) or Float32Array (rounded to f16) (${what}), got ${kindOf(data)}`,
    );
  }
  const values = data as ArrayLike<number> & ArrayBufferView;
  if (values.length !== length) throw new Error(`webfftdx: run() expects ${length} f16 values (${what}), got ${values.length}`);
  const out = new Uint16Array(length + (length % 2));
  if (data instanceof Uint16Array) out.set(data);
  else if (isF16) out.set(new Uint16Array(values.buffer, values.byteOffset, length));
  else for (let i = 0; i < length; i++) out[i] = f16Bits(values[i]);
  return out;
}

/** The output bits as the kind of array run() was given (Float32Array values are exact). */
export function f16Download(bits: Uint16Array, like: unknown): F16Data {
  if (like instanceof Uint16Array) return bits;
  if (Float16 !== undefined && like instanceof Float16) return new Float16(bits.buffer.slice(bits.byteOffset, bits.byteOffset + bits.byteLength) as ArrayBuffer);
  return Float32Array.from(bits, f16FromBits);
}
