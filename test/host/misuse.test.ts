// Misuse of a host plan is a thrown Error naming the problem, before anything reaches the GPU:
// every call here runs inside error scopes that must stay empty, with the device's creating calls
// and queue.submit counted (none allowed but the test's own command encoder), and the suite's setup
// fails on any uncaptured GPU error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Block, createBatchedFFT, Direction, fft, Limits, makeWorkspace, Precision, Size, Type, type BatchedFFT } from '../../src/index.js';
import { encodeAndRead, freshDevice, refusesBeforeGPU, testDevice, withErrorScopes } from '../support/gpu.js';
import { makeSeed, randomFloats } from '../support/random.js';

const C2C_32 = fft(Size(32), Direction('forward'), Block());
const BLUESTEIN = fft(Size(107), Direction('forward'), Block()); // 106 = 2 x 53: Bluestein over 256

/** Refused before any GPU object or submission; the test's own command encoder (inPass) aside. */
const rejectsBeforeGPU = (device: GPUDevice, fn: () => unknown, message: string | RegExp) => refusesBeforeGPU(device, fn, message, ['createCommandEncoder']);

function inPass(device: GPUDevice, fn: (pass: GPUComputePassEncoder) => void): () => void {
  return () => {
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    try {
      fn(pass);
    } finally {
      pass.end();
      encoder.finish();
    }
  };
}

describe('createBatchedFFT misuse', () => {
  it('run() takes a Float32Array of exactly the plan input length', async () => {
    const { device } = await testDevice();
    const plan = await createBatchedFFT(device, C2C_32, { batch: 4 });
    await rejectsBeforeGPU(device, () => plan.run(new Float64Array(256) as never), 'webfftdx: run() takes a Float32Array (f32 4 FFTs x 32 complex elements), got Float64Array');
    await rejectsBeforeGPU(device, () => plan.run(Array.from({ length: 256 }, () => 1) as never), 'got an Array');
    await rejectsBeforeGPU(device, () => plan.run(undefined as never), 'got undefined');
    await rejectsBeforeGPU(device, () => plan.run(new Float32Array(10)), 'webfftdx: run() expects 256 floats (4 FFTs x 32 complex elements), got 10');
    plan.destroy();
  });

  it('the batch is a positive integer whose buffers fit the device', async () => {
    const { device } = await testDevice();
    for (const batch of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 32, '4', undefined]) {
      await rejectsBeforeGPU(device, () => createBatchedFFT(device, C2C_32, { batch: batch as never }), /^webfftdx: batch must be a positive integer \(at most 2\^32 - 1\), got /);
    }
    await rejectsBeforeGPU(
      device,
      () => createBatchedFFT(device, C2C_32, { batch: 2 ** 31 }),
      new RegExp(
        `^webfftdx: the input of 2147483648 x Size\\(32\\) Type\\('c2c'\\) .* needs a buffer of 549755813888 bytes; this device allows ${Math.min(device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize)} \\(maxStorageBufferBindingSize\\)`,
      ),
    );
    await rejectsBeforeGPU(device, () => createBatchedFFT(device, C2C_32, undefined as never), 'needs its options object');
  });

  it('buffers larger than the plan needs are accepted, and only their first bytes are used', async () => {
    const { device } = await testDevice();
    const plan = await createBatchedFFT(device, C2C_32, { batch: 4 });
    const extra = 64;
    const x = randomFloats(plan.inputBytes / 4, makeSeed());
    const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
    const input = device.createBuffer({ size: plan.inputBytes + extra, usage });
    const output = device.createBuffer({ size: plan.outputBytes + extra, usage });
    const sentinel = new Float32Array(extra / 4).fill(12345);
    device.queue.writeBuffer(input, 0, x);
    device.queue.writeBuffer(output, plan.outputBytes, sentinel);
    const got = new Float32Array(await withErrorScopes(device, () => encodeAndRead(device, (pass) => plan.encode(pass, { input, output }), output)));
    expect([...got.subarray(plan.outputBytes / 4)]).toEqual([...sentinel]);
    expect([...got.subarray(0, plan.outputBytes / 4)]).toEqual([...(await plan.run(x))]);
    for (const b of [input, output]) b.destroy();
    plan.destroy();
  });

  it('encode() checks each buffer: a GPUBuffer, with STORAGE usage, large enough', async () => {
    const { device } = await testDevice();
    const plan = await createBatchedFFT(device, C2C_32, { batch: 4 });
    const good = device.createBuffer({ size: plan.inputBytes, usage: GPUBufferUsage.STORAGE });
    const noStorage = device.createBuffer({ size: plan.inputBytes, usage: GPUBufferUsage.COPY_DST, label: 'mine' });
    const small = device.createBuffer({ size: 64, usage: GPUBufferUsage.STORAGE });
    await rejectsBeforeGPU(device, inPass(device, (p) => plan.encode(p, { input: noStorage })), 'webfftdx: the input buffer "mine" lacks GPUBufferUsage.STORAGE');
    await rejectsBeforeGPU(device, inPass(device, (p) => plan.encode(p, { input: small })), 'webfftdx: the input buffer has 64 bytes; the plan needs 1024');
    await rejectsBeforeGPU(device, inPass(device, (p) => plan.encode(p, { input: good, output: small })), 'webfftdx: the output buffer has 64 bytes; the plan needs 1024');
    await rejectsBeforeGPU(device, inPass(device, (p) => plan.encode(p, { input: {} as never })), 'webfftdx: the input must be a GPUBuffer, got Object');
    await rejectsBeforeGPU(device, inPass(device, (p) => plan.encode(p, undefined as never)), 'needs its buffers object');
    for (const b of [good, noStorage, small]) b.destroy();
    plan.destroy();
  });

  it('a workspace must be given, large enough, and made for the same FFT', async () => {
    const { device } = await testDevice();
    const plan = await createBatchedFFT(device, BLUESTEIN, { batch: 2 });
    const io = device.createBuffer({ size: plan.inputBytes, usage: GPUBufferUsage.STORAGE });
    const out = device.createBuffer({ size: plan.outputBytes, usage: GPUBufferUsage.STORAGE });
    const tooSmall = device.createBuffer({ size: 64, usage: GPUBufferUsage.STORAGE });
    const other = makeWorkspace(device, fft(Size(107), Direction('inverse'), Block()));
    const rader = makeWorkspace(device, fft(Size(67), Direction('forward'), Block()));
    await rejectsBeforeGPU(device, inPass(device, (p) => plan.encode(p, { input: io, output: out })), /^webfftdx: Size\(107\) requires a workspace of \d+ bytes/);
    await rejectsBeforeGPU(device, inPass(device, (p) => plan.encode(p, { input: io, output: out, workspace: tooSmall })), /^webfftdx: the workspace buffer has 64 bytes; the plan needs \d+/);
    await rejectsBeforeGPU(
      device,
      inPass(device, (p) => plan.encode(p, { input: io, output: out, workspace: other })),
      'webfftdx: the workspace was made for Size(107) inverse (Bluestein length 256), but this FFT is Size(107) forward (Bluestein length 256)',
    );
    await rejectsBeforeGPU(
      device,
      inPass(device, (p) => plan.encode(p, { input: io, output: out, workspace: rader })),
      'webfftdx: the workspace was made for Size(67) forward (Rader length 66), but this FFT is Size(107) forward (Bluestein length 256)',
    );
    for (const b of [io, out, tooSmall]) b.destroy();
    other.destroy();
    rader.destroy();
    plan.destroy();
  });

  it('destroy() is idempotent; a destroyed plan refuses run() and encode()', async () => {
    const { device } = await testDevice();
    const plan = await createBatchedFFT(device, C2C_32, { batch: 4 });
    const buffer = device.createBuffer({ size: plan.inputBytes, usage: GPUBufferUsage.STORAGE });
    plan.destroy();
    plan.destroy();
    await rejectsBeforeGPU(device, () => plan.run(new Float32Array(256)), 'webfftdx: run() on a destroyed createBatchedFFT plan; create a new plan');
    await rejectsBeforeGPU(device, inPass(device, (p) => plan.encode(p, { input: buffer })), 'webfftdx: encode() on a destroyed createBatchedFFT plan');
    buffer.destroy();
  });

  it('destroy() during run(): the run rejects once its GPU work is done, and the plan frees its buffers then', async () => {
    const { device } = await testDevice();
    const plan: BatchedFFT = await createBatchedFFT(device, C2C_32, { batch: 4 });
    await withErrorScopes(device, async () => {
      const running = plan.run(randomFloats(256, 1));
      plan.destroy();
      await expect(running).rejects.toThrow('webfftdx: the createBatchedFFT plan was destroyed while run() was in progress; its result was discarded');
    });
    await rejectsBeforeGPU(device, () => plan.run(new Float32Array(256)), 'on a destroyed createBatchedFFT plan');
  });

  it('a destroyed device: createBatchedFFT, run() and encode() refuse it', async () => {
    const { device } = await freshDevice('default');
    const plan = await createBatchedFFT(device, C2C_32, { batch: 4 });
    device.destroy();
    await expect(plan.run(new Float32Array(256))).rejects.toThrow('webfftdx: run() on a createBatchedFFT plan: the GPUDevice was destroyed or lost');
    await expect(createBatchedFFT(device, C2C_32, { batch: 4 })).rejects.toThrow('webfftdx: createBatchedFFT: the GPUDevice was destroyed or lost');
    expect(inPass(device, (p) => plan.encode(p, { input: undefined as never }))).toThrow('the GPUDevice was destroyed or lost');
  });

  it('a descriptor beyond the device limits names the descriptor, the limit and the device value', async () => {
    const { device } = await testDevice('default');
    const big = fft(Size(16384), Direction('forward'), Block(), Limits({ maxComputeWorkgroupStorageSize: 49152, maxComputeInvocationsPerWorkgroup: 1024 }));
    expect(big.sharedMemorySize).toBeGreaterThan(16384);
    await rejectsBeforeGPU(
      device,
      () => createBatchedFFT(device, big, { batch: 1 }),
      new RegExp(`^webfftdx: Size\\(16384\\) Type\\('c2c'\\) Direction\\('forward'\\) Precision\\('f32'\\) Block\\(\\) ElementsPerThread\\(\\d+\\) FFTsPerBlock\\(\\d+\\) needs ${big.sharedMemorySize} bytes of workgroup memory; this device allows 16384 \\(maxComputeWorkgroupStorageSize\\)`),
    );
  });
  it('a load / store callback without the signature its sides need names what is expected, before any compilation', async () => {
    const { device } = await testDevice();
    const R2C_32 = fft(Size(32), Type('r2c'), Block());
    const F64_32 = fft(Size(32), Direction('forward'), Precision('f64'), Block());
    const cases: [Parameters<typeof createBatchedFFT>[1], Record<string, unknown>, RegExp][] = [
      [C2C_32, { load: 'fn load(fft: u32, index: u32) -> f32 { return 0.0; }' }, /^webfftdx: createBatchedFFT's load callback of Size\(32\) .* must be WGSL defining `fn load\(fft: u32, index: u32\) -> vec2<f32>`; got `fn load\(fft: u32, index: u32\) -> f32`/],
      [C2C_32, { store: 'fn store(fft: u32, value: vec2<f32>) {}' }, /store callback of .* must be WGSL defining `fn store\(fft: u32, index: u32, value: vec2<f32>\)`; got `fn store\(fft: u32, value: vec2<f32>\)`/],
      [C2C_32, { load: 'fn loader(fft: u32, index: u32) -> vec2<f32> { return vec2<f32>(); }' }, /the text has no `fn load\(\.\.\.\) \{`/],
      [C2C_32, { store: 42 }, /store callback .* got 42/],
      [R2C_32, { load: 'fn load(fft: u32, index: u32) -> vec2<f32> { return vec2<f32>(); }' }, /load callback of Size\(32\) Type\('r2c'\).* `fn load\(fft: u32, index: u32\) -> f32`/],
      [F64_32, { load: 'fn load(fft: u32, index: u32) -> vec2<f32> { return vec2<f32>(); }' }, /Precision\('f64'\).* `fn load\(fft: u32, index: u32\) -> vec4<f32>`/],
    ];
    for (const [desc, callbacks, message] of cases) {
      await rejectsBeforeGPU(device, () => createBatchedFFT(device, desc, { batch: 2, ...callbacks }), message);
    }
  });

  it('random misuse calls all throw a webfftdx Error before any submission (property test, fast-check)', { timeout: 120_000 }, async () => {
    const { device } = await testDevice();
    const c2c = await createBatchedFFT(device, C2C_32, { batch: 4 });
    const bluestein = await createBatchedFFT(device, BLUESTEIN, { batch: 2 });
    const plans = [c2c, bluestein];
    const floats = (p: BatchedFFT) => p.inputBytes / 4;
    const typedArrays = [Float64Array, Int32Array, Uint8Array, Float32Array] as const;
    // One misuse per draw: wrong host data, an invalid batch, a buffer without STORAGE or too small, a missing or short workspace.
    const misuse = fc.oneof(
      fc.record({ kind: fc.constant('run' as const), plan: fc.nat(1), array: fc.nat(3), delta: fc.integer({ min: -300, max: 300 }) })
        .filter((m) => m.array !== 3 || m.delta !== 0),
      fc.record({
        kind: fc.constant('batch' as const),
        batch: fc.oneof(fc.integer({ max: 0 }), fc.double({ noInteger: true }), fc.constantFrom(Number.NaN, Infinity, 2 ** 32, 2 ** 40, 2 ** 31)),
      }),
      fc.record({ kind: fc.constant('buffer' as const), plan: fc.nat(1), which: fc.constantFrom('input', 'output'), storage: fc.boolean(), bytes: fc.integer({ min: 4, max: 4096 }) })
        .filter((m) => !m.storage || m.bytes < 1024),
      fc.record({ kind: fc.constant('workspace' as const), bytes: fc.option(fc.integer({ min: 16, max: 1024 }), { nil: undefined }) }),
    );
    let submits = 0;
    const queue = device.queue;
    const submit = queue.submit.bind(queue);
    queue.submit = (buffers) => {
      submits++;
      submit(buffers);
    };
    const made: GPUBuffer[] = [];
    const buffer = (bytes: number, usage = GPUBufferUsage.STORAGE) => {
      const b = device.createBuffer({ size: Math.ceil(bytes / 4) * 4, usage });
      made.push(b);
      return b;
    };
    try {
      await fc.assert(
        fc.asyncProperty(misuse, async (m) => {
          let call: () => unknown;
          if (m.kind === 'run') {
            const p = plans[m.plan];
            const Typed = typedArrays[m.array];
            call = () => p.run(new Typed(Math.max(0, floats(p) + m.delta)) as never);
          } else if (m.kind === 'batch') {
            call = () => createBatchedFFT(device, C2C_32, { batch: m.batch });
          } else if (m.kind === 'buffer') {
            const p = plans[m.plan];
            const good = buffer(Math.max(p.inputBytes, p.outputBytes));
            const bad = buffer(m.bytes, m.storage ? GPUBufferUsage.STORAGE : GPUBufferUsage.COPY_DST);
            const workspace = p === bluestein ? makeWorkspace(device, BLUESTEIN) : undefined;
            call = inPass(device, (pass) => p.encode(pass, m.which === 'input' ? { input: bad, output: good, workspace } : { input: good, output: bad, workspace }));
          } else {
            const io = buffer(bluestein.inputBytes);
            const out = buffer(bluestein.outputBytes);
            const workspace = m.bytes === undefined ? undefined : buffer(m.bytes);
            call = inPass(device, (pass) => bluestein.encode(pass, { input: io, output: out, workspace }));
          }
          const before = submits;
          await rejectsBeforeGPU(device, call, /^webfftdx: /);
          expect(submits, 'a misuse reached queue.submit').toBe(before);
        }),
        { seed: makeSeed(), numRuns: 60 },
      );
    } finally {
      queue.submit = submit;
      for (const b of made) b.destroy();
      for (const p of plans) p.destroy();
    }
  });
});
