// The invalid combinations of test-d/errors.tst.ts built from non-literal values (so the type checker
// lets them through): each throws FFTDescriptorError with the text the compile-time error shows.
import { describe, expect, it } from 'vitest';
import {
  type AnyOp,
  Block,
  BlockDim,
  type ComplexLayout,
  Direction,
  ElementsPerThread,
  fft,
  FFTDescriptorError,
  type FFTDirection,
  type FFTPrecision,
  FFTsPerBlock,
  type FFTType,
  Limits,
  Precision,
  RealFFTOptions,
  type RealMode,
  Size,
  Thread,
  Type,
} from '../../src/index.js';

// Widening helpers: values the type checker cannot see through.
const n = (x: number): number => x;
const t = (x: FFTType): FFTType => x;
const d = (x: FFTDirection): FFTDirection => x;
const p = (x: FFTPrecision): FFTPrecision => x;
const l = (x: ComplexLayout): ComplexLayout => x;
const m = (x: RealMode): RealMode => x;
/** fft over an operator array: no compile-time validation at all. */
const compose = (...ops: AnyOp[]) => fft(...ops);

const core = '8192 in f32 with 16384 bytes of workgroup memory and 256 invocations';
const mid = () => Limits({ maxComputeWorkgroupStorageSize: n(32768), maxComputeInvocationsPerWorkgroup: n(1024) });

const cases: [string, () => unknown, string][] = [
  ['Size(1)', () => fft(Size(n(1)), Block()), 'Size(1) is not a valid FFT size: use an integer >= 2'],
  ['Size(0)', () => fft(Size(n(0))), 'Size(0) is not a valid FFT size: use an integer >= 2'],
  ['Size(2.5)', () => fft(Size(n(2.5))), 'Size(2.5) is not a valid FFT size: use an integer >= 2'],
  ['ElementsPerThread(0)', () => fft(Size(64), Block(), ElementsPerThread(n(0))), 'ElementsPerThread(0) is not valid: use a positive integer'],
  ['FFTsPerBlock(1.5)', () => fft(Size(64), Block(), FFTsPerBlock(n(1.5))), 'FFTsPerBlock(1.5) is not valid: use a positive integer'],
  ['BlockDim(16, 0)', () => fft(Size(64), Block(), BlockDim(16, n(0))), 'BlockDim(16, 0, 1) is not valid: use positive integers'],
  ['Limits 0 invocations', () => fft(Size(64), Limits({ maxComputeInvocationsPerWorkgroup: n(0) })), 'Limits(16384 bytes, 0 invocations) is not valid: use positive integers'],
  ['Size twice', () => compose(Size(128), Size(256)), 'Size() appears more than once: each operator may be used at most once'],
  ['Block twice', () => compose(Size(128), Block(), Block()), 'Block() appears more than once: each operator may be used at most once'],
  ['Size twice via with', () => (fft(Size(128)).with as (...o: AnyOp[]) => unknown)(Size(256)), 'Size() appears more than once: each operator may be used at most once'],
  ['Precision twice via with', () => (fft(Size(8), Precision('f32')).with as (...o: AnyOp[]) => unknown)(Precision('f64')), 'Precision() appears more than once: each operator may be used at most once'],
  ['Thread then Block', () => compose(Size(8), Thread(), Block()), 'Block() cannot be combined with Thread(): a descriptor has one execution operator'],
  ['Block then Thread via with', () => (fft(Size(8), Block()).with as (...o: AnyOp[]) => unknown)(Thread()), 'Thread() cannot be combined with Block(): a descriptor has one execution operator'],
  ['Thread + ElementsPerThread', () => compose(Size(64), Thread(), ElementsPerThread(4)), 'ElementsPerThread() is a Block-only operator: it cannot be combined with Thread()'],
  ['Thread + FFTsPerBlock', () => compose(Size(64), FFTsPerBlock(2), Thread()), 'FFTsPerBlock() is a Block-only operator: it cannot be combined with Thread()'],
  ['Thread + BlockDim', () => compose(Size(64), BlockDim(64), Thread()), 'BlockDim() is a Block-only operator: it cannot be combined with Thread()'],
  ['r2c inverse', () => fft(Size(64), Type(t('r2c')), Direction(d('inverse'))), "Direction('inverse') cannot be used with Type('r2c'): r2c is always forward (use Type('c2r') for the inverse)"],
  ['c2r forward', () => fft(Direction(d('forward')), Type(t('c2r'))), "Direction('forward') cannot be used with Type('c2r'): c2r is always inverse (use Type('r2c') for the forward)"],
  ['folded c2c', () => fft(Size(64), RealFFTOptions(l('natural'), m('folded'))), "RealFFTOptions('natural', 'folded') needs Type('r2c') or Type('c2r'): folded mode does not apply to c2c"],
  ['packed odd', () => fft(Size(n(15)), Type('r2c'), RealFFTOptions(l('packed'))), "RealFFTOptions('packed', 'normal') needs an even size, not Size(15)"],
  ['folded Thread odd', () => fft(Size(n(15)), Type('c2r'), Thread(), RealFFTOptions('full', m('folded'))), "RealFFTOptions('full', 'folded') in Thread execution needs an even size, not Size(15)"],
  ['folded Block odd', () => fft(Size(n(15)), Type('r2c'), Block(), RealFFTOptions('natural', m('folded'))), "RealFFTOptions('natural', 'folded') in Block execution needs an even size, not Size(15)"],
  ['folded Block half through Bluestein', () => fft(Size(n(202)), Type('r2c'), Block(), RealFFTOptions('natural', m('folded'))), "RealFFTOptions('natural', 'folded') in Block execution needs half the size to run natively, not Size(202): 101 would take Bluestein"],
  ['folded odd EPT', () => fft(Size(64), Type('r2c'), Block(), RealFFTOptions('natural', 'folded'), ElementsPerThread(n(5))), 'ElementsPerThread(5) must be even in folded mode: it counts real elements'],
  ['f16 odd FFTsPerBlock', () => fft(Size(128), Precision(p('f16')), Block(), FFTsPerBlock(n(3))), 'FFTsPerBlock(3) must be even in f16: each f16 computation carries two FFTs'],
  ['Thread 65', () => fft(Size(n(65)), Thread()), 'Size(65) is too large for Thread execution in f32: sizes up to 64 are supported'],
  ['Thread f64 64', () => fft(Size(n(64)), Thread(), Precision(p('f64'))), 'Size(64) is too large for Thread execution in f64: sizes up to 32 are supported'],
  ['folded Thread 130', () => fft(Size(n(130)), Thread(), Type('r2c'), RealFFTOptions('natural', 'folded')), 'Size(130) is too large for folded Thread execution in f32: even sizes up to 128 are supported'],
  ['Block 8192', () => fft(Size(n(16384)), Block()), `Size(16384) exceeds the largest Block FFT for these Limits (${core})`],
  ['Block 2^24', () => fft(Size(n(16777216)), Block(), Type('r2c')), `Size(16777216) exceeds the largest Block FFT for these Limits (${core})`],
  ['Bluestein 16385 mid', () => fft(Size(n(16385)), Block(), mid()), 'Size(16385) needs Bluestein length 65536, beyond the largest Block FFT for these Limits (32768 in f32 with 32768 bytes of workgroup memory and 1024 invocations)'],
  ['Bluestein 4097', () => fft(Size(n(4097)), Block(), Direction('forward')), `Size(4097) needs Bluestein length 16384, beyond the largest Block FFT for these Limits (${core})`],
  ['EPT 5 for 96', () => fft(Size(96), Block(), ElementsPerThread(n(5))), 'ElementsPerThread(5) is not supported for Size(96) in f32 Block execution: supported values are 2, 3, 4, 6, 8, 12, 16, 24'],
  ['EPT 8 for 84 (gathered stages)', () => fft(Size(84), Block(), ElementsPerThread(n(8))), 'ElementsPerThread(8) is not supported for Size(84) in f32 Block execution: supported values are 4, 6, 7, 12, 14, 21, 28'],
  ['EPT 6 for 151 (Bluestein)', () => fft(Size(151), Block(), ElementsPerThread(n(6))), 'ElementsPerThread(6) is not supported for Size(151) in f32 Block execution (Bluestein length 512): supported values are 2, 4, 8, 16, 32'],
  ['EPT 5 for 97 (Rader)', () => fft(Size(97), Block(), ElementsPerThread(n(5))), 'ElementsPerThread(5) is not supported for Size(97) in f32 Block execution (Rader length 96): supported values are 2, 3, 4, 6, 8, 12, 16, 24'],
  ['folded EPT 128 for 64', () => fft(Size(64), Block(), Type('c2r'), RealFFTOptions('packed', 'folded'), ElementsPerThread(n(128))), 'ElementsPerThread(128) is not supported for Size(64) in f32 Block execution: supported values are 4, 8, 16, 32, 64'],
  ['BlockDim(8)', () => fft(Size(128), Block(), ElementsPerThread(8), BlockDim(n(8))), 'BlockDim(8, 1, 1) is too small for Size(128) with ElementsPerThread(8) and FFTsPerBlock(1): it needs x >= 16 and y >= 1'],
  ['BlockDim(16, 2) for 4 FFTs', () => fft(Size(128), Block(), ElementsPerThread(8), FFTsPerBlock(4), BlockDim(16, n(2))), 'BlockDim(16, 2, 1) is too small for Size(128) with ElementsPerThread(8) and FFTsPerBlock(4): it needs x >= 16 and y >= 4'],
  ['512 invocations', () => fft(Size(4096), Block(), ElementsPerThread(n(8))), 'the workgroup needs 512 invocations but the Limits allow 256'],
  ['BlockDim(300)', () => fft(Size(128), Block(), BlockDim(n(300))), 'the workgroup needs 300 invocations but the Limits allow 256'],
  ['4096 x 4 invocations', () => fft(Size(4096), Block(), FFTsPerBlock(n(4))), 'the workgroup needs 512 invocations but the Limits allow 256'],
  ['1323 x 4 memory (21 per invocation: no parted exchange)', () => fft(Size(1323), Block(), FFTsPerBlock(n(4)), ElementsPerThread(21)), 'FFTsPerBlock(4) with Size(1323) needs at least 21168 bytes of workgroup memory but the Limits allow 16384'],
  ['packed via with', () => (fft(Type('r2c'), RealFFTOptions('packed')).with as (...o: AnyOp[]) => unknown)(Size(15)), "RealFFTOptions('packed', 'normal') needs an even size, not Size(15)"],
];

describe('invalid combinations throw the compile-time text', () => {
  it.each(cases)('%s', (_name, build, message) => {
    let error: unknown;
    try {
      build();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FFTDescriptorError);
    expect((error as Error).message).toBe(`(FFT error) ${message}`);
  });
  it('covers at least 25 combinations', () => expect(cases.length).toBeGreaterThanOrEqual(25));
});

describe("the JavaScript type of an operator's argument: thrown by the operator, the compile-time text", () => {
  // The constructors as plain JavaScript sees them (test-d/errors.tst.ts pins the compile-time texts).
  const loose = (f: unknown) => f as (...args: unknown[]) => unknown;
  const anyFft = fft as unknown as (...ops: unknown[]) => unknown;
  const wrong: [string, () => unknown, string][] = [
    ["Size('64')", () => loose(Size)('64'), "Size('64') takes an integer, not a string"],
    ['Size(true)', () => loose(Size)(true), 'Size(true) takes an integer, not a boolean'],
    ['Size(64n)', () => loose(Size)(64n), 'Size(64n) takes an integer, not a bigint'],
    ['Size(null)', () => loose(Size)(null), 'Size(null) takes an integer, not null'],
    ['Size()', () => loose(Size)(), 'Size(undefined) takes an integer, not undefined'],
    ["ElementsPerThread('8')", () => loose(ElementsPerThread)('8'), "ElementsPerThread('8') takes an integer, not a string"],
    ['FFTsPerBlock([2])', () => loose(FFTsPerBlock)([2]), 'FFTsPerBlock([...]) takes an integer, not an array'],
    ["BlockDim('16')", () => loose(BlockDim)('16'), "BlockDim(x: '16') takes an integer, not a string"],
    ["BlockDim(16, '2')", () => loose(BlockDim)(16, '2'), "BlockDim(y: '2') takes an integer, not a string"],
    ['BlockDim(16, 2, {})', () => loose(BlockDim)(16, 2, {}), 'BlockDim(z: {...}) takes an integer, not an object'],
    ['BlockDim(16, null): null is not an absent y', () => loose(BlockDim)(16, null), 'BlockDim(y: null) takes an integer, not null'],
    ['Type(2)', () => loose(Type)(2), "Type(2) takes 'c2c', 'r2c' or 'c2r', not a number"],
    ['Direction(true)', () => loose(Direction)(true), "Direction(true) takes 'forward' or 'inverse', not a boolean"],
    ['Precision(null)', () => loose(Precision)(null), "Precision(null) takes 'f16', 'f32' or 'f64', not null"],
    ['Precision(() => 0)', () => loose(Precision)(() => 0), "Precision(function) takes 'f16', 'f32' or 'f64', not a function"],
    ['RealFFTOptions(1)', () => loose(RealFFTOptions)(1), "RealFFTOptions(layout: 1) takes 'natural', 'packed' or 'full', not a number"],
    ["RealFFTOptions('natural', 3)", () => loose(RealFFTOptions)('natural', 3), "RealFFTOptions(mode: 3) takes 'normal' or 'folded', not a number"],
    ['Limits(16384)', () => loose(Limits)(16384), 'Limits(16384) takes an object like adapter.limits, not a number'],
    ["Limits('core')", () => loose(Limits)('core'), "Limits('core') takes an object like adapter.limits, not a string"],
    ['Limits(null)', () => loose(Limits)(null), 'Limits(null) takes an object like adapter.limits, not null'],
    ['Limits([])', () => loose(Limits)([]), 'Limits([...]) takes an object like adapter.limits, not an array'],
    [
      "Limits({ maxComputeWorkgroupStorageSize: '32768' })",
      () => loose(Limits)({ maxComputeWorkgroupStorageSize: '32768' }),
      "Limits(maxComputeWorkgroupStorageSize: '32768') takes an integer, not a string",
    ],
    [
      'Limits({ maxComputeInvocationsPerWorkgroup: null })',
      () => loose(Limits)({ maxComputeInvocationsPerWorkgroup: null }),
      'Limits(maxComputeInvocationsPerWorkgroup: null) takes an integer, not null',
    ],
    ["Limits({ subgroups: 'yes' })", () => loose(Limits)({ subgroups: 'yes' }), "Limits(subgroups: 'yes') takes a boolean, not a string"],
    // An operator object built by hand reaches fft() unchecked: fft() checks its type the same way.
    ["fft({ op: 'size', value: '64' })", () => anyFft({ op: 'size', value: '64' }), "Size('64') takes an integer, not a string"],
    [
      "fft(Size(8), { op: 'blockDim', value: [8, '1', 1] })",
      () => anyFft(Size(8), { op: 'blockDim', value: [8, '1', 1] }),
      "BlockDim(y: '1') takes an integer, not a string",
    ],
  ];
  it.each(wrong)('%s', (_name, build, message) => {
    expect(build).toThrow(FFTDescriptorError);
    expect(build).toThrow(`(FFT error) ${message}`);
  });
  it('the right types still reach the value checks of fft()', () => {
    expect(() => anyFft(Size(2.5))).toThrow('(FFT error) Size(2.5) is not a valid FFT size: use an integer >= 2');
    expect(() => anyFft(Type(t('r2x' as FFTType)))).toThrow(`(FFT error) Type("r2x") is not valid: use 'c2c', 'r2c', 'c2r'`);
    // An absent Limits field takes its default; only present ones are type-checked.
    expect(() => fft(Size(64), Direction('forward'), Block(), Limits({ maxComputeInvocationsPerWorkgroup: n(1024) }))).not.toThrow();
  });
});

describe('what only JavaScript callers can get wrong', () => {
  const anyFft = fft as unknown as (...ops: unknown[]) => unknown;
  it.each([
    [() => anyFft(Size(8), { op: 'nope' }), "argument 2 is not an FFT operator (use Size(), Type(), Block(), ...)"],
    [() => anyFft(Size(8), { op: 'blockDim', value: 16 }), 'argument 2 is not an FFT operator (use Size(), Type(), Block(), ...)'],
    [() => anyFft(Type('c2x' as FFTType)), `Type("c2x") is not valid: use 'c2c', 'r2c', 'c2r'`],
    [() => anyFft(Size(Number.NaN)), 'Size(NaN) is not a valid FFT size: use an integer >= 2'],
  ])('%#', (build, message) => {
    expect(build).toThrow(FFTDescriptorError);
    expect(build).toThrow(`(FFT error) ${message}`);
  });
});
