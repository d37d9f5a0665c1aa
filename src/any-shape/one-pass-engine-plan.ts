// Which engine shape runs a 2D / 3D C2C transform as one phased Stockham engine
// (kernels/any-shape/one-pass-engine.ts), under a device's limits (pure: no GPU).
import { onePassEngineBytes, type OnePassEngineShape } from '../../kernels/any-shape/one-pass-engine.js';
import { engineStagesProblem } from '../../kernels/stockham.js';

/** Largest elements per invocation (registers: 32 complex f32 values, as the batched kernels' largest shapes). */
const MAX_ENGINE_EPT = 32;

/** Store runs below this many values take several times longer (a sector per value). */
const MIN_RUN = 8;

/** Invocations per workgroup the planner fills with several transforms where one has fewer. */
const MIN_INVOCATIONS = 64;

/** Store runs (consecutive complex values per access) that count as coalesced: 16 values, 128 bytes. */
const COALESCED_RUN = 16;

/**
 * The ordered factorisations of L into at most `extra` more radices than the fewest, every one
 * dividing `cap` and the last dividing `lastCap`, largest radices first (as stageRadices).
 */
function factorisations(L: number, cap: number, lastCap: number, extra: number): number[][] {
  const found: number[][] = [];
  let fewest = Infinity;
  for (let count = 1; count <= 16 && count <= fewest + extra; count++) {
    const walk = (left: number, prefix: number[]) => {
      if (prefix.length === count - 1) {
        if (left > 1 && lastCap % left === 0) found.push([...prefix, left]);
        return;
      }
      for (let r = Math.min(cap, left); r >= 2; r--) {
        if (cap % r === 0 && left % r === 0 && (prefix.length === 0 || r <= prefix[prefix.length - 1])) walk(left / r, [...prefix, r]);
      }
    };
    walk(L, []);
    if (found.length > 0) fewest = Math.min(fewest, count);
  }
  return found;
}

/**
 * Relative cost of a shape, fitted to pass-probe timings on an H100 and an H200 (bench/NOTES.md run
 * 31): per exchange (a split one moves each value twice, a parted one adds barriers), workgroup
 * memory beyond 16 KiB (fewer workgroups per SM: 64² at 2114 GB/s with 32 KiB against 2836 with
 * 16 KiB, H100), more than 16 values per invocation (register pressure: 32² and 64² ran 2-7 % faster
 * with E16 in more stages than with E32 in fewer), and above all store runs shorter than 8 values
 * (runs of 1: 16² and 32² at 0.32 x copy).
 */
function cost(exchanges: number, exchange: 'complex' | 'split', parts: number, bytes: number, storeRun: number, ept: number): number {
  const perExchange = (exchange === 'split' ? 1.3 : 1) * (1 + 0.1 * (parts - 1));
  const memory = Math.max(0, bytes / 16384 - 1);
  const registers = ept > 16 ? 1.1 : 0;
  const runs = storeRun < MIN_RUN ? 10 : storeRun < COALESCED_RUN ? 0.1 : 0;
  return exchanges * perExchange + memory + registers + runs;
}

/**
 * Candidate stage radices of an engine over `shape` with E = ept in `parts` exchange parts (none
 * where the axes do not factor so): the fewest stages for every axis but the innermost, every
 * exchanged radix dividing E / parts; for the innermost, the fewest stages or one more, each with
 * any of its radices last (the store runs are nx / the last radix). `naturalOutput`: the last stage
 * exchanges too, so its radix divides E / parts as well.
 */
export function engineRadices(shape: readonly number[], ept: number, parts: number, naturalOutput = false): number[][] {
  const n = shape.reduce((a, b) => a * b, 1);
  const cap = ept / parts;
  // Every axis but the innermost: its stages all exchange. The innermost: its last stage does not.
  const outer: number[] = [];
  for (const L of shape.slice(0, -1)) {
    const options = factorisations(L, cap, cap, 0);
    if (options.length === 0) return [];
    outer.push(...options[0]);
  }
  const nx = shape[shape.length - 1];
  // With naturalOutput (a convolution's forward) every stage exchanges: every radix divides E / parts.
  const lastCap = naturalOutput ? cap : ept;
  const inner = factorisations(nx, cap, lastCap, 1).flatMap((rs) =>
    rs.map((_, i) => [...rs.slice(0, i), ...rs.slice(i + 1), rs[i]]).filter((x) => lastCap % x[x.length - 1] === 0 && x.slice(0, -1).every((y) => cap % y === 0)),
  );
  const unique = new Map(inner.map((rs) => [rs.join('.'), [...outer, ...rs]]));
  return [...unique.values()].filter((radices) => engineStagesProblem({ size: n, ept, parts, radices, phases: shape, naturalOutput }) === undefined);
}

/**
 * The engine shape of `shape` (outermost axis first) under these limits, or undefined where none
 * fits: N / E invocations within the limits, the exchange buffer (N / parts values, or half of
 * them split) within workgroup memory, every radix dividing E (and E / parts where it exchanges).
 * Among those, the lowest cost (below), with the last stage's radix chosen so that the stores run
 * over at least 8 consecutive values. `naturalOutput`: the engine exchanges after its last stage too
 * (BlockEngineSpec.naturalOutput), as a convolution's forward engine does. `constraints`: one
 * transform per workgroup; the complex exchange in one part (a buffer that holds all N values).
 */
export function onePassEngineShape(
  shape: readonly number[],
  limits: { readonly maxComputeWorkgroupStorageSize: number; readonly maxComputeInvocationsPerWorkgroup: number; readonly maxComputeWorkgroupSizeX: number },
  precision: 'f32' | 'f64',
  naturalOutput = false,
  constraints: { readonly oneSlot?: boolean; readonly wholeBuffer?: boolean } = {},
): OnePassEngineShape | undefined {
  const n = shape.reduce((a, b) => a * b, 1);
  const maxInvocations = Math.min(limits.maxComputeInvocationsPerWorkgroup, limits.maxComputeWorkgroupSizeX);
  let best: { shape: OnePassEngineShape; cost: number } | undefined;
  for (let ept = 2; ept <= MAX_ENGINE_EPT; ept++) {
    if (n % ept !== 0 || n / ept > maxInvocations) continue;
    for (const exchange of ['complex', 'split'] as const) {
      for (const parts of [1, 2, 4, 8]) {
        if (ept % parts !== 0) continue;
        // wholeBuffer: the kernel reuses the exchange buffer for all N values (the R2C engine's spectrum).
        if (constraints.wholeBuffer && (parts !== 1 || exchange !== 'complex')) continue;
        // Transforms per workgroup: at least 64 invocations where they fit (a workgroup of fewer leaves SIMD lanes idle).
        let slots = 1;
        while (!constraints.oneSlot && (n / ept) * slots < MIN_INVOCATIONS && (n / ept) * slots * 2 <= maxInvocations && onePassEngineBytes(n, { exchange, parts, slots: slots * 2 }, precision) <= limits.maxComputeWorkgroupStorageSize) slots *= 2;
        if (onePassEngineBytes(n, { exchange, parts, slots }, precision) > limits.maxComputeWorkgroupStorageSize) continue;
        const nx = shape[shape.length - 1];
        for (const radices of engineRadices(shape, ept, parts, naturalOutput)) {
          const exchanges = radices.length - (naturalOutput ? 0 : 1);
          // (With naturalOutput the store runs are those of the inverse engine a convolution runs in the same stages.)
          const c = cost(exchanges, exchange, parts, onePassEngineBytes(n, { exchange, parts, slots }, precision), nx / radices[radices.length - 1], ept);
          // Ties: E nearest 16 (see cost).
          const nearer = (e: number, than: number) => Math.abs(Math.log2(e / 16)) < Math.abs(Math.log2(than / 16));
          if (!best || c < best.cost - 1e-9 || (Math.abs(c - best.cost) < 1e-9 && nearer(ept, best.shape.ept))) best = { shape: { ept, radices, exchange, parts, slots }, cost: c };
        }
      }
    }
  }
  // Only where the stores run over MIN_RUN values or more.
  const radices = best?.shape.radices;
  return radices && shape[shape.length - 1] / radices[radices.length - 1] >= MIN_RUN ? best!.shape : undefined;
}
