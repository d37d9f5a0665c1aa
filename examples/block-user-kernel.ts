// cuFFTDx's simple_fft_block in WGSL: the user writes the kernel (load, execute, store) using only
// the documented register layout: invocation t holds element t + i * stride in register i.
import { Block, Direction, fft, Size, type WGSLModule } from '../src/index.js';
import { dispatch, errorAgainst, randomComplex, referenceBatch, type Example } from './support.js';

const FFT = fft(Size(256), Direction('forward'), Block());

/** What the kernel needs of a Block descriptor's traits. */
export interface BlockTraits {
  readonly size: number;
  readonly blockDim: readonly number[];
  readonly fftsPerBlock: number;
  readonly valueType: string;
  readonly storageSize: number;
  readonly elementsPerThread: number;
  readonly stride: number;
}

/**
 * The user kernel: each workgroup loads its FFTs from `buf` (elements of type `element`) in the
 * documented register layout, runs `execute`, and stores them back in place.
 */
export function blockUserKernelCode(FFT: BlockTraits, m: WGSLModule, element: string): string {
  const [x, y] = FFT.blockDim;
  return /* wgsl */ `
${m.directives}
@group(0) @binding(0) var<storage, read_write> buf: array<${element}>;
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
}

export const blockUserKernel: Example = {
  name: 'block-user-kernel',
  summary: `256-point C2C, Block, register API in a hand-written kernel (default ElementsPerThread ${FFT.elementsPerThread})`,
  async run({ device }) {
    const code = blockUserKernelCode(FFT, FFT.wgsl(), 'vec2<f32>');
    const batch = 64 * FFT.fftsPerBlock;
    const input = randomComplex(FFT.size * batch);
    const { outputs, ms } = await dispatch(device, code, [batch / FFT.fftsPerBlock], [{ data: input, read: true }]);
    return { did: `${batch} FFTs of 256 points in a user kernel`, error: errorAgainst(outputs[0], referenceBatch(input, 256, batch, -1)), ms };
  },
};
