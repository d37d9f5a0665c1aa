// One pass of a createFFT plan on its own (src/any-shape/passes.ts, kernels/any-shape/pass.ts), to
// see where a multi-pass FFT's time goes: each pass against the copy kernel's rate.
//   node dist/bench/pass-probe.js [--total N] [--repeats R] label ...
// labels: copy4 (the bench's ceiling), or <shape>:<pass>[:uniform], shape as 1048576 or 1024x1024
//   (C2C forward, batch = total / elements), pass the index in plan.passes (column and final passes
//   only; a rows pass is createBatchedFFT, measured by the bench's c2c kind), `uniform` for the
//   kernel that reads its parameters from the uniform instead of constants. Out of place; the bytes
//   counted are the pass's own (one read and one write of the data). Further options override the
//   engine's shape: e<ept>, p<parts>, complex or split (for trying shapes the planner did not pick);
//   inv<N> plans as if the device allowed N invocations per workgroup (shorter, more passes).
import type { BenchCase } from './case.js';
import { createBufferSets, destroyBufferSets, rotationCount } from './buffers.js';
import { makeCopyCase } from './copy-kernel.js';
import { probeMain } from './probe-cli.js';
import { dispatchShape } from '../src/host/device.js';
import { COLUMNS, planShape, type PlanLimits } from '../src/any-shape/passes.js';
import { PASS_BINDINGS, PASS_PARAMS_BYTES, passKernel, passParamsData } from '../kernels/any-shape/pass.js';

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
  }
  // inv<N>: plan as if the device allowed N invocations per workgroup (shorter passes, more of them).
  const inv = options.find((o) => /^inv\d+$/.test(o));
  const shape = shapeText.split('x').map(Number);
  const elements = shape.reduce((a, b) => a * b, 1);
  const batch = Math.max(1, Math.floor(total / elements));
  const l = device.limits;
  const limits: PlanLimits = {
    maxComputeWorkgroupStorageSize: l.maxComputeWorkgroupStorageSize,
    maxComputeInvocationsPerWorkgroup: inv ? Number(inv.slice(3)) : l.maxComputeInvocationsPerWorkgroup,
    maxComputeWorkgroupSizeX: l.maxComputeWorkgroupSizeX,
    maxComputeWorkgroupSizeY: l.maxComputeWorkgroupSizeY,
    subgroups: false,
  };
  const planned = planShape(shape, 'c2c', 'forward', batch, limits);
  const p = planned.passes[Number(passText)];
  if (!p || p.op !== 'pass') throw new Error(`pass probe: pass ${passText} of [${shape}] is not a column or final pass`);
  const groups = Math.ceil(p.params.count / COLUMNS);
  const wg = dispatchShape(groups, l.maxComputeWorkgroupsPerDimension);
  const params = { ...p.params, groupsX: wg[0], groups };
  const kernel = passKernel({ ...p.spec, ...override, inPlace: false, maxWorkgroupBytes: l.maxComputeWorkgroupStorageSize, ...(mode === 'uniform' ? {} : { constants: params }) });
  const module = device.createShaderModule({ code: kernel.code, label });
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
  let next = 0;
  return {
    kind: 'pass',
    precision: 'f32',
    n: elements,
    batch,
    bytesMoved: inBytes + outBytes,
    encode(pass) {
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, bindGroups[next]);
      pass.dispatchWorkgroups(wg[0], wg[1], wg[2]);
      next = (next + 1) % bindGroups.length;
    },
    destroy: () => {
      destroyBufferSets(sets);
      uniform.destroy();
      tables.destroy();
    },
  };
}

probeMain(probe);
