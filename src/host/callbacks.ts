// The signature of a user's WGSL load / store callback (createBatchedFFT, createFFT), checked before
// any compilation so that the message says which signature the plan needs; everything else in the
// text the WGSL compiler checks (its message quotes the user's line).

/** WGSL spellings of an element type (the predeclared aliases vec2f, vec4f, vec2h, vec4h included), without spaces. */
function spellings(elem: string): string[] {
  const alias: Record<string, string> = { 'vec2<f32>': 'vec2f', 'vec4<f32>': 'vec4f', 'vec2<f16>': 'vec2h', 'vec4<f16>': 'vec4h' };
  return alias[elem] ? [elem, alias[elem]] : [elem];
}

function describe(v: unknown): string {
  if (typeof v === 'string') return `the string "${v}"`;
  return v === null ? 'null' : typeof v === 'object' ? (v as object).constructor?.name ?? 'an object' : String(v);
}

/**
 * `text` if it is WGSL defining `fn load(fft: u32, index: u32) -> elem` (which 'load') or
 * `fn store(fft: u32, index: u32, value: elem)` (which 'store'); undefined if it is undefined; else
 * an Error that starts with `subject` (e.g. "createFFT's load callback of a c2c FFT") and names the
 * signature wanted and the one found.
 */
export function checkCallbackSignature(text: unknown, which: 'load' | 'store', elem: string, subject: string): string | undefined {
  if (text === undefined) return undefined;
  const wanted = which === 'load' ? `fn load(fft: u32, index: u32) -> ${elem}` : `fn store(fft: u32, index: u32, value: ${elem})`;
  const what = `${subject} must be WGSL defining \`${wanted}\``;
  if (typeof text !== 'string' || text.trim() === '') throw new Error(`webfftdx: ${what}; got ${describe(text)}`);
  const id = '[A-Za-z_][A-Za-z0-9_]*';
  const head = new RegExp(`\\bfn\\s+${which}\\s*\\(([^)]*)\\)\\s*(->\\s*([^{]*?))?\\s*\\{`);
  const m = head.exec(text);
  if (!m) throw new Error(`webfftdx: ${what}; the text has no \`fn ${which}(...) {\``);
  const params = m[1].split(',').map((p) => p.replace(/\s+/g, '')).filter((p) => p !== '');
  const typeOf = (p: string) => (new RegExp(`^${id}:(.+)$`).exec(p) ?? [])[1];
  const types = params.map(typeOf);
  const returns = m[3]?.replace(/\s+/g, '');
  const ok =
    which === 'load'
      ? types.length === 2 && types[0] === 'u32' && types[1] === 'u32' && returns !== undefined && spellings(elem).includes(returns)
      : types.length === 3 && types[0] === 'u32' && types[1] === 'u32' && spellings(elem).includes(types[2] ?? '') && returns === undefined;
  if (!ok) throw new Error(`webfftdx: ${what}; got \`fn ${which}(${m[1].trim()})${m[2] ? ` ${m[2].trim()}` : ''}\``);
  return text;
}
