// kernels/any-shape/digit-order.ts (no GPU): where the four-step convolution's forward passes leave
// each frequency. An f64 simulation of the passes as the kernels run them (column passes: FFT down
// the columns of [before][L][W] blocks, output k of column m times w_(L W)^(m k), in place; then
// the L_p-point FFTs of the contiguous rows, in place, no transposition) must put frequency
// naturalIndex(pos) at every position pos, for splits of 2 to 4 lengths, and the generated WGSL
// must compute the same numbers (evaluated here by translating its few statements).
import { describe, expect, it } from 'vitest';
import { naturalIndex, naturalIndexWGSL } from '../../kernels/any-shape/digit-order.js';
import { referenceDFT } from '../../src/reference.js';

function dft(re: number[], im: number[]): [number[], number[]] {
  const n = re.length;
  const out: [number[], number[]] = [new Array(n).fill(0), new Array(n).fill(0)];
  for (let k = 0; k < n; k++) {
    for (let j = 0; j < n; j++) {
      const a = (-2 * Math.PI * ((j * k) % n)) / n;
      out[0][k] += re[j] * Math.cos(a) - im[j] * Math.sin(a);
      out[1][k] += re[j] * Math.sin(a) + im[j] * Math.cos(a);
    }
  }
  return out;
}

/** The four-step forward passes without the transposition, on interleaved complex data. */
function fourStepUntransposed(x: Float64Array, split: readonly number[]): Float64Array {
  const V = split.reduce((a, b) => a * b, 1);
  const d = Float64Array.from(x);
  let before = 1;
  for (const L of split.slice(0, -1)) {
    const W = V / before / L;
    for (let a = 0; a < before; a++) {
      for (let m = 0; m < W; m++) {
        const at = (l: number) => a * L * W + l * W + m;
        const [re, im] = dft(
          Array.from({ length: L }, (_, l) => d[2 * at(l)]),
          Array.from({ length: L }, (_, l) => d[2 * at(l) + 1]),
        );
        for (let k = 0; k < L; k++) {
          const t = (-2 * Math.PI * ((m * k) % (L * W))) / (L * W);
          d[2 * at(k)] = re[k] * Math.cos(t) - im[k] * Math.sin(t);
          d[2 * at(k) + 1] = re[k] * Math.sin(t) + im[k] * Math.cos(t);
        }
      }
    }
    before *= L;
  }
  const Lp = split[split.length - 1];
  for (let r = 0; r < V / Lp; r++) {
    const [re, im] = dft(
      Array.from({ length: Lp }, (_, k) => d[2 * (r * Lp + k)]),
      Array.from({ length: Lp }, (_, k) => d[2 * (r * Lp + k) + 1]),
    );
    for (let k = 0; k < Lp; k++) {
      d[2 * (r * Lp + k)] = re[k];
      d[2 * (r * Lp + k) + 1] = im[k];
    }
  }
  return d;
}

/** Evaluates the generated WGSL function (its statements are `var`, `+=`, `%`, `/` and `*` on u32). */
function evaluateWGSL(code: string, row: number, k: number): number {
  const body = code
    .split('\n')
    .slice(1, -1)
    .map((l) => l.replace(/(\d+)u/g, '$1').replace(/\bvar\b/g, 'let').replace(/rest \/ (\d+)/g, 'Math.floor(rest / $1)'))
    .join('\n');
  return new Function('row', 'k', body)(row, k) as number;
}

describe('four-step digit order', () => {
  for (const split of [
    [4, 8],
    [3, 5, 4],
    [4, 3, 2, 5],
    [6, 7],
  ]) {
    it(`split ${split.join(' x ')}`, () => {
      const V = split.reduce((a, b) => a * b, 1);
      const Lp = split[split.length - 1];
      const radices = split.slice(0, -1);
      const x = Float64Array.from({ length: 2 * V }, (_, i) => Math.sin(1.7 * i + 0.3) + 0.5 * Math.cos(0.31 * i * i));
      const want = referenceDFT(x, V, -1);
      const got = fourStepUntransposed(x, split);
      const code = naturalIndexWGSL('f', radices, V, Lp);
      const seen = new Set<number>();
      for (let pos = 0; pos < V; pos++) {
        const k = naturalIndex(radices, V, Lp, pos);
        seen.add(k);
        expect(evaluateWGSL(code, Math.floor(pos / Lp), pos % Lp), `WGSL at ${pos}`).toBe(k);
        expect(Math.abs(got[2 * pos] - want[2 * k]) + Math.abs(got[2 * pos + 1] - want[2 * k + 1]), `position ${pos} -> frequency ${k}`).toBeLessThan(1e-9 * V);
      }
      expect(seen.size).toBe(V);
    });
  }
});
