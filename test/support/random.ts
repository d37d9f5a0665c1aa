// Fresh random test data with a logged seed (re-run a failure with WEBFFTDX_SEED=<seed>).

export function makeSeed(): number {
  const fixed = process.env.WEBFFTDX_SEED;
  return fixed ? Number(fixed) : (Date.now() ^ (Math.random() * 0x7fffffff)) >>> 0;
}

/** mulberry32: small, fast, good enough for test data. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Uniform values in [-1, 1), never all zero. */
export function randomFloats(count: number, seed: number): Float32Array<ArrayBuffer> {
  const r = rng(seed);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = 2 * r() - 1;
  return out;
}

/** NaN poison for output buffers: any element a kernel forgets to write fails the comparison. */
export const POISON = Number.NaN;
