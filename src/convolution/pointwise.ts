// Compiling WGSL: the user's `pointwise` function on its own first (so that a mistake is reported
// with the user's own line numbers, naming their function, before the kernel is built), then the
// whole kernel. Shader-module creation is the WGSL front end only (no driver compilation), so the
// probe costs milliseconds; the validation error it raises on the device is caught in an error
// scope and reported through getCompilationInfo instead.
import { sharedPipeline } from '../host/pipelines.js';
import { compileShader } from '../host/shader.js';
import { pointwiseHelpersDF64, pointwiseSignature } from './kernel.js';

function format(m: GPUCompilationMessage, lineOffset = 0): string {
  return `${m.lineNum - lineOffset}:${m.linePos} ${m.message}`;
}

async function compile(device: GPUDevice, code: string, label: string): Promise<{ module: GPUShaderModule; errors: GPUCompilationMessage[] }> {
  device.pushErrorScope('validation');
  const module = device.createShaderModule({ code, label });
  const info = await module.getCompilationInfo();
  await device.popErrorScope();
  return { module, errors: info.messages.filter((m) => m.type === 'error') };
}

/** Throws a clear Error when the user's pointwise WGSL does not compile or has the wrong signature. */
export async function checkPointwise(device: GPUDevice, source: string, precision: 'f32' | 'f64' = 'f32'): Promise<void> {
  const userLines = source.split('\n').length;
  const v = precision === 'f64' ? 'vec4<f32>' : 'vec2<f32>';
  const probe = [
    source,
    // The call fixes the argument and return types: a different signature fails on this line.
    `@compute @workgroup_size(1) fn conv_probe() { let v: ${v} = pointwise(0u, 0u, ${v}(0.0), ${v}(0.0)); _ = v; }`,
    // f64: the df64 helpers the kernel defines for the user's function (after it: the user's line numbers stay).
    ...(precision === 'f64' ? [pointwiseHelpersDF64(false)] : []),
  ].join('\n');
  const { errors } = await compile(device, probe, 'webfftdx convolution pointwise probe');
  if (!errors.length) return;
  const inUser = errors.filter((m) => m.lineNum >= 1 && m.lineNum <= userLines);
  if (inUser.length) {
    // Each message with the line it points at, quoted from the user's source.
    const lines = source.split('\n');
    throw new Error(
      `webfftdx: createConvolution: the pointwise WGSL does not compile (line:column in your pointwise source):\n` +
        inUser.map((m) => `${format(m)}\n  > ${lines[m.lineNum - 1].trim()}`).join('\n'),
    );
  }
  throw new Error(
    `webfftdx: createConvolution: pointwise must be ${pointwiseSignature(precision)}; calling it that way fails:\n` +
      errors.map((m) => m.message).join('\n'),
  );
}

/**
 * Compiles the generated kernel (src/host's compileShader: errors with their source lines), inside
 * an error scope so that a failure is this Error alone; with the user's pointwise, a name clash is
 * the likely cause.
 */
export async function compileKernel(device: GPUDevice, code: string, label: string, hasPointwise: boolean): Promise<GPUShaderModule> {
  device.pushErrorScope('validation');
  try {
    return await compileShader(device, code, label);
  } catch (e) {
    const hint = hasPointwise ? '\n(identifiers starting with conv_ are reserved for the kernel: rename yours)' : '';
    throw new Error(`${(e as Error).message}${hint}`);
  } finally {
    await device.popErrorScope();
  }
}

/**
 * The pipeline of a convolution kernel, shared per device and WGSL text (host/pipelines.ts): plans of
 * one kernel, e.g. with other filters or batches, compile it once. Errors as compileKernel's.
 */
export function kernelPipeline(device: GPUDevice, code: string, label: string, hasPointwise: boolean): Promise<GPUComputePipeline> {
  return sharedPipeline(device, code, label, (d, c, l) => compileKernel(d, c, l, hasPointwise));
}
