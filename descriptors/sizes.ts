// Integer facts about FFT lengths: factorisation, radicals, Bluestein lengths, primitive roots.

/** Prime factors of n with multiplicity, ascending (n >= 1). */
export function primeFactors(n: number): number[] {
  const out: number[] = [];
  let m = n;
  for (let p = 2; p * p <= m; p += p === 2 ? 1 : 2) {
    while (m % p === 0) {
      out.push(p);
      m /= p;
    }
  }
  if (m > 1) out.push(m);
  return out;
}

export function largestPrimeFactor(n: number): number {
  const f = primeFactors(n);
  return f.length === 0 ? 1 : f[f.length - 1];
}

/** Product of the distinct prime factors of n. */
export function radical(n: number): number {
  return [...new Set(primeFactors(n))].reduce((a, b) => a * b, 1);
}

export function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

export function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && (n & (n - 1)) === 0;
}

/** The smallest power of two >= n, at least 2. */
export function nextPowerOfTwo(n: number): number {
  let p = 2;
  while (p < n) p *= 2;
  return p;
}

export function log2Int(n: number): number {
  return Math.round(Math.log2(n));
}

/** Smallest power of two B with B >= 2n - 1: the cyclic-convolution length Bluestein needs for length n. */
export function bluesteinLength(n: number): number {
  let b = 1;
  while (b < 2 * n - 1) b *= 2;
  return b;
}

/**
 * The largest prime below b / 2 for a power of two b >= 8: a length whose Bluestein length is b
 * (2n - 1 <= b < 4n - 3), as the autotuner and the kind-table tests use to run a B-point engine.
 */
export function bluesteinProbeSize(b: number): number {
  let n = b / 2 - 1;
  while (largestPrimeFactor(n) !== n) n--;
  return n;
}

/** Divisors of n in ascending order. */
export function divisors(n: number): number[] {
  const small: number[] = [];
  const large: number[] = [];
  for (let d = 1; d * d <= n; d++) {
    if (n % d === 0) {
      small.push(d);
      if (d * d !== n) large.unshift(n / d);
    }
  }
  return [...small, ...large];
}

/** True for a prime n. */
export function isPrime(n: number): boolean {
  return Number.isInteger(n) && n >= 2 && largestPrimeFactor(n) === n;
}

/** b^e mod m for m < 2^26 (products stay exact in doubles). */
export function powMod(b: number, e: number, m: number): number {
  let r = 1 % m;
  let x = b % m;
  for (let k = e; k > 0; k = Math.floor(k / 2)) {
    if (k % 2 === 1) r = (r * x) % m;
    x = (x * x) % m;
  }
  return r;
}

/** The smallest primitive root modulo a prime p (a generator of the multiplicative group, as Rader needs). */
export function primitiveRoot(p: number): number {
  if (p === 2) return 1;
  const factors = [...new Set(primeFactors(p - 1))];
  for (let g = 2; g < p; g++) {
    if (factors.every((q) => powMod(g, (p - 1) / q, p) !== 1)) return g;
  }
  throw new Error(`internal: ${p} has no primitive root (not a prime)`);
}
