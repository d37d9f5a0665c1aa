/// <reference lib="esnext.float16" />
// tsd: in a project whose lib declares Float16Array (ES2025, "esnext.float16"), run() of every host
// plan takes a Float16Array and returns one (without that lib the overload is absent, and the
// library's own build, on ES2022, compiles the same declarations).
import { expectType } from 'tsd';
import type { AnyShapeFFT, BatchedFFT, Convolution } from 'webfftdx';

declare const batched: BatchedFFT;
declare const plan: AnyShapeFFT;
declare const conv: Convolution;

expectType<Promise<Float16Array>>(batched.run(new Float16Array(8)));
expectType<Promise<Float16Array>>(plan.run(new Float16Array(8)));
expectType<Promise<Float16Array>>(conv.run(new Float16Array(8)));
// The other kinds keep their own return types.
expectType<Promise<Uint16Array>>(plan.run(new Uint16Array(8)));
expectType<Promise<Float32Array>>(conv.run(new Float32Array(8)));
