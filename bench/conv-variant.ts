// Times createConvolution's fused kernel with forced register shapes and kernel variants: the tool
// behind the convolution experiments in docs/convolution.md.
//   node dist/bench/conv-variant.js [--total N] [--repeats R] '<label>=<JSON>' ...
// JSON: { "kind": "conv" | "c2c_conv", "n": N, "mode"?: "circular" | "linear" | "same", "taps"?: M, "precision"?: "f32" | "f64", "ept"?: E, "fpb"?: F, "engine"?: "folded", "prefetchSpectrum"?: bool, "prefetchRegisters"?: R,
//         "skipSpectrumRead"?: true, "skipSpectrumPass"?: true, "multiPass"?: true } (the skip* variants are diagnostics
// that compute wrong results; multiPass times the path beyond the fused kernel at a length the fused kernel holds).
// Circular mode with N taps unless given (mode, taps), bytes as bench/convolution-case.ts (each signal read once, each
// output written once).
import { createShapedConvolution } from '../src/convolution/create.js';
import { FAST_TOGGLES, requestNodeDevice } from '../src/node.js';
import { rotatingCase, rotationCount } from './buffers.js';
import { gbPerSecond } from './report.js';
import { timeEncode } from '../src/host/timing.js';

interface VariantSpec {
  readonly kind: 'conv' | 'c2c_conv';
  readonly n: number;
  readonly mode?: 'circular' | 'linear' | 'same';
  readonly taps?: number;
  readonly precision?: 'f32' | 'f64';
  readonly ept?: number;
  readonly fpb?: number;
  readonly engine?: 'folded';
  readonly prefetchSpectrum?: boolean;
  readonly prefetchRegisters?: number;
  readonly skipSpectrumRead?: boolean;
  readonly skipSpectrumPass?: boolean;
  readonly multiPass?: boolean;
}

function taps(count: number, precision: 'f32' | 'f64'): Float32Array | Float64Array {
  const values = Array.from({ length: count }, (_, i) => Math.sin(i * 0.7 + 0.3));
  return precision === 'f64' ? Float64Array.from(values) : Float32Array.from(values);
}

async function main(argv: string[]): Promise<void> {
  let total = 1 << 26;
  let repeats = 20;
  const specs: [string, VariantSpec][] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--total') total = Number(argv[++i]);
    else if (argv[i] === '--repeats') repeats = Number(argv[++i]);
    else {
      const eq = argv[i].indexOf('=');
      specs.push([argv[i].slice(0, eq), JSON.parse(argv[i].slice(eq + 1)) as VariantSpec]);
    }
  }
  const { device } = await requestNodeDevice({ toggles: FAST_TOGGLES });
  for (const [label, v] of specs) {
    try {
      const type = v.kind === 'conv' ? 'real' : 'complex';
      const precision = v.precision ?? 'f32';
      const batch = Math.max(1, Math.floor(total / v.n));
      const conv = await createShapedConvolution(
        device,
        { shape: v.n, type, mode: v.mode ?? 'circular', filter: taps((type === 'complex' ? 2 : 1) * (v.taps ?? v.n), precision), batch, precision },
        {
          elementsPerThread: v.ept,
          engine: v.engine,
          fftsPerBlock: v.fpb,
          prefetchSpectrum: v.prefetchSpectrum,
          prefetchRegisters: v.prefetchRegisters,
          skipSpectrumRead: v.skipSpectrumRead,
          skipSpectrumPass: v.skipSpectrumPass,
          multiPass: v.multiPass,
        },
      );
      const spec = { kind: v.kind, n: v.n, precision, batch };
      const kase = rotatingCase(device, spec, conv, rotationCount(total * 16));
      const t = await timeEncode(device, (pass) => kase.encode(pass), { warmup: 3, repeats, dispatches: 1 });
      const p = conv.passes[0];
      if (p.kernel !== 'fused' && !v.multiPass) throw new Error(`${label}: not the fused kernel (the multi-pass path runs it)`);
      const shape =
        p.kernel === 'fused'
          ? `P ${conv.fftLength} E${p.forward.elementsPerThread} x${p.forward.fftsPerBlock} ${p.forward.exchange}/${p.forward.exchangeParts} wg ${p.workgroupSize.join('x')} ${p.workgroupBytes} B`
          : conv.passes.map((q) => q.kernel).join(' + ');
      console.log(`${label}\t${gbPerSecond(kase.bytesMoved, t.ms).toFixed(0)} GB/s\t${t.ms.toFixed(4)} ms\t${shape}`);
      kase.destroy();
      conv.destroy();
    } catch (e) {
      console.log(`${label}\tfailed: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  device.destroy();
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
