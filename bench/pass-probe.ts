// One pass of a createFFT plan on its own (src/any-shape/passes.ts, kernels/any-shape/pass.ts), to
// see where a multi-pass FFT's time goes: each pass against the copy kernel's rate.
//   node dist/bench/pass-probe.js [--total N] [--repeats R] label ...
// labels: copy4 (the bench's ceiling), or <shape>:<pass>[:uniform], shape as 1048576 or 1024x1024
//   (C2C forward, batch = total / elements), pass the index in plan.passes (column and final passes
//   only; a rows pass is createBatchedFFT, measured by the bench's c2c kind), `uniform` for the
//   kernel that reads its parameters from the uniform instead of constants. Out of place; the bytes
//   counted are the pass's own (one read and one write of the data). Further options override the
//   engine's shape: e<ept>, p<parts>, complex or split, c<N> columns per workgroup (for trying shapes
//   the planner did not pick);
//   inv<N> plans as if the device allowed N invocations per workgroup (shorter, more passes),
//   defaults as if it had WebGPU's default limits (16 KiB, 256 invocations).
//   A one-pass shape (2D / 3D that one workgroup holds) has pass 0 the one-pass kernel; there
//   `io` (both kinds) drops the FFT itself and keeps the memory traffic.
//   e<ept> re-plans every axis with that many elements per invocation, nopad keeps the buffer
//   unpadded (no onePassLayout: the kernel's own pitch rule), pitch<N> sets the row pitch of the buffer,
//   rowslot<N> the rows exchange's slot stride, bytes<N> lays the buffer out as if the device had N
//   bytes of workgroup memory (less: slot swizzles instead of padding), io drops the FFTs (the
//   kernel's loads, buffer traffic, barriers and stores alone).
//   A C2C shape the phased engine runs (kernels/any-shape/one-pass-engine.ts): `axes` times the
//   axis-by-axis kernel instead (its options as above); else e<ept>, p<parts>, complex / split,
//   s<slots> (transforms per workgroup) and r<radices as 16.4.16.4> override the planned engine,
//   io drops the engine.
import type { BenchCase } from './case.js';
import { createBufferSets, destroyBufferSets, rotationCount } from './buffers.js';
import { makeCopyCase } from './copy-kernel.js';
import { probeMain } from './probe-cli.js';
import { dispatchShape } from '../src/host/device.js';
import { onePass, planShape, type OnePass } from '../src/any-shape/passes.js';
import type { PlanLimits } from '../src/any-shape/pass-split.js';
import { engineRadices } from '../src/any-shape/one-pass-engine-plan.js';
import { onePassEngineKernel, onePassEngineWorkgroups, type OnePassEngineShape } from '../kernels/any-shape/one-pass-engine.js';
import { PASS_BINDINGS, PASS_PARAMS_BYTES, passKernel, passParamsData } from '../kernels/any-shape/pass.js';
import { ONE_PASS_BINDINGS, ONE_PASS_SMEM, onePassKernel, onePassLayout } from '../kernels/any-shape/one-pass.js';
import { generateModule } from '../kernels/module.js';
import { resolvePlan } from '../descriptors/plan.js';

async function probe(device: GPUDevice, label: string, total: number): Promise<BenchCase> {
  if (label === 'copy4') return makeCopyCase(device, total * 8, { copies: rotationCount(total * 16) });
  const [shapeText, passText, ...options] = label.split(':');
  const mode = options.includes('uniform') ? 'uniform' : 'const';
  // Engine overrides: e<ept>, p<parts>, complex / split (must fit the device's limits).
  const override: Record<string, unknown> = {};
  for (const o of options) {
    if (/^e\d+$/.test(o)) override.ept = Number(o.slice(1));
    else if (/^p\d+$/.test(o)) override.parts = Number(o.slice(1));
    else if (o === 'complex' || o === 'split') override.exchange = o;
    else if (/^c\d+$/.test(o)) override.columns = Number(o.slice(1));
  }
  // inv<N>: plan as if the device allowed N invocations per workgroup (shorter passes, more of them).
  const inv = options.find((o) => /^inv\d+$/.test(o));
  const shape = shapeText.split('x').map(Number);
  const elements = shape.reduce((a, b) => a * b, 1);
  const batch = Math.max(1, Math.floor(total / elements));
  const l = device.limits;
  // defaults: plan as for a device with WebGPU's default limits (16 KiB, 256 invocations).
  const defaults = options.includes('defaults');
  const limits: PlanLimits = {
    maxComputeWorkgroupStorageSize: defaults ? 16384 : l.maxComputeWorkgroupStorageSize,
    maxComputeInvocationsPerWorkgroup: defaults ? 256 : inv ? Number(inv.slice(3)) : l.maxComputeInvocationsPerWorkgroup,
    maxComputeWorkgroupSizeX: defaults ? 256 : l.maxComputeWorkgroupSizeX,
    maxComputeWorkgroupSizeY: defaults ? 256 : l.maxComputeWorkgroupSizeY,
    subgroups: false,
  };
  const planned = planShape(shape, 'c2c', 'forward', batch, limits);
  const p = planned.passes[Number(passText)];
  if (p?.op === 'one-pass') {
    const number = (key: string) => {
      const o = options.find((x) => new RegExp(`^${key}\\d+$`).test(x));
      return o === undefined ? undefined : Number(o.slice(key.length));
    };
    if (p.engine && !options.includes('axes')) {
      const radices = options.find((o) => /^r[\d.]+$/.test(o));
      const ept = number('e') ?? p.engine.ept;
      const parts = number('p') ?? p.engine.parts;
      const engine: OnePassEngineShape = {
        ept,
        parts,
        exchange: options.includes('split') ? 'split' : options.includes('complex') ? 'complex' : p.engine.exchange,
        slots: number('s') ?? p.engine.slots,
        radices: radices ? radices.slice(1).split('.').map(Number) : ept === p.engine.ept && parts === p.engine.parts ? p.engine.radices : engineRadices(shape, ept, parts)[0] ?? [],
      };
      return enginePassProbe(device, label, p, engine, options.includes('io'));
    }
    const axes = p.engine ? onePass(shape, 'c2c', 'forward', batch, limits) : p;
    if (!axes) throw new Error(`pass probe: [${shape}] has no axis-by-axis one-pass kernel under these limits`);
    return onePassProbe(device, label, axes, { ept: number('e'), pad: !options.includes('nopad'), pitch: number('pitch'), rowSlot: number('rowslot'), bytes: number('bytes'), io: options.includes('io') }, limits);
  }
  if (!p || p.op !== 'pass') throw new Error(`pass probe: pass ${passText} of [${shape}] is not a column or final pass`);
  const groups = Math.ceil(p.params.count / ((override.columns as number | undefined) ?? p.spec.columns));
  const wg = dispatchShape(groups, l.maxComputeWorkgroupsPerDimension);
  const params = { ...p.params, groupsX: wg[0], groups };
  const kernel = passKernel({ ...p.spec, ...override, inPlace: false, maxWorkgroupBytes: l.maxComputeWorkgroupStorageSize, ...(mode === 'uniform' ? {} : { constants: params }) });
  // io: the pass without its FFT (the engine call dropped): loads, staging, twiddles, stores only.
  const code = options.includes('io') ? kernel.code.replace(/^\s*ax_engine\(&data, [^;]*\);$/gm, '') : kernel.code;
  if (options.includes('io') && code === kernel.code) throw new Error('pass probe: no engine call found to drop');
  const module = device.createShaderModule({ code, label });
  const pipeline = await device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' } });
  const uniform = device.createBuffer({ size: PASS_PARAMS_BYTES, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  device.queue.writeBuffer(uniform, 0, passParamsData({ ...params, inBase: 0, outBase: 0 }));
  const tables = device.createBuffer({ size: 16, usage: GPUBufferUsage.STORAGE });
  const inBytes = p.io.inElements * 8;
  const outBytes = p.io.outElements * 8;
  const sets = createBufferSets(device, inBytes, outBytes, rotationCount(inBytes + outBytes), label);
  const bindGroups = sets.map((s) =>
    device.createBindGroup({
      layout: pipeline.getBindGroupLayout(0),
      entries: [
        { binding: PASS_BINDINGS.input, resource: { buffer: s.input } },
        { binding: PASS_BINDINGS.output, resource: { buffer: s.output } },
        { binding: PASS_BINDINGS.params, resource: { buffer: uniform } },
        ...(kernel.usesTables ? [{ binding: PASS_BINDINGS.tables, resource: { buffer: tables } }] : []),
      ],
    }),
  );
  return dispatchCase({ n: elements, batch, bytesMoved: inBytes + outBytes, pipeline, bindGroups, workgroups: wg }, () => {
    destroyBufferSets(sets);
    uniform.destroy();
    tables.destroy();
  });
}

/** A case that dispatches `pipeline` over `workgroups`, rotating through the bind groups (one per buffer set). */
function dispatchCase(
  c: { n: number; batch: number; bytesMoved: number; pipeline: GPUComputePipeline; bindGroups: GPUBindGroup[]; workgroups: readonly number[] },
  release: () => void,
): BenchCase {
  let next = 0;
  return {
    kind: 'pass',
    precision: 'f32',
    n: c.n,
    batch: c.batch,
    bytesMoved: c.bytesMoved,
    encode(pass) {
      pass.setPipeline(c.pipeline);
      pass.setBindGroup(0, c.bindGroups[next]);
      pass.dispatchWorkgroups(c.workgroups[0], c.workgroups[1], c.workgroups[2]);
      next = (next + 1) % c.bindGroups.length;
    },
    destroy: release,
  };
}

/** Variants of the one-pass kernel (pass-probe options e<ept>, nopad, pitch<N>, rowslot<N>, bytes<N>). */
interface OnePassOverrides {
  readonly ept?: number;
  readonly pad: boolean;
  readonly pitch?: number;
  readonly rowSlot?: number;
  /** Plan the buffer layout as if the device had this much workgroup memory (padding or slot swizzles). */
  readonly bytes?: number;
  /** Drop the FFTs: what the kernel's memory traffic and barriers cost alone. */
  readonly io: boolean;
}

/** The one-pass kernel of a 2D / 3D shape (out of place), its axes optionally re-planned with `ept` elements per invocation. */
async function onePassProbe(device: GPUDevice, label: string, p: OnePass, o: OnePassOverrides, limits: PlanLimits): Promise<BenchCase> {
  const { ept, pad } = o;
  const plans = ept === undefined ? p.plans : p.plans.map((plan) =>
        resolvePlan({
          size: plan.size,
          type: plan.type,
          direction: plan.direction,
          precision: 'f32',
          execution: 'block',
          fftsPerBlock: plan.fftsPerBlock,
          limits: plan.limits,
          exchange: 'complex',
          exchangeParts: 1,
          elementsPerThread: Math.min(ept, plan.size),
        }),
      );
  const invocations = Math.max(...plans.map((q) => q.stride * q.fftsPerBlock));
  if (invocations > limits.maxComputeInvocationsPerWorkgroup) throw new Error(`pass probe: ${label} needs ${invocations} invocations`);
  const maxBytes = limits.maxComputeWorkgroupStorageSize;
  const layout = onePassLayout(p.shape, p.type, plans, o.bytes ?? maxBytes);
  const slotStride = (k: number) => (k === p.shape.length - 1 ? o.rowSlot ?? (pad ? layout.slotStrides[k] : undefined) : pad ? layout.slotStrides[k] : undefined);
  const modules = plans.map((plan, k) =>
    generateModule(plan, { prefix: `fft_a${k}`, sharedMemory: ONE_PASS_SMEM, registersOnly: true, slotStride: slotStride(k), slotSwizzle: pad && layout.slotSwizzles[k] }),
  );
  const kernel = onePassKernel({ shape: p.shape, type: p.type, modules, invocations, maxWorkgroupBytes: limits.maxComputeWorkgroupStorageSize, inPlace: false, pitch: o.pitch ?? (pad ? layout.pitch : undefined) });
  console.log(`${label}: ${plans.map((q) => `${q.fftsPerBlock} x ${q.size} E${q.execEPT} stride ${q.stride}`).join(', ')}; ${invocations} invocations, ${kernel.workgroupBytes} bytes`);
  // io: the kernel without its FFTs (every axis's execute call dropped): its loads, barriers, buffer traffic and stores only.
  const code = o.io ? kernel.code.replace(/^\s*fft_a\d+_execute\(&a\d+_data, [^;]*\);$/gm, '') : kernel.code;
  if (o.io && code === kernel.code) throw new Error('pass probe: no execute call found to drop');
  const inBytes = p.io.inElements * (p.io.inReal ? 4 : 8);
  const outBytes = p.io.outElements * (p.io.outReal ? 4 : 8);
  return onePassCase(device, label, code, p, p.batch, inBytes, outBytes);
}

/** The phased-engine one-pass kernel (C2C forward, out of place) in a given shape; `io` drops the engine call. */
async function enginePassProbe(device: GPUDevice, label: string, p: OnePass, engine: OnePassEngineShape, io: boolean): Promise<BenchCase> {
  const kernel = onePassEngineKernel({ ...engine, shape: p.shape, direction: 'forward', precision: 'f32', inPlace: false });
  console.log(`${label}: engine E${engine.ept} radices ${engine.radices.join('.')} ${engine.exchange} in ${engine.parts} part(s), ${engine.slots} slot(s); ${kernel.workgroupSize.join(' x ')} invocations, ${kernel.workgroupBytes} bytes`);
  const code = io ? kernel.code.replace(/^\s*fft_e_engine\(&data, [^;]*\);$/gm, '') : kernel.code;
  if (io && code === kernel.code) throw new Error('pass probe: no engine call found to drop');
  const bytes = p.io.inElements * 8;
  return onePassCase(device, label, code, p, onePassEngineWorkgroups(p.batch, engine), bytes, bytes);
}

/** A one-pass kernel's case (either kind: the same bindings and parameters), out of place over rotating buffer sets. */
async function onePassCase(device: GPUDevice, label: string, code: string, p: OnePass, groups: number, inBytes: number, outBytes: number): Promise<BenchCase> {
  const module = device.createShaderModule({ code, label });
  const pipeline = await device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' } });
  const wg = dispatchShape(groups, device.limits.maxComputeWorkgroupsPerDimension);
  const uniform = device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  device.queue.writeBuffer(uniform, 0, new Uint32Array([p.batch, wg[0], p.batch, 0]));
  const sets = createBufferSets(device, inBytes, outBytes, rotationCount(inBytes + outBytes), label);
  const bindGroups = sets.map((s) =>
    device.createBindGroup({
      layout: pipeline.getBindGroupLayout(0),
      entries: [
        { binding: ONE_PASS_BINDINGS.input, resource: { buffer: s.input } },
        { binding: ONE_PASS_BINDINGS.output, resource: { buffer: s.output } },
        { binding: ONE_PASS_BINDINGS.params, resource: { buffer: uniform } },
      ],
    }),
  );
  return dispatchCase({ n: p.shape.reduce((x, y) => x * y, 1), batch: p.batch, bytesMoved: inBytes + outBytes, pipeline, bindGroups, workgroups: wg }, () => {
    destroyBufferSets(sets);
    uniform.destroy();
  });
}

probeMain(probe);
