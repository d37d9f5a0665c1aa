// A standalone WGSL kernel around kernels/two-phase.ts for any shape (the library's batched kernel
// uses one shape and its own bindings): input binding 0, output binding 1, one workgroup per FFT,
// batch and dispatch width baked in. For the probe (bench/two-phase-probe.ts) and its test.
import { twoPhaseEntryPoint, twoPhaseKernel, type TwoPhaseSpec } from '../kernels/two-phase.js';

/**
 * The kernel of `spec` for `batch` FFTs. `diagnostic` makes the result wrong on purpose, to see where
 * the time goes (bench/NOTES.md run 18): `contig` reads sub-sequence r from the contiguous rows
 * r M + k instead of P m + r, `notw` drops the phase-2 twiddles, `nop2` drops phase 2. Combine with
 * '-', e.g. 'contig-nop2'.
 */
export function twoPhaseStandalone(spec: TwoPhaseSpec, batch: number, groupsX: number, diagnostic = ''): string {
  const k = twoPhaseKernel(spec);
  const m = spec.size / spec.outer;
  let body = k.body.join('\n');
  let declarations = k.declarations;
  if (diagnostic.includes('contig')) body = body.replace(/fft_load\(fft, \(thread \+ (\d+)u\) \* \d+u \+ r\)/g, (_s, x) => `fft_load(fft, r * ${m}u + thread + ${x}u)`);
  if (diagnostic.includes('notw')) declarations = declarations.replace(/\w+_twiddle(_inv)?\(\d+u \* k\d*, [^)]*\)/g, 'vec2<f32>(1.0f, 0.0f)');
  if (diagnostic.includes('nop2')) body = body.replace(/^\w+_combine\(row, .*$/gm, '');
  return [
    `@group(0) @binding(0) var<storage, read> fft_in: array<vec2<f32>>;`,
    `@group(0) @binding(1) var<storage, read_write> fft_out: array<vec2<f32>>;`,
    `fn fft_load(fft: u32, index: u32) -> vec2<f32> { return fft_in[fft * ${spec.size}u + index]; }`,
    declarations,
    twoPhaseEntryPoint(k, body.split('\n'), `${groupsX}u`, `${batch}u`),
  ].join('\n');
}
