// Runs createFFT plans the way a user's encode does, with every output and workspace byte poisoned
// (NaN) first, inside error scopes, and compares with the f64 references.
import { createFFT, makeWorkspace, type AnyShapeFFT } from '../../src/index.js';
import { withErrorScopes } from '../support/gpu.js';
import { randomFloats } from '../support/random.js';
import { relativeL2 } from '../support/reference.js';
import { referenceFFTN, referenceIRFFTN, referenceRFFTN } from '../support/nd-reference.js';

export type Kind = 'c2c-forward' | 'c2c-inverse' | 'r2c' | 'c2r';

export interface Case {
  readonly shape: readonly number[];
  readonly kind: Kind;
}

function poisoned(device: GPUDevice, bytes: number, usage: number): GPUBuffer {
  const buffer = device.createBuffer({ size: Math.max(16, bytes), usage: usage | GPUBufferUsage.COPY_DST });
  device.queue.writeBuffer(buffer, 0, new Float32Array(buffer.size / 4).fill(Number.NaN));
  return buffer;
}

/** Encodes plan on `data` (out of place, or in place) into poisoned buffers; resolves to the output floats. */
export async function runPoisoned(device: GPUDevice, plan: AnyShapeFFT, data: Float32Array<ArrayBuffer>, inPlace = false): Promise<Float32Array> {
  return withErrorScopes(device, async () => {
    const storage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC;
    const input = device.createBuffer({ size: Math.max(16, plan.inputBytes), usage: storage | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(input, 0, data);
    const output = inPlace ? input : poisoned(device, plan.outputBytes, storage);
    const workspace = plan.workspaceSize ? poisoned(device, plan.workspaceSize, GPUBufferUsage.STORAGE) : undefined;
    const readback = device.createBuffer({ size: Math.max(16, plan.outputBytes), usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    plan.encode(pass, { input, output, ...(workspace ? { workspace } : {}) });
    pass.end();
    encoder.copyBufferToBuffer(output, 0, readback, 0, plan.outputBytes);
    device.queue.submit([encoder.finish()]);
    await readback.mapAsync(GPUMapMode.READ);
    const out = new Float32Array(readback.getMappedRange(0, plan.outputBytes).slice(0));
    for (const b of [input, output, readback, workspace]) b?.destroy();
    return out;
  });
}

/** The bound: 6e-7 for powers of two up to 2^20 points, 1e-6 otherwise. */
export function boundFor(shape: readonly number[]): number {
  const n = shape.reduce((a, b) => a * b, 1);
  const pow2 = shape.every((d) => (d & (d - 1)) === 0);
  return pow2 && n <= 1 << 20 ? 6e-7 : 1e-6;
}

export interface Checked {
  readonly error: number;
  readonly passes: number;
  readonly plan: AnyShapeFFT;
}

/** Plans, runs on fresh random input and checks one case; the plan is returned for more checks (caller destroys it). */
export async function check(device: GPUDevice, c: Case, seed: number, inPlace = false): Promise<Checked> {
  const { shape, kind } = c;
  const type = kind.startsWith('c2c') ? 'c2c' : kind;
  const direction = kind === 'c2c-inverse' || kind === 'c2r' ? 'inverse' : 'forward';
  const plan = await createFFT(device, { shape, type: type as 'c2c' | 'r2c' | 'c2r', direction, precision: 'f32', batch: 1 });
  const data = randomFloats(plan.inputBytes / 4, seed);
  const got = await runPoisoned(device, plan, data, inPlace);
  const want =
    kind === 'r2c'
      ? referenceRFFTN(data, shape, 1)
      : kind === 'c2r'
        ? referenceIRFFTN(data, shape, 1)
        : referenceFFTN(data, shape, 1, direction === 'forward' ? -1 : 1);
  return { error: relativeL2(got, want), passes: plan.passes.length, plan };
}

export { makeWorkspace };
