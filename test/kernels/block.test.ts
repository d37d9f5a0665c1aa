// Block execution (Stockham engine, Rader and Bluestein beyond it), register and workgroup-memory APIs,
// forward and inverse, against the f64 reference (outputs NaN-poisoned, 2-3 workgroups per kernel).
//
// Sizes 2..256 (register API; a representative subset through the workgroup-memory API) plus a
// spread of large sizes for the default limits and the adapter limits. On software Vulkan the
// pipeline compile dominates, and Bluestein kernels (two straight-line runs of the B-point engine)
// take 2-4 s each for lavapipe to compile with a cold shader cache, against well under a second for
// the native ones. So the default run takes every size that runs natively (131 of 2..256, 30 of them
// with gathered later stages); of the 111 Bluestein sizes 68..255 the two shortest and two longest
// of each Bluestein length B (the ends of each B's range: most and fewest zero-padded registers) and
// its smallest and largest prime, the sizes between differing from those only in the constants n and
// the chirp; and of the 13 Rader primes 67..251 the two shortest and the two longest (the Rader
// kernels' other paths: test/kernels/rader.test.ts). Every case here runs in one direction, forward
// and inverse alternating along each list (the inverse is the same generator with the other sign;
// harness.ts alternateDirections), which halves the compile time. WEBFFTDX_FULL=1 runs every size
// 2..256 and every other case in both directions (about 15 more minutes with a cold cache).
import { describe, expect, it } from 'vitest';
import type { FFTLimits } from '../../descriptors/model.js';
import { resolvePlan, type DescriptorState } from '../../descriptors/plan.js';
import { bluesteinLength, largestPrimeFactor } from '../../descriptors/sizes.js';
import { FULL } from '../support/full.js';
import { testDevice } from '../support/gpu.js';
import { makeSeed } from '../support/random.js';
import { alternateDirections, checkCases, expectWithinBounds, type Api } from './harness.js';

const ALL_SMALL = Array.from({ length: 255 }, (_, i) => i + 2);

const algorithmOf = (size: number) => resolvePlan({ size, execution: 'block', type: 'c2c', direction: 'forward', precision: 'f32' }).algorithm;
/** The sizes 2..256 the default Block plan runs by Bluestein, and by Rader (ascending). */
const BLUESTEIN = ALL_SMALL.filter((size) => algorithmOf(size) === 'bluestein');
const RADER = ALL_SMALL.filter((size) => algorithmOf(size) === 'rader');

/** The default run's sizes 2..256: see the header. */
function defaultSmallSizes(): number[] {
  // Rader: the two shortest and the two longest primes (test/kernels/rader.test.ts runs its other paths).
  const picked = new Set<number>([...RADER.slice(0, 2), ...RADER.slice(-2)]);
  for (const b of new Set(BLUESTEIN.map(bluesteinLength))) {
    const range = BLUESTEIN.filter((n) => bluesteinLength(n) === b);
    const primes = range.filter((n) => largestPrimeFactor(n) === n);
    for (const n of [...range.slice(0, 2), ...range.slice(-2), ...primes.slice(0, 1), ...primes.slice(-1)]) picked.add(n);
  }
  return ALL_SMALL.filter((n) => (!BLUESTEIN.includes(n) && !RADER.includes(n)) || picked.has(n));
}

const SMALL = FULL ? ALL_SMALL : defaultSmallSizes();

interface Case {
  readonly label: string;
  readonly state: DescriptorState;
  readonly api: Api;
  readonly count: number;
  /** Directions to check (default both). */
  readonly directions?: readonly ('forward' | 'inverse')[];
}

function block(size: number, extra: Omit<DescriptorState, 'size' | 'execution'> = {}, api: Api = 'registers', count = 2): Case {
  const parts = Object.entries(extra)
    .filter(([k]) => k !== 'limits')
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('x') : String(v)}`);
  if (extra.limits) parts.push('adapter limits');
  return { label: `Block Size(${size})${parts.length ? ` ${parts.join(' ')}` : ''} ${api}`, state: { size, execution: 'block', ...extra }, api, count };
}

/** Checks the cases, each in one direction (alternating from `from`; both with WEBFFTDX_FULL=1) unless it names its own. */
async function run(cases: readonly Case[], from: 'forward' | 'inverse' = 'forward'): Promise<void> {
  // Descriptors built with the adapter's Limits run on a device created with them; the rest on a
  // device with WebGPU's default limits, as a user's plain requestDevice() gives.
  const { device } = await testDevice(cases.some((c) => c.state.limits) ? 'adapter' : 'default');
  const seed = makeSeed();
  const checked = alternateDirections(cases, from);
  console.log(`${checked.reduce((k, c) => k + (c.directions?.length ?? 2), 0)} block kernels, seed ${seed}`);
  expectWithinBounds(await checkCases(device, checked, seed));
}

async function adapterLimits(): Promise<FFTLimits> {
  const { device } = await testDevice('adapter');
  return {
    maxComputeWorkgroupStorageSize: device.limits.maxComputeWorkgroupStorageSize,
    maxComputeInvocationsPerWorkgroup: device.limits.maxComputeInvocationsPerWorkgroup,
    subgroups: false,
  };
}

// Sizes per test. Bluestein kernels (two straight-line engine runs) take 2-4 s each for lavapipe to
// compile with its shader cache cold, so a group stays well inside its timeout even then.
const GROUP = 12;

describe(`Block execute (registers), default choices, ${FULL ? 'every size' : 'every native size and sampled Bluestein and Rader sizes'} 2..256`, () => {
  it('the default sample holds every native size and both ends and the extreme primes of each Bluestein range', () => {
    const sample = defaultSmallSizes();
    const native = ALL_SMALL.filter((n) => !BLUESTEIN.includes(n) && !RADER.includes(n));
    expect(native.every((n) => sample.includes(n))).toBe(true);
    expect(sample.filter((n) => BLUESTEIN.includes(n))).toEqual(expect.arrayContaining([68, 79, 124, 127, 129, 137, 254, 255]));
    expect(sample.filter((n) => RADER.includes(n))).toEqual([37, 41, 211, 251]);
    // Lengths whose primes no ElementsPerThread holds run natively, their later stages gathered (65, 84, 126, 130, 210).
    expect([65, 84, 126, 130, 210].every((n) => !BLUESTEIN.includes(n) && sample.includes(n))).toBe(true);
    expect(sample.length).toBeLessThan(ALL_SMALL.length);
  });
  for (let start = 0; start < SMALL.length; start += GROUP) {
    const sizes = SMALL.slice(start, start + GROUP);
    it(`sizes ${sizes.join(', ')}`, { timeout: 300_000 }, async () => {
      // One direction per size (see the header), alternating along the whole list; both with WEBFFTDX_FULL=1.
      await run(sizes.map((n) => block(n)), start % 2 ? 'inverse' : 'forward');
    });
  }
});

describe('Block execute, large sizes (default limits: 16384 bytes, 256 invocations)', () => {
  it('powers of 2, 3, 5, 7', { timeout: 300_000 }, async () => {
    // 729, 2187 and 6561 exchange in 3 parts, 625 and 3125 in 5 (the tuning table's choices).
    await run([512, 1024, 2048, 4096, 729, 2187, 6561, 625, 3125, 343].map((n) => block(n)));
  });
  it('mixed radices and Bluestein primes', { timeout: 300_000 }, async () => {
    await run([400, 1000, 360, 1960, 17 * 64, 1009, 2039].map((n) => block(n)));
  });
  it('E without every prime of a length that has plain stages (later stages gathered)', { timeout: 300_000 }, async () => {
    // 2400, 900 and 810: the tuning table's E20 (20 x 24 x 5), E15 x 2 (15 x 4 x 15) and E9 (9 x 10 x 9); 450 its plain
    // E30 in two slots, split; the others chosen by the user.
    await run([block(2400), block(900), block(810), block(450), block(1000, { elementsPerThread: 8 }), block(96, { elementsPerThread: 16 }, 'shared')]);
  });
});

describe('Block execute, adapter limits', () => {
  // Large kernels compile slowly on software Vulkan: one size per test, with room to spare.
  for (const [i, n] of [8192, 6561, 2401, 4093].entries()) {
    it(`Size(${n})${n === 4093 ? ' (Bluestein length 8192)' : ''}`, { timeout: 300_000 }, async () => {
      await run([block(n, { limits: await adapterLimits() })], i % 2 ? 'inverse' : 'forward');
    });
  }
});

describe('Block execute, ElementsPerThread / FFTsPerBlock / BlockDim choices', () => {
  it('every ElementsPerThread of 64, and of 1000', async () => {
    await run([
      ...[2, 4, 8, 16, 32, 64].map((e) => block(64, { elementsPerThread: e })),
      ...[10, 20].map((e) => block(1000, { elementsPerThread: e })),
      ...[12, 24].map((e) => block(72, { elementsPerThread: e })),
    ]);
  });
  it('several FFTs per workgroup, split exchange, oversized BlockDim', async () => {
    await run([
      block(128, { fftsPerBlock: 3 }),
      block(60, { elementsPerThread: 30, fftsPerBlock: 4 }),
      block(2048, { fftsPerBlock: 2 }), // 32 KiB as vec2 > 16 KiB: split exchange
      block(4096, { elementsPerThread: 32 }), // split, stride 128
      block(128, { elementsPerThread: 8, fftsPerBlock: 2, blockDim: [20, 3, 2] }),
      block(107, { blockDim: [40, 2, 1] }), // Bluestein, idle invocations in x and y
      block(13, { fftsPerBlock: 5, blockDim: [3, 6, 1] }), // one invocation per FFT, idle ones
      block(49, { elementsPerThread: 7, fftsPerBlock: 2, blockDim: [9, 2, 1] }, 'registers', 3),
    ]);
  });
});

describe('Block execute_shared (workgroup-memory API)', () => {
  // With the complex exchange in one part, execute_shared works in the register API's buffer; these
  // cases name EPTs the measured tuning did not pick (a missing execute_shared fails loudly in buildCase).
  it('native, one-invocation and Bluestein sizes, several FFTs per workgroup', async () => {
    await run([
      block(8, {}, 'shared'),
      block(30, { fftsPerBlock: 3 }, 'shared'),
      block(64, { elementsPerThread: 8, fftsPerBlock: 2 }, 'shared'),
      block(256, { elementsPerThread: 16 }, 'shared'),
      block(243, { elementsPerThread: 9 }, 'shared'),
      block(1024, { elementsPerThread: 32, fftsPerBlock: 2 }, 'shared'),
      block(107, { elementsPerThread: 16, fftsPerBlock: 3 }, 'shared'), // Bluestein: slots at f * 107, exchange at f * 256
      block(128, { elementsPerThread: 16, fftsPerBlock: 2, blockDim: [20, 3, 2] }, 'shared'),
    ]);
  });
  // The tuned defaults of these sizes exchange split or in parts: execute_shared then runs its own
  // complex one-part engine on the data buffer (kernels/shared-api.ts).
  it('tuned defaults with the split or a parted exchange (own engine, own buffer)', async () => {
    await run([
      block(256, {}, 'shared'), // split
      block(1000, {}, 'shared'), // split, radix 10
      block(2048, {}, 'shared'), // complex in 2 parts, 16 KiB of data: the largest under the core Limits
      block(107, {}, 'shared'), // Bluestein over 256, complex in 2 parts
      block(128, { fftsPerBlock: 3, exchange: 'split' }, 'shared'),
      block(512, { exchangeParts: 4, blockDim: [80, 1, 1] }, 'shared'),
    ]);
  });
});
