// Double precision in a hand-written kernel: the Block register API of a Precision('f64') descriptor,
// whose registers are df64 values vec4<f32> = (re_hi, im_hi, re_lo, im_lo), with the stage twiddles
// read from a table (`wgsl({ twiddleTable })`: the module declares the binding and hands over the
// table's contents; the kernel's owner uploads them once). This is what createBatchedFFT does for f64.
import { Block, Direction, fft, Precision, Size } from '../src/index.js';
import { complexFromDF64, complexToDF64 } from '../kernels/df64-layout.js';
import { referenceDFT, relativeL2 } from '../src/reference.js';
import { blockUserKernelCode } from './block-user-kernel.js';
import { dispatch, type Example } from './support.js';

const N = 1024;
const FFT = fft(Size(N), Direction('forward'), Precision('f64'), Block());

export const f64UserKernel: Example = {
  name: 'f64-user-kernel',
  summary: `${N}-point C2C in f64, Block register API in a hand-written kernel, twiddles from a table`,
  async run({ device }) {
    const m = FFT.wgsl({ twiddleTable: { group: 0, binding: 1 } });
    if (!m.twiddleTable) throw new Error('expected a twiddle table for a multi-stage Block FFT');
    // The same kernel as block-user-kernel, on df64 elements; the table is binding 1.
    const code = blockUserKernelCode(FFT, m, 'vec4<f32>');
    const batch = 8 * FFT.fftsPerBlock;
    // Doubles with all 53 bits random, as df64 pairs in the buffer.
    const input = Float64Array.from({ length: 2 * N * batch }, () => 2 * (Math.random() + Math.random() * 2 ** -32) - 1);
    const { outputs, ms } = await dispatch(device, code, [batch / FFT.fftsPerBlock], [{ data: complexToDF64(input) as Float32Array<ArrayBuffer>, read: true }, { data: m.twiddleTable.data }]);
    const got = complexFromDF64(outputs[0]);
    const want = new Float64Array(2 * N * batch);
    for (let b = 0; b < batch; b++) want.set(referenceDFT(input.subarray(2 * N * b, 2 * N * (b + 1)), N, -1), 2 * N * b);
    const error = relativeL2(got, want);
    return { did: `${batch} FFTs of ${N} points in f64 (${m.twiddleTable.data.byteLength} bytes of twiddles), error ${error.toExponential(1)}`, error, limit: 1e-13, ms };
  },
};
