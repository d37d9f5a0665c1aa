// cuFFTDx's convolution example: forward FFT, pointwise multiply by a filter's spectrum, inverse FFT,
// all in one kernel. The data never leaves registers between the two transforms, and the FFT and
// its inverse share one workgroup buffer (wgsl({ sharedMemory })).
import { Block, Direction, fft, Size } from '../src/index.js';
import { referenceDFT } from '../src/reference.js';
import { dispatch, errorAgainst, randomComplex, type Example } from './support.js';

const N = 512;
const base = fft(Size(N), Block());
const FFT = base.with(Direction('forward'));
const IFFT = base.with(Direction('inverse'));

/** f64 reference of circular convolution via the spectrum: IFFT(FFT(x) * H) for each batch. */
function referenceConvolution(x: Float32Array, h: Float32Array, batch: number): Float64Array {
  const out = new Float64Array(2 * N * batch);
  for (let b = 0; b < batch; b++) {
    const X = referenceDFT(x.subarray(2 * N * b, 2 * N * (b + 1)), N, -1);
    const P = new Float64Array(2 * N);
    for (let k = 0; k < N; k++) {
      P[2 * k] = X[2 * k] * h[2 * k] - X[2 * k + 1] * h[2 * k + 1];
      P[2 * k + 1] = X[2 * k] * h[2 * k + 1] + X[2 * k + 1] * h[2 * k];
    }
    out.set(referenceDFT(P, N, 1), 2 * N * b);
  }
  return out;
}

export const convolution: Example = {
  name: 'convolution',
  summary: `${N}-point FFT -> multiply by a filter spectrum -> inverse FFT, fused in one kernel with a shared workgroup buffer`,
  async run({ device }) {
    const fwd = FFT.wgsl({ sharedMemory: 'conv_smem' });
    const inv = IFFT.wgsl({ sharedMemory: 'conv_smem' });
    const [bx, by] = FFT.blockDim;
    const s = FFT.stride;
    const code = /* wgsl */ `
${fwd.directives}
@group(0) @binding(0) var<storage, read_write> buf: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read> filter_spectrum: array<vec2<f32>>;
${fwd.sharedMemoryDeclaration}
${fwd.code}
${inv.code}

fn cmul(a: vec2<f32>, b: vec2<f32>) -> vec2<f32> { return vec2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }

@compute @workgroup_size(${bx}, ${by})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
  let base = (wg.x * ${FFT.fftsPerBlock}u + lid.y) * ${N}u;
  var data: array<${FFT.valueType}, ${FFT.storageSize}>;
  for (var i = 0u; i < ${FFT.elementsPerThread}u; i++) { data[i] = buf[base + lid.x + i * ${s}u]; }
  ${fwd.execute}(&data, lid.x, lid.y);
  // Register i now holds spectrum element lid.x + i * stride.
  for (var i = 0u; i < ${FFT.elementsPerThread}u; i++) { data[i] = cmul(data[i], filter_spectrum[lid.x + i * ${s}u]); }
  // No barrier needed here: the register API synchronises before it first touches workgroup memory.
  ${inv.execute}(&data, lid.x, lid.y);
  for (var i = 0u; i < ${FFT.elementsPerThread}u; i++) { buf[base + lid.x + i * ${s}u] = data[i]; }
}`;
    const batch = 32 * FFT.fftsPerBlock;
    const x = randomComplex(N * batch);
    const h = randomComplex(N);
    const { outputs, ms } = await dispatch(device, code, [batch / FFT.fftsPerBlock], [{ data: x, read: true }, { data: h }]);
    return { did: `${batch} fused convolutions of ${N} points`, error: errorAgainst(outputs[0], referenceConvolution(x, h, batch)), ms };
  },
};
