// A 2D FFT built by hand from two `fft(...)` descriptors, as cuFFTDx's fft_2d example: one kernel
// transforms the rows, a second one the columns. The column kernel puts the FFT slot on
// local_invocation_id.x, so its 16 adjacent invocations hold 16 adjacent columns and every load and
// store is a coalesced run of 16 values (the helper stridedAccessWGSL comes from the library;
// createFFT's passes are built the same way; examples/four-step-user-kernels.ts adds the four-step twiddle).
import { Block, Direction, FFTsPerBlock, fft, Size, stridedAccessWGSL } from '../src/index.js';
import { referenceFFTN } from '../src/reference-nd.js';
import { dispatchKernels, errorAgainst, randomComplex, type Example } from './support.js';

const NY = 64;
const NX = 128;
const COLUMNS = 16;

export const fft2dUserKernels: Example = {
  name: 'fft2d-user-kernels',
  summary: 'a 64 x 128 2D FFT from two fft(...) descriptors in a hand-written kernel pair (cuFFTDx fft_2d)',
  async run({ device }) {
    const rowFFT = fft(Size(NX), Direction('forward'), Block());
    const colFFT = fft(Size(NY), Direction('forward'), Block(), FFTsPerBlock(COLUMNS));
    const rows = rowFFT.wgsl({ prefix: 'row' });
    const cols = colFFT.wgsl({ prefix: 'col' });
    const [rx, ry] = rowFFT.blockDim;
    const rowsKernel = /* wgsl */ `
@group(0) @binding(0) var<storage, read_write> buf: array<vec2<f32>>;
${rows.code}
${stridedAccessWGSL(rowFFT, 'buf', 'row')}
@compute @workgroup_size(${rx}, ${ry})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
  let y = wg.x * ${rowFFT.fftsPerBlock}u + lid.y;          // one row per FFT slot
  var data: array<vec2<f32>, ${rowFFT.storageSize}>;
  if (lid.x < ${rowFFT.stride}u) { row_load_strided(&data, lid.x, y * ${NX}u, 1u); }
  ${rows.execute}(&data, lid.x, lid.y);
  if (lid.x < ${rowFFT.stride}u) { row_store_strided(&data, lid.x, y * ${NX}u, 1u); }
}`;
    const colsKernel = /* wgsl */ `
@group(0) @binding(0) var<storage, read_write> buf: array<vec2<f32>>;
${cols.code}
${stridedAccessWGSL(colFFT, 'buf', 'col')}
// x: the column (FFT slot), y: the engine's invocation: adjacent invocations read adjacent columns.
@compute @workgroup_size(${COLUMNS}, ${colFFT.stride})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
  let x = wg.x * ${COLUMNS}u + lid.x;
  var data: array<vec2<f32>, ${colFFT.storageSize}>;
  col_load_strided(&data, lid.y, x, ${NX}u);
  ${cols.execute}(&data, lid.y, lid.x);
  col_store_strided(&data, lid.y, x, ${NX}u);
}`;
    const input = randomComplex(NY * NX);
    const { outputs, ms } = await dispatchKernels(
      device,
      [
        { code: rowsKernel, workgroups: [NY / rowFFT.fftsPerBlock] },
        { code: colsKernel, workgroups: [NX / COLUMNS] },
      ],
      [{ data: input, read: true }],
    );
    const out = outputs[0];
    return { did: `rows (${NX}-point, ${rowFFT.fftsPerBlock} per workgroup), then columns (${NY}-point, ${COLUMNS} per workgroup)`, error: errorAgainst(out, referenceFFTN(input, [NY, NX], 1, -1)), ms };
  },
};
