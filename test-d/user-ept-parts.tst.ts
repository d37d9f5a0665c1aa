// An ElementsPerThread the tuning table did not measure at a length it did keeps the parted entry's
// workgroup buffer (descriptors/tuning.ts partsBesideEntry, bench/NOTES.md run 94) at the type level too;
// test/kernels/parted-plans.test.ts reads the same values at run time.
import { expect, test } from 'tstyche';
import { Block, Direction, ElementsPerThread, fft, Limits, Size } from '../src/index.js';

const large = { maxComputeWorkgroupStorageSize: 49152, maxComputeInvocationsPerWorkgroup: 1024 } as const;

test('from 16 KiB per FFT the parts of the entry; below, one part', () => {
  expect(fft(Size(2187), Direction('forward'), Block(), ElementsPerThread(9)).sharedMemorySize).type.toBe<5832>();
  expect(fft(Size(2048), Direction('forward'), Block(), ElementsPerThread(32)).sharedMemorySize).type.toBe<8192>();
  expect(fft(Size(4096), Direction('forward'), Block(), ElementsPerThread(16), Limits(large)).sharedMemorySize).type.toBe<16384>();
  expect(fft(Size(8192), Direction('forward'), Block(), ElementsPerThread(16), Limits(large)).sharedMemorySize).type.toBe<16384>();
  expect(fft(Size(1024), Direction('forward'), Block(), ElementsPerThread(8)).sharedMemorySize).type.toBe<8192>();
  expect(fft(Size(3125), Direction('forward'), Block(), ElementsPerThread(5), Limits(large)).sharedMemorySize).type.toBe<25000>();
});
