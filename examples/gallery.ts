// `npm start`: runs every example on the default WebGPU adapter (a GPU when there is one, else the
// software Vulkan driver) and prints what each did, its error against an f64 reference, and its time.
import { requestNodeDevice } from '../src/node.js';
import { blockUserKernel } from './block-user-kernel.js';
import { bluesteinPrime } from './bluestein-prime.js';
import { raderPrime } from './rader-prime.js';
import { convolution } from './convolution.js';
import { fft2dUserKernels } from './fft2d-user-kernels.js';
import { fourStepUserKernels } from './four-step-user-kernels.js';
import { gpuVsCpu } from './gpu-vs-cpu.js';
import { imageConvolution } from './image-convolution.js';
import { imageFilter } from './image-filter.js';
import { convolutionCrossover } from './convolution-crossover.js';
import { introduction } from './introduction.js';
import { largeFFT } from './large-fft.js';
import { measuredShapes } from './measured-shapes.js';
import { f16Spectrum, f64Spectrum } from './precisions.js';
import { f64UserKernel } from './f64-user-kernel.js';
import { realSpectrum } from './real-spectrum.js';
import type { Example } from './support.js';
import { threadUserKernel } from './thread-user-kernel.js';

const examples: Example[] = [
  introduction,
  threadUserKernel,
  blockUserKernel,
  convolution,
  convolutionCrossover,
  realSpectrum,
  f64Spectrum,
  f64UserKernel,
  f16Spectrum,
  bluesteinPrime,
  raderPrime,
  measuredShapes,
  largeFFT,
  fft2dUserKernels,
  fourStepUserKernels,
  imageFilter,
  imageConvolution,
  gpuVsCpu,
];

/** f32 results must match the f64 reference to about 1e-7 * sqrt(log2 n); the gallery flags anything above 1e-6 (f16 and f64 examples give their own limit). */
const ERROR_LIMIT = 1e-6;

/** `npm start -- NAME...` runs the examples named (e.g. conv-crossover); none named: all of them. */
function chosen(names: readonly string[]): Example[] {
  if (names.length === 0) return examples;
  const unknown = names.filter((n) => !examples.some((ex) => ex.name === n));
  if (unknown.length) throw new Error(`no example named ${unknown.join(', ')}; the examples: ${examples.map((ex) => ex.name).join(', ')}`);
  return examples.filter((ex) => names.includes(ex.name));
}

async function main(): Promise<void> {
  let selected: Example[];
  try {
    selected = chosen(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  const { device, adapterName } = await requestNodeDevice();
  console.log(`webfftdx example gallery on: ${adapterName}\n`);
  let passed = 0;
  let failed = 0;
  for (const ex of selected) {
    try {
      const r = await ex.run({ device, adapterName });
      const limit = r.limit ?? ERROR_LIMIT;
      const ok = r.error <= limit;
      if (ok) passed++;
      else failed++;
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${ex.name.padEnd(20)} ${ex.summary}`);
      const bound = limit === ERROR_LIMIT ? '' : ` (bound ${limit.toExponential(0)})`;
      console.log(`     ${r.did}; relative L2 error vs f64 ${r.error.toExponential(2)}${bound}; ${r.ms.toFixed(1)} ms (upload + run + read back)\n`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${ex.name.padEnd(20)} ${ex.summary}\n     ${(e as Error).message}\n`);
    }
  }
  device.destroy();
  // The last line, alone, whatever the outcome: CI and readers grep for it. Written with a callback so
  // it is flushed before process.exit (stdout to a pipe is asynchronous on some platforms).
  await new Promise<void>((resolve) => process.stdout.write(`${passed} passed, ${failed} failed\n`, () => resolve()));
  process.exit(failed > 0 ? 1 : 0);
}

await main();
