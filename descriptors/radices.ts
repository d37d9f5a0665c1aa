// The stage radices of the Block engine (kernels/stockham.ts) for a length and its elements per
// invocation: plain integer planning, shared by the descriptors (which lengths and ElementsPerThread
// values run natively) and the WGSL generator (which stages it emits).
import { divisors, gcd, largestPrimeFactor } from './sizes.js';

/** Largest prime the multi-invocation engine builds stages from; larger primes go through Bluestein. */
export const MAX_NATIVE_PRIME = 13;

/** Most registers a gathered stage (see gatherRadices) holds per invocation, in its own local array. */
export const GATHER_MAX_REGISTERS = 32;
/** Least share of a gathered stage's butterfly slots (invocations x butterflies each) that do work. */
const GATHER_MIN_USE = 0.75;
/** The same where stageRadices has no sequence (the alternative is Bluestein's two FFTs of over twice the length). */
const GATHER_MIN_USE_NO_PLAIN = 0.5;

/**
 * Stage radices for length n with e elements per invocation: each the largest divisor of e left in
 * n. With parts > 1 (a parted exchange, see BlockEngineSpec.parts) the last stage takes the largest
 * divisor of e first and the others at most e / parts, so that every exchanged stage runs a
 * multiple of `parts` butterflies per invocation. Throws where there is no such sequence
 * (plainRadices says so without throwing).
 */
export function stageRadices(n: number, e: number, parts = 1): number[] {
  const radices = plainRadices(n, e, parts);
  if (radices) return radices;
  if (parts > 1 && (gcd(e, n) % parts !== 0 || e % parts !== 0)) throw new Error(`webfftdx: a ${parts}-part exchange needs ${parts} | E and the last radix`);
  throw new Error(`webfftdx: length ${n} has a prime factor that does not divide ElementsPerThread ${e}${parts > 1 ? ` / ${parts}` : ''}`);
}

/** stageRadices, or undefined where n, e and parts have no such sequence. */
export function plainRadices(n: number, e: number, parts = 1): number[] | undefined {
  if (e === n) return [n];
  const fill = (left: number, cap: number): number[] | undefined => {
    const out: number[] = [];
    while (left > 1) {
      const r = gcd(cap, left);
      if (r === 1) return undefined;
      out.push(r);
      left /= r;
    }
    return out;
  };
  if (parts === 1) return fill(n, e);
  const last = gcd(e, n);
  if (last % parts !== 0 || e % parts !== 0) return undefined;
  const rest = fill(n / last, e / parts);
  return rest && [...rest, last];
}

/**
 * Exchanges through workgroup memory an engine with these stages makes: one between stages, and one
 * more after a last stage whose radix does not divide e (a gathered last stage: its outputs go back
 * to the t + i * stride layout through workgroup memory).
 */
export function radixExchanges(radices: readonly number[], e: number): number {
  return radices.length - 1 + (e % radices[radices.length - 1] === 0 ? 0 : 1);
}

const gatherCache = new Map<string, number[] | undefined>();

/**
 * Stage radices with fewer exchanges than stageRadices(n, e), where stages after the first need not
 * divide e, or undefined when there are none. stageRadices takes every radix from e, so a length
 * whose e lacks a factor's powers pays many small stages (1920 = 2^7 * 15 with e = 30: radices 30, 2,
 * 2, 2, 2, 2, 2, six exchanges), and a length whose primes multiply to more than any e allowed
 * (84 = 4 * 3 * 7 with e <= 32) has no stages at all. Here only the first stage works on the
 * registers in the t + i * stride layout (so it divides e); a later stage of radix R that does not
 * divide e has its ceil(n / (R stride)) butterflies per invocation gather their inputs from workgroup
 * memory into a local array (at most GATHER_MAX_REGISTERS values, butterfly slots at least
 * GATHER_MIN_USE busy, or GATHER_MIN_USE_NO_PLAIN where stageRadices has no sequence). A gathered last stage costs one more exchange (radixExchanges) and is taken only where stageRadices
 * has no sequence. 1920 runs as
 * 30, 32, 2 (two exchanges), 10000 (e = 20) as 20, 25, 20 rather than 20, 20, 5, 5, and 84 (e = 12)
 * as 12, 7. Among the sequences with the fewest exchanges, the one whose least busy gathered stage
 * is busiest, then the larger radices first.
 */
export function gatherRadices(n: number, e: number): number[] | undefined {
  const key = `${n}:${e}`;
  if (!gatherCache.has(key)) gatherCache.set(key, searchGatherRadices(n, e));
  const hit = gatherCache.get(key);
  return hit && [...hit];
}

function searchGatherRadices(n: number, e: number): number[] | undefined {
  if (e >= n || n % e !== 0 || largestPrimeFactor(n) > MAX_NATIVE_PRIME) return undefined;
  // Without a stage sequence from e's divisors alone, any gathered one is better.
  const baseExchanges = (plainRadices(n, e)?.length ?? Infinity) - 1;
  // A gathered last stage only where e's divisors give no stages at all: lengths that have them keep
  // the measured engines (their last stage divides e).
  const lastGathers = baseExchanges === Infinity;
  const minUse = lastGathers ? GATHER_MIN_USE_NO_PLAIN : GATHER_MIN_USE;
  const stride = n / e;
  // Share of busy butterfly slots of a stage of radix r after the first (1 when r divides e), 0 when not allowed.
  const use = (r: number): number => {
    if (e % r === 0) return 1;
    if (largestPrimeFactor(r) > MAX_NATIVE_PRIME) return 0;
    const per = Math.ceil(n / r / stride);
    return per * r <= GATHER_MAX_REGISTERS ? n / r / (per * stride) : 0;
  };
  let best: { radices: number[]; use: number; exchanges: number } | undefined;
  const consider = (radices: number[], u: number) => {
    const exchanges = radixExchanges(radices, e);
    if (!best || exchanges < best.exchanges || (exchanges === best.exchanges && u > best.use + 1e-9)) best = { radices, use: u, exchanges };
  };
  const search = (left: number, radices: number[], u: number) => {
    // left as the last stage.
    const lastUse = e % left === 0 ? (radices.length >= 2 ? 1 : 0) : lastGathers ? use(left) : 0;
    if (lastUse >= minUse) consider([...radices, left], Math.min(u, lastUse));
    // Another stage before the last adds an exchange: stop where that cannot beat the best.
    if (radices.length + 1 >= (best?.exchanges ?? baseExchanges)) return;
    for (const r of divisors(left).sort((a, b) => b - a)) {
      if (r < 2 || r >= left) continue;
      const ur = use(r);
      if (ur >= minUse) search(left / r, [...radices, r], Math.min(u, ur));
    }
  };
  for (const first of divisors(e).sort((a, b) => b - a)) if (first >= 2 && first < n) search(n / first, [first], 1);
  const found = best as { radices: number[]; exchanges: number } | undefined;
  return found && found.exchanges < baseExchanges ? found.radices : undefined;
}

