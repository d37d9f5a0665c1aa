// Measured Rader choices (NVIDIA H200, 48 KiB / 1024 invocations, f32 C2C, one process per plan,
// 2^26 elements; bench/NOTES.md runs 81 and 82): for each sampled prime the fastest Rader shape, or
// 'bluestein' where Bluestein measured faster. Primes not listed follow descriptors/rader.ts's rule.
// The comments give Rader's and Bluestein's GB/s through createBatchedFFT's kernel (below 256 points
// with its permuted loads and stores, kernels/rader.ts RADER_PERMUTED_IO_MAX), each at its suggested
// FFT slots (Bluestein: 2 below 128 points, its 256-point engine); below 257 points Rader's shape with
// its slots as measured in run 82, in brackets the shape run 81 had chosen.

export interface RaderEntry {
  /** Elements per invocation of the (p - 1)-point engine. */
  readonly ept: number;
  /** The split exchange (p elements of f32 per slot, twice the rounds) where it measured faster. */
  readonly exchange?: 'split';
  /** FFT slots per workgroup (suggestedFFTsPerBlock) where more than one measured faster. */
  readonly slots?: number;
}

export const MEASURED_RADER: Readonly<Record<number, RaderEntry | 'bluestein'>> = {
  // Below 64 points the C2C heuristic leaves primes above 30 to this table and the rule (run 90;
  // their one-invocation DFT spilled: 31 1284 GB/s, 37 1438, 41-61 352-506).
  31: 'bluestein', // Rader E3 x 12 1398 vs 2248 (E8 x 16)
  37: { ept: 6, slots: 21 }, // 2085 (E4 x 14: 1623) vs 1021 (E8 x 8)
  41: { ept: 5, slots: 16 }, // 2370 (E10 x 32: 1415) vs 1124 (E8 x 8)
  43: { ept: 6, slots: 18 }, // 2000 vs 1180 (E8 x 8)
  53: 'bluestein', // Rader E13 x 32 1351 vs 1420 (E8 x 8)
  61: 'bluestein', // Rader E6 x 12 1832 vs 2050 (E16 x 16)
  67: { ept: 11, slots: 4 }, // 1795 (E6 x1: 966) vs 1428
  71: { ept: 10, slots: 4 }, // 2036 (E5 x2: 1803) vs 1497
  73: { ept: 6, slots: 4 }, // 2197 (x1: 1494) vs 1533
  79: 'bluestein', // 1559 (E13 x4) vs 1634
  89: 'bluestein', // 1334 (E22 x4) vs 1820
  97: { ept: 6, slots: 2 }, // 2407 (x1: 1428) vs 1953
  101: { ept: 10, slots: 2 }, // 2218 (x1: 1373) vs 2015
  109: 'bluestein', // 2041 (E6 x4) vs 2139
  113: 'bluestein', // 1671 (E14 x4) vs 2168
  127: 'bluestein', // 1995 (E6 x1) vs 2377
  131: { ept: 10, slots: 2 }, // 1878 (x1: 1281) vs 1217
  151: 'bluestein', // 549 vs 1388
  157: { ept: 12, slots: 2 }, // 1825 (x1: 1467)
  163: { ept: 6 }, // 1992 (x2: 1638)
  193: { ept: 6 }, // 1986 (x2: 1837) vs 1669
  197: { ept: 14, slots: 2 }, // 1761 (x1: 1757)
  199: { ept: 9 }, // 1601 (E6: 1256)
  211: { ept: 7 }, // 1937 (E5: 1593)
  241: 'bluestein', // 637 vs 1993
  251: { ept: 10 }, // 2049 (x2: 1736)
  257: { ept: 8 }, // 2548 vs 1051
  337: { ept: 12 }, // 1792 vs 1309
  401: { ept: 20, exchange: 'split' }, // 1673 vs 1542
  433: 'bluestein', // 1467 vs 1654
  449: { ept: 14 }, // 2065 vs 1614
  577: { ept: 12 }, // 1717 vs 1060
  641: { ept: 20 }, // 1636 vs 1162
  673: { ept: 12 }, // 1666 vs 1210
  769: { ept: 12 }, // 2016 vs 1354
  1009: 'bluestein', // 1578 vs 1711
  1153: { ept: 12 }, // 1613 vs 858
  1201: { ept: 30, exchange: 'split' }, // 979 vs 881
  1249: { ept: 8 }, // 1251 vs 912
  1601: { ept: 10 }, // 1274 vs 1129
  2017: { ept: 12 }, // 1404 vs 1346
  2113: { ept: 11 }, // 1166 vs 733
  2593: { ept: 24 }, // 1210 vs 868
  2689: { ept: 16 }, // 1338 vs 897
  3001: { ept: 30 }, // 1258 vs 980
  3457: 'bluestein', // 939 vs 1095
  3889: 'bluestein', // 963 vs 1163
  4001: 'bluestein', // 1044 vs 1190
  4801: { ept: 30 }, // 868 vs 386
  5281: { ept: 22 }, // 880 vs 398
  6481: { ept: 30, exchange: 'split' }, // 888 vs 399
  7001: { ept: 20, exchange: 'split' }, // 880 vs 451
  7681: { ept: 30, exchange: 'split' }, // 836 vs 459
  8191: { ept: 13, exchange: 'split' }, // 712 vs 479
  9601: { ept: 30, exchange: 'split' }, // 768 vs 108
  10753: { ept: 12, exchange: 'split' }, // 692 vs 120
  12251: { ept: 25, exchange: 'split' }, // 590 vs 129
};
