// Argument checks every host plan shares: batch counts, the host arrays given to run(), and the
// GPUBuffers given to encode(). Each names the problem and the expected value, and runs before
// anything reaches the GPU.

/** A positive integer batch that fits the u32 parameters of the kernels. */
export function checkBatch(batch: unknown): number {
  if (typeof batch !== 'number' || !Number.isInteger(batch) || batch < 1 || batch > 0xffffffff) {
    const shown = typeof batch === 'number' ? String(batch) : `${typeof batch} ${JSON.stringify(batch)}`;
    throw new Error(`webfftdx: batch must be a positive integer (at most 2^32 - 1), got ${shown}`);
  }
  return batch;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (ArrayBuffer.isView(value)) return value.constructor.name;
  if (Array.isArray(value)) return 'an Array';
  return typeof value === 'object' ? (value as object).constructor?.name ?? 'object' : typeof value;
}

/** The host data of run(): exactly a Float32Array of `length` values (interleaved re/im for complex). */
export function checkFloat32Data(data: unknown, length: number, what: string): Float32Array {
  if (!(data instanceof Float32Array)) {
    throw new Error(`webfftdx: run() takes a Float32Array (f32 ${what}), got ${kindOf(data)}; convert with Float32Array.from(data)`);
  }
  if (data.length !== length) {
    throw new Error(`webfftdx: run() expects ${length} floats (${what}), got ${data.length}`);
  }
  return data;
}

/** A GPUBuffer bound as storage: the right object, the STORAGE usage, at least `bytes` bytes. */
export function checkStorageBuffer(buffer: unknown, bytes: number, role: string): GPUBuffer {
  if (typeof buffer !== 'object' || buffer === null || !('usage' in buffer) || !('size' in buffer) || typeof (buffer as GPUBuffer).usage !== 'number') {
    throw new Error(`webfftdx: the ${role} must be a GPUBuffer, got ${kindOf(buffer)}`);
  }
  const b = buffer as GPUBuffer;
  if (!(b.usage & GPUBufferUsage.STORAGE)) {
    throw new Error(`webfftdx: the ${role} buffer${b.label ? ` "${b.label}"` : ''} lacks GPUBufferUsage.STORAGE (its usage is ${b.usage})`);
  }
  if (b.size < bytes) {
    throw new Error(`webfftdx: the ${role} buffer${b.label ? ` "${b.label}"` : ''} has ${b.size} bytes; the plan needs ${bytes}`);
  }
  return b;
}

/** The host data of run() for Precision('f64'): exactly a Float64Array of `length` values (interleaved re/im, or reals). */
export function checkFloat64Data(data: unknown, length: number, what: string): Float64Array {
  if (!(data instanceof Float64Array)) {
    throw new Error(`webfftdx: run() of a Precision('f64') plan takes a Float64Array (${what}), got ${kindOf(data)}; convert with Float64Array.from(data)`);
  }
  if (data.length !== length) {
    throw new Error(`webfftdx: run() expects ${length} doubles (${what}), got ${data.length}`);
  }
  return data;
}

/** The `{ input, output? }` of encode(), checked: output defaults to input (in place). */
export function checkIOBuffers(buffers: unknown, inputBytes: number, outputBytes: number): { input: GPUBuffer; output: GPUBuffer; inPlace: boolean } {
  if (typeof buffers !== 'object' || buffers === null) {
    throw new Error('webfftdx: encode(pass, { input, output?, workspace? }) needs its buffers object');
  }
  const { input: given, output: givenOut } = buffers as { input?: unknown; output?: unknown };
  const input = checkStorageBuffer(given, inputBytes, 'input');
  const output = givenOut === undefined ? input : checkStorageBuffer(givenOut, outputBytes, 'output');
  return { input, output, inPlace: output === input };
}
