// The global-memory workspace of FFTs that need one (Bluestein: the chirp and the transformed
// convolution factor; Rader: its kernel's spectrum and index permutations; computed in f64), and the check that a workspace handed to encode() was made
// for the same FFT.
import type { FFTPlan } from '../../descriptors/model.js';
import { workspaceData } from '../../kernels/workspace-data.js';
import type { WGSLModule, WGSLOptions } from '../../kernels/types.js';
import { checkStorageBuffer } from './checks.js';

/** Anything that generates WGSL for a complete executable descriptor (every `fft(...)` descriptor does). */
export interface CodeGenerating {
  wgsl(options?: WGSLOptions): WGSLModule;
}

export interface FFTWorkspace {
  /** The workspace buffer; undefined when the FFT needs none. */
  readonly buffer: GPUBuffer | undefined;
  /** Bytes (the descriptor's workspaceSize). */
  readonly size: number;
  destroy(): void;
}

/** The binding the host kernels give a module's workspace. */
export const WORKSPACE_BINDING = 3;

/** The FFT a workspace's contents belong to: its length, algorithm, engine length and direction. */
const madeFor = new WeakMap<FFTWorkspace, string>();
const workspaceKey = (plan: FFTPlan): string =>
  `Size(${plan.size}) ${plan.direction} (${plan.algorithm === 'rader' ? 'Rader' : 'Bluestein'} length ${plan.execSize})`;

/** A descriptor's plan, generated with a workspace binding so that Bluestein and Rader sizes resolve too. */
export function planOf(desc: CodeGenerating): FFTPlan {
  return desc.wgsl({ prefix: 'probe', workspace: { group: 0, binding: WORKSPACE_BINDING } }).plan;
}

/** A plan that allocates its own workspace (createFFT's plans: `workspaceSize` bytes of temporary storage). */
export interface WorkspaceProvider {
  readonly workspaceSize: number;
  createWorkspace(): FFTWorkspace;
}

function isWorkspaceProvider(x: CodeGenerating | WorkspaceProvider): x is WorkspaceProvider {
  return typeof (x as WorkspaceProvider).createWorkspace === 'function' && typeof (x as WorkspaceProvider).workspaceSize === 'number';
}

/**
 * Allocates and fills the workspace an FFT needs: for a descriptor, the Bluestein chirp and kernel
 * or Rader's kernel and permutations (computed in f64), empty when none is needed; for a createFFT plan, its `workspaceSize` bytes of
 * temporary storage.
 */
export function makeWorkspace(device: GPUDevice, desc: CodeGenerating | WorkspaceProvider): FFTWorkspace {
  if (isWorkspaceProvider(desc)) return desc.createWorkspace();
  const plan = planOf(desc);
  if (!plan.requiresWorkspace) return { buffer: undefined, size: 0, destroy() {} };
  const data = workspaceData(plan);
  const buffer = device.createBuffer({
    label: `webfftdx workspace ${plan.size}`,
    size: plan.workspaceSize,
    usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST,
  });
  device.queue.writeBuffer(buffer, 0, data as Float32Array<ArrayBuffer>);
  const ws: FFTWorkspace = { buffer, size: plan.workspaceSize, destroy: () => buffer.destroy() };
  madeFor.set(ws, workspaceKey(plan));
  return ws;
}

function isWorkspace(value: unknown): value is FFTWorkspace {
  return typeof value === 'object' && value !== null && 'destroy' in value && 'size' in value && 'buffer' in value;
}

/**
 * The workspace buffer to bind for `plan`, checked: present when needed, at least workspaceSize
 * bytes, STORAGE usage, and (for a makeWorkspace result) made for this very FFT.
 */
export function workspaceFor(plan: FFTPlan, given: FFTWorkspace | GPUBuffer | undefined): GPUBuffer | undefined {
  if (!plan.requiresWorkspace) return undefined;
  if (given === undefined || (isWorkspace(given) && given.buffer === undefined)) {
    throw new Error(
      `webfftdx: Size(${plan.size}) requires a workspace of ${plan.workspaceSize} bytes: pass { workspace: makeWorkspace(device, desc) }`,
    );
  }
  if (isWorkspace(given)) {
    const key = madeFor.get(given);
    if (key !== undefined && key !== workspaceKey(plan)) {
      throw new Error(`webfftdx: the workspace was made for ${key}, but this FFT is ${workspaceKey(plan)}: pass makeWorkspace(device, desc) of this descriptor`);
    }
    return checkStorageBuffer(given.buffer, plan.workspaceSize, 'workspace');
  }
  return checkStorageBuffer(given, plan.workspaceSize, 'workspace');
}
