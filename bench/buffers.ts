// Input/output buffer sets for benchmark cases: inputs filled with seeded pseudo-random data (never
// zeros: some hardware and drivers short-cut zero pages), outputs left for the kernel to write.
import type { BenchCase, Placement } from './case.js';

/** Assumed size of the largest cache between the kernel and memory (H100 L2 is 50 MB). */
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
const MAX_COPIES = 8;

/**
 * Buffer sets to rotate through so that consecutive dispatches touch more bytes than the cache
 * holds: 1 when one set already exceeds twice the cache, at most MAX_COPIES.
 */
export function rotationCount(bytesPerSet: number, cacheBytes = DEFAULT_CACHE_BYTES): number {
  if (bytesPerSet <= 0) return 1;
  return Math.max(1, Math.min(MAX_COPIES, Math.ceil((2 * cacheBytes) / bytesPerSet)));
}

export interface BufferSet {
  readonly input: GPUBuffer;
  readonly output: GPUBuffer;
}

/** A repeating tile of uniform values in [-1, 1) (xorshift32, fixed seed: runs are reproducible). */
function randomTile(floats: number, seed = 0x9e3779b9): Float32Array<ArrayBuffer> {
  const tile = new Float32Array(floats);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < floats; i++) {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    tile[i] = (s / 0x1_0000_0000) * 2 - 1;
  }
  return tile;
}

const TILE_FLOATS = 1 << 18;

/** Fills `buffer` with random floats by repeating one tile (timing does not depend on the values). */
export function fillRandom(device: GPUDevice, buffer: GPUBuffer, bytes: number): void {
  const tile = randomTile(TILE_FLOATS);
  for (let offset = 0; offset < bytes; offset += tile.byteLength) {
    const chunk = Math.min(tile.byteLength, bytes - offset);
    device.queue.writeBuffer(buffer, offset, tile, 0, chunk / 4);
  }
}

/** Rounds a byte count up to the 4-byte multiple WebGPU buffers need (16 at least). */
export function bufferSize(bytes: number): number {
  return Math.max(16, Math.ceil(bytes / 4) * 4);
}

/** Sets of an input and an output buffer; in place, the output is the input buffer (`outputBytes` unused). */
export function createBufferSets(
  device: GPUDevice,
  inputBytes: number,
  outputBytes: number,
  copies: number,
  label: string,
  placement: Placement = 'out-of-place',
): BufferSet[] {
  const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
  return Array.from({ length: copies }, (_, i) => {
    const input = device.createBuffer({ size: bufferSize(inputBytes), usage, label: `${label} in ${i}` });
    const output = placement === 'in-place' ? input : device.createBuffer({ size: bufferSize(outputBytes), usage, label: `${label} out ${i}` });
    fillRandom(device, input, bufferSize(inputBytes));
    return { input, output };
  });
}

export function destroyBufferSets(sets: readonly BufferSet[]): void {
  for (const s of sets) {
    s.input.destroy();
    if (s.output !== s.input) s.output.destroy();
  }
}

/** What a host plan gives a benchmark case: its buffer sizes, how to record it, how to free it. */
export interface RotatablePlan {
  readonly inputBytes: number;
  readonly outputBytes: number;
  encode(pass: GPUComputePassEncoder, buffers: { input: GPUBuffer; output: GPUBuffer; workspace?: { buffer: GPUBuffer | undefined; size: number; destroy(): void } }): void;
  destroy(): void;
}

/**
 * A benchmark case around a host plan (and its workspace, if any): out of place (or in place, where the
 * plan's input and output sizes match), rotating through buffer sets so that
 * consecutive dispatches do not hit the cache, counting the bytes a one-pass kernel must move (each
 * input read once, each output written once).
 */
export function rotatingCase(
  device: GPUDevice,
  spec: { readonly kind: string; readonly precision: string; readonly n: number; readonly batch: number },
  plan: RotatablePlan,
  copies = 1,
  workspace?: { buffer: GPUBuffer | undefined; size: number; destroy(): void },
  placement: Placement = 'out-of-place',
): BenchCase {
  if (placement === 'in-place' && plan.inputBytes !== plan.outputBytes) {
    throw new Error(`bench: ${spec.kind} ${spec.n} cannot run in place (input ${plan.inputBytes} B, output ${plan.outputBytes} B)`);
  }
  const sets = createBufferSets(device, plan.inputBytes, plan.outputBytes, copies, `bench ${spec.kind} ${spec.n} ${placement}`, placement);
  let next = 0;
  return {
    kind: spec.kind,
    precision: spec.precision,
    n: spec.n,
    batch: spec.batch,
    bytesMoved: plan.inputBytes + plan.outputBytes,
    encode(pass) {
      plan.encode(pass, { ...sets[next], workspace });
      next = (next + 1) % sets.length;
    },
    destroy() {
      destroyBufferSets(sets);
      workspace?.destroy();
      plan.destroy();
    },
  };
}
