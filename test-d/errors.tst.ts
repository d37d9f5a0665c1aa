// Invalid combinations: each is a compile-time error whose text is the parameter type of the culprit
// argument. The texts are pinned whole; test/descriptors/errors.test.ts pins the same texts at run time
// (shared table: test/descriptors/error-cases.ts).
import { describe, expect, test } from 'tstyche';
import {
  Block,
  BlockDim,
  Direction,
  ElementsPerThread,
  fft,
  FFTsPerBlock,
  Limits,
  Precision,
  RealFFTOptions,
  Size,
  Thread,
  Type,
} from '../src/index.js';

describe("the JavaScript type of an operator's argument", () => {
  // The parameter itself becomes the message the constructor throws at run time
  // (test/descriptors/errors.test.ts pins the same texts).
  test('integer operators given something else', () => {
    expect(Size('64')).type.toRaiseError(
      `Argument of type '"64"' is not assignable to parameter of type '"(FFT error) Size('64') takes an integer, not a string"'`,
    );
    expect(fft(Size('64'), Block())).type.toRaiseError("(FFT error) Size('64') takes an integer, not a string");
    expect(Size(true)).type.toRaiseError('(FFT error) Size(true) takes an integer, not a boolean');
    expect(Size(64n)).type.toRaiseError('(FFT error) Size(64n) takes an integer, not a bigint');
    expect(Size(null)).type.toRaiseError('(FFT error) Size(null) takes an integer, not null');
    expect(ElementsPerThread('8')).type.toRaiseError("(FFT error) ElementsPerThread('8') takes an integer, not a string");
    expect(FFTsPerBlock([2])).type.toRaiseError('(FFT error) FFTsPerBlock([...]) takes an integer, not an array');
    expect(BlockDim('16')).type.toRaiseError("(FFT error) BlockDim(x: '16') takes an integer, not a string");
    expect(BlockDim(16, '2')).type.toRaiseError("(FFT error) BlockDim(y: '2') takes an integer, not a string");
    expect(BlockDim(16, 2, {})).type.toRaiseError('(FFT error) BlockDim(z: {...}) takes an integer, not an object');
  });
  test('a non-literal string says so', () => {
    const text: string = '64';
    expect(Size(text)).type.toRaiseError('(FFT error) Size(string) takes an integer, not a string');
  });
  test('string operators given something else', () => {
    expect(Type(2)).type.toRaiseError("(FFT error) Type(2) takes 'c2c', 'r2c' or 'c2r', not a number");
    expect(Direction(true)).type.toRaiseError("(FFT error) Direction(true) takes 'forward' or 'inverse', not a boolean");
    expect(Precision(null)).type.toRaiseError("(FFT error) Precision(null) takes 'f16', 'f32' or 'f64', not null");
    expect(RealFFTOptions(1)).type.toRaiseError("(FFT error) RealFFTOptions(layout: 1) takes 'natural', 'packed' or 'full', not a number");
    expect(RealFFTOptions('natural', 3)).type.toRaiseError("(FFT error) RealFFTOptions(mode: 3) takes 'normal' or 'folded', not a number");
  });
  test('a string outside the values keeps TypeScript own error (so editors still complete the values)', () => {
    expect(Type('r2x')).type.toRaiseError(`Argument of type '"r2x"' is not assignable to parameter of type 'FFTType'`);
    expect(RealFFTOptions('natural', 'fold')).type.toRaiseError(
      `Argument of type '"fold"' is not assignable to parameter of type 'RealMode | undefined'`,
    );
  });
  test('Limits given something other than an object; a wrong field is named by TypeScript', () => {
    expect(Limits(16384)).type.toRaiseError('(FFT error) Limits(16384) takes an object like adapter.limits, not a number');
    expect(Limits('core')).type.toRaiseError("(FFT error) Limits('core') takes an object like adapter.limits, not a string");
    expect(Limits({ maxComputeWorkgroupStorageSize: '32768' })).type.toRaiseError("Type 'string' is not assignable to type 'number'");
  });
});

describe("an operator's own value", () => {
  test('sizes below 2 and non-integers', () => {
    expect(fft(Size(1), Block())).type.toRaiseError('(FFT error) Size(1) is not a valid FFT size: use an integer >= 2');
    expect(fft(Size(0))).type.toRaiseError('(FFT error) Size(0) is not a valid FFT size: use an integer >= 2');
    expect(fft(Size(2.5))).type.toRaiseError('(FFT error) Size(2.5) is not a valid FFT size: use an integer >= 2');
  });
  test('block configuration values', () => {
    expect(fft(Size(64), Block(), ElementsPerThread(0))).type.toRaiseError(
      '(FFT error) ElementsPerThread(0) is not valid: use a positive integer',
    );
    expect(fft(Size(64), Block(), FFTsPerBlock(1.5))).type.toRaiseError('(FFT error) FFTsPerBlock(1.5) is not valid: use a positive integer');
    expect(fft(Size(64), Block(), BlockDim(16, 0))).type.toRaiseError('(FFT error) BlockDim(16, 0, 1) is not valid: use positive integers');
    expect(fft(Size(64), Limits({ maxComputeInvocationsPerWorkgroup: 0 }))).type.toRaiseError(
      '(FFT error) Limits(16384 bytes, 0 invocations) is not valid: use positive integers',
    );
  });
});

describe('each operator at most once', () => {
  test('duplicates, in one call and through with()', () => {
    expect(fft(Size(128), Size(256))).type.toRaiseError(
      '(FFT error) Size() appears more than once: each operator may be used at most once',
    );
    expect(fft(Size(128), Block(), Block())).type.toRaiseError(
      '(FFT error) Block() appears more than once: each operator may be used at most once',
    );
    expect(fft(Size(128)).with(Size(256))).type.toRaiseError(
      '(FFT error) Size() appears more than once: each operator may be used at most once',
    );
    expect(fft(Size(8), Precision('f32')).with(Precision('f64'))).type.toRaiseError(
      '(FFT error) Precision() appears more than once: each operator may be used at most once',
    );
  });
  test('Thread and Block together', () => {
    expect(fft(Size(8), Thread(), Block())).type.toRaiseError(
      '(FFT error) Block() cannot be combined with Thread(): a descriptor has one execution operator',
    );
    expect(fft(Size(8), Block()).with(Thread())).type.toRaiseError(
      '(FFT error) Thread() cannot be combined with Block(): a descriptor has one execution operator',
    );
  });
});

describe('combinations', () => {
  test('Thread with block-only operators', () => {
    expect(fft(Size(64), Thread(), ElementsPerThread(4))).type.toRaiseError(
      '(FFT error) ElementsPerThread() is a Block-only operator: it cannot be combined with Thread()',
    );
    expect(fft(Size(64), FFTsPerBlock(2), Thread())).type.toRaiseError(
      '(FFT error) FFTsPerBlock() is a Block-only operator: it cannot be combined with Thread()',
    );
    expect(fft(Size(64), BlockDim(64)).with(Thread())).type.toRaiseError(
      '(FFT error) BlockDim() is a Block-only operator: it cannot be combined with Thread()',
    );
  });
  test('direction against type', () => {
    expect(fft(Size(64), Type('r2c'), Direction('inverse'))).type.toRaiseError(
      "(FFT error) Direction('inverse') cannot be used with Type('r2c'): r2c is always forward (use Type('c2r') for the inverse)",
    );
    expect(fft(Direction('forward'), Type('c2r'))).type.toRaiseError(
      "(FFT error) Direction('forward') cannot be used with Type('c2r'): c2r is always inverse (use Type('r2c') for the forward)",
    );
  });
  test('real-FFT options', () => {
    expect(fft(Size(64), RealFFTOptions('natural', 'folded'))).type.toRaiseError(
      "(FFT error) RealFFTOptions('natural', 'folded') needs Type('r2c') or Type('c2r'): folded mode does not apply to c2c",
    );
    expect(fft(Size(15), Type('r2c'), RealFFTOptions('packed'))).type.toRaiseError(
      "(FFT error) RealFFTOptions('packed', 'normal') needs an even size, not Size(15)",
    );
    expect(fft(Size(15), Type('c2r'), Thread(), RealFFTOptions('full', 'folded'))).type.toRaiseError(
      "(FFT error) RealFFTOptions('full', 'folded') in Thread execution needs an even size, not Size(15)",
    );
    expect(fft(Size(15), Type('r2c'), Block(), RealFFTOptions('natural', 'folded'))).type.toRaiseError(
      "(FFT error) RealFFTOptions('natural', 'folded') in Block execution needs an even size, not Size(15)",
    );
    expect(fft(Size(202), Type('r2c'), Block(), RealFFTOptions('natural', 'folded'))).type.toRaiseError(
      "(FFT error) RealFFTOptions('natural', 'folded') in Block execution needs half the size to run natively, not Size(202): 101 would take Bluestein",
    );
    expect(fft(Size(64), Type('r2c'), Block(), RealFFTOptions('natural', 'folded'), ElementsPerThread(5))).type.toRaiseError(
      '(FFT error) ElementsPerThread(5) must be even in folded mode: it counts real elements',
    );
  });
  test('odd FFTsPerBlock in f16', () => {
    expect(fft(Size(128), Precision('f16'), Block(), FFTsPerBlock(3))).type.toRaiseError(
      '(FFT error) FFTsPerBlock(3) must be even in f16: each f16 computation carries two FFTs',
    );
  });
});

describe('what the engine can build under the Limits', () => {
  test('Thread size limits (64 for f32, as cuFFTDx)', () => {
    expect(fft(Size(65), Thread())).type.toRaiseError(
      '(FFT error) Size(65) is too large for Thread execution in f32: sizes up to 64 are supported',
    );
    expect(fft(Size(64), Thread(), Precision('f64'))).type.toRaiseError(
      '(FFT error) Size(64) is too large for Thread execution in f64: sizes up to 32 are supported',
    );
    expect(fft(Size(130), Thread(), Type('r2c'), RealFFTOptions('natural', 'folded'))).type.toRaiseError(
      '(FFT error) Size(130) is too large for folded Thread execution in f32: even sizes up to 128 are supported',
    );
  });
  test('Block sizes beyond the Limits', () => {
    expect(fft(Size(16384), Block())).type.toRaiseError(
      '(FFT error) Size(16384) exceeds the largest Block FFT for these Limits (8192 in f32 with 16384 bytes of workgroup memory and 256 invocations)',
    );
    expect(fft(Size(16777216), Block(), Type('r2c'))).type.toRaiseError(
      '(FFT error) Size(16777216) exceeds the largest Block FFT for these Limits (8192 in f32 with 16384 bytes of workgroup memory and 256 invocations)',
    );
    expect(fft(Size(16385), Block(), Limits({ maxComputeWorkgroupStorageSize: 32768, maxComputeInvocationsPerWorkgroup: 1024 }))).type.toRaiseError(
      '(FFT error) Size(16385) needs Bluestein length 65536, beyond the largest Block FFT for these Limits (32768 in f32 with 32768 bytes of workgroup memory and 1024 invocations)',
    );
    expect(fft(Size(4097), Block(), Direction('forward'))).type.toRaiseError(
      '(FFT error) Size(4097) needs Bluestein length 16384, beyond the largest Block FFT for these Limits (8192 in f32 with 16384 bytes of workgroup memory and 256 invocations)',
    );
  });
  test('ElementsPerThread incompatible with the size', () => {
    expect(fft(Size(96), Block(), ElementsPerThread(5))).type.toRaiseError(
      '(FFT error) ElementsPerThread(5) is not supported for Size(96) in f32 Block execution: supported values are 2, 3, 4, 6, 8, 12, 16, 24',
    );
    expect(fft(Size(84), Block(), ElementsPerThread(8))).type.toRaiseError(
      '(FFT error) ElementsPerThread(8) is not supported for Size(84) in f32 Block execution: supported values are 4, 6, 7, 12, 14, 21, 28',
    );
    expect(fft(Size(151), Block(), ElementsPerThread(6))).type.toRaiseError(
      '(FFT error) ElementsPerThread(6) is not supported for Size(151) in f32 Block execution (Bluestein length 512): supported values are 2, 4, 8, 16, 32',
    );
    expect(fft(Size(97), Block(), ElementsPerThread(5))).type.toRaiseError(
      '(FFT error) ElementsPerThread(5) is not supported for Size(97) in f32 Block execution (Rader length 96): supported values are 2, 3, 4, 6, 8, 12, 16, 24',
    );
    expect(fft(Size(64), Block(), Type('c2r'), RealFFTOptions('packed', 'folded'), ElementsPerThread(128))).type.toRaiseError(
      '(FFT error) ElementsPerThread(128) is not supported for Size(64) in f32 Block execution: supported values are 4, 8, 16, 32, 64',
    );
  });
  test('BlockDim too small, too many invocations, too much workgroup memory', () => {
    expect(fft(Size(128), Block(), ElementsPerThread(8), BlockDim(8))).type.toRaiseError(
      '(FFT error) BlockDim(8, 1, 1) is too small for Size(128) with ElementsPerThread(8) and FFTsPerBlock(1): it needs x >= 16 and y >= 1',
    );
    expect(fft(Size(128), Block(), ElementsPerThread(8), FFTsPerBlock(4), BlockDim(16, 2))).type.toRaiseError(
      '(FFT error) BlockDim(16, 2, 1) is too small for Size(128) with ElementsPerThread(8) and FFTsPerBlock(4): it needs x >= 16 and y >= 4',
    );
    expect(fft(Size(4096), Block(), ElementsPerThread(8))).type.toRaiseError(
      '(FFT error) the workgroup needs 512 invocations but the Limits allow 256',
    );
    expect(fft(Size(128), Block(), BlockDim(300))).type.toRaiseError(
      '(FFT error) the workgroup needs 300 invocations but the Limits allow 256',
    );
    expect(fft(Size(4096), Block(), FFTsPerBlock(4))).type.toRaiseError(
      '(FFT error) the workgroup needs 512 invocations but the Limits allow 256',
    );
    expect(fft(Size(1323), Block(), FFTsPerBlock(4), ElementsPerThread(21))).type.toRaiseError(
      '(FFT error) FFTsPerBlock(4) with Size(1323) needs at least 21168 bytes of workgroup memory but the Limits allow 16384',
    );
  });
});

describe('incomplete descriptors', () => {
  // The trait types themselves (FFTIncomplete<message>) are tsd's (test-d/traits.test-d.ts).
  test('asking for WGSL, or using a missing trait as a number, prints the message', () => {
    const D = fft(Size(128), Block());
    expect(D.wgsl()).type.toRaiseError("(FFT error) wgsl() is not available: a c2c FFT needs Direction('forward')");
    const use = (x: number) => x;
    expect(use(D.stride)).type.toRaiseError("(FFT error) stride is not available: a c2c FFT needs Direction('forward')");
  });
});

describe('the culprit argument carries the message', () => {
  test('only the culprit is blamed; with() blames the new arguments', () => {
    // The error is reported on ElementsPerThread(5), the third argument: Size and Block stay valid.
    expect(fft(Size(96), Block(), ElementsPerThread(5))).type.toRaiseError(
      "Argument of type 'ElementsPerThreadOp<5>' is not assignable to parameter of type '\"(FFT error) ElementsPerThread(5)",
    );
    // RealFFTOptions (composed earlier) is the culprit: the new Size(15) carries the message.
    expect(fft(Type('r2c'), RealFFTOptions('packed')).with(Size(15))).type.toRaiseError(
      "Argument of type 'SizeOp<15>' is not assignable to parameter of type '\"(FFT error) RealFFTOptions('packed', 'normal') needs an even size, not Size(15)\"'",
    );
  });
  test('valid descriptors raise nothing', () => {
    expect(fft(Size(96), Block(), ElementsPerThread(6))).type.not.toRaiseError();
    expect(fft(Size(4096), Block(), FFTsPerBlock(2), Limits({ maxComputeWorkgroupStorageSize: 32768, maxComputeInvocationsPerWorkgroup: 1024 }))).type.not.toRaiseError();
  });
});
