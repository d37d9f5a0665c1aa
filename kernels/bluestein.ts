// Bluestein (chirp-z) for lengths the Stockham engine cannot run natively (large prime factors):
// an n-point DFT as a cyclic convolution of length B (a power of two >= 2n - 1) run by the B-point
// Block engine. With w_j = exp(sign i pi j^2 / n) and jk = (j^2 + k^2 - (k - j)^2) / 2:
//   X_k = w_k * sum_j (x_j w_j) conj(w_(k-j)),
// i.e. multiply by the chirp, zero-pad to B, convolve with h (h_j = conj(w_j), wrapped), multiply by
// the chirp. The convolution is IFFT(FFT(a) * FFT(h)) / B; FFT(h) / B is precomputed on the host
// in f64, and the inverse FFT reuses the forward engine: IFFT(z) = conj(FFT(conj(z))).
//
// Workspace layout (2B elements = plan.workspaceSize bytes; vec2<f32> for f32 and f16, whose twiddles
// are f32, and df64 vec4<f32> (re_hi, im_hi, re_lo, im_lo) for f64):
//   [0, B)      H_k = FFT_B(h)_k / B   (always the forward transform: the direction lives in w)
//   [B, B + n)  the chirp w_j
//   [B + n, 2B) zeros
import type { FFTPlan } from '../descriptors/model.js';
import { ARITH_F32, type Arith } from './arith.js';
import type { Definitions } from './definitions.js';
import { complexToDF64 } from './df64-layout.js';
import { bluesteinChirp, fftPow2F64 } from './host-fft.js';
import { addBlockEngine, addCmul, type ExchangeMode } from './stockham.js';

export { bluesteinChirp } from './host-fft.js';

/**
 * The Bluestein workspace for a plan (interleaved complex f32, or df64 quadruples for f64;
 * plan.workspaceSize bytes). `length` is
 * the complex length the engine transforms by Bluestein (plan.size for c2c; a real-FFT generator
 * running a shorter complex FFT passes its own).
 */
export function bluesteinWorkspace(plan: FFTPlan, length = plan.size): Float32Array {
  if (plan.algorithm !== 'bluestein') throw new Error(`webfftdx: Size(${plan.size}) does not use Bluestein: no workspace`);
  const n = length;
  const b = plan.execSize;
  const sign = plan.direction === 'forward' ? -1 : 1;
  const w = bluesteinChirp(n, sign);
  const h = new Float64Array(2 * b);
  for (let j = 0; j < n; j++) {
    h[2 * j] = w[2 * j];
    h[2 * j + 1] = -w[2 * j + 1];
    if (j > 0) {
      h[2 * (b - j)] = w[2 * j];
      h[2 * (b - j) + 1] = -w[2 * j + 1];
    }
  }
  fftPow2F64(h, b, -1);
  const values = new Float64Array(4 * b);
  for (let k = 0; k < 2 * b; k++) values[k] = h[k] / b;
  values.set(w, 2 * b);
  return plan.precision === 'f64' ? complexToDF64(values) : Float32Array.from(values);
}

export interface BluesteinSpec {
  readonly prefix: string;
  /** Name of the function to define. */
  readonly name: string;
  /** Logical length n. */
  readonly size: number;
  /** Convolution length B (power of two). */
  readonly execSize: number;
  readonly ept: number;
  readonly storage: number;
  readonly slots: number;
  readonly exchange: ExchangeMode;
  readonly smem: string;
  /** Name of the workspace storage buffer (array<vec2<f32>>, layout above). */
  readonly workspace: string;
  readonly swizzle?: boolean;
  /** Exchange parts of the B-point engine (BlockEngineSpec.parts); default 1. */
  readonly parts?: number;
  /** Engine tag (BlockEngineSpec.tag) when the module holds another engine of this length. */
  readonly tag?: string;
  /** Read H into registers before the first engine run (FFTPlan.bluesteinPrefetch). */
  readonly prefetch?: boolean;
  /** Register arithmetic (default f32); the workspace holds its twiddle type. */
  readonly arith?: Arith;
  /** Product twiddles of the B-point engine formed at their use (BlockEngineSpec.twiddlesAtUse). */
  readonly twiddlesAtUse?: boolean;
}

/**
 * Adds `fn <name>(data: ptr<function, array<vec2<f32>, storage>>, thread: u32, fft: u32)`: the
 * n-point DFT of registers holding elements thread + i * stride (valid while < n; others are
 * ignored), result in the same layout (registers of elements >= n are zeroed). Runs the B-point
 * engine twice: same synchronisation contract as the engine. The two runs are two calls, not a loop
 * over one call with the H product under `if (step == 0)`: measured on the H200 (bench/NOTES.md run
 * 22) the straight-line form is 2-12 % faster at n = 127, 251, 509, 2039 and 4093 (1009 with the
 * E32 shape it had then 2.5 % slower; its E16 shape was tuned with this form).
 */
export function addBluesteinExecute(defs: Definitions, spec: BluesteinSpec): string {
  const { prefix, size: n, execSize: b, ept, storage, workspace: ws } = spec;
  const stride = b / ept;
  const ar = spec.arith ?? ARITH_F32;
  const engine = addBlockEngine(defs, {
    arith: ar,
    prefix,
    size: b,
    ept,
    storage,
    sign: -1,
    slots: spec.slots,
    exchange: spec.exchange,
    smem: spec.smem,
    swizzle: spec.swizzle,
    parts: spec.parts,
    tag: spec.tag,
    twiddlesAtUse: spec.twiddlesAtUse,
  });
  const cmul = addCmul(defs, prefix, ar);
  // Applies f(register, element index expr) to registers of elements < n; zeroes the rest.
  const perRegister = (f: (reg: string, j: string) => string): string[] => {
    const out: string[] = [];
    for (let i = 0; i < ept; i++) {
      const reg = `(*data)[${i}]`;
      const j = `th + ${i * stride}u`;
      if (i * stride + stride - 1 < n) out.push(`${reg} = ${f(reg, j)};`);
      else if (i * stride >= n) out.push(`${reg} = ${ar.zero};`);
      else out.push(`${reg} = select(${ar.zero}, ${f(reg, j)}, ${j} < ${n}u);`);
    }
    return out;
  };
  const conj = (v: string) => ar.conj(v);
  const h = (i: number) => (spec.prefetch ? `h${i}` : `${ws}[th + ${i * stride}u]`);
  const body = [
    `// Idle invocations (thread >= ${stride}) read in-range workspace entries; their results are unused.`,
    `let th = min(thread, ${stride - 1}u);`,
    ...(spec.prefetch
      ? [`// H, read now: its latency hides behind the first engine run (TuningEntry.prefetch).`, ...Array.from({ length: ept }, (_, i) => `let ${h(i)} = ${ws}[th + ${i * stride}u];`)]
      : []),
    `// a_j = x_j * w_j, zero-padded to ${b}.`,
    ...perRegister((reg, j) => ar.store(`${cmul}(${ar.load(reg)}, ${ws}[${j} + ${b}u])`)),
    `// A = FFT(a); conj(A * H); its FFT is the convolution's inverse FFT, conjugated (IFFT(z) = conj(FFT(conj(z)))).`,
    `${engine}(data, thread, fft);`,
    ...Array.from({ length: ept }, (_, i) => `(*data)[${i}] = ${ar.store(conj(`${cmul}(${ar.load(`(*data)[${i}]`)}, ${h(i)})`))};`),
    `${engine}(data, thread, fft);`,
    `// X_k = w_k * conj(FFT(...))_k for k < ${n}.`,
    ...perRegister((reg, j) => ar.store(`${cmul}(${conj(ar.load(reg))}, ${ws}[${j} + ${b}u])`)),
  ];
  return defs.add(spec.name, () =>
    [
      `// ${n}-point DFT by Bluestein over the ${b}-point engine (workspace: H at [0, ${b}), chirp at [${b}, ${b + n})).`,
      `fn ${spec.name}(data: ptr<function, array<${ar.register}, ${storage}>>, thread: u32, fft: u32) {`,
      ...body.map((l) => `  ${l}`),
      `}`,
    ].join('\n'),
  );
}
