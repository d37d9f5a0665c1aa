// The WGSL of the multi-pass convolution's own kernels (the FFTs are createFFT's):
// - the window kernel: copies a window of `batch` row-major f32 arrays into others of another shape,
//   zero outside the source. One kernel for the zero-padding (source smaller, offset 0) and the crop
//   (source larger, offset 0 or the 'same' centring), 1D (one row) and 2D, real and complex (a
//   complex row is 2 x as many floats, its offsets doubled), and the pad of a 1D circular plan
//   through a linear convolution (the source's last `wrap` floats in front): every size is a
//   uniform, so all plans share one pipeline.
// - the pointwise load callback: X_k <- pointwise(signal, k, X_k, H_k / P), fused by createFFT into
//   the inverse FFT's first pass (its global reads), so the multiply costs no pass of its own.

import { DF64_PUBLIC_PREFIX, df64PublicHelpers } from '../../kernels/arith.js';

export const WINDOW_BINDINGS = { src: 0, dst: 1, params: 2 } as const;
/** Invocations per workgroup of the window kernel (one float each). */
export const ELEMENTWISE_WORKGROUP = 256;

export const WINDOW_KERNEL = /* wgsl */ `// webfftdx convolution window: zero-pad or crop batch x [rows][cols] f32 arrays
struct ConvWindow {
  count: u32,      // floats written: batch x dst_per
  dst_per: u32,    // floats per destination array
  dst_cols: u32,
  src_per: u32,
  src_rows: u32,
  src_cols: u32,
  row_offset: u32, // destination (y, x) reads source (y + row_offset, x + col_offset)
  col_offset: u32,
  groups_x: u32,
  wrap: u32,       // 1D: destination x < src_cols + wrap reads source (x - wrap) mod src_cols (circular through linear)
  _p1: u32,
  _p2: u32,
}
@group(0) @binding(${WINDOW_BINDINGS.src}) var<storage, read> conv_src: array<f32>;
@group(0) @binding(${WINDOW_BINDINGS.dst}) var<storage, read_write> conv_dst: array<f32>;
@group(0) @binding(${WINDOW_BINDINGS.params}) var<uniform> conv_w: ConvWindow;

@compute @workgroup_size(${ELEMENTWISE_WORKGROUP})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let i = (wid.y * conv_w.groups_x + wid.x) * ${ELEMENTWISE_WORKGROUP}u + lid;
  if (i >= conv_w.count) { return; }
  let b = i / conv_w.dst_per;
  let r = i - b * conv_w.dst_per;
  let y = r / conv_w.dst_cols;
  let x = r - y * conv_w.dst_cols;
  let sy = y + conv_w.row_offset;
  let sx0 = x + conv_w.col_offset;
  let sx = select(sx0 - conv_w.wrap, sx0 + conv_w.src_cols - conv_w.wrap, sx0 < conv_w.wrap);
  var v = 0.0;
  if (sy < conv_w.src_rows && sx0 < conv_w.src_cols + conv_w.wrap) {
    v = conv_src[b * conv_w.src_per + sy * conv_w.src_cols + sx];
  }
  conv_dst[i] = v;
}
`;

/**
 * The window kernel of a precision: f32 (WINDOW_KERNEL), or f64 whose arrays hold df64 pairs
 * vec2<f32> = (hi, lo) in place of floats (the same counts and offsets, in values).
 */
export function windowKernel(precision: 'f32' | 'f64' | 'f16-in' | 'f16-out'): string {
  if (precision === 'f32') return WINDOW_KERNEL;
  // f16 plans (f32 FFTs): the pad reads the user's f16 signals into f32, the crop writes f16 outputs.
  if (precision === 'f16-in') {
    return `enable f16;\n${WINDOW_KERNEL.replace('var<storage, read> conv_src: array<f32>', 'var<storage, read> conv_src: array<f16>').replace(
      'v = conv_src[b * conv_w.src_per + sy * conv_w.src_cols + sx];',
      'v = f32(conv_src[b * conv_w.src_per + sy * conv_w.src_cols + sx]);',
    )}`;
  }
  if (precision === 'f16-out') {
    return `enable f16;\n${WINDOW_KERNEL.replace('var<storage, read_write> conv_dst: array<f32>', 'var<storage, read_write> conv_dst: array<f16>').replace('conv_dst[i] = v;', 'conv_dst[i] = f16(v);')}`;
  }
  return WINDOW_KERNEL.replace('zero-pad or crop batch x [rows][cols] f32 arrays', 'zero-pad or crop batch x [rows][cols] arrays of df64 values (vec2<f32> = (hi, lo))')
    .replace('var<storage, read> conv_src: array<f32>', 'var<storage, read> conv_src: array<vec2<f32>>')
    .replace('var<storage, read_write> conv_dst: array<f32>', 'var<storage, read_write> conv_dst: array<vec2<f32>>')
    .replace('var v = 0.0;', 'var v = vec2<f32>(0.0);');
}

/** One array's shape in floats: rows x cols (1D: one row). */
export interface FloatGrid {
  readonly rows: number;
  readonly cols: number;
}

/**
 * The window kernel's uniform: `batch` destination grids read from source grids at (rowOffset,
 * colOffset); `wrap` floats of each 1D source's end in front of it (0: none).
 */
export function windowParams(batch: number, dst: FloatGrid, src: FloatGrid, rowOffset: number, colOffset: number, groupsX: number, wrap = 0): Uint32Array<ArrayBuffer> {
  const dstPer = dst.rows * dst.cols;
  return Uint32Array.from([batch * dstPer, dstPer, dst.cols, src.rows * src.cols, src.rows, src.cols, rowOffset, colOffset, groupsX, wrap, 0, 0]);
}

const DEFAULT_POINTWISE = /* wgsl */ `fn pointwise(fft: u32, index: u32, x: vec2<f32>, h: vec2<f32>) -> vec2<f32> {
  return vec2<f32>(x.x * h.x - x.y * h.y, x.x * h.y + x.y * h.x);
}`;

/** An f32 WGSL literal of Math.fround(v). */
function f32Literal(v: number): string {
  const t = String(Math.fround(v));
  return /[.eE]/.test(t) ? `${t}f` : `${t}.0f`;
}

/**
 * The inverse FFT's load callback (createFFT fuses it into the first pass's global reads): spectrum
 * value `index` of signal `fft` through the user's pointwise function (or the multiply) with
 * h = H_index / P. The spectra buffer holds the batch's spectra (`spectrumLength` values each)
 * followed by the filter spectrum H, so the callback needs no binding of its own (createFFT's
 * callbacks see `fft_in` and `fft_out` only).
 */
export function pointwiseLoadCallback(pointwise: string | undefined, spectrumLength: number, batch: number, fftLength: number): string {
  return pointwiseLoadCallbackF32(pointwise, spectrumLength, batch, fftLength);
}

/**
 * f64 (createFFT's f64 plans: callbacks see df64 vec4<f32>): the df64 helpers (kernels/arith.ts),
 * the user's function or the df64 multiply, and the load; the stored H is already H / P (the host
 * scales it in f64).
 */
export function pointwiseLoadCallbackDF64(pointwise: string | undefined, spectrumLength: number, batch: number, exactFma: boolean): string {
  const multiply = `fn pointwise(fft: u32, index: u32, x: vec4<f32>, h: vec4<f32>) -> vec4<f32> {\n  return ${DF64_PUBLIC_PREFIX}_cmul(x, h);\n}`;
  return /* wgsl */ `${pointwise ?? multiply}

${df64PublicHelpers(exactFma)}

// webfftdx convolution: X_k <- pointwise(signal, k, X_k, H_k / P) in df64, fused into the inverse FFT's first reads.
fn load(fft: u32, index: u32) -> vec4<f32> {
  return pointwise(fft, index, fft_in[fft * ${spectrumLength}u + index], fft_in[${batch * spectrumLength}u + index]);
}
`;
}

function pointwiseLoadCallbackF32(pointwise: string | undefined, spectrumLength: number, batch: number, fftLength: number): string {
  return /* wgsl */ `${pointwise ?? DEFAULT_POINTWISE}

// webfftdx convolution: X_k <- pointwise(signal, k, X_k, H_k / P), fused into the inverse FFT's first reads.
fn load(fft: u32, index: u32) -> vec2<f32> {
  return pointwise(fft, index, fft_in[fft * ${spectrumLength}u + index], fft_in[${batch * spectrumLength}u + index] * ${f32Literal(1 / fftLength)});
}
`;
}
