// Runs every descriptor the core Limits accept (Thread 2..64, 128 folded; Block 2..256; every type,
// layout and mode: test/support/every-descriptor.ts) through createBatchedFFT on a device with
// WebGPU's default limits, against the f64 reference, and fails on any GPU error or inaccurate
// result. The same sweep as `WEBFFTDX_FULL=1 npx vitest run test/host/default-limits.test.ts`, as a
// script for adapters where vitest is not at hand (the GPU machine).
//   npx tsx scripts/sweep-default-limits.ts [--out result.json]
import { writeFileSync } from 'node:fs';
import { requestNodeDevice } from '../src/node.js';
import { everyDescriptor, sweepEveryDescriptor } from '../test/support/every-descriptor.js';
import { recordUncapturedErrors, takeUncapturedErrors } from '../test/support/gpu.js';

const outIndex = process.argv.indexOf('--out');
const out = outIndex > 0 ? process.argv[outIndex + 1] : undefined;
const { device, adapterName } = await requestNodeDevice({ limits: 'default' });
recordUncapturedErrors(device);
const seed = Number(process.env.WEBFFTDX_SEED ?? Math.floor(Math.random() * 2 ** 31));
const total = everyDescriptor().length;
const started = performance.now();
console.log(`${adapterName}: ${total} descriptors, maxComputeWorkgroupStorageSize ${device.limits.maxComputeWorkgroupStorageSize}, ` +
  `maxComputeInvocationsPerWorkgroup ${device.limits.maxComputeInvocationsPerWorkgroup}, seed ${seed}`);
const failures = await sweepEveryDescriptor(device, seed, (done) => {
  if (done % 250 === 0) console.log(`  ${done} / ${total}`);
});
failures.push(...takeUncapturedErrors().map((e) => `uncaptured GPU error: ${e}`));
const seconds = (performance.now() - started) / 1000;
console.log(`${total - failures.length} passed, ${failures.length} failed (${seconds.toFixed(0)} s)`);
for (const f of failures) console.log(`  ${f}`);
if (out) writeFileSync(out, JSON.stringify({ adapter: adapterName, seed, total, failures, seconds }, null, 2));
process.exit(failures.length ? 1 : 0);
