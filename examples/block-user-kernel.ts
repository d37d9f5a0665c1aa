// cuFFTDx's simple_fft_block in WGSL: the user writes the kernel (load, execute, store) using only
// the documented register layout: invocation t holds element t + i * stride in register i.
import { Block, Direction, fft, Size } from '../src/index.js';
import { dispatch, errorAgainst, randomComplex, referenceBatch, type Example } from './support.js';

const FFT = fft(Size(256), Direction('forward'), Block());

export const blockUserKernel: Example = {
  name: 'block-user-kernel',
  summary: `256-point C2C, Block, register API in a hand-written kernel (default ElementsPerThread ${FFT.elementsPerThread})`,
  async run({ device }) {
    const m = FFT.wgsl();
    const [x, y] = FFT.blockDim;
    const code = /* wgsl */ `
${m.directives}
@group(0) @binding(0) var<storage, read_write> buf: array<vec2<f32>>;
${m.code}

@compute @workgroup_size(${x}, ${y})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
  let base = (wg.x * ${FFT.fftsPerBlock}u + lid.y) * ${FFT.size}u;
  var data: array<${FFT.valueType}, ${FFT.storageSize}>;
  for (var i = 0u; i < ${FFT.elementsPerThread}u; i++) {
    data[i] = buf[base + lid.x + i * ${FFT.stride}u];
  }
  ${m.execute}(&data, lid.x, lid.y);
  for (var i = 0u; i < ${FFT.elementsPerThread}u; i++) {
    buf[base + lid.x + i * ${FFT.stride}u] = data[i];
  }
}`;
    const batch = 64 * FFT.fftsPerBlock;
    const input = randomComplex(FFT.size * batch);
    const { outputs, ms } = await dispatch(device, code, [batch / FFT.fftsPerBlock], [{ data: input, read: true }]);
    return { did: `${batch} FFTs of 256 points in a user kernel`, error: errorAgainst(outputs[0], referenceBatch(input, 256, batch, -1)), ms };
  },
};
