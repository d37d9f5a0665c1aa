// Checks of createFFT's own options, before anything reaches the GPU: the shape, type, direction,
// precision and layout. Checks every host plan shares (batch, buffers, host arrays, device limits,
// the plan's life) are in src/host/.
import type { FFTDirection, FFTType } from '../../descriptors/model.js';

export const MAX_AXES = 3;

/** The shape as an array of axis lengths, outermost first; throws a clear Error for anything else. */
export function normalizeShape(shape: unknown): number[] {
  const axes = typeof shape === 'number' ? [shape] : Array.isArray(shape) ? [...(shape as unknown[])] : undefined;
  if (!axes) throw new Error(`webfftdx: createFFT shape must be a number or an array of 1 to ${MAX_AXES} numbers, got ${describe(shape)}`);
  if (axes.length < 1 || axes.length > MAX_AXES) {
    throw new Error(`webfftdx: createFFT shape has ${axes.length} axes; 1 to ${MAX_AXES} are supported ([n], [ny, nx], [nz, ny, nx])`);
  }
  axes.forEach((n, i) => {
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 2) {
      throw new Error(`webfftdx: createFFT shape axis ${i} is ${describe(n)}; every axis length must be an integer >= 2`);
    }
  });
  return axes as number[];
}

function describe(v: unknown): string {
  if (typeof v === 'string') return `the string "${v}"`;
  if (Array.isArray(v)) return `[${v.map(describe).join(', ')}]`;
  return String(v);
}

export function checkType(type: unknown): FFTType {
  if (type === 'c2c' || type === 'r2c' || type === 'c2r') return type;
  throw new Error(`webfftdx: createFFT type must be 'c2c', 'r2c' or 'c2r', got ${describe(type)}`);
}

export function checkDirection(type: FFTType, direction: unknown): FFTDirection {
  if (direction === undefined && type !== 'c2c') return type === 'r2c' ? 'forward' : 'inverse';
  if (direction !== 'forward' && direction !== 'inverse') {
    throw new Error(`webfftdx: createFFT direction must be 'forward' or 'inverse', got ${describe(direction)}`);
  }
  if (type === 'r2c' && direction !== 'forward') throw new Error(`webfftdx: an r2c FFT is forward; got direction '${direction}'`);
  if (type === 'c2r' && direction !== 'inverse') throw new Error(`webfftdx: a c2r FFT is inverse; got direction '${direction}'`);
  return direction;
}

export type AnyShapePrecision = 'f16' | 'f32' | 'f64';

export function checkPrecision(precision: unknown): AnyShapePrecision {
  if (precision === undefined) return 'f32';
  if (precision === 'f16' || precision === 'f32' || precision === 'f64') return precision;
  throw new Error(`webfftdx: createFFT precision must be 'f16', 'f32' or 'f64', got ${describe(precision)}`);
}

export function checkLayout(layout: unknown): 'natural' {
  if (layout === undefined || layout === 'natural') return 'natural';
  throw new Error(
    `webfftdx: createFFT supports the 'natural' layout of real FFTs (numpy's rfftn: [..., nx / 2 + 1] complex values); got ${describe(layout)}`,
  );
}

/**
 * The element types a callback sees on each side of a transform type: complex `vec2<f32>`, real
 * `f32`; f64 the df64 layout (complex `vec4<f32>`, real `vec2<f32>` = (hi, lo)); f16 `vec2<f16>`, `f16`
 * (as createBatchedFFT's callbacks).
 */
export function callbackElementTypes(type: FFTType, precision: AnyShapePrecision = 'f32'): { input: string; output: string } {
  const [complex, real] = precision === 'f64' ? ['vec4<f32>', 'vec2<f32>'] : precision === 'f16' ? ['vec2<f16>', 'f16'] : ['vec2<f32>', 'f32'];
  return { input: type === 'r2c' ? real : complex, output: type === 'c2r' ? real : complex };
}

/** WGSL spellings of an element type (the predeclared aliases vec2f, vec4f, vec2h included), without spaces. */
function spellings(elem: string): string[] {
  const alias: Record<string, string> = { 'vec2<f32>': 'vec2f', 'vec4<f32>': 'vec4f', 'vec2<f16>': 'vec2h' };
  return alias[elem] ? [elem, alias[elem]] : [elem];
}

/**
 * A load or store callback: WGSL text defining `fn load(fft: u32, index: u32) -> E` or
 * `fn store(fft: u32, index: u32, value: E)` with E the side's element type. The signature is
 * checked here, before any compilation, so that the message says what is expected; everything else
 * in the text the WGSL compiler checks (its message quotes the user's line).
 */
export function checkCallback(text: unknown, which: 'load' | 'store', type: FFTType, precision: AnyShapePrecision = 'f32'): string | undefined {
  if (text === undefined) return undefined;
  const elem = callbackElementTypes(type, precision)[which === 'load' ? 'input' : 'output'];
  const wanted =
    which === 'load' ? `fn load(fft: u32, index: u32) -> ${elem}` : `fn store(fft: u32, index: u32, value: ${elem})`;
  const what = `createFFT's ${which} callback of a ${type}${precision === 'f32' ? '' : ` ${precision}`} FFT must be WGSL defining \`${wanted}\``;
  if (typeof text !== 'string' || text.trim() === '') throw new Error(`webfftdx: ${what}; got ${describe(text)}`);
  const id = '[A-Za-z_][A-Za-z0-9_]*';
  const head = new RegExp(`\\bfn\\s+${which}\\s*\\(([^)]*)\\)\\s*(->\\s*([^{]*?))?\\s*\\{`);
  const m = head.exec(text);
  if (!m) throw new Error(`webfftdx: ${what}; the text has no \`fn ${which}(...) {\``);
  const params = m[1].split(',').map((p) => p.replace(/\s+/g, '')).filter((p) => p !== '');
  const typeOf = (p: string) => (new RegExp(`^${id}:(.+)$`).exec(p) ?? [])[1];
  const types = params.map(typeOf);
  const returns = m[3]?.replace(/\s+/g, '');
  const ok =
    which === 'load'
      ? types.length === 2 && types[0] === 'u32' && types[1] === 'u32' && returns !== undefined && spellings(elem).includes(returns)
      : types.length === 3 && types[0] === 'u32' && types[1] === 'u32' && spellings(elem).includes(types[2] ?? '') && returns === undefined;
  if (!ok) throw new Error(`webfftdx: ${what}; got \`fn ${which}(${m[1].trim()})${m[2] ? ` ${m[2].trim()}` : ''}\``);
  return text;
}
