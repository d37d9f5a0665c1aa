// GPU timing of a recorded workload (the benchmark's and createBatchedFFT's `tuning: 'measure'`): each sample is one compute pass holding `dispatches` calls of
// `encode`, timed by the pass's begin/end timestamps (`timestampWrites`), so queue submission and
// host overhead stay out of the number. Warm-up passes run first (pipeline creation, first-touch
// page faults, clocks); the result is the median over samples, per call of `encode`.
// Without the `timestamp-query` feature it falls back to wall-clock time around submit ..
// onSubmittedWorkDone, and says so in `method`.

export type TimingMethod = 'timestamp' | 'wall-clock';

export interface TimingOptions {
  /** Passes run and discarded before measuring. */
  readonly warmup: number;
  /** Timed passes; the median is reported. */
  readonly repeats: number;
  /** `encode` calls per pass (the per-call time is the pass time divided by this). */
  readonly dispatches: number;
}

export interface TimingResult {
  /** Median milliseconds per `encode` call. */
  readonly ms: number;
  /** Every sample, milliseconds per call, in measurement order. */
  readonly samples: readonly number[];
  readonly method: TimingMethod;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function timingMethod(device: GPUDevice): TimingMethod {
  return device.features.has('timestamp-query') ? 'timestamp' : 'wall-clock';
}

function recordPass(
  encoder: GPUCommandEncoder,
  encode: (pass: GPUComputePassEncoder) => void,
  dispatches: number,
  timestampWrites?: GPUComputePassTimestampWrites,
): void {
  const pass = encoder.beginComputePass(timestampWrites ? { timestampWrites } : {});
  for (let i = 0; i < dispatches; i++) encode(pass);
  pass.end();
}

/** Runs warm-up passes and waits for them. */
async function warmUp(device: GPUDevice, encode: (pass: GPUComputePassEncoder) => void, o: TimingOptions): Promise<void> {
  for (let i = 0; i < o.warmup; i++) {
    const encoder = device.createCommandEncoder();
    recordPass(encoder, encode, o.dispatches);
    device.queue.submit([encoder.finish()]);
  }
  await device.queue.onSubmittedWorkDone();
}

async function timeWithTimestamps(
  device: GPUDevice,
  encode: (pass: GPUComputePassEncoder) => void,
  o: TimingOptions,
): Promise<number[]> {
  const count = 2 * o.repeats;
  const querySet = device.createQuerySet({ type: 'timestamp', count });
  const resolve = device.createBuffer({ size: count * 8, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC });
  const readback = device.createBuffer({ size: count * 8, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  try {
    // One submit per sample: the GPU runs them back to back, and no pass waits on the host.
    for (let r = 0; r < o.repeats; r++) {
      const encoder = device.createCommandEncoder();
      recordPass(encoder, encode, o.dispatches, {
        querySet,
        beginningOfPassWriteIndex: 2 * r,
        endOfPassWriteIndex: 2 * r + 1,
      });
      device.queue.submit([encoder.finish()]);
    }
    const encoder = device.createCommandEncoder();
    encoder.resolveQuerySet(querySet, 0, count, resolve, 0);
    encoder.copyBufferToBuffer(resolve, 0, readback, 0, count * 8);
    device.queue.submit([encoder.finish()]);
    await readback.mapAsync(GPUMapMode.READ);
    const ticks = new BigInt64Array(readback.getMappedRange().slice(0));
    readback.unmap();
    const samples: number[] = [];
    for (let r = 0; r < o.repeats; r++) {
      const ns = Number(ticks[2 * r + 1] - ticks[2 * r]);
      // Timestamps may be reset or reordered across power-state changes; such samples are dropped.
      if (ns > 0) samples.push(ns / 1e6 / o.dispatches);
    }
    return samples;
  } finally {
    querySet.destroy();
    resolve.destroy();
    readback.destroy();
  }
}

async function timeWithWallClock(
  device: GPUDevice,
  encode: (pass: GPUComputePassEncoder) => void,
  o: TimingOptions,
): Promise<number[]> {
  const samples: number[] = [];
  for (let r = 0; r < o.repeats; r++) {
    const encoder = device.createCommandEncoder();
    recordPass(encoder, encode, o.dispatches);
    const buffer = encoder.finish();
    const t0 = performance.now();
    device.queue.submit([buffer]);
    await device.queue.onSubmittedWorkDone();
    samples.push((performance.now() - t0) / o.dispatches);
  }
  return samples;
}

/**
 * Times `encode` on the GPU. Any GPU error (validation, out of memory, internal) during warm-up or
 * measurement rejects, so a broken kernel never produces a number.
 */
export async function timeEncode(
  device: GPUDevice,
  encode: (pass: GPUComputePassEncoder) => void,
  options: TimingOptions,
): Promise<TimingResult> {
  if (options.repeats < 1 || options.dispatches < 1) throw new Error('timeEncode: repeats and dispatches must be >= 1');
  device.pushErrorScope('validation');
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('internal');
  let method = timingMethod(device);
  let samples: number[] = [];
  let thrown: unknown;
  try {
    await warmUp(device, encode, options);
    if (method === 'timestamp') samples = await timeWithTimestamps(device, encode, options);
    if (samples.length === 0) {
      method = 'wall-clock';
      samples = await timeWithWallClock(device, encode, options);
    }
  } catch (e) {
    thrown = e;
  }
  const errors = [await device.popErrorScope(), await device.popErrorScope(), await device.popErrorScope()];
  const gpuError = errors.find((e) => e !== null);
  if (gpuError) throw new Error(`GPU error while timing: ${gpuError.message}`);
  if (thrown) throw thrown;
  return { ms: median(samples), samples, method };
}
