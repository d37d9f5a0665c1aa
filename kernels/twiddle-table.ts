// Stage twiddles of the Block engine read from a table in a storage buffer instead of computed.
// A df64 engine spends about a fifth of its time computing twiddles (products of df64 constants,
// bench/NOTES.md runs 48-49); read from a table that every workgroup shares (so it stays in the
// caches) they cost one 16-byte load each. The table holds, for every stage j with Ns > 1 (radix R,
// L = Ns R), the values w_L^(r k) = exp(sign 2 pi i r k / L) for 0 < r < R and k < Ns at
// offset_j + (r - 1) Ns + k: about N entries in all, f64 values rounded once to the twiddle type.
import { complexToDF64 } from './df64-layout.js';
import { unitRoot, type Sign } from './codelets.js';

/** A stage of the table: where its values start, and the stage's radix and Ns. */
export interface TwiddleTableStage {
  readonly offset: number;
  readonly radix: number;
  readonly ns: number;
}

export interface TwiddleTableLayout {
  /** By engine stage; undefined for stages without twiddles (Ns = 1). */
  readonly stages: readonly (TwiddleTableStage | undefined)[];
  /** Where the engine's table starts in the array (its first stage's offset). */
  readonly base: number;
  /** Entries (complex twiddles) in all. */
  readonly length: number;
}

/**
 * The table layout of an engine with these stages (radix and Ns by stage, in order), starting at
 * element `base` of the array (a table shared with other data: createFFT's passes).
 */
export function twiddleTableLayout(stages: readonly { readonly radix: number; readonly ns: number }[], base = 0): TwiddleTableLayout {
  let length = 0;
  const out = stages.map(({ radix, ns }) => {
    if (ns === 1) return undefined;
    const stage = { offset: base + length, radix, ns };
    length += (radix - 1) * ns;
    return stage;
  });
  return { stages: out, base, length };
}

/** The table's values, interleaved complex f64 (entry i of the layout at 2 (i - base)). */
export function twiddleTableValues(layout: TwiddleTableLayout, sign: Sign): Float64Array {
  const out = new Float64Array(2 * layout.length);
  for (const stage of layout.stages) {
    if (!stage) continue;
    const L = stage.ns * stage.radix;
    for (let r = 1; r < stage.radix; r++) {
      for (let k = 0; k < stage.ns; k++) {
        const w = unitRoot(r * k, L);
        const at = 2 * (stage.offset - layout.base + (r - 1) * stage.ns + k);
        out[at] = w.re;
        out[at + 1] = sign * w.im;
      }
    }
  }
  return out;
}

/**
 * The table's contents as the storage buffer holds them: per entry (re, im) in f32, or for
 * 'f64' the df64 vec4<f32> (re_hi, im_hi, re_lo, im_lo) (kernels/df64-layout.ts).
 */
export function twiddleTableData(layout: TwiddleTableLayout, sign: Sign, precision: 'f32' | 'f64'): Float32Array<ArrayBuffer> {
  const values = twiddleTableValues(layout, sign);
  return precision === 'f64' ? (complexToDF64(values) as Float32Array<ArrayBuffer>) : Float32Array.from(values);
}

/** WGSL for twiddle r of a stage at index k (a u32 expression) in the table named `table`. */
export function twiddleTableRead(table: string, stage: TwiddleTableStage, r: number, k: string): string {
  const base = stage.offset + (r - 1) * stage.ns;
  return base === 0 ? `${table}[${k}]` : `${table}[${base}u + ${k}]`;
}
