// Node entry point (`webfftdx/node`): a GPUDevice from Dawn (the `webgpu` npm package) for scripts,
// tests and benchmarks. Browsers use navigator.gpu instead; nothing else in the library imports this.

export interface NodeDeviceOptions {
  /** Features to enable when the adapter offers them (missing ones are skipped, not an error). */
  readonly optionalFeatures?: readonly GPUFeatureName[];
  /** 'adapter' (default) requests the adapter's full compute limits; 'default' keeps WebGPU's core defaults. */
  readonly limits?: 'adapter' | 'default';
  /**
   * Limits requested on top of that choice (each within the adapter's), e.g.
   * `{ maxComputeWorkgroupStorageSize: 32768 }` to run as a device with 32 KiB of workgroup memory.
   */
  readonly requiredLimits?: Readonly<Record<string, number>>;
  /**
   * Dawn toggles to enable (e.g. FAST_TOGGLES). They apply to the whole Dawn instance, so every
   * device created with the same list shares one instance.
   */
  readonly toggles?: readonly string[];
}

/**
 * Dawn toggles that remove work webfftdx's kernels do not need: `disable_workgroup_init` skips
 * zero-filling workgroup memory at the start of every workgroup (webfftdx never reads a workgroup
 * element before writing it), `disable_robustness` drops the bounds clamps on every buffer access
 * (webfftdx's indices are in range by construction; the tests run with robustness on). Only for
 * code you trust: a user callback indexing out of range is then undefined behaviour.
 */
export const FAST_TOGGLES: readonly string[] = ['disable_workgroup_init', 'disable_robustness'];

export interface NodeDevice {
  readonly device: GPUDevice;
  readonly adapter: GPUAdapter;
  /** One line naming the adapter (vendor, architecture, description). */
  readonly adapterName: string;
}

const instances = new Map<string, GPU>();

async function nodeGPU(toggles: readonly string[]): Promise<GPU> {
  const key = [...toggles].sort().join(',');
  const hit = instances.get(key);
  if (hit) return hit;
  const webgpu = (await import('webgpu')) as unknown as { create(flags: string[]): GPU; globals: object };
  Object.assign(globalThis, webgpu.globals);
  // Dawn quantises timestamps to 65.5 µs unless this feature is disabled: benchmarks need raw values.
  const flags = ['disable-dawn-features=timestamp_quantization'];
  if (toggles.length) flags.push(`enable-dawn-features=${toggles.join(',')}`);
  const gpu = webgpu.create(flags);
  instances.set(key, gpu);
  return gpu;
}

export async function requestNodeDevice(options: NodeDeviceOptions = {}): Promise<NodeDevice> {
  const gpu = await nodeGPU(options.toggles ?? []);
  const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  if (!adapter) {
    throw new Error(
      'webfftdx: Dawn found no WebGPU adapter. Install a Vulkan driver (on Debian: mesa-vulkan-drivers from bookworm-backports, ' +
        'or run `npm run setup`).',
    );
  }
  const wanted = options.optionalFeatures ?? ['shader-f16', 'timestamp-query', 'subgroups'];
  const requiredFeatures = wanted.filter((f) => adapter.features.has(f));
  const requiredLimits: Record<string, number> = {};
  if ((options.limits ?? 'adapter') === 'adapter') {
    for (const key of [
      'maxComputeWorkgroupStorageSize',
      'maxComputeInvocationsPerWorkgroup',
      'maxComputeWorkgroupSizeX',
      'maxComputeWorkgroupSizeY',
      'maxComputeWorkgroupSizeZ',
      'maxStorageBufferBindingSize',
      'maxBufferSize',
      'maxComputeWorkgroupsPerDimension',
    ] as const) {
      requiredLimits[key] = adapter.limits[key];
    }
  }
  Object.assign(requiredLimits, options.requiredLimits);
  const device = await adapter.requestDevice({ requiredFeatures, requiredLimits });
  const info = adapter.info;
  const adapterName = [info.vendor, info.architecture, info.description || info.device].filter(Boolean).join(' ') || 'unknown adapter';
  return { device, adapter, adapterName };
}
