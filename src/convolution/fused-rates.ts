// Measured speed of the fused complex convolution kernel (load -> FFT -> x H -> IFFT -> store) per
// FFT length P, per Limits profile, in GB/s of P-point complex signals read and written once: what
// plan.ts weighs when it pads a linear convolution (or a circular one through a linear convolution)
// to a length. Only the powers of two and the lengths of the tuning table (descriptors/tuning-table.ts,
// whose engine shapes were measured) are listed: other 7-smooth lengths run heuristic shapes, which
// measured 0.02-0.57 x the copy kernel's rate (0.11-0.60 x since run 72's exchange parts), against
// 0.37-0.93 x for these (bench/NOTES.md runs 71-72).
// NVIDIA H200, 2026-11-28, `node dist/bench/run.js --kinds c2c_conv --sizes P --total 67108864
// --repeats 10` (large: the adapter's 48 KiB / 1024 invocations; mid: `--workgroup-bytes 32768`;
// core: `--limits default --total 16777216`), one process per length; copy kernel 4158-4217 GB/s.
// The large profile's 480-7680 entries: the lengths the autotuner added to its table (run 72); 240, 960,
// 1920, 3600, 5000 and 7200: the entries of run 73 (gathered engine stages), same command, two processes each;
// the core profile's 1920: its entry of run 74. Large 8192 and 10000: re-measured with their product twiddles formed at
// their use (run 76), same command, two processes each. 900-9600 where run 85's entries (E without every
// prime of the length) changed the kernel: same command, best of two processes; 450, 810, 1620 and 12150 likewise
// for run 86's entries. Then every length the bank swizzle rule changed (kernels/stockham.ts swizzlePeriod,
// run 87: f32 exchanges swizzle only at powers of two), same command, best of two processes; 3840 with its entry of run 87.
import type { FFTLimits } from '../../descriptors/model.js';
import { nextPowerOfTwo } from '../../descriptors/sizes.js';
import { profileOf, type ProfileName } from '../../descriptors/tuning.js';

export const FUSED_C2C_RATES: Readonly<Record<ProfileName, Readonly<Record<number, number>>>> = {
  large: {
    8: 1605, 12: 1324, 16: 2961, 24: 2855, 32: 3189, 48: 3166, 64: 3884, 96: 2862, 100: 3272, 128: 3071, 240: 2094,
    256: 3250, 400: 3104, 450: 2920, 480: 2146, 512: 3539, 625: 2224, 720: 1736, 729: 2392, 810: 2410, 900: 2472,
    960: 2667, 1000: 2227, 1024: 3251, 1080: 1865, 1200: 2603, 1440: 2187, 1620: 2195, 1800: 2440, 1920: 2501,
    2048: 2624, 2160: 2209, 2187: 1864, 2400: 2015, 2880: 2413, 3125: 2099, 3600: 2119, 3840: 1984, 4096: 2502,
    4320: 1451, 4800: 1424, 5000: 1682, 6561: 1353, 7200: 1623, 7680: 1081, 8192: 1688, 9600: 1605, 10000: 1383,
    12150: 789, 16384: 1556, 32768: 426,
  },
  mid: {
    8: 1606, 12: 1327, 16: 2957, 24: 2856, 32: 3192, 48: 2453, 64: 3755, 96: 2462, 100: 3237, 128: 3436, 256: 3247, 400: 3104,
    512: 2819, 625: 2223, 729: 2386, 1000: 2340, 1024: 3253, 2048: 2608, 2187: 1963, 3125: 2098, 4096: 2150, 6561: 1352,
    8192: 1708, 10000: 1271, 16384: 1543, 32768: 427,
  },
  core: {
    8: 1528, 12: 1239, 16: 2741, 24: 2491, 32: 2844, 48: 2701, 64: 3396, 96: 2190, 100: 2885, 128: 3071, 256: 2855, 400: 2649,
    512: 2308, 625: 1827, 729: 1926, 1000: 1947, 1024: 2688, 1920: 1428, 2048: 2218, 2187: 1660, 3125: 1737, 4096: 1715,
    6561: 1360, 8192: 1268,
  },
};

/** The measured rate (GB/s of P-point signals) of the fused complex kernel at length p under these limits' profile, if listed. */
export function measuredRate(p: number, limits: FFTLimits): number | undefined {
  return FUSED_C2C_RATES[profileOf(limits).name][p];
}

/**
 * The length >= full (at most `max`, one `runs` accepts) that the measured rates say runs the fused
 * complex convolution fastest: the least P / rate(P), over the listed lengths up to the next power of
 * two (the power itself always listed). Undefined where no listed length qualifies (then the caller
 * takes the next 7-smooth length).
 */
export function fastestMeasuredLength(full: number, max: number, limits: FFTLimits, runs: (p: number) => boolean): number | undefined {
  const rates = FUSED_C2C_RATES[profileOf(limits).name];
  const pow2 = nextPowerOfTwo(full);
  let best: { p: number; time: number } | undefined;
  for (const [key, rate] of Object.entries(rates)) {
    const p = Number(key);
    if (p < full || p > pow2 || p > max || !runs(p)) continue;
    const time = p / rate;
    if (!best || time < best.time) best = { p, time };
  }
  return best?.p;
}
