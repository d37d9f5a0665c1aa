// createFFT: any shape (n, [ny, nx], [nz, ny, nx]), any lengths, C2C / R2C / C2R, as a sequence of
// passes over global memory planned by ./passes.ts (one pass where a workgroup holds a whole 2D / 3D transform). This module owns the GPU side: pipelines (shared
// per device by WGSL text), uniforms, constant tables, the assignment of buffers to passes, and the
// plan object's encode / run / destroy.
//
// Precision (docs/precision.md): f64 plans compute in df64 end to end (every pass, the workspace
// and the user's buffers hold df64 values: vec4<f32> per complex value, vec2<f32> per real); f16
// plans compute in f32 with an f32 workspace, and only the user's buffers hold f16 (the first pass
// converts on load, the last on store).
import type { FFTDirection, FFTPlan, FFTType } from '../../descriptors/model.js';
import { FFTDescriptorError } from '../../descriptors/errors.js';
import { fft } from '../fft.js';
import { Block, Direction, ElementsPerThread, FFTsPerBlock, Limits, Precision, RealFFTOptions, Size, Type } from '../../descriptors/operators.js';
import { generateModule } from '../../kernels/module.js';
import { ONE_PASS_BINDINGS, ONE_PASS_SMEM, onePassKernel, onePassLayout, onePassName } from '../../kernels/any-shape/one-pass.js';
import { onePassEngineKernel, onePassEngineName, onePassEngineWorkgroups, type OnePassEngineShape } from '../../kernels/any-shape/one-pass-engine.js';
import { onePassEngineR2CKernel, onePassEngineR2CName } from '../../kernels/any-shape/one-pass-engine-real.js';
import { PASS_BINDINGS, passKernel, passKernelName, passParamsData, PASS_PARAMS_BYTES } from '../../kernels/any-shape/pass.js';
import { batchedKernelSource, INPUT_BINDING, OUTPUT_BINDING, PARAMS_BINDING, WORKSPACE_BINDING } from '../batched/kernel.js';
import { batchedDispatch, measuredDescriptor, withSuggestedFFTsPerBlock } from '../batched/plan.js';
import { checkTuning, type TuningReport } from '../batched/measure.js';
import { twiddleTableOption, uploadTwiddleTable } from '../batched/twiddle-table.js';
import { checkBatch, checkFloat32Data, checkFloat64Data, checkIOBuffers, checkStorageBuffer } from '../host/checks.js';
import { complexFromDF64, complexToDF64, realFromDF64, realToDF64 } from '../../kernels/df64-layout.js';
import { f16Download, f16Upload, type F16Data, type Float16ArrayType } from '../host/f16-data.js';
import { assertDeviceAlive, checkBufferBytes, dispatchShape, watchDevice } from '../host/device.js';
import { PlanLifecycle } from '../host/lifecycle.js';
import { runOnce } from '../host/run-once.js';
import { lazyPipeline, sharedPipeline } from '../host/pipelines.js';
import { makeWorkspace, type FFTWorkspace } from '../host/workspace.js';
import { hasExactFma } from '../host/fma.js';
import type { FlatCallbacks } from '../../kernels/callbacks.js';
import { planShape, type ColumnsPass, type OnePass, type PlannedPass, type RowsPass } from './passes.js';
import { passDescriptor, registerBytes, type PassPrecision, type PlanLimits } from './pass-split.js';
import { checkCallback, checkDirection, checkLayout, checkPrecision, checkType, normalizeShape, type AnyShapePrecision } from './validate.js';

export interface FFTOptions {
  /** `n`, `[ny, nx]` or `[nz, ny, nx]`: row-major, innermost last (numpy's order). */
  readonly shape: number | readonly number[];
  /** 'c2c' (default), 'r2c' or 'c2r' (the natural layout on the innermost axis, as numpy's rfftn). */
  readonly type?: FFTType;
  /** Required for c2c; r2c is forward and c2r inverse. */
  readonly direction?: FFTDirection;
  /**
   * 'f32' (default); 'f64': df64 arithmetic, run() takes and returns Float64Array, buffers hold
   * vec4<f32> = (re_hi, im_hi, re_lo, im_lo) per complex value and vec2<f32> = (hi, lo) per real;
   * 'f16': buffers hold f16 values (vec2<f16>, f16), run() takes a Float16Array, Uint16Array of bits
   * or Float32Array (rounded to f16), the passes compute in f32; needs the device feature 'shader-f16'.
   */
  readonly precision?: 'f16' | 'f32' | 'f64';
  /** Transforms stored one after the other (default 1). */
  readonly batch?: number;
  /** Real FFTs: 'natural' (default and only) layout, [..., nx / 2 + 1] complex values. */
  readonly layout?: 'natural';
  /**
   * WGSL `fn load(fft: u32, index: u32) -> E` (E = `vec2<f32>`, or `f32` for r2c), inlined into the
   * first pass's global read: `fft` is the transform of the batch, `index` the flat row-major index in
   * one transform's input (the half spectrum [..., nx / 2 + 1] for c2r). It may read the binding `fft_in`
   * (the input buffer). With a callback the plan runs out of place.
   */
  readonly load?: string;
  /**
   * WGSL `fn store(fft: u32, index: u32, value: E)` (E = `vec2<f32>`, or `f32` for c2r), inlined into
   * the last pass's global write; `index` the flat row-major index in one transform's output (the half
   * spectrum for r2c). It may write the binding `fft_out` (the output buffer).
   */
  readonly store?: string;
  /**
   * 'table' (default): the passes' shapes from the tuning tables; 'measure': each rows pass (an axis
   * one workgroup holds) takes the ElementsPerThread that createBatchedFFT's `tuning: 'measure'`
   * times fastest on this device for its length and row count (column and one-pass kernels keep theirs).
   */
  readonly tuning?: 'table' | 'measure';
}

/** One pass over global memory. */
export interface FFTPassInfo {
  /** What the pass computes, in words. */
  readonly what: string;
  /**
   * 'rows': a batched one-workgroup kernel; 'column' / 'final': kernels/any-shape/pass.ts;
   * 'one-pass': a whole 2D / 3D transform per workgroup, axis after axis (kernels/any-shape/one-pass.ts).
   */
  readonly kind: 'rows' | 'column' | 'final' | 'one-pass';
  /**
   * The fft(...) descriptor of the pass's Block FFT (FFTsPerBlock = the FFTs a workgroup runs); for
   * 'one-pass' an array, the descriptor of each axis in shape order.
   */
  readonly descriptor: unknown;
  /** Workgroups dispatched. */
  readonly workgroups: readonly [number, number, number];
  /** The kernel's WGSL (out of place). */
  readonly code: string;
  /** Rows passes of a plan made with `tuning: 'measure'`: what was timed and kept (createBatchedFFT's report). */
  readonly tuning?: TuningReport;
}

export interface FFTBuffers {
  readonly input: GPUBuffer;
  /** Defaults to `input` (in place; c2c only). */
  readonly output?: GPUBuffer;
  /** Needed when plan.workspaceSize > 0: makeWorkspace(device, plan) or a STORAGE buffer of that size. */
  readonly workspace?: FFTWorkspace | GPUBuffer;
}

export interface AnyShapeFFT {
  readonly shape: readonly number[];
  readonly type: FFTType;
  readonly direction: FFTDirection;
  readonly batch: number;
  readonly precision: AnyShapePrecision;
  /** Bytes of the input and output buffers. */
  readonly inputBytes: number;
  readonly outputBytes: number;
  /** One entry per pass over global memory, in order. */
  readonly passes: readonly FFTPassInfo[];
  /** Bytes of the temporary buffer the passes need (0: none). */
  readonly workspaceSize: number;
  encode(pass: GPUComputePassEncoder, buffers: FFTBuffers): void;
  /**
   * Convenience: uploads `data` (interleaved re/im, or reals), runs, resolves to the output: f32
   * Float32Array; f64 Float64Array; f16 the kind of array given (Float16Array, Uint16Array bits, or
   * Float32Array rounded to f16 on the way in).
   */
  run(data: Float32Array): Promise<Float32Array>;
  run(data: Float64Array): Promise<Float64Array>;
  run(data: Float16ArrayType): Promise<Float16ArrayType>;
  run(data: Uint16Array): Promise<Uint16Array>;
  /** A workspace buffer for this plan (what makeWorkspace(device, plan) returns). */
  createWorkspace(): FFTWorkspace;
  destroy(): void;
}

type Role = 'input' | 'output' | 'w1' | 'w2';

interface Step {
  readonly src: Role;
  readonly dst: Role;
}

/**
 * Which buffer each pass reads and writes: the last pass writes the output; going backwards, a pass
 * that may run in place reads where it writes, any other from a workspace region it does not
 * write. The first pass reads the input. In place (input = output) the first pass must not write
 * the output unless it can run in place. With a store callback the last pass runs out of place
 * (its kernel addresses the output as `fft_out`, a binding of its own).
 */
function schedule(passes: readonly PlannedPass[], inPlace: boolean, storeCallback = false, userBuffersAtEnds = false): Step[] {
  const steps: Step[] = new Array(passes.length);
  let dst: Role = 'output';
  for (let k = passes.length - 1; k >= 0; k--) {
    let src: Role;
    if (k === 0) src = 'input';
    else {
      // `userBuffersAtEnds` (f16): the user's buffers hold narrower values than the passes in
      // between, so intermediates never go there: the last pass reads the workspace.
      const lastOnUser = (storeCallback || userBuffersAtEnds) && k === passes.length - 1;
      const inPlaceHere = passes[k].io.inPlaceSafe && !lastOnUser;
      src = inPlaceHere ? dst : dst === 'w1' ? 'w2' : 'w1';
      if (k === 1 && inPlace && src === 'output' && !passes[0].io.inPlaceSafe) src = dst === 'w1' ? 'w2' : 'w1';
    }
    steps[k] = { src, dst };
    dst = src;
  }
  return steps;
}

/** Bytes of `elements` values in buffers of `complexBytes` per complex value (a real takes half). */
function bytesOf(elements: number, real: boolean, complexBytes = 8): number {
  return elements * (real ? complexBytes / 2 : complexBytes);
}

function align(n: number, to: number): number {
  return Math.ceil(n / to) * to;
}

export interface Region {
  readonly buffer: GPUBuffer;
  readonly offset: number;
  readonly size: number;
}

export interface GPUPass {
  readonly info: FFTPassInfo;
  readonly planned: PlannedPass;
  /** Records the pass reading src and writing dst (the same region: in place). */
  encode(pass: GPUComputePassEncoder, src: Region, dst: Region): void;
  destroy(): void;
}

function sameRegion(a: Region, b: Region): boolean {
  return a.buffer === b.buffer && a.offset === b.offset;
}

function bindingOf(r: Region): GPUBufferBinding {
  return { buffer: r.buffer, offset: r.offset, size: r.size };
}

/** What a callback-carrying pass says in its compile label: a compile error then names the user's function. */
function callbackLabel(cb: { load?: string; store?: string } | undefined): string {
  const names = [cb?.load ? 'load' : '', cb?.store ? 'store' : ''].filter(Boolean);
  return names.length ? ` with the user's ${names.map((n) => `\`fn ${n}\``).join(' and ')} callback${names.length > 1 ? 's' : ''}` : '';
}

/** Sides of a pass that touch an f16 plan's user buffers. */
export interface HalfSides {
  readonly input: boolean;
  readonly output: boolean;
}

export const NO_HALF: HalfSides = { input: false, output: false };

/** A pass of kernels/any-shape/pass.ts on this device (also the convolution's column passes, src/convolution/fourstep.ts). */
export async function makeColumnsPass(
  device: GPUDevice,
  p: ColumnsPass,
  tables: GPUBuffer,
  callbacks?: FlatCallbacks,
  half: HalfSides = NO_HALF,
  exactFma = false,
  inPlaceOnly = false,
): Promise<GPUPass> {
  const l = device.limits;
  const groups = Math.ceil(p.params.count / p.spec.columns);
  const workgroups = dispatchShape(groups, l.maxComputeWorkgroupsPerDimension);
  if (workgroups[1] > l.maxComputeWorkgroupsPerDimension) {
    throw new Error(`webfftdx: a pass needs ${groups} workgroups, beyond ${l.maxComputeWorkgroupsPerDimension} x ${l.maxComputeWorkgroupsPerDimension}`);
  }
  // Specialised: every parameter but the buffer offsets is a WGSL constant (kernels/any-shape/pass.ts).
  const spec = {
    ...p.spec,
    maxWorkgroupBytes: l.maxComputeWorkgroupStorageSize,
    constants: { ...p.params, groupsX: workgroups[0], groups },
    ...(half.input ? { halfInput: true } : {}),
    ...(half.output ? { halfOutput: true } : {}),
    ...(exactFma && p.spec.precision === 'f64' ? { exactFma: true } : {}),
    ...(callbacks ? { callbacks } : {}),
  };
  const precision: PassPrecision = p.spec.precision ?? 'f32';
  // Offsets of an in-place kernel's regions, in its elements (a complex value of the pass's arithmetic).
  const elementBytes = half.input ? 4 : registerBytes(precision);
  const outOfPlace = passKernel({ ...spec, inPlace: false });
  const canInPlace = p.spec.input !== 'real' && p.spec.output !== 'real' && !callbacks;
  const [x, y] = outOfPlace.workgroupSize;
  if (x * y > l.maxComputeInvocationsPerWorkgroup || outOfPlace.workgroupBytes > l.maxComputeWorkgroupStorageSize) {
    throw new Error(`internal: pass kernel ${passKernelName({ ...spec, inPlace: false })} exceeds the device's limits`);
  }
  const name = passKernelName({ ...spec, inPlace: false });
  // A pass that only ever runs in place (the convolution's middle passes) compiles that kernel alone, now.
  if (inPlaceOnly && !canInPlace) throw new Error(`internal: pass "${p.what}" cannot run in place`);
  const inPlaceCode = inPlaceOnly ? passKernel({ ...spec, inPlace: true }).code : '';
  const pipeline = await sharedPipeline(device, inPlaceOnly ? inPlaceCode : outOfPlace.code, `webfftdx ${name}${inPlaceOnly ? ' in place' : ''} (${p.what})${callbackLabel(callbacks)}`);
  const inPlacePipeline = inPlaceOnly
    ? () => pipeline
    : canInPlace
      ? lazyPipeline(device, () => passKernel({ ...spec, inPlace: true }).code, `webfftdx ${name} in place`)
      : undefined;
  // One uniform per pair of region offsets the schedules use (in place: both regions in one binding).
  const paramsByBase = new Map<string, GPUBuffer>();
  const paramsFor = (inBase: number, outBase: number): GPUBuffer => {
    const key = `${inBase},${outBase}`;
    let buf = paramsByBase.get(key);
    if (!buf) {
      buf = device.createBuffer({ size: PASS_PARAMS_BYTES, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST, label: `webfftdx ${name} params` });
      device.queue.writeBuffer(buf, 0, passParamsData({ ...p.params, groupsX: workgroups[0], groups, inBase, outBase }));
      paramsByBase.set(key, buf);
    }
    return buf;
  };
  const info: FFTPassInfo = {
    what: p.what,
    kind: p.spec.kind,
    descriptor: passDescriptor(
      p.shape,
      'forward',
      {
        maxComputeWorkgroupStorageSize: l.maxComputeWorkgroupStorageSize,
        maxComputeInvocationsPerWorkgroup: l.maxComputeInvocationsPerWorkgroup,
        subgroups: false,
      },
      precision,
    ),
    workgroups,
    code: inPlaceOnly ? inPlaceCode : outOfPlace.code,
  };
  return {
    info,
    planned: p,
    encode(pass, src, dst) {
      // One buffer on both sides (in place, or two workspace regions): the in-place kernel, bound once.
      const shared = src.buffer === dst.buffer;
      if (inPlaceOnly && !shared) throw new Error(`internal: pass "${p.what}" is built in place only`);
      let pipe = pipeline;
      if (shared) {
        if (!inPlacePipeline) throw new Error(`internal: pass "${p.what}" scheduled on one buffer but it cannot run in place`);
        pipe = inPlacePipeline();
      }
      const entries: GPUBindGroupEntry[] = shared
        ? [
            { binding: PASS_BINDINGS.input, resource: { buffer: src.buffer } },
            { binding: PASS_BINDINGS.params, resource: { buffer: paramsFor(src.offset / elementBytes, dst.offset / elementBytes) } },
          ]
        : [
            { binding: PASS_BINDINGS.input, resource: bindingOf(src) },
            { binding: PASS_BINDINGS.output, resource: bindingOf(dst) },
            { binding: PASS_BINDINGS.params, resource: { buffer: paramsFor(0, 0) } },
          ];
      if (outOfPlace.usesTables) entries.push({ binding: PASS_BINDINGS.tables, resource: { buffer: tables } });
      pass.setPipeline(pipe);
      pass.setBindGroup(0, device.createBindGroup({ layout: pipe.getBindGroupLayout(0), entries }));
      pass.dispatchWorkgroups(workgroups[0], workgroups[1], workgroups[2]);
    },
    destroy: () => {
      for (const b of paramsByBase.values()) b.destroy();
    },
  };
}

/**
 * Whether a real rows pass runs the folded engine (an N/2-point complex FFT and one mirror exchange):
 * f32 passes without a load / store callback or an f16 side, which address single reals where the
 * folded engine reads and writes pairs. The folded kernel moves the same bytes as the normal one (its
 * pairs are the real array): 5-14 % faster on an H200 (bench/NOTES.md run 58). Not f64: two df64
 * reals (hi, lo, hi, lo) are not the df64 complex value (re_hi, im_hi, re_lo, im_lo) the engine reads.
 */
function foldedRows(p: RowsPass, precision: PassPrecision, half: HalfSides, callbacks: { load?: string; store?: string }): boolean {
  return p.type !== 'c2c' && precision === 'f32' && !half.input && !half.output && callbacks.load === undefined && callbacks.store === undefined;
}

/** The rows pass's descriptor: folded where asked and the descriptor accepts it (even lengths whose half runs natively), else normal. */
function rowsDescriptor(p: RowsPass, precision: PassPrecision, limits: Parameters<typeof Limits>[0], folded: boolean) {
  const ops = [Size(p.length), Type(p.type), Direction(p.direction), Precision(precision), Block(), Limits(limits)] as const;
  if (folded) {
    try {
      return fft(...ops, RealFFTOptions('natural', 'folded'));
    } catch (e) {
      if (!(e instanceof FFTDescriptorError)) throw e;
    }
  }
  return fft(...ops);
}

/**
 * The rows pass; `callbacks` when it is the plan's first pass (load) or last (store), with
 * `rowsPerTransform` of its FFTs making one transform of the plan (the rows of the outer axes).
 */
export async function makeRowsPass(
  device: GPUDevice,
  p: RowsPass,
  precision: PassPrecision,
  half: HalfSides,
  callbacks: { load?: string; store?: string } = {},
  rowsPerTransform = 1,
  exactFma = false,
  tuning: 'table' | 'measure' = 'table',
): Promise<GPUPass> {
  const l = device.limits;
  const limits = { maxComputeWorkgroupStorageSize: l.maxComputeWorkgroupStorageSize, maxComputeInvocationsPerWorkgroup: l.maxComputeInvocationsPerWorkgroup };
  // The rows pass is createBatchedFFT's kernel (f32 or f64; an f16 plan's f32 kernel reads or
  // writes f16 on the sides that are the user's buffers), bound to regions of the plan's buffers.
  const tabled = rowsDescriptor(p, precision, limits, foldedRows(p, precision, half, callbacks));
  const measured = tuning === 'measure' ? await measuredDescriptor(device, tabled, p.batch) : undefined;
  const desc = withSuggestedFFTsPerBlock(measured?.desc ?? tabled);
  const fma = exactFma && precision === 'f64' ? { exactFma: true } : {};
  const module = desc.wgsl({ prefix: 'fft', workspace: { group: 0, binding: WORKSPACE_BINDING }, ...fma, ...twiddleTableOption(precision) });
  const plan = module.plan;
  const maxBytes = l.maxComputeWorkgroupStorageSize;
  const label = `webfftdx rows ${p.type} ${p.length} ${p.direction}${precision === 'f32' ? '' : ` ${precision}`}${half.input || half.output ? ' (f16 data)' : ''}`;
  const { workgroups, params: paramsData } = batchedDispatch(device, plan, p.batch, label);
  const outOfPlace = batchedKernelSource(module, callbacks, false, maxBytes, rowsPerTransform, half);
  const pipeline = await sharedPipeline(device, outOfPlace.code, `${label} (${p.what})${callbackLabel(callbacks)}`);
  const withCallbacks = callbacks.load !== undefined || callbacks.store !== undefined;
  const inPlacePipeline = p.io.inPlaceSafe && !withCallbacks ? lazyPipeline(device, () => batchedKernelSource(module, {}, true, maxBytes, 1, half).code, `${label} in place`) : undefined;
  const params = device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST, label: `${label} params` });
  device.queue.writeBuffer(params, 0, paramsData);
  const workspace = makeWorkspace(device, desc);
  const twiddles = uploadTwiddleTable(device, module, label);
  return {
    info: { what: p.what, kind: 'rows', descriptor: desc, workgroups, code: outOfPlace.code, ...(measured ? { tuning: measured.tuning } : {}) },
    planned: p,
    encode(pass, src, dst) {
      const inPlace = sameRegion(src, dst);
      if (inPlace && !inPlacePipeline) throw new Error(`internal: rows pass "${p.what}" scheduled in place`);
      const pipe = inPlace ? inPlacePipeline!() : pipeline;
      const entries: GPUBindGroupEntry[] = [
        { binding: INPUT_BINDING, resource: bindingOf(src) },
        { binding: PARAMS_BINDING, resource: { buffer: params } },
      ];
      if (!inPlace) entries.push({ binding: OUTPUT_BINDING, resource: bindingOf(dst) });
      if (workspace.buffer) entries.push({ binding: WORKSPACE_BINDING, resource: { buffer: workspace.buffer } });
      if (twiddles) entries.push(twiddles.entry);
      pass.setPipeline(pipe);
      pass.setBindGroup(0, device.createBindGroup({ layout: pipe.getBindGroupLayout(0), entries }));
      pass.dispatchWorkgroups(workgroups[0], workgroups[1], workgroups[2]);
    },
    destroy: () => {
      params.destroy();
      workspace.destroy();
      twiddles?.buffer.destroy();
    },
  };
}

/** The public descriptor an axis plan of the one-pass kernel follows (the kernel forces the complex one-part exchange). */
function axisDescriptor(plan: FFTPlan): unknown {
  return fft(
    Size(plan.size),
    Type(plan.type),
    Direction(plan.direction),
    Precision(plan.precision),
    Block(),
    ElementsPerThread(plan.elementsPerThread),
    FFTsPerBlock(plan.fftsPerBlock),
    Limits(plan.limits),
  );
}

/** The one-pass kernel: one workgroup per transform of the batch; `callbacks` fused into its global read and write. */
async function makeOnePass(device: GPUDevice, p: OnePass, half: boolean, callbacks: { load?: string; store?: string }, exactFma = false): Promise<GPUPass> {
  const l = device.limits;
  const label = `webfftdx one-pass ${p.type} [${p.shape.join(', ')}] ${p.direction}${p.plans[0].precision === 'f32' ? '' : ` ${p.plans[0].precision}`}${half ? ' (f16 data)' : ''}`;
  const workgroups = dispatchShape(p.engine ? onePassEngineWorkgroups(p.batch, p.engine) : p.batch, l.maxComputeWorkgroupsPerDimension);
  if (workgroups[1] > l.maxComputeWorkgroupsPerDimension) {
    throw new Error(`webfftdx: ${label} needs ${p.batch} workgroups, beyond ${l.maxComputeWorkgroupsPerDimension} x ${l.maxComputeWorkgroupsPerDimension}`);
  }
  const kernel = p.engine ? onePassEngineCode(device, p, p.engine, half, callbacks, exactFma) : onePassAxesCode(device, p, half, callbacks, exactFma);
  const pipeline = await sharedPipeline(device, kernel.outOfPlace, `${label} (${p.what})${callbackLabel(callbacks)}`);
  const withCallbacks = callbacks.load !== undefined || callbacks.store !== undefined;
  const inPlacePipeline = withCallbacks || !p.io.inPlaceSafe ? undefined : lazyPipeline(device, kernel.inPlace, `${label} in place`);
  const params = device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST, label: `${label} params` });
  device.queue.writeBuffer(params, 0, new Uint32Array([p.batch, workgroups[0], p.batch, 0]));
  return {
    info: { what: p.what, kind: 'one-pass', descriptor: p.plans.map(axisDescriptor), workgroups, code: kernel.outOfPlace },
    planned: p,
    encode(pass, src, dst) {
      const inPlace = sameRegion(src, dst);
      if (inPlace && !inPlacePipeline) throw new Error(`internal: pass "${p.what}" scheduled in place`);
      const pipe = inPlace ? inPlacePipeline!() : pipeline;
      const entries: GPUBindGroupEntry[] = [
        { binding: ONE_PASS_BINDINGS.input, resource: bindingOf(src) },
        { binding: ONE_PASS_BINDINGS.params, resource: { buffer: params } },
      ];
      if (!inPlace) entries.push({ binding: ONE_PASS_BINDINGS.output, resource: bindingOf(dst) });
      pass.setPipeline(pipe);
      pass.setBindGroup(0, device.createBindGroup({ layout: pipe.getBindGroupLayout(0), entries }));
      pass.dispatchWorkgroups(workgroups[0], workgroups[1], workgroups[2]);
    },
    destroy: () => params.destroy(),
  };
}

/** The planner sized the kernel from these limits: a kernel beyond them is a bug, reported before any GPU work. */
function checkOnePassFits(l: GPUSupportedLimits, workgroupBytes: number, invocations: number, name: () => string): void {
  if (workgroupBytes > l.maxComputeWorkgroupStorageSize || invocations > l.maxComputeInvocationsPerWorkgroup || invocations > l.maxComputeWorkgroupSizeX) {
    throw new Error(`internal: ${name()} exceeds the device's limits`);
  }
}

/** The one-pass kernel's code out of place, and in place on demand. */
interface OnePassCode {
  readonly outOfPlace: string;
  readonly inPlace: () => string;
}

/** The phased engine's kernel: one Stockham engine over the whole transform (R2C: over its half-size complex view). */
function onePassEngineCode(device: GPUDevice, p: OnePass, engine: OnePassEngineShape, half: boolean, callbacks: { load?: string; store?: string }, exactFma: boolean): OnePassCode {
  const l = device.limits;
  if (p.type === 'r2c') {
    const real = onePassEngineR2CKernel({ ...engine, shape: p.shape, ...(half ? { half } : {}), ...callbacks });
    checkOnePassFits(l, real.workgroupBytes, p.invocations, () => onePassEngineR2CName({ shape: p.shape, half, ...callbacks }));
    return { outOfPlace: real.code, inPlace: () => real.code };
  }
  const precision = p.plans[0].precision === 'f64' ? 'f64' : 'f32';
  const spec = { ...engine, shape: p.shape, direction: p.direction, precision, half, exactFma: exactFma && precision === 'f64', ...callbacks } as const;
  const outOfPlace = onePassEngineKernel({ ...spec, inPlace: false });
  checkOnePassFits(l, outOfPlace.workgroupBytes, p.invocations, () => onePassEngineName({ ...spec, inPlace: false }));
  return { outOfPlace: outOfPlace.code, inPlace: () => onePassEngineKernel({ ...spec, inPlace: true }).code };
}

/** The axis-by-axis kernel: one Block FFT module per axis, the data between axes in workgroup memory. */
function onePassAxesCode(device: GPUDevice, p: OnePass, half: boolean, callbacks: { load?: string; store?: string }, exactFma: boolean): OnePassCode {
  const l = device.limits;
  // Every axis's exchange and the data between the axes share one buffer: the kernel declares it.
  const layout = onePassLayout(p.shape, p.type, p.plans, l.maxComputeWorkgroupStorageSize);
  const modules = p.plans.map((plan, k) =>
    generateModule(plan, {
      prefix: `fft_a${k}`,
      sharedMemory: ONE_PASS_SMEM,
      registersOnly: true,
      slotStride: layout.slotStrides[k],
      slotSwizzle: layout.slotSwizzles[k],
      ...(exactFma && plan.precision === 'f64' ? { exactFma: true } : {}),
    }),
  );
  const spec = { shape: p.shape, type: p.type, modules, invocations: p.invocations, maxWorkgroupBytes: l.maxComputeWorkgroupStorageSize, pitch: layout.pitch, half, ...callbacks };
  const outOfPlace = onePassKernel({ ...spec, inPlace: false });
  checkOnePassFits(l, outOfPlace.workgroupBytes, p.invocations, () => onePassName({ ...spec, inPlace: false }));
  return { outOfPlace: outOfPlace.code, inPlace: () => onePassKernel({ ...spec, inPlace: true }).code };
}

function workspaceBufferOf(ws: FFTBuffers['workspace']): GPUBuffer | undefined {
  if (ws === undefined) return undefined;
  return 'destroy' in ws && 'size' in ws && 'buffer' in ws ? (ws as FFTWorkspace).buffer : (ws as GPUBuffer);
}

/**
 * An FFT of any shape: `n`, `[ny, nx]` or `[nz, ny, nx]` (row-major, innermost last), every length
 * >= 2, C2C, R2C or C2R (numpy's rfftn layout), `batch` transforms one after the other. Lengths one
 * workgroup holds run in one pass per axis; longer ones in a few passes (docs/any-shape.md);
 * `plan.passes` lists them. Unnormalised in both directions, forward e^(-2 pi i jk / n).
 */
export async function createFFT(device: GPUDevice, options: FFTOptions): Promise<AnyShapeFFT> {
  watchDevice(device);
  assertDeviceAlive(device, 'createFFT');
  if (!options || typeof options !== 'object') throw new Error('webfftdx: createFFT(device, { shape, type, direction, precision, batch }) needs an options object');
  const shape = normalizeShape(options.shape);
  const type = checkType(options.type ?? 'c2c');
  const direction = checkDirection(type, options.direction);
  const precision = checkPrecision(options.precision);
  const batch = options.batch === undefined ? 1 : checkBatch(options.batch);
  checkLayout(options.layout);
  const load = checkCallback(options.load, 'load', type, precision);
  const store = checkCallback(options.store, 'store', type, precision);
  const tuning = checkTuning(options.tuning, 'createFFT');
  if (precision === 'f16' && !device.features.has('shader-f16')) {
    throw new Error(
      "webfftdx: createFFT precision 'f16' needs the device feature 'shader-f16', which this device was not created with (requestDevice({ requiredFeatures: ['shader-f16'] }) on an adapter that offers it)",
    );
  }
  // The passes' arithmetic (f16 plans compute in f32) and the bytes of a complex value in the
  // workspace and in the user's buffers.
  const arith: PassPrecision = precision === 'f64' ? 'f64' : 'f32';
  const half = precision === 'f16';
  const workBytes = registerBytes(arith);
  const userBytes = half ? 4 : workBytes;
  const withCallbacks = load !== undefined || store !== undefined;
  const l = device.limits;
  const limits: PlanLimits = {
    maxComputeWorkgroupStorageSize: l.maxComputeWorkgroupStorageSize,
    maxComputeInvocationsPerWorkgroup: l.maxComputeInvocationsPerWorkgroup,
    maxComputeWorkgroupSizeX: l.maxComputeWorkgroupSizeX,
    maxComputeWorkgroupSizeY: l.maxComputeWorkgroupSizeY,
    subgroups: false,
  };
  const total = shape.reduce((a, b) => a * b, 1) * batch;
  // Fail before the planning work (host tables) when the data alone cannot fit a buffer.
  checkBufferBytes(device, total * workBytes * (type === 'c2c' ? 1 : 0.5), `${type} ${precision} data of shape [${shape.join(', ')}] x batch ${batch} (${total} complex values)`);
  const planned = planShape(shape, type, direction, batch, limits, arith);
  // f16 buffers are rounded up to whole 4-byte words (WebGPU's unit for copies and bindings).
  const inputBytes = align(bytesOf(batch * planned.inputElements, type === 'r2c', userBytes), 4);
  const outputBytes = align(bytesOf(batch * planned.outputElements, type === 'c2r', userBytes), 4);
  checkBufferBytes(device, inputBytes, 'the input');
  checkBufferBytes(device, outputBytes, 'the output');

  // Workspace regions, sized for both schedules (out of place, and in place for c2c).
  const alignment = l.minStorageBufferOffsetAlignment;
  const regionBytes = { w1: 0, w2: 0 };
  // Callbacks address the kernel's own bindings `fft_in` / `fft_out`: such plans run out of place only.
  const schedules = [false, ...(type === 'c2c' && !withCallbacks ? [true] : [])].map((inPlace) => schedule(planned.passes, inPlace, store !== undefined, half));
  for (const steps of schedules) {
    steps.forEach((s, k) => {
      const io = planned.passes[k].io;
      for (const [role, bytes] of [
        [s.src, bytesOf(io.inElements, io.inReal, workBytes)],
        [s.dst, bytesOf(io.outElements, io.outReal, workBytes)],
      ] as const) {
        if (role === 'w1' || role === 'w2') regionBytes[role] = Math.max(regionBytes[role], bytes);
      }
    });
  }
  const w2Offset = regionBytes.w2 ? align(regionBytes.w1, alignment) : 0;
  const workspaceSize = regionBytes.w2 ? w2Offset + regionBytes.w2 : regionBytes.w1;
  checkBufferBytes(device, workspaceSize, 'the workspace');
  // The f64 tables (Bluestein's, and the f64 pass engines' stage twiddles) rounded once to f32, or split into df64 (hi, lo) pairs.
  const tableData = arith === 'f64' ? complexToDF64(planned.tables) : Float32Array.from(planned.tables);
  if (tableData.length) checkBufferBytes(device, tableData.byteLength, 'the tables of the passes');

  // f64 on a device whose fma rounds once: the faster df64 products, as createBatchedFFT (asked of the
  // device only now, after every check: a one-off probe kernel per device).
  const exactFma = arith === 'f64' && (await hasExactFma(device));
  let tables: GPUBuffer | undefined;
  const gpuPasses: GPUPass[] = [];
  try {
    {
      // Kernels that read a table bind this buffer (a small placeholder when there are no tables).
      tables = device.createBuffer({ size: Math.max(16, tableData.byteLength), usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST, label: 'webfftdx pass tables' });
      device.queue.writeBuffer(tables, 0, tableData as Float32Array<ArrayBuffer>);
    }
    const last = planned.passes.length - 1;
    for (const [k, p] of planned.passes.entries()) {
      // The load callback sits on the first pass's reads, the store callback on the last pass's writes.
      const cb = { ...(k === 0 && load ? { load } : {}), ...(k === last && store ? { store } : {}) };
      const some = cb.load !== undefined || cb.store !== undefined;
      // f16: the first pass reads the user's f16 input, the last writes the f16 output.
      const sides: HalfSides = { input: half && k === 0, output: half && k === last };
      if (p.op === 'rows') gpuPasses.push(await makeRowsPass(device, p, arith, sides, cb, p.batch / batch, exactFma, tuning));
      else if (p.op === 'one-pass') gpuPasses.push(await makeOnePass(device, p, half, cb, exactFma));
      else {
        const flat = { ...cb, inputElements: planned.inputElements, outputElements: planned.outputElements, transforms: batch };
        gpuPasses.push(await makeColumnsPass(device, p, tables!, some ? flat : undefined, sides, exactFma));
      }
    }
  } catch (e) {
    for (const g of gpuPasses) g.destroy();
    tables?.destroy();
    throw e;
  }

  const life = new PlanLifecycle(device, 'createFFT plan', () => {
    for (const g of gpuPasses) g.destroy();
    tables?.destroy();
  });
  const encode = (pass: GPUComputePassEncoder, buffers: FFTBuffers): void => {
    life.assertUsable('encode()');
    const { input, output } = checkIOBuffers(buffers, inputBytes, outputBytes);
    const inPlace = input === output;
    if (inPlace && withCallbacks) {
      throw new Error('webfftdx: a createFFT plan with load/store callbacks cannot run in place (the callbacks address fft_in and fft_out); pass an output buffer');
    }
    if (inPlace && type !== 'c2c') {
      throw new Error(`webfftdx: a ${type} FFT cannot run in place (its input and output have different sizes); pass an output buffer`);
    }
    const ws = workspaceBufferOf(buffers.workspace);
    if (workspaceSize > 0) {
      if (!ws) throw new Error(`webfftdx: this FFT needs a workspace of ${workspaceSize} bytes: pass { workspace: makeWorkspace(device, plan) }`);
      checkStorageBuffer(ws, workspaceSize, 'workspace');
      if (ws === input || ws === output) throw new Error('webfftdx: the workspace must be a buffer of its own, not the input or output');
    }
    const regions: Record<Role, Region> = {
      input: { buffer: input, offset: 0, size: input.size },
      output: { buffer: output, offset: 0, size: output.size },
      w1: { buffer: ws!, offset: 0, size: regionBytes.w1 },
      w2: { buffer: ws!, offset: w2Offset, size: regionBytes.w2 },
    };
    const steps = schedule(planned.passes, inPlace, store !== undefined, half);
    gpuPasses.forEach((g, k) => g.encode(pass, regions[steps[k].src], regions[steps[k].dst]));
  };

  const createWorkspace = (): FFTWorkspace => {
    life.assertUsable('createWorkspace()');
    if (workspaceSize === 0) return { buffer: undefined, size: 0, destroy() {} };
    const buffer = device.createBuffer({ size: workspaceSize, usage: GPUBufferUsage.STORAGE, label: `webfftdx workspace [${shape.join(', ')}]` });
    return { buffer, size: workspaceSize, destroy: () => buffer.destroy() };
  };

  // Host values per transform side: reals, or interleaved re/im.
  const inValues = batch * planned.inputElements * (type === 'r2c' ? 1 : 2);
  const outValues = batch * planned.outputElements * (type === 'c2r' ? 1 : 2);
  const run = (data: Float32Array | Float64Array | Uint16Array): Promise<Float32Array | Float64Array | F16Data> =>
    life.run(async () => {
      const layout = type === 'r2c' ? `${batch} x ${planned.inputElements} reals` : `${batch} x ${planned.inputElements} complex values, re/im interleaved`;
      // f64: the df64 layout (kernels/df64-layout.ts); f16: IEEE binary16 bits (src/host/f16-data.ts).
      const upload =
        precision === 'f64'
          ? (type === 'r2c' ? realToDF64 : complexToDF64)(checkFloat64Data(data, inValues, layout))
          : half
            ? new Float32Array(f16Upload(data, inValues, layout).buffer)
            : checkFloat32Data(data, inValues, layout);
      const workspace = createWorkspace();
      try {
        const out = await runOnce(device, { data: upload, inputBytes, outputBytes, encode: (pass, input, output) => encode(pass, { input, output, workspace }) });
        if (precision === 'f64') return (type === 'c2r' ? realFromDF64 : complexFromDF64)(out);
        if (half) return f16Download(new Uint16Array(out.buffer, out.byteOffset, outValues), data);
        return out;
      } finally {
        workspace.destroy();
      }
    });

  return {
    shape,
    type,
    direction,
    batch,
    precision,
    inputBytes,
    outputBytes,
    passes: gpuPasses.map((g) => g.info),
    workspaceSize,
    encode,
    run: run as AnyShapeFFT['run'],
    createWorkspace,
    destroy: () => life.destroy(),
  };
}
