// run(): upload host data, record the plan's passes, read the output back. Shared by every host
// plan; GPU errors inside it reject the returned promise.

export interface RunOnce {
  readonly data: Float32Array;
  readonly inputBytes: number;
  readonly outputBytes: number;
  /** Records the plan into the pass, reading `input` and writing `output`. */
  readonly encode: (pass: GPUComputePassEncoder, input: GPUBuffer, output: GPUBuffer) => void;
}

export async function runOnce(device: GPUDevice, r: RunOnce): Promise<Float32Array> {
  const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
  const size = (bytes: number) => Math.max(16, Math.ceil(bytes / 4) * 4);
  const input = device.createBuffer({ size: size(r.inputBytes), usage, label: 'webfftdx run input' });
  const output = device.createBuffer({ size: size(r.outputBytes), usage, label: 'webfftdx run output' });
  const readback = device.createBuffer({ size: size(r.outputBytes), usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST, label: 'webfftdx run readback' });
  try {
    device.queue.writeBuffer(input, 0, r.data as Float32Array<ArrayBuffer>);
    // The scope is popped whatever happens, so a check that throws inside encode leaves no scope behind.
    device.pushErrorScope('validation');
    let error: GPUError | null;
    try {
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      r.encode(pass, input, output);
      pass.end();
      encoder.copyBufferToBuffer(output, 0, readback, 0, size(r.outputBytes));
      device.queue.submit([encoder.finish()]);
    } finally {
      error = await device.popErrorScope();
    }
    if (error) throw new Error(`webfftdx: GPU validation error: ${error.message}`);
    await readback.mapAsync(GPUMapMode.READ);
    return new Float32Array(readback.getMappedRange(0, r.outputBytes).slice(0));
  } finally {
    input.destroy();
    output.destroy();
    readback.destroy();
  }
}
