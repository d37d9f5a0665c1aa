// generateModule's contract (no GPU): names, declarations, sizes, options, and clear errors.
import { describe, expect, it } from 'vitest';
import { resolvePlan } from '../../descriptors/plan.js';
import { bluesteinWorkspace } from '../../kernels/bluestein.js';
import { workspaceData } from '../../kernels/workspace-data.js';
import { stageRadices } from '../../kernels/stockham.js';
import { defaultPrefix, generateModule } from '../../kernels/module.js';

describe('generateModule', () => {
  it('names functions from a readable default prefix and declares exactly sharedMemorySize bytes', () => {
    // ElementsPerThread(16): the measured tuning prefers the split exchange only for its own EPT (8 here).
    const plan = resolvePlan({ size: 128, direction: 'forward', execution: 'block', elementsPerThread: 16 });
    expect(plan.exchange).toBe('complex');
    const m = generateModule(plan);
    expect(defaultPrefix(plan)).toBe('fft_c2c_fwd_f32_b128_e16');
    expect(m.execute).toBe('fft_c2c_fwd_f32_b128_e16_execute');
    expect(m.executeShared).toBe('fft_c2c_fwd_f32_b128_e16_execute_shared');
    expect(m.sharedMemoryDeclaration).toBe(`var<workgroup> fft_c2c_fwd_f32_b128_e16_smem: array<vec2<f32>, 128>;`);
    expect(128 * 8).toBe(plan.sharedMemorySize);
    expect(m.code).toContain(m.sharedMemoryDeclaration);
    expect(m.code).toMatch(/^\/\/ webfftdx generated module/);
    expect(m.code).toContain('Size(128) Type(c2c) Direction(forward)');
    expect(m.code).not.toMatch(/\bsin\(|\bcos\(/); // no WGSL trigonometry: constants and sincos only
    expect(m.directives).toBe('');
  });

  it('Bluestein reads H before its first engine run only where the plan says so (bluesteinPrefetch)', () => {
    const ws = { workspace: { group: 0, binding: 3 } };
    const engineCall = /_engine\(data, thread, fft\);/;
    // 1009 (B = 2048): the measured entry prefetches (once: execute_shared calls the same execute).
    const on = resolvePlan({ size: 1009, direction: 'forward', execution: 'block' });
    expect(on.bluesteinPrefetch).toBe(true);
    const code = generateModule(on, ws).code;
    const execute = code.slice(code.indexOf('fn fft_c2c_fwd_f32_b1009_e16_execute('));
    expect(execute.indexOf('let h0 = ')).toBeGreaterThan(0);
    expect(execute.indexOf('let h0 = ')).toBeLessThan(execute.search(engineCall));
    expect(code.match(/let h0 = /g)).toHaveLength(1);
    // 2039 (B = 4096) does not; an override turns it on; a shape other than the entry's drops it.
    const off = resolvePlan({ size: 2039, direction: 'forward', execution: 'block' });
    expect(off.bluesteinPrefetch).toBe(false);
    expect(generateModule(off, ws).code).not.toContain('let h0 = ');
    expect(resolvePlan({ size: 2039, direction: 'forward', execution: 'block', bluesteinPrefetch: true }).bluesteinPrefetch).toBe(true);
    expect(resolvePlan({ size: 1009, direction: 'forward', execution: 'block', exchangeParts: 2 }).bluesteinPrefetch).toBe(false);
    // Not Bluestein: never, even when asked.
    expect(resolvePlan({ size: 1024, direction: 'forward', execution: 'block', bluesteinPrefetch: true }).bluesteinPrefetch).toBe(false);
  });

  it('forms product twiddles at their use only where the plan says so (twiddlesAtUse)', () => {
    const large = { maxComputeWorkgroupStorageSize: 49152, maxComputeInvocationsPerWorkgroup: 1024, subgroups: false };
    const plan = (state: Parameters<typeof resolvePlan>[0]) => resolvePlan({ direction: 'forward', execution: 'block', limits: large, ...state });
    // 2187's last stage (radix 27, a = 6): w7 = w6 w1 is a let before the butterfly, or formed inside the input's product.
    const on = plan({ size: 2187 });
    expect(on.twiddlesAtUse).toBe(true);
    const lastStage = (code: string) => code.slice(code.indexOf('fn fft_c2c_fwd_f32_b2187_e27_p3_stage_2('), code.indexOf('\n}\n', code.indexOf('fn fft_c2c_fwd_f32_b2187_e27_p3_stage_2(')));
    const atUse = lastStage(generateModule(on).code);
    expect(atUse).toContain('let k = (thread % 81u);'); // the radix-27 stage, Ns = 81
    expect(atUse).not.toMatch(/let w7 = /);
    expect(atUse).toMatch(/_cmul\(\(\*data\)\[\d+\], fft_c2c_fwd_f32_b2187_e27_p3_cmul\(w6, w1\)\)/);
    expect(lastStage(generateModule(plan({ size: 2187, twiddlesAtUse: false })).code)).toMatch(/let w7 = fft_c2c_fwd_f32_b2187_e27_p3_cmul\(w6, w1\);/);
    // The module's header says so.
    expect(generateModule(on).code).toContain('12 barriers, product twiddles formed at their use');
    expect(generateModule(plan({ size: 2187, twiddlesAtUse: false })).code).not.toContain('at their use');
    // Lengths whose entry does not say so, another shape than the entry's, a kind without an entry of its own.
    expect(plan({ size: 4096 }).twiddlesAtUse).toBe(false);
    expect(plan({ size: 2187, exchangeParts: 1 }).twiddlesAtUse).toBe(false);
    expect(plan({ size: 8192, type: 'r2c' }).twiddlesAtUse).toBe(false);
    expect(plan({ size: 4096, twiddlesAtUse: true }).twiddlesAtUse).toBe(true);
  });

  it('bank swizzle: only f32 exchanges of a power-of-two length whose writes meet on a bank (bench/NOTES.md run 87)', () => {
    const large = { maxComputeWorkgroupStorageSize: 49152, maxComputeInvocationsPerWorkgroup: 1024, subgroups: false };
    // Which of the engine's exchange functions (f_exchange_j, in order) index through the swizzle.
    const swizzled = (state: Parameters<typeof resolvePlan>[0]) => {
      const code = generateModule(resolvePlan({ direction: 'forward', execution: 'block', limits: large, ...state }), { prefix: 'f' }).code;
      return code
        .split('\nfn f_exchange_')
        .slice(1)
        .map((f) => /f_swizzle\d+\(/.test(f.slice(0, f.indexOf('\n}\n'))));
    };
    // 4096 (radices 16, 8, 32): the writes after the first stage (Ns 1) are 16 x 16 apart, after the second (Ns 16) consecutive.
    expect(swizzled({ size: 4096 })).toEqual([true, false]);
    // 16384 (8, 8, 8, 32): Ns 1 and 8 conflict, Ns 64 does not.
    expect(swizzled({ size: 16384 })).toEqual([true, true, false]);
    // Lengths other than powers of two: none (2400, 1440 at their table shapes), in f64 (df64) every exchange that allows it.
    expect(swizzled({ size: 2400 }).some((s) => s)).toBe(false);
    expect(swizzled({ size: 1440 }).some((s) => s)).toBe(false);
    expect(swizzled({ size: 4096, precision: 'f64' }).every((s) => s)).toBe(true);
  });

  it('split exchange: array<f32> of sharedMemorySize bytes, no workgroup-memory API', () => {
    // Asked for explicitly: which exchange the tuned default picks is the tuning table's business.
    const plan = resolvePlan({ size: 4096, direction: 'inverse', execution: 'block', exchange: 'split', exchangeParts: 1 });
    expect(plan.exchange).toBe('split');
    const m = generateModule(plan);
    expect(m.sharedMemoryDeclaration).toContain('array<f32, 4096>');
    expect(4096 * 4).toBe(plan.sharedMemorySize);
    expect(m.executeShared).toBeUndefined();
    expect(m.code).toContain('_inv');
  });

  it('thread execution needs no workgroup memory', () => {
    const m = generateModule(resolvePlan({ size: 7, direction: 'forward', execution: 'thread' }));
    expect(m.sharedMemory).toBe('');
    expect(m.sharedMemoryDeclaration).toBe('');
    expect(m.executeShared).toBeUndefined();
    expect(m.code).toContain('fn fft_c2c_fwd_f32_t7_execute(data: ptr<function, array<vec2<f32>, 7>>)');
  });

  it('sharedMemory option: the caller declares the buffer', () => {
    const plan = resolvePlan({ size: 256, direction: 'forward', execution: 'block', elementsPerThread: 16 });
    expect(plan.exchange).toBe('complex');
    const m = generateModule(plan, { sharedMemory: 'mine', prefix: 'a' });
    expect(m.sharedMemory).toBe('mine');
    expect(m.code).not.toContain('var<workgroup>');
    expect(m.sharedMemoryDeclaration).toMatch(/^var<workgroup> mine: array<vec2<f32>, 256>;$/);
    expect(m.execute).toBe('a_execute');
  });

  it('Bluestein: workspace binding required, declared, and the host workspace has workspaceSize bytes', () => {
    const plan = resolvePlan({ size: 107, direction: 'forward', execution: 'block' });
    expect(plan.algorithm).toBe('bluestein');
    expect(() => generateModule(plan)).toThrow(/needs a workspace/);
    const m = generateModule(plan, { workspace: { group: 1, binding: 3 } });
    const name = `${defaultPrefix(plan)}_workspace`;
    expect(name).toMatch(/^fft_c2c_fwd_f32_b107_e\d+(_split)?(_p\d)?_workspace$/);
    expect(m.workspace).toEqual({ group: 1, binding: 3, name });
    expect(m.code).toContain(`@group(1) @binding(3) var<storage, read> ${name}: array<vec2<f32>>;`);
    expect(bluesteinWorkspace(plan).byteLength).toBe(plan.workspaceSize);
  });

  it('Rader: the workspace binding, the p-element buffer per slot, the two engine runs', () => {
    const plan = resolvePlan({ size: 257, direction: 'inverse', execution: 'block', fftsPerBlock: 2 });
    expect([plan.algorithm, plan.execSize, plan.storageSize, plan.sharedMemorySize, plan.workspaceSize]).toEqual(['rader', 256, 9, 2 * 257 * 8, 2 * 256 * 8]);
    expect(() => generateModule(plan)).toThrow(/uses Rader and needs a workspace/);
    const m = generateModule(plan, { workspace: { group: 0, binding: 3 } });
    expect(m.code).toContain('// Rader workspace (4096 bytes)');
    expect(m.code).toContain(`var<workgroup> ${m.sharedMemory}: array<vec2<f32>, 514>;`);
    expect(m.code).toContain('257-point DFT by Rader over the 256-point engine');
    expect(workspaceData(plan).byteLength).toBe(plan.workspaceSize);
  });

  it('r2c/c2r in f64 and f16: register types and directives; a bad prefix throws', () => {
    const d = generateModule(resolvePlan({ size: 64, type: 'r2c', precision: 'f64', execution: 'block' }));
    expect(d.directives).toBe('');
    expect(d.code).toContain('array<vec4<f32>,');
    const h = generateModule(resolvePlan({ size: 64, type: 'c2r', precision: 'f16', execution: 'thread' }));
    expect(h.directives).toBe('enable f16;');
    expect(h.code).toContain('array<vec4<f16>,');
    expect(() => generateModule(resolvePlan({ size: 8, direction: 'forward', execution: 'thread' }), { prefix: '9x' })).toThrow(/prefix/);
  });

  it('f16 and f64 modules: register types, directives, workspace types', () => {
    const h = generateModule(resolvePlan({ size: 107, direction: 'forward', precision: 'f16', execution: 'block' }), { workspace: { group: 0, binding: 2 } });
    expect(h.directives).toBe('enable f16;');
    expect(h.code).toContain('array<vec4<f16>,');
    expect(h.code).toContain('array<vec2<f32>>;'); // f16 twiddles (and the Bluestein workspace) are f32
    const d = generateModule(resolvePlan({ size: 107, direction: 'forward', precision: 'f64', execution: 'block' }), { workspace: { group: 0, binding: 2 } });
    expect(d.directives).toBe('');
    expect(d.code).toContain('array<vec4<f32>>;');
    expect(d.code).toContain('_dadd(');
    expect(bluesteinWorkspace(d.plan).byteLength).toBe(d.plan.workspaceSize);
  });

  it('twiddleTable: the binding, the table of every stage with Ns > 1 (df64 pairs of f64 values), none where there is nothing to read', () => {
    const plan = resolvePlan({ size: 512, direction: 'inverse', precision: 'f64', execution: 'block', elementsPerThread: 8 });
    expect(stageRadices(512, 8)).toEqual([8, 8, 8]);
    const m = generateModule(plan, { prefix: 'p', twiddleTable: { group: 1, binding: 5 } });
    const table = m.twiddleTable!;
    expect(table).toMatchObject({ group: 1, binding: 5, name: 'p_twiddle_table' });
    expect(m.code).toContain('@group(1) @binding(5) var<storage, read> p_twiddle_table: array<vec4<f32>>;');
    expect(m.code).not.toContain('_twsel_'); // no twiddle is computed
    // Stages Ns = 8, 64, each (R - 1) Ns entries of vec4<f32>: w^(r k) at offset + (r - 1) Ns + k.
    expect(table.data.length).toBe(4 * 7 * (8 + 64));
    const at = (offset: number, ns: number, r: number, k: number) => 4 * (offset + (r - 1) * ns + k);
    for (const [offset, ns, r, k] of [[0, 8, 3, 5], [56, 64, 7, 63], [56, 64, 2, 37]]) {
      const angle = (2 * Math.PI * ((r * k) % (8 * ns))) / (8 * ns);
      const i = at(offset, ns, r, k);
      // hi + lo: 48 significant bits (kernels/df64-layout.ts).
      expect(Math.abs(table.data[i] + table.data[i + 2] - Math.cos(angle))).toBeLessThan(2 ** -48);
      expect(Math.abs(table.data[i + 1] + table.data[i + 3] - Math.sin(angle))).toBeLessThan(2 ** -48); // inverse: +sin
      expect(Math.abs(table.data[i + 2])).toBeLessThanOrEqual(Math.abs(table.data[i]) * 2 ** -24);
    }
    // The f32 table of the same shape: (re, im) per entry.
    const f32 = generateModule(resolvePlan({ size: 512, direction: 'forward', execution: 'block', elementsPerThread: 8 }), { twiddleTable: { group: 0, binding: 4 } });
    let ns = 1;
    let entries = 0;
    for (const r of stageRadices(512, f32.plan.execEPT, f32.plan.exchangeParts)) [entries, ns] = [entries + (ns > 1 ? (r - 1) * ns : 0), ns * r];
    expect(f32.twiddleTable!.data.length).toBe(2 * entries);
    expect(f32.code).toMatch(/var<storage, read> \w+_twiddle_table: array<vec2<f32>>;/);
    // A binding that is not { group, binding } of non-negative integers: refused before any WGSL is printed.
    for (const bad of [4, { binding: 4 }, { group: 0, binding: -1 }, { group: 0.5, binding: 1 }]) {
      expect(() => generateModule(plan, { twiddleTable: bad as never })).toThrow(/wgsl\(\{ twiddleTable \}\) takes \{ group, binding \} as non-negative integers/);
    }
    expect(() => generateModule(plan, { workspace: 'x' as never })).toThrow(/wgsl\(\{ workspace \}\) takes/);
    // Nothing to read: Thread execution, one invocation per FFT, Bluestein.
    for (const state of [{ size: 16, execution: 'thread' }, { size: 16, execution: 'block', elementsPerThread: 16 }, { size: 97, execution: 'block' }] as const) {
      const none = generateModule(resolvePlan({ direction: 'forward', precision: 'f64', ...state }), { twiddleTable: { group: 0, binding: 4 }, workspace: { group: 0, binding: 3 } });
      expect(none.twiddleTable).toBeUndefined();
      expect(none.code).not.toContain('twiddle_table');
    }
  });

  it('stage radices: each divides the elements per thread, product N', () => {
    expect(stageRadices(4096, 16)).toEqual([16, 16, 16]);
    expect(stageRadices(1000, 20)).toEqual([20, 10, 5]);
    expect(stageRadices(64, 64)).toEqual([64]);
    expect(stageRadices(8192, 32)).toEqual([32, 32, 8]);
  });
});
