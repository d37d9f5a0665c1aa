// Runtime validation of an operator list, in the order the type level (types/rules.ts) checks it, so
// both report the same first error with the same text:
//   1. each argument in turn: its own value, then whether its kind was already given;
//   2. combinations of operators, absent ones taking their defaults (fixed order below);
//   3. once Size and Thread()/Block() are present: what the engine can build under the Limits (plan.ts).
import { checkArgumentTypes } from './argument-types.js';
import { fail } from './errors.js';
import * as M from './messages.js';
import {
  COMPLEX_LAYOUTS as LAYOUTS,
  FFT_DIRECTIONS as DIRECTIONS,
  FFT_EXECUTIONS as EXECUTIONS,
  FFT_PRECISIONS as PRECISIONS,
  FFT_TYPES as TYPES,
  REAL_MODES as MODES,
} from './model.js';
import { type AnyOp, operatorLabel, type OpKind } from './operators.js';
import { checkImplementation, type DescriptorState } from './plan.js';

const KINDS: readonly OpKind[] = [
  'size',
  'type',
  'direction',
  'precision',
  'execution',
  'elementsPerThread',
  'fftsPerBlock',
  'blockDim',
  'realFFTOptions',
  'limits',
];

const isPositiveInteger = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1;

/** An operator's shape: a known kind, and the value's structure its kind implies (a hand-built object may lack it). */
function isOperator(x: unknown): x is AnyOp {
  if (typeof x !== 'object' || x === null || !KINDS.includes((x as { op: OpKind }).op) || !('value' in x)) return false;
  const { op, value } = x as { op: OpKind; value: unknown };
  if (op === 'blockDim') return Array.isArray(value) && value.length === 3;
  if (op === 'realFFTOptions' || op === 'limits') return typeof value === 'object' && value !== null;
  return true;
}

/**
 * Phase 1 for one argument: the operator's own value. Its JavaScript type first: the constructors
 * already checked it, but an operator object may have been built by hand.
 */
function checkValue(op: AnyOp): void {
  checkArgumentTypes(op);
  switch (op.op) {
    case 'size':
      if (typeof op.value !== 'number' || !Number.isInteger(op.value) || op.value < 2) fail(M.sizeNotValid(op.value));
      return;
    case 'type':
      if (!TYPES.includes(op.value)) fail(M.notOneOf('Type', op.value, TYPES));
      return;
    case 'direction':
      if (!DIRECTIONS.includes(op.value)) fail(M.notOneOf('Direction', op.value, DIRECTIONS));
      return;
    case 'precision':
      if (!PRECISIONS.includes(op.value)) fail(M.notOneOf('Precision', op.value, PRECISIONS));
      return;
    case 'execution':
      if (!EXECUTIONS.includes(op.value)) fail(M.notOneOf('execution', op.value, EXECUTIONS));
      return;
    case 'elementsPerThread':
      if (!isPositiveInteger(op.value)) fail(M.notPositiveInteger('ElementsPerThread', op.value));
      return;
    case 'fftsPerBlock':
      if (!isPositiveInteger(op.value)) fail(M.notPositiveInteger('FFTsPerBlock', op.value));
      return;
    case 'blockDim': {
      const [x, y, z] = op.value;
      if (!isPositiveInteger(x) || !isPositiveInteger(y) || !isPositiveInteger(z)) fail(M.blockDimNotValid(x, y, z));
      return;
    }
    case 'realFFTOptions':
      if (!LAYOUTS.includes(op.value.layout)) fail(M.notOneOf('RealFFTOptions', op.value.layout, LAYOUTS));
      if (!MODES.includes(op.value.mode)) fail(M.notOneOf('RealFFTOptions', op.value.mode, MODES));
      return;
    case 'limits': {
      const s = op.value.maxComputeWorkgroupStorageSize;
      const i = op.value.maxComputeInvocationsPerWorkgroup;
      if (!isPositiveInteger(s) || !isPositiveInteger(i)) fail(M.limitsNotValid(s, i));
      return;
    }
  }
}

/** Phase 1: every argument in order (own value, then repetition). Returns the operators by kind. */
function collect(ops: readonly unknown[]): Map<OpKind, AnyOp> {
  const byKind = new Map<OpKind, AnyOp>();
  ops.forEach((op, i) => {
    if (!isOperator(op)) fail(M.notAnOperator(i + 1));
    checkValue(op);
    const previous = byKind.get(op.op);
    if (previous) {
      const label = operatorLabel(op);
      const before = operatorLabel(previous);
      fail(label === before ? M.duplicate(label) : M.executionConflict(label, before));
    }
    byKind.set(op.op, op);
  });
  return byKind;
}

function stateOf(byKind: Map<OpKind, AnyOp>): DescriptorState {
  const get = <K extends OpKind>(k: K) => byKind.get(k) as Extract<AnyOp, { op: K }> | undefined;
  const real = get('realFFTOptions')?.value;
  const limits = get('limits')?.value;
  return {
    size: get('size')?.value,
    type: get('type')?.value,
    direction: get('direction')?.value,
    precision: get('precision')?.value,
    execution: get('execution')?.value,
    elementsPerThread: get('elementsPerThread')?.value,
    fftsPerBlock: get('fftsPerBlock')?.value,
    blockDim: get('blockDim')?.value,
    layout: real?.layout,
    mode: real?.mode,
    limits: limits && {
      maxComputeWorkgroupStorageSize: limits.maxComputeWorkgroupStorageSize,
      maxComputeInvocationsPerWorkgroup: limits.maxComputeInvocationsPerWorkgroup,
      subgroups: limits.subgroups,
    },
  };
}

/** Phase 2: combinations of operators; absent operators take their defaults. */
function checkCombinations(s: DescriptorState): void {
  const type = s.type ?? 'c2c';
  const layout = s.layout ?? 'natural';
  const mode = s.mode ?? 'normal';
  if (s.execution === 'thread') {
    if (s.elementsPerThread !== undefined) fail(M.blockOnlyWithThread('ElementsPerThread'));
    if (s.fftsPerBlock !== undefined) fail(M.blockOnlyWithThread('FFTsPerBlock'));
    if (s.blockDim !== undefined) fail(M.blockOnlyWithThread('BlockDim'));
  }
  if (s.direction !== undefined && ((type === 'r2c' && s.direction === 'inverse') || (type === 'c2r' && s.direction === 'forward'))) {
    fail(M.directionConflict(type, s.direction));
  }
  if (mode === 'folded' && type === 'c2c') fail(M.foldedWithC2C(layout));
  if (s.size !== undefined && type !== 'c2c') {
    if (layout === 'packed' && s.size % 2 !== 0) fail(M.packedOddSize(mode, s.size));
    // Folded mode pairs the reals: an even size (Block: also a half size the engine runs natively, plan.ts).
    if (mode === 'folded' && s.execution !== undefined && s.size % 2 !== 0) fail(M.foldedOddSize(layout, s.execution, s.size));
  }
  if (mode === 'folded' && s.elementsPerThread !== undefined && s.elementsPerThread % 2 !== 0) {
    fail(M.foldedOddEPT(s.elementsPerThread));
  }
  if ((s.precision ?? 'f32') === 'f16' && s.fftsPerBlock !== undefined && s.fftsPerBlock % 2 !== 0) {
    fail(M.f16OddFFTsPerBlock(s.fftsPerBlock));
  }
}

/**
 * Validates an operator list (phases 1-3) and returns the description it composes. Throws
 * FFTDescriptorError with the text the type checker shows for the same literal combination.
 */
export function checkOps(ops: readonly unknown[]): DescriptorState {
  const state = stateOf(collect(ops));
  checkCombinations(state);
  checkImplementation(state);
  return state;
}
