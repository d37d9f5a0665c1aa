// Rader's algorithm for primes whose p - 1 the engine runs (descriptors/rader.ts, kernels/rader.ts):
// the host pieces against direct sums, the choice of algorithm, and kernels on the software driver
// against the f64 reference (random inputs, poisoned outputs, forward and inverse alternating).
import { describe, expect, it } from 'vitest';
import { resolvePlan, type DescriptorState } from '../../descriptors/plan.js';
import { primitiveRoot } from '../../descriptors/sizes.js';
import { dftF64 } from '../../kernels/host-fft.js';
import { raderWorkspace } from '../../kernels/rader.js';
import { directDFT } from '../../src/reference.js';
import { testDevice } from '../support/gpu.js';
import { makeSeed, randomFloats } from '../support/random.js';
import { alternateDirections, checkCases, expectWithinBounds, type Api } from './harness.js';

const maxRelative = (got: ArrayLike<number>, want: ArrayLike<number>): number => {
  let err = 0;
  let scale = 0;
  for (let i = 0; i < want.length; i++) {
    err = Math.max(err, Math.abs(got[i] - want[i]));
    scale = Math.max(scale, Math.abs(want[i]));
  }
  return err / scale;
};

describe('Rader on the host', () => {
  it('the primitive root generates every nonzero residue', () => {
    for (const p of [3, 5, 17, 97, 127, 257, 2017, 7681]) {
      const g = primitiveRoot(p);
      const seen = new Set<number>();
      for (let q = 0, e = 1; q < p - 1; q++, e = (e * g) % p) seen.add(e);
      expect(seen.size, `p = ${p}, g = ${g}`).toBe(p - 1);
    }
  });

  it('dftF64 matches the direct DFT at powers of two and other lengths, both signs', () => {
    for (const n of [1, 3, 16, 126, 1000, 1008]) {
      const x = Float64Array.from(randomFloats(2 * n, 100 + n));
      for (const sign of [-1, 1] as const) expect(maxRelative(dftF64(x, n, sign), directDFT(x, n, sign)), `n = ${n}`).toBeLessThan(1e-12);
    }
  });

  it('the workspace holds FFT_L(b) / L and the index pairs (g^q, g^-q)', () => {
    for (const direction of ['forward', 'inverse'] as const) {
      const plan = resolvePlan({ size: 127, execution: 'block', direction, algorithm: 'rader' });
      expect(plan.algorithm).toBe('rader');
      const L = 126;
      const g = primitiveRoot(127);
      const ws = raderWorkspace(plan);
      expect(ws.byteLength).toBe(plan.workspaceSize);
      const sign = direction === 'forward' ? -1 : 1;
      const b = new Float64Array(2 * L);
      for (let q = 0, up = 1; q < L; q++, up = (up * g) % 127) {
        const down = Number(ws[2 * L + 2 * q + 1]);
        expect([ws[2 * L + 2 * q], (up * down) % 127], `q = ${q}`).toEqual([up, 1]);
        b[2 * q] = Math.cos((2 * Math.PI * down) / 127);
        b[2 * q + 1] = sign * Math.sin((2 * Math.PI * down) / 127);
      }
      const want = directDFT(b, L, -1).map((v) => v / L);
      expect(maxRelative(ws.subarray(0, 2 * L), want)).toBeLessThan(1e-7);
    }
  });

  it('chooses Rader, Bluestein or the native engine by the measured table and the rule', () => {
    const algorithm = (state: DescriptorState) => resolvePlan({ execution: 'block', direction: 'forward', ...state }).algorithm;
    expect(algorithm({ size: 257 })).toBe('rader');
    expect(algorithm({ size: 1009 })).toBe('bluestein'); // measured faster on Bluestein (bench/NOTES.md run 81)
    expect(algorithm({ size: 127 })).toBe('bluestein'); // so was 127 against Bluestein's 2 FFT slots (run 82)
    expect(algorithm({ size: 107 })).toBe('bluestein'); // 106 = 2 x 53: no engine
    expect(algorithm({ size: 13 })).toBe('stockham');
    expect(algorithm({ size: 257, precision: 'f64' })).toBe('bluestein');
    expect(algorithm({ size: 257, algorithm: 'bluestein' })).toBe('bluestein');
    expect(algorithm({ size: 257, type: 'r2c' })).toBe('bluestein'); // real FFTs keep their measured Bluestein engines
  });

  it('suggests FFT slots that fill a workgroup to about 32 invocations (measured, else the rule)', () => {
    const shape = (state: DescriptorState) => {
      const plan = resolvePlan({ execution: 'block', direction: 'forward', ...state });
      return [plan.execEPT, plan.stride, plan.suggestedFFTsPerBlock];
    };
    expect(shape({ size: 67 })).toEqual([11, 6, 4]); // the table's entry (bench/NOTES.md run 82)
    expect(shape({ size: 67, elementsPerThread: 6 })).toEqual([6, 11, 2]); // another E: the rule
    expect(shape({ size: 353 })).toEqual([22, 16, 2]); // not in the table: the rule
    expect(shape({ size: 193 })).toEqual([6, 32, 1]);
    expect(shape({ size: 67, precision: 'f16' })).toEqual([11, 6, 8]); // two FFTs per slot
  });
});

interface Case {
  readonly label: string;
  readonly state: DescriptorState;
  readonly api: Api;
  readonly count: number;
}

function block(size: number, extra: Omit<DescriptorState, 'size' | 'execution'> = {}, api: Api = 'registers', count = 2): Case {
  return { label: `Rader Size(${size}) ${JSON.stringify(extra)} ${api}`, state: { size, execution: 'block', ...extra }, api, count };
}

describe('Rader kernels on the software driver', () => {
  it('default shapes, both APIs, FFT slots, the split exchange, idle invocations, other EPTs', { timeout: 300_000 }, async () => {
    const cases = [
      block(97), // E6, 16 invocations
      block(257, { fftsPerBlock: 3 }), // E8, 3 slots at p elements each
      block(101, { fftsPerBlock: 2 }, 'shared'), // execute_shared in the register API's buffer
      block(73, { exchange: 'split' }), // permutations one half at a time
      block(193, { elementsPerThread: 12, blockDim: [20, 2, 1] }), // 16 invocations working of 20, 2 slots
      block(641), // E20 (measured)
      block(2017, {}, 'registers', 1), // 16136 bytes: the whole default 16 KiB, one slot
      block(97, { elementsPerThread: 8 }), // an E without 3: the 96-point engine's stages 8, 12 (the last gathered)
    ];
    const { device } = await testDevice('default');
    const seed = makeSeed();
    // One direction per case, alternating (both with WEBFFTDX_FULL=1).
    const checked = alternateDirections(cases);
    console.log(`${checked.reduce((k, c) => k + (c.directions?.length ?? 2), 0)} Rader kernels, seed ${seed}`);
    expectWithinBounds(await checkCases(device, checked, seed));
  });
});
