// Runs every descriptor the core Limits accept (Thread 2..64, 128 folded; Block 2..256; every type,
// layout and mode: test/support/every-descriptor.ts) through createBatchedFFT on a device with
// WebGPU's default limits, against the f64 reference, and fails on any GPU error or inaccurate
// result. The same sweep as `WEBFFTDX_FULL=1 npx vitest run test/host/default-limits.test.ts`, as a
// script for adapters where vitest is not at hand (the GPU machine). `--shard k/n` takes every n-th
// descriptor from the k-th (0-based), so that n processes share the sweep (pipeline compilation is
// CPU-bound and the GPU is mostly idle); each writes its own --out.
//   npx tsx scripts/sweep-default-limits.ts [--shard k/n] [--out result.json]
import { writeFileSync } from 'node:fs';
import { requestNodeDevice } from '../src/node.js';
import { shardDescriptors, sweepEveryDescriptor } from '../test/support/every-descriptor.js';
import { recordUncapturedErrors, takeUncapturedErrors } from '../test/support/gpu.js';

const argument = (name: string): string | undefined => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const out = argument('--out');
const shardText = argument('--shard') ?? '0/1';
const shardMatch = /^(\d+)\/(\d+)$/.exec(shardText);
const shard = shardMatch ? { index: Number(shardMatch[1]), count: Number(shardMatch[2]) } : undefined;
if (!shard || shard.count < 1 || shard.index >= shard.count) {
  throw new Error(`--shard ${shardText}: expected k/n with 0 <= k < n (e.g. --shard 0/4)`);
}
const { device, adapterName } = await requestNodeDevice({ limits: 'default' });
recordUncapturedErrors(device);
const seed = Number(process.env.WEBFFTDX_SEED ?? Math.floor(Math.random() * 2 ** 31));
const total = shardDescriptors(shard).length;
const started = performance.now();
console.log(`${adapterName}: ${total} descriptors, maxComputeWorkgroupStorageSize ${device.limits.maxComputeWorkgroupStorageSize}, ` +
  `maxComputeInvocationsPerWorkgroup ${device.limits.maxComputeInvocationsPerWorkgroup}, seed ${seed}, shard ${shardText}`);
const failures = await sweepEveryDescriptor(device, seed, (done) => {
  if (done % 250 === 0) console.log(`  ${done} / ${total}`);
}, shard);
failures.push(...takeUncapturedErrors().map((e) => `uncaptured GPU error: ${e}`));
const seconds = (performance.now() - started) / 1000;
console.log(`${total - failures.length} passed, ${failures.length} failed (${seconds.toFixed(0)} s)`);
for (const f of failures) console.log(`  ${f}`);
if (out) writeFileSync(out, JSON.stringify({ adapter: adapterName, seed, shard: shardText, total, failures, seconds }, null, 2));
process.exit(failures.length ? 1 : 0);
