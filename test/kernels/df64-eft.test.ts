// The df64 (emulated f64) arithmetic relies on error-free transformations: two-sum (the rounding
// error of a + b recovered by (a - (s - v)) + (b - v)) and two-product (Dekker's splits, or
// fma(a, b, -p) with WGSLOptions.exactFma on a device whose fma rounds once). A compiler
// that reassociated the sums (fast-math) or fused the wrong operations would silently turn them into
// zeros and leave f32 accuracy. The probe kernel (bench/df64-eft.ts, which bench/f64-check.ts runs on
// the GPU machine) runs the module's own helpers (kernels/arith.ts) on values whose exact low parts
// are known; they are checked bit for bit.
import { describe, expect, it } from 'vitest';
import { testDevice } from '../support/gpu.js';
import { DF64_EFT_EXPECTED, runDf64EftProbe } from '../../bench/df64-eft.js';
import { hasExactFma } from '../../src/host/fma.js';
import { Block, Direction, fft, Precision, Size } from '../../src/index.js';
import { arithFor, df64PublicHelpers } from '../../kernels/arith.js';
import { Definitions } from '../../kernels/definitions.js';

describe('df64 error-free transformations survive the shader compiler', () => {
  it('two-sum, two-product and the complex product keep their exact low parts', async () => {
    const { device } = await testDevice();
    const rows = await runDf64EftProbe(device, false);
    DF64_EFT_EXPECTED.forEach((e, i) => expect(rows[i], e.what).toEqual(e.value));
  });

  // The fma two-product (WGSLOptions.exactFma) is exact exactly where hasExactFma says so: on a device
  // with a fused fma its low parts are those above; on one without (lavapipe), they are lost, which is
  // why the host helpers ask the device before using it.
  it('exactFma products agree with hasExactFma(device)', async () => {
    const { device } = await testDevice();
    const fused = await hasExactFma(device);
    const rows = await runDf64EftProbe(device, true);
    // The products (scale, cmul) are exact iff the fma is; the sums do not use it.
    const exact = rows.map((r, i) => r.every((x, k) => x === DF64_EFT_EXPECTED[i].value[k]));
    expect(exact).toEqual(DF64_EFT_EXPECTED.map((e) => (/^(scale|cmul)/.test(e.what) ? fused : true)));
  });

  it('exactFma changes only f64 code: one fma per product instead of the Veltkamp splits', () => {
    const f64 = fft(Size(64), Precision('f64'), Direction('forward'), Block());
    const plain = f64.wgsl().code;
    const fused = f64.wgsl({ exactFma: true }).code;
    expect(plain).toMatch(/_dsplit\(/);
    expect(plain).not.toMatch(/fma\(/);
    expect(fused).toMatch(/fma\(/);
    expect(fused).not.toMatch(/_dsplit/);
    const f32 = fft(Size(64), Precision('f32'), Direction('forward'), Block());
    expect(f32.wgsl({ exactFma: true }).code).toBe(f32.wgsl().code);
  });

  // Lazy renormalisation (kernels/arith.ts dfHelpers): the FFT's add returns the two-sum's pair
  // (s, t) as it is, its products renormalise, and so does every helper offered to user WGSL.
  it('sums are not renormalised, products and the public helpers are', () => {
    const body = (code: string, name: string) => code.slice(code.indexOf(`fn ${name}(`), code.indexOf('\n}', code.indexOf(`fn ${name}(`)));
    const defs = new Definitions();
    const ar = arithFor('f64', defs, 't');
    ar.add('a', 'b');
    ar.scale('x', 3);
    ar.addCmul(defs, 't');
    const code = defs.toString();
    expect(body(code, 't_dadd')).toMatch(/return vec4<f32>\(s, t\);/);
    for (const f of ['t_dscale', 't_cmul']) expect(body(code, f)).toMatch(/let hi = max\(/);
    const pub = df64PublicHelpers(false);
    for (const f of ['df64_dadd', 'df64_dscale', 'df64_cmul']) expect(body(pub, f)).toMatch(/let hi = max\(/);
    // The previous arithmetic (every result renormalised) for comparison (bench/run.ts --df64).
    const eager = new Definitions();
    arithFor('f64', eager, 't', { renormalise: 'every-op' }).add('a', 'b');
    expect(body(eager.toString(), 't_dadd')).toMatch(/let hi = max\(/);
  });
});
