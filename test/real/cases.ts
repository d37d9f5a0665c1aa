// The (layout x mode x execution x size) matrix of the real-FFT tests. Each case runs R2C, C2R and
// C2R(R2C(x)) (see harness.ts). Sizes: 2, 8, 15, 16, 30, 63, 64, 256, 1000, 4096 and the maximum,
// wherever the combination allows them (packed: even; folded: even, in Block with a half size the
// engine runs natively), plus 68, which runs through Bluestein (prime factor 17) in Block execution.
import type { ComplexLayout, RealMode } from '../../descriptors/model.js';
import { FULL } from '../support/full.js';
import { resolvePlan } from '../../descriptors/plan.js';
import type { Api, RealCase } from './harness.js';

export const LAYOUTS: readonly ComplexLayout[] = ['natural', 'packed', 'full'];
export const MODES: readonly RealMode[] = ['normal', 'folded'];

/** The sizes; the maxima under the default Limits are 64 / 128 (Thread normal / folded) and 8192 / 16384 (Block). */
export const THREAD_SIZES = [2, 8, 15, 16, 30, 63, 64, 128];
export const BLOCK_SIZES = [2, 8, 15, 16, 30, 63, 64, 68, 256, 1000, 4096, 8192, 16384];

export const MAX_SIZE = { thread: { normal: 64, folded: 128 }, block: { normal: 8192, folded: 16384 } } as const;

/** Whether RealFFTOptions(layout, mode) with this size and execution is a valid descriptor. */
export function allowed(size: number, layout: ComplexLayout, mode: RealMode, execution: 'thread' | 'block'): boolean {
  if (size > MAX_SIZE[execution][mode]) return false;
  if (layout === 'packed' && size % 2 !== 0) return false;
  if (mode === 'folded') {
    if (size % 2 !== 0) return false;
    if (execution === 'block') {
      // The half size must run natively (no Bluestein): the plan says so by throwing.
      try {
        resolvePlan({ size, type: 'r2c', direction: 'forward', layout, mode, execution });
      } catch {
        return false;
      }
    }
  }
  return true;
}

/** Every allowed case of the sizes for one API. */
export function matrix(api: Api, sizes: readonly number[], count: number): RealCase[] {
  const execution = api === 'thread' ? 'thread' : 'block';
  const out: RealCase[] = [];
  for (const size of sizes) {
    for (const layout of LAYOUTS) {
      for (const mode of MODES) {
        if (!allowed(size, layout, mode, execution)) continue;
        out.push({ label: `${api} ${size} ${layout} ${mode}`, state: { size, layout, mode, execution }, api, count });
      }
    }
  }
  return out;
}

/**
 * One layout per configuration (the state but its layout), rotating along the list: every layout x
 * mode runs at the small and medium sizes, the layouts differ only in where loads and stores go, and
 * each large kernel costs lavapipe seconds to compile with a cold cache (with all three layouts the
 * Block tests from 1000 points took 111 of the suite's 1174 s; docs/testing.md). WEBFFTDX_FULL=1 runs
 * every layout.
 */
export function layoutPerConfig(cases: readonly RealCase[]): RealCase[] {
  if (FULL) return [...cases];
  const groups = new Map<string, RealCase[]>();
  for (const c of cases) {
    const key = JSON.stringify({ ...c.state, layout: undefined, api: c.api });
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups.values()].map((group, i) => group[i % group.length]);
}
