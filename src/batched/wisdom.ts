// Saving and restoring what `tuning: 'measure'` chose (FFTW's wisdom, VkFFT's saved application): the
// choices last as long as the GPUDevice, and timing the candidates again in every session costs their
// compilation and about 12 ms of GPU time per candidate (12 passes of about 1 ms). exportTuning gives a JSON-ready object; importTuning
// takes it (or its JSON text) on a later device, after which plans of the same descriptor, batch and
// callbacks take the saved shape without timing. The saved shapes are only ever ones measure could
// choose itself for that plan, so wisdom from another GPU can make a plan slower, never wrong.
import { showValue, typeName } from '../../descriptors/messages.js';
import { rememberedShapes, rememberShapes, type RememberedShape, type ShapeTiming } from './measure.js';

export const TUNING_FORMAT = 'webfftdx-tuning';
export const TUNING_VERSION = 1;

/** What exportTuning returns and importTuning takes: plain data, JSON.stringify it to save it. */
export interface TuningWisdom {
  readonly format: typeof TUNING_FORMAT;
  readonly version: typeof TUNING_VERSION;
  readonly shapes: readonly RememberedShape[];
}

/** The shapes `tuning: 'measure'` chose on this device so far (and any imported into it). */
export function exportTuning(device: GPUDevice): TuningWisdom {
  return { format: TUNING_FORMAT, version: TUNING_VERSION, shapes: rememberedShapes(device) };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A bad value as the descriptor messages quote it: primitives as written ('text' quoted), objects and arrays by their type. */
const describe = (v: unknown): string => (typeof v === 'object' && v !== null ? typeName(v) : showValue(v));

function fail(where: string, what: string, value: unknown): never {
  throw new Error(`webfftdx: importTuning: ${where} must be ${what}, not ${describe(value)}`);
}

function positiveInteger(v: unknown, where: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) fail(where, 'a positive integer', v);
  return v;
}

function timingOf(v: unknown, where: string): ShapeTiming {
  if (!isRecord(v)) fail(where, 'an object { elementsPerThread, fftsPerBlock, ms }', v);
  const ms = v.ms;
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) fail(`${where}.ms`, 'a finite number of milliseconds >= 0', ms);
  return { elementsPerThread: positiveInteger(v.elementsPerThread, `${where}.elementsPerThread`), fftsPerBlock: positiveInteger(v.fftsPerBlock, `${where}.fftsPerBlock`), ms };
}

function shapeOf(v: unknown, where: string): RememberedShape {
  if (!isRecord(v)) fail(where, 'an object { key, elementsPerThread, timings }', v);
  if (typeof v.key !== 'string' || v.key === '') fail(`${where}.key`, 'a non-empty string', v.key);
  if (!Array.isArray(v.timings)) fail(`${where}.timings`, 'an array', v.timings);
  const timings = v.timings.map((t, k) => timingOf(t, `${where}.timings[${k}]`));
  return { key: v.key, elementsPerThread: positiveInteger(v.elementsPerThread, `${where}.elementsPerThread`), timings };
}

/**
 * Checks `wisdom` (exportTuning's object or its JSON text) whole before taking any of it, then lets
 * later `tuning: 'measure'` plans on `device` use its shapes. Returns how many shapes it took.
 */
export function importTuning(device: GPUDevice, wisdom: TuningWisdom | string): number {
  let data: unknown = wisdom;
  if (typeof wisdom === 'string') {
    try {
      data = JSON.parse(wisdom);
    } catch (e) {
      throw new Error(`webfftdx: importTuning: the text is not JSON (${(e as Error).message})`);
    }
  }
  if (!isRecord(data)) fail('the wisdom', `exportTuning's object { format: '${TUNING_FORMAT}', version, shapes }`, data);
  if (data.format !== TUNING_FORMAT) fail('format', `'${TUNING_FORMAT}'`, data.format);
  if (data.version !== TUNING_VERSION) fail('version', `${TUNING_VERSION} (this webfftdx's format)`, data.version);
  if (!Array.isArray(data.shapes)) fail('shapes', 'an array', data.shapes);
  const shapes = data.shapes.map((s, k) => shapeOf(s, `shapes[${k}]`));
  rememberShapes(device, shapes);
  return shapes.length;
}
