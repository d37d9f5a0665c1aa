// Compiling a plan's WGSL: a compilation error is reported with the offending source lines, so an
// error inside a user's callback (load, store, pointwise) names the user's own code.

function excerpt(code: string, line: number): string {
  const lines = code.split('\n');
  const text = lines[line - 1];
  return text === undefined ? '' : `\n    > ${text.trim()}`;
}

/** A checked shader module: throws with every error message (and its line) before a pipeline is made. */
export async function compileShader(device: GPUDevice, code: string, label: string): Promise<GPUShaderModule> {
  const shader = device.createShaderModule({ code, label });
  const info = await shader.getCompilationInfo();
  const errors = info.messages.filter((m) => m.type === 'error');
  if (errors.length) {
    const list = errors.map((m) => `  ${m.lineNum}:${m.linePos} ${m.message}${excerpt(code, m.lineNum)}`).join('\n');
    throw new Error(`webfftdx: the WGSL of ${label} failed to compile:\n${list}`);
  }
  return shader;
}
