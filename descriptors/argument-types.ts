// The JavaScript type of each operator's arguments: `Size('64')` must say that a string was passed, not
// that 64 is an invalid size. The constructors check it when called (TypeScript rejects the same
// arguments on the call itself, with the same text: types/arguments.ts), and fft() checks it again
// for operator objects built by hand. Values (ranges, allowed strings) and combinations are fft()'s
// job (rules.ts), which runs in the order the type level does.
import { fail } from './errors.js';
import { argumentType, callText, LIMITS_ARGUMENT, oneOf } from './messages.js';
import { COMPLEX_LAYOUTS, FFT_DIRECTIONS, FFT_PRECISIONS, FFT_TYPES, REAL_MODES } from './model.js';

/**
 * An operator as built: its kind and its normalised value (operators.ts), of unchecked types but of
 * its kind's structure (a [x, y, z] array, a { layout, mode } or Limits object; rules.ts isOperator).
 */
interface UncheckedOp {
  readonly op: string;
  readonly value: unknown;
}

const INTEGER = 'an integer';
const INTEGER_LIMITS = ['maxComputeWorkgroupStorageSize', 'maxComputeInvocationsPerWorkgroup'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function single(label: string, v: unknown, type: 'number' | 'string', expected: string): void {
  if (typeof v !== type) fail(argumentType(callText(label, v), expected, v));
}

/** Several parameters: the first of the wrong type is named (as the type level blames its parameter). */
function several(label: string, args: readonly unknown[], names: readonly string[], type: 'number' | 'string', expected: readonly string[]): void {
  args.forEach((v, i) => {
    if (typeof v !== type) fail(argumentType(callText(label, v, names[i]), expected[i], v));
  });
}

/** The Limits() argument itself, before its fields are read. */
export function checkLimitsArgument(limits: unknown): void {
  if (!isObject(limits)) fail(argumentType(callText('Limits', limits), LIMITS_ARGUMENT, limits));
}

/** Throws FFTDescriptorError when an operator's value is of the wrong JavaScript type. */
export function checkArgumentTypes(op: UncheckedOp): void {
  const v = op.value;
  switch (op.op) {
    case 'size':
      return single('Size', v, 'number', INTEGER);
    case 'elementsPerThread':
      return single('ElementsPerThread', v, 'number', INTEGER);
    case 'fftsPerBlock':
      return single('FFTsPerBlock', v, 'number', INTEGER);
    case 'type':
      return single('Type', v, 'string', oneOf(FFT_TYPES));
    case 'direction':
      return single('Direction', v, 'string', oneOf(FFT_DIRECTIONS));
    case 'precision':
      return single('Precision', v, 'string', oneOf(FFT_PRECISIONS));
    case 'blockDim':
      return several('BlockDim', v as readonly unknown[], ['x', 'y', 'z'], 'number', [INTEGER, INTEGER, INTEGER]);
    case 'realFFTOptions': {
      const { layout, mode } = v as Record<string, unknown>;
      return several('RealFFTOptions', [layout, mode], ['layout', 'mode'], 'string', [oneOf(COMPLEX_LAYOUTS), oneOf(REAL_MODES)]);
    }
    case 'limits': {
      checkLimitsArgument(v);
      const fields = v as Record<string, unknown>;
      for (const field of INTEGER_LIMITS) {
        if (typeof fields[field] !== 'number') fail(argumentType(callText('Limits', fields[field], field), INTEGER, fields[field]));
      }
      const { subgroups } = fields;
      if (typeof subgroups !== 'boolean') fail(argumentType(callText('Limits', subgroups, 'subgroups'), 'a boolean', subgroups));
      return;
    }
  }
}
