// The user's WGSL `load` / `store` callbacks inside generated kernels (fusion, like cuFFT's
// callbacks): `fn load(fft: u32, index: u32) -> E` and `fn store(fft: u32, index: u32, value: E)`,
// `fft` the transform of the batch and `index` the element's flat row-major index within one
// transform's input (load) or output (store). A kernel reads or writes the user's buffer at a flat
// element address e; the wrappers here turn e into (fft, index) and call the user's function.

/** Callbacks of a kernel that addresses the user's buffers by flat element address. */
export interface FlatCallbacks {
  /** The user's WGSL defining `fn load(fft: u32, index: u32) -> E` (E the input element type). */
  readonly load?: string;
  /** The user's WGSL defining `fn store(fft: u32, index: u32, value: E)` (E the output element type). */
  readonly store?: string;
  /** Elements of one transform's input and output: flat address e is element e % n of transform e / n. */
  readonly inputElements: number;
  readonly outputElements: number;
  /** Transforms in the buffers (with 1, `fft` is the literal 0 and no division is emitted). */
  readonly transforms: number;
}

/**
 * A statement that keeps binding `name` in the kernel's interface: a callback may ignore the buffer
 * (a load that synthesises its input), and WebGPU's automatic layout drops bindings no code uses,
 * which would make the bind group the host always creates invalid.
 */
export function keepBinding(name: string): string {
  return `_ = &${name};`;
}

/** `(fft, index)` arguments for flat address `e` with `n` elements per transform. */
function split(e: string, n: number, transforms: number): string {
  return transforms === 1 ? `0u, ${e}` : `${e} / ${n}u, ${e} % ${n}u`;
}

/**
 * WGSL defining `fft_load_at(e: u32) -> inElem` and / or `fft_store_at(e: u32, value: outElem)`
 * (only the sides that have a callback) around the user's functions, plus the user's code.
 */
export function flatCallbackWGSL(cb: FlatCallbacks, inElem: string, outElem: string, inName: string, outName: string): string {
  const out: string[] = [];
  if (cb.load) {
    out.push(
      `// The user's load callback (createFFT): fft = transform of the batch, index = flat input index.`,
      cb.load,
      `fn fft_load_at(e: u32) -> ${inElem} {\n  ${keepBinding(inName)}\n  return load(${split('e', cb.inputElements, cb.transforms)});\n}`,
    );
  }
  if (cb.store) {
    out.push(
      `// The user's store callback (createFFT): fft = transform of the batch, index = flat output index.`,
      cb.store,
      `fn fft_store_at(e: u32, value: ${outElem}) {\n  ${keepBinding(outName)}\n  store(${split('e', cb.outputElements, cb.transforms)}, value);\n}`,
    );
  }
  return out.join('\n\n');
}
