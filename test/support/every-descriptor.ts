// Every descriptor the core Limits accept in Thread 2..64 (128 folded) and Block 2..256, of every
// type, layout and mode, and a sweep that runs each through createBatchedFFT against the f64
// reference. test/host/default-limits.test.ts checks them all statically (and on the GPU with
// WEBFFTDX_FULL=1); scripts/sweep-default-limits.ts runs the GPU sweep on any adapter.
import { createBatchedFFT } from '../../src/batched/plan.js';
import { Block, Direction, fft, RealFFTOptions, Size, Thread, Type, type AnyFFTDescriptor } from '../../src/index.js';
import { batchedError } from './batched-check.js';
import { accuracyBound } from './reference.js';

export type Kind =
  | { type: 'c2c'; direction: 'forward' | 'inverse' }
  | { type: 'r2c' | 'c2r'; layout: 'natural' | 'packed' | 'full'; mode: 'normal' | 'folded' };

export const KINDS: Kind[] = [
  { type: 'c2c', direction: 'forward' },
  { type: 'c2c', direction: 'inverse' },
  ...(['r2c', 'c2r'] as const).flatMap((type) =>
    (['natural', 'packed', 'full'] as const).flatMap((layout) => (['normal', 'folded'] as const).map((mode) => ({ type, layout, mode }))),
  ),
];

export const kindLabel = (k: Kind): string => (k.type === 'c2c' ? `c2c ${k.direction}` : `${k.type} ${k.layout} ${k.mode}`);

/** The descriptor, or undefined where the rules reject the combination under the core Limits. */
export function descriptor(size: number, k: Kind, execution: 'thread' | 'block'): AnyFFTDescriptor | undefined {
  const ops = [Size(size), execution === 'thread' ? Thread() : Block()];
  const typed = k.type === 'c2c' ? [Type('c2c'), Direction(k.direction)] : [Type(k.type), RealFFTOptions(k.layout, k.mode)];
  try {
    const d = (fft as (...o: unknown[]) => AnyFFTDescriptor)(...ops, ...typed);
    void d.plan; // resolve: sizes the rules accept but no engine runs throw here
    return d;
  } catch {
    return undefined;
  }
}

/** Every (size, kind, execution) the core Limits accept. */
export function everyDescriptor(): { label: string; desc: AnyFFTDescriptor }[] {
  const out: { label: string; desc: AnyFFTDescriptor }[] = [];
  for (const k of KINDS) {
    const threadMax = k.type !== 'c2c' && k.mode === 'folded' ? 128 : 64;
    for (let n = 2; n <= threadMax; n++) {
      const d = descriptor(n, k, 'thread');
      if (d) out.push({ label: `Thread ${n} ${kindLabel(k)}`, desc: d });
    }
    for (let n = 2; n <= 256; n++) {
      const d = descriptor(n, k, 'block');
      if (d) out.push({ label: `Block ${n} ${kindLabel(k)}`, desc: d });
    }
  }
  return out;
}

export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** everyDescriptor's entries whose index is `shard.index` modulo `shard.count`, with that index (the seed offset). */
export function shardDescriptors(shard: Shard = { index: 0, count: 1 }): { label: string; desc: AnyFFTDescriptor; i: number }[] {
  return everyDescriptor()
    .map((entry, i) => ({ ...entry, i }))
    .filter(({ i }) => i % shard.count === shard.index);
}

/**
 * Runs every descriptor through createBatchedFFT (batch 3) on `device` against the f64 reference,
 * inside error scopes; returns one line per failure (an error, or an error above the bound). With
 * `shard`, only the descriptors whose index is `shard.index` modulo `shard.count`, so that several
 * processes can share the sweep.
 */
export async function sweepEveryDescriptor(
  device: GPUDevice,
  seed: number,
  progress?: (done: number, total: number) => void,
  shard?: Shard,
): Promise<string[]> {
  const all = shardDescriptors(shard);
  const failures: string[] = [];
  for (const [done, { label, desc, i }] of all.entries()) {
    try {
      const plan = await createBatchedFFT(device, desc as never, { batch: 3 });
      const e = await batchedError(device, plan, desc as never, seed + i);
      plan.destroy();
      if (!(e <= accuracyBound((desc as unknown as { size: number }).size))) failures.push(`${label}: error ${e}`);
    } catch (err) {
      failures.push(`${label}: ${(err as Error).message}`);
    }
    progress?.(done + 1, all.length);
  }
  return failures;
}
