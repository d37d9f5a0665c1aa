// tsd: the host helpers' signatures as a user sees them (types only; nothing here runs).
import { expectError, expectType } from 'tsd';
import { Block, type Convolution, createBatchedFFT, Direction, exportTuning, fft, hasExactFma, importTuning, Precision, Size, type AnyShapeFFT, type TuningMethod, type TuningWisdom } from 'webfftdx';

declare const device: GPUDevice;
declare const conv: Convolution;
declare const plan: AnyShapeFFT;

// hasExactFma: asked of a device, answered asynchronously.
expectType<Promise<boolean>>(hasExactFma(device));

// wgsl()'s exactFma option takes a boolean, nothing else.
const f64 = fft(Size(256), Direction('forward'), Precision('f64'), Block());
f64.wgsl({ exactFma: true });
expectError(f64.wgsl({ exactFma: 'yes' }));

// wgsl()'s twiddleTable option takes a binding; the module then may name the table and its contents.
const tabled = f64.wgsl({ twiddleTable: { group: 0, binding: 4 } });
expectType<Float32Array<ArrayBuffer> | undefined>(tabled.twiddleTable?.data);
expectType<string | undefined>(tabled.twiddleTable?.name);
expectError(f64.wgsl({ twiddleTable: 4 }));
expectError(f64.wgsl({ twiddleTable: { binding: 4 } }));

// run() returns the kind of array it was given (f32, df64 as Float64Array, f16 bits).
expectType<Promise<Float32Array>>(conv.run(new Float32Array(8)));
expectType<Promise<Float64Array>>(conv.run(new Float64Array(8)));
expectType<Promise<Uint16Array>>(conv.run(new Uint16Array(8)));
expectType<Promise<Float64Array>>(plan.run(new Float64Array(8)));
expectError(conv.run([1, 2, 3]));

// createBatchedFFT's tuning: 'table' or 'measure'; the plan reports how its shape was chosen.
const measured = createBatchedFFT(device, f64, { batch: 4, tuning: 'measure' });
expectType<TuningMethod>((await measured).tuning.method);
expectType<number>((await measured).tuning.timings[0].ms);
expectError(createBatchedFFT(device, f64, { batch: 4, tuning: 'fast' }));

// Measure's choices saved and restored: plain data out, that data or its JSON text in.
const wisdom = exportTuning(device);
expectType<TuningWisdom>(wisdom);
expectType<'webfftdx-tuning'>(wisdom.format);
expectType<number>(importTuning(device, wisdom));
expectType<number>(importTuning(device, JSON.stringify(wisdom)));
expectError(importTuning(device, 42));
expectError(importTuning(wisdom));
