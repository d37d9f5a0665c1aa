// The engine-kind tuning table (descriptors/kind-tuning-table.ts): real and Bluestein plans take
// their kind's measured shape where it lists one, the C2C entry of the engine length otherwise, and
// a user's ElementsPerThread that differs from the kind's falls back to the C2C preferences.
import { describe, expect, it } from 'vitest';
import { resolvePlan, type DescriptorState } from '../../descriptors/plan.js';
import { MEASURED_KIND_TUNING } from '../../descriptors/kind-tuning-table.js';
import { bluesteinProbeSize } from '../../descriptors/sizes.js';
import { PROFILES } from '../../descriptors/tuning.js';

const large = { maxComputeWorkgroupStorageSize: 49152, maxComputeInvocationsPerWorkgroup: 1024, subgroups: false };

function shape(state: DescriptorState): string {
  const p = resolvePlan({ execution: 'block', limits: large, ...state });
  return `E${p.execEPT} x${p.suggestedFFTsPerBlock} ${p.exchange}/${p.exchangeParts} ${p.sharedMemorySize} B`;
}

describe('engine-kind tuning', () => {
  it('gives real and Bluestein plans their measured shapes', () => {
    expect(shape({ size: 4096, type: 'r2c' })).toBe('E32 x1 complex/2 16384 B');
    expect(shape({ size: 16384, type: 'c2r', mode: 'folded' })).toBe('E32 x1 split/2 16384 B');
    expect(shape({ size: 256, type: 'r2c' })).toBe('E16 x2 split/1 1024 B');
    expect(shape({ size: 256, type: 'c2r' })).toBe('E16 x2 complex/2 1024 B');
    expect(shape({ size: 1009, type: 'c2c', direction: 'forward' })).toBe('E16 x1 complex/1 16384 B');
    expect(shape({ size: 107, type: 'c2c', direction: 'forward' })).toBe('E16 x2 complex/1 2048 B');
    expect(shape({ size: 64, type: 'r2c', mode: 'folded' })).toBe('E4 x4 complex/1 256 B');
  });

  it('leaves C2C plans of the same engine lengths on the C2C table', () => {
    expect(shape({ size: 4096, type: 'c2c', direction: 'forward' })).toBe('E32 x1 complex/2 16384 B');
    expect(shape({ size: 8192, type: 'c2c', direction: 'inverse' })).toBe('E32 x1 complex/4 16384 B');
    expect(shape({ size: 256, type: 'c2c', direction: 'forward' })).toBe('E8 x1 split/1 1024 B');
    // A kind without an entry for its length follows the C2C entry: folded R2C 16384 runs the 8192 engine.
    expect(shape({ size: 16384, type: 'r2c', mode: 'folded' })).toBe('E32 x1 complex/4 16384 B');
  });

  it("falls back to the C2C preferences for another ElementsPerThread than the kind's", () => {
    // Bluestein at B = 256 (107: 106 = 2 x 53 keeps it from Rader) with E8: the C2C entry's split
    // exchange, taken as complex in 2 parts (plan.ts).
    expect(shape({ size: 107, type: 'c2c', direction: 'forward', elementsPerThread: 8 })).toBe('E8 x1 complex/2 1024 B');
    // Normal-mode R2C 256 with E8: the C2C entry's split exchange.
    expect(shape({ size: 256, type: 'r2c', elementsPerThread: 8 })).toBe('E8 x1 split/1 1024 B');
  });

  it('lists only shapes that fit every profile it is keyed under', () => {
    for (const profile of PROFILES) {
      const limits = { ...profile, subgroups: false };
      for (const key of Object.keys(MEASURED_KIND_TUNING[profile.name]?.f32 ?? {})) {
        const [kind, length] = key.split(':');
        const n = Number(length);
        const state: DescriptorState =
          kind === 'bluestein'
            ? { size: bluesteinProbeSize(n), type: 'c2c', direction: 'forward', algorithm: 'bluestein' }
            : { size: kind.endsWith('folded') ? 2 * n : n, type: kind.startsWith('r2c') ? 'r2c' : 'c2r', mode: kind.endsWith('folded') ? 'folded' : 'normal' };
        const entry = MEASURED_KIND_TUNING[profile.name]!.f32![key];
        const p = resolvePlan({ execution: 'block', ...state, limits });
        expect([p.execSize, p.execEPT, p.suggestedFFTsPerBlock], `${profile.name} ${key}`).toEqual([n, entry.ept, entry.slots]);
        expect([p.exchange, p.exchangeParts], `${profile.name} ${key}`).toEqual([entry.exchange ?? 'complex', entry.parts ?? 1]);
        expect(p.bluesteinPrefetch, `${profile.name} ${key}`).toBe(entry.prefetch === true);
        expect(p.batchRounds, `${profile.name} ${key}`).toBe(entry.rounds ?? 1);
      }
    }
  });
});
