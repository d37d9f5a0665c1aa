// Thread execution (one invocation per FFT, fully unrolled codelets): every size 2..64 against the
// f64 reference, forward and inverse alternating from size to size (both with WEBFFTDX_FULL=1). Each kernel runs a batch of 37 FFTs (one per invocation, the
// last workgroup partly idle). Outputs start as NaN, so an unwritten element fails.
import { describe, it } from 'vitest';
import { testDevice } from '../support/gpu.js';
import { makeSeed } from '../support/random.js';
import { alternateDirections, checkCases, expectWithinBounds } from './harness.js';

const SIZES = Array.from({ length: 63 }, (_, i) => i + 2);
const GROUP = 16;

describe('Thread execute, c2c f32', () => {
  for (let start = 0; start < SIZES.length; start += GROUP) {
    const sizes = SIZES.slice(start, start + GROUP);
    it(`sizes ${sizes[0]}..${sizes[sizes.length - 1]}, forward and inverse alternating`, async () => {
      const { device } = await testDevice();
      const seed = makeSeed();
      console.log(`thread sizes ${sizes[0]}..${sizes[sizes.length - 1]}: seed ${seed}`);
      const checks = await checkCases(
        device,
        alternateDirections(
          sizes.map((size) => ({ label: `Thread Size(${size})`, state: { size, execution: 'thread' as const }, api: 'thread' as const, count: 37 })),
          start % 2 ? 'inverse' : 'forward',
        ),
        seed,
      );
      expectWithinBounds(checks);
    });
  }
});
