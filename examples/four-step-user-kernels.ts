// A 16384-point FFT built by hand as 64 x 256 (seed 000's decomposition) from two `fft(...)`
// descriptors and the library's four-step helpers, the way createFFT builds its passes:
// - view x as 64 rows of 256: x[n1 * 256 + n2];
// - pass 1, columns: the 64-point FFT down each column n2 (16 adjacent columns per workgroup, so every
//   load and store is a coalesced run of 16), times the four-step twiddle exp(-2 pi i n2 k1 / N)
//   (fourStepTwiddleWGSL), back in place;
// - pass 2, rows: the 256-point FFT of each row k1 gives X[k1 + 64 k2]. 16 rows per workgroup on
//   local_invocation_id.x make each store a coalesced run of 16 (the transposition is in the store
//   addresses, no transpose kernel); their loads are 16 runs of a few values here, where createFFT's
//   final pass stages the rows through workgroup memory.
import { Block, Direction, ElementsPerThread, FFTsPerBlock, fft, fourStepTwiddleWGSL, Size, stridedAccessWGSL } from '../src/index.js';
import { dispatchKernels, errorAgainst, randomComplex, referenceBatch, type Example } from './support.js';

const N1 = 64;
const N2 = 256;
const N = N1 * N2;
const SLOTS = 16;

export const fourStepUserKernels: Example = {
  name: 'four-step-kernels',
  summary: `a ${N}-point FFT as ${N1} x ${N2} from two fft(...) descriptors and the four-step twiddle (seed 000)`,
  async run({ device }) {
    // 16 FFTs per workgroup fit WebGPU's default limits (256 invocations, 16 KiB) with these shapes.
    const colFFT = fft(Size(N1), Direction('forward'), Block(), ElementsPerThread(8), FFTsPerBlock(SLOTS));
    const rowFFT = fft(Size(N2), Direction('forward'), Block(), ElementsPerThread(16), FFTsPerBlock(SLOTS));
    const cols = colFFT.wgsl({ prefix: 'col' });
    const rows = rowFFT.wgsl({ prefix: 'row' });
    // Both kernels put the FFT slot on x and the engine's invocation on y: execute(&data, lid.y, lid.x).
    const columnsKernel = /* wgsl */ `
@group(0) @binding(0) var<storage, read_write> buf: array<vec2<f32>>;
${cols.code}
${stridedAccessWGSL(colFFT, 'buf', 'col')}
${fourStepTwiddleWGSL('fs')}
@compute @workgroup_size(${SLOTS}, ${colFFT.stride})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
  let n2 = wg.x * ${SLOTS}u + lid.x;                      // the column
  var data: array<vec2<f32>, ${colFFT.storageSize}>;
  col_load_strided(&data, lid.y, n2, ${N2}u);
  ${cols.execute}(&data, lid.y, lid.x);
  for (var i = 0u; i < ${colFFT.elementsPerThread}u; i++) {
    let k1 = lid.y + i * ${colFFT.stride}u;               // register i holds output k1
    data[i] = fs_cmul(data[i], fs_twiddle(n2 * k1, ${N}u));
  }
  col_store_strided(&data, lid.y, n2, ${N2}u);
}`;
    const rowsKernel = /* wgsl */ `
@group(0) @binding(0) var<storage, read_write> buf: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read_write> out: array<vec2<f32>>;
${rows.code}
${stridedAccessWGSL(rowFFT, 'buf', 'row_in')}
${stridedAccessWGSL(rowFFT, 'out', 'row_out')}
@compute @workgroup_size(${SLOTS}, ${rowFFT.stride})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
  let k1 = wg.x * ${SLOTS}u + lid.x;                      // the row
  var data: array<vec2<f32>, ${rowFFT.storageSize}>;
  row_in_load_strided(&data, lid.y, k1 * ${N2}u, 1u);
  ${rows.execute}(&data, lid.y, lid.x);
  row_out_store_strided(&data, lid.y, k1, ${N1}u);        // X[k1 + ${N1} k2]
}`;
    const input = randomComplex(N);
    const { outputs, ms } = await dispatchKernels(
      device,
      [
        { code: columnsKernel, workgroups: [N2 / SLOTS] },
        { code: rowsKernel, workgroups: [N1 / SLOTS] },
      ],
      [{ data: input }, { bytes: input.byteLength, read: true }],
    );
    return {
      did: `${N2} column FFTs of ${N1} points with the four-step twiddle, then ${N1} row FFTs of ${N2} points stored transposed`,
      error: errorAgainst(outputs[0], referenceBatch(input, N, 1, -1)),
      ms,
    };
  },
};
