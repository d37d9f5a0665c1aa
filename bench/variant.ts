// Times plans given as DescriptorState JSON, internal overrides included (exchange, exchangeParts, batchRounds),
// through the library's batched kernel: the tool behind the experiments in bench/NOTES.md.
//   node dist/bench/variant.js [--total N] [--repeats R] [--ballast G] [--in-place] [--dump-shaders] '<label>=<state JSON>' ...
// e.g. 'r2c4096-split={"size":4096,"type":"r2c","execution":"block","layout":"natural","mode":"folded","exchange":"split"}'
// Limits default to the device's (like the bench); prints one line per plan: label, GB/s, ms, plan shape.
// --ballast G first allocates (and writes) G buffers of 1 GiB that stay alive while timing: a probe
// for the slow-down seen with many live buffers (bench/NOTES.md, run 7). --dump-shaders: Dawn prints each
// kernel's WGSL and SPIR-V (scripts/driver-stats/run.sh reads them). --in-place: output = input (as the VkFFT anchor runs).
// Run one process per plan on a GPU (timings degrade in long processes, see bench/NOTES.md).
import type { FFTPlan } from '../descriptors/model.js';
import { resolvePlan, type DescriptorState } from '../descriptors/plan.js';
import { generateModule } from '../kernels/module.js';
import type { CodeGenerating } from '../src/host/workspace.js';
import { FAST_TOGGLES, requestNodeDevice } from '../src/node.js';
import { caseKindOf, makeBatchedCase } from './batched-case.js';
import { deviceLimits } from './fft-case.js';
import { rotationCount } from './buffers.js';
import { gbPerSecond } from './report.js';
import { timeEncode } from '../src/host/timing.js';

function shape(p: FFTPlan): string {
  return `E${p.execEPT} x${p.fftsPerBlock} ${p.exchange}${p.exchangeParts > 1 ? `/${p.exchangeParts}` : ''} ${p.sharedMemorySize} B`;
}

async function main(argv: string[]): Promise<void> {
  let total = 1 << 26;
  let repeats = 20;
  let ballast = 0;
  let dumpShaders = false;
  let inPlace = false;
  const specs: [string, DescriptorState][] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--total') total = Number(argv[++i]);
    else if (argv[i] === '--repeats') repeats = Number(argv[++i]);
    else if (argv[i] === '--ballast') ballast = Number(argv[++i]);
    else if (argv[i] === '--dump-shaders') dumpShaders = true;
    else if (argv[i] === '--in-place') inPlace = true;
    else {
      const eq = argv[i].indexOf('=');
      specs.push([argv[i].slice(0, eq), JSON.parse(argv[i].slice(eq + 1)) as DescriptorState]);
    }
  }
  const { device } = await requestNodeDevice({ toggles: [...FAST_TOGGLES, ...(dumpShaders ? ['dump_shaders'] : [])] });
  const limits = deviceLimits(device);
  const held: GPUBuffer[] = [];
  for (let g = 0; g < ballast; g++) {
    const b = device.createBuffer({ size: 1 << 30, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
    const encoder = device.createCommandEncoder();
    encoder.clearBuffer(b);
    device.queue.submit([encoder.finish()]);
    held.push(b);
  }
  await device.queue.onSubmittedWorkDone();
  for (const [label, state] of specs) {
    try {
      const direction = state.type === 'c2r' ? 'inverse' : 'forward';
      const plan = resolvePlan({ direction, limits, ...state });
      const desc: CodeGenerating = { wgsl: (options) => generateModule(plan, options) };
      const batch = Math.max(1, Math.floor(total / plan.size));
      const kase = await makeBatchedCase(device, desc, { kind: caseKindOf(plan), n: plan.size, precision: plan.precision, batch }, { copies: rotationCount(total * 16), placement: inPlace ? 'in-place' : 'out-of-place' });
      const t = await timeEncode(device, (pass) => kase.encode(pass), { warmup: 3, repeats, dispatches: 1 });
      console.log(`${label}\t${gbPerSecond(kase.bytesMoved, t.ms).toFixed(0)} GB/s\t${t.ms.toFixed(4)} ms\t${shape(plan)}`);
      kase.destroy();
    } catch (e) {
      console.log(`${label}\tfailed: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  for (const b of held) b.destroy();
  device.destroy();
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
