// cuFFTDx's simple_fft_thread: every invocation computes a whole 16-point FFT in its registers
// (fully unrolled, constant twiddles), here an inverse transform.
import { Direction, fft, Size, Thread } from '../src/index.js';
import { dispatch, errorAgainst, randomComplex, referenceBatch, type Example } from './support.js';

const FFT = fft(Size(16), Direction('inverse'), Thread());

export const threadUserKernel: Example = {
  name: 'thread-user-kernel',
  summary: '16-point C2C inverse, Thread execution: one FFT per invocation',
  async run({ device }) {
    const m = FFT.wgsl();
    const code = /* wgsl */ `
${m.directives}
@group(0) @binding(0) var<storage, read_write> buf: array<vec2<f32>>;
${m.code}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let base = gid.x * ${FFT.size}u;
  var data: array<${FFT.valueType}, ${FFT.storageSize}>;
  for (var i = 0u; i < ${FFT.size}u; i++) { data[i] = buf[base + i]; }
  ${m.execute}(&data);
  for (var i = 0u; i < ${FFT.size}u; i++) { buf[base + i] = data[i]; }
}`;
    const batch = 64 * 32;
    const input = randomComplex(FFT.size * batch);
    const { outputs, ms } = await dispatch(device, code, [batch / 64], [{ data: input, read: true }]);
    return { did: `${batch} inverse FFTs of 16 points, one per invocation`, error: errorAgainst(outputs[0], referenceBatch(input, 16, batch, 1)), ms };
  },
};
