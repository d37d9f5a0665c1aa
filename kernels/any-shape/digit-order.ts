// Where a multi-pass FFT leaves its spectrum when nobody transposes it (the convolution's four-step
// paths, src/convolution/fourstep*.ts): after the column passes of a split L = L_1 x ... x L_p, the
// L_p-point FFTs run on "rows" r = k_1 (L_2 ... L_(p-1)) + ... + k_(p-1) (k_i the output index of
// pass i), and their output k is the natural frequency k_1 + L_1 k_2 + ... + (L_1 ... L_(p-1)) k:
// what createFFT's final pass would write there.

/**
 * WGSL of `fn <name>(row: u32, k: u32) -> u32`: the natural frequency of element k of row `row`
 * (radices L_1 .. L_(p-1), first pass first; `length` = L, `rowLength` = L_p). Literals only.
 */
export function naturalIndexWGSL(name: string, radices: readonly number[], length: number, rowLength: number): string {
  const lines = [`fn ${name}(row: u32, k: u32) -> u32 {`, `  var rest = row;`, `  var n = k * ${length / rowLength}u;`];
  let weight = radices.reduce((a, b) => a * b, 1);
  for (let i = radices.length - 1; i >= 0; i--) {
    weight /= radices[i];
    if (i === 0) lines.push(`  n += rest * ${weight}u;`);
    else lines.push(`  n += (rest % ${radices[i]}u) * ${weight}u;`, `  rest = rest / ${radices[i]}u;`);
  }
  lines.push(`  return n;`, `}`);
  return lines.join('\n');
}

/** The same on the host: the natural frequency of position `pos` (row-major rows of `rowLength`). */
export function naturalIndex(radices: readonly number[], length: number, rowLength: number, pos: number): number {
  let rest = Math.floor(pos / rowLength);
  let n = (pos % rowLength) * (length / rowLength);
  let weight = radices.reduce((a, b) => a * b, 1);
  for (let i = radices.length - 1; i >= 0; i--) {
    weight /= radices[i];
    n += (i === 0 ? rest : rest % radices[i]) * weight;
    rest = Math.floor(rest / radices[i]);
  }
  return n;
}
