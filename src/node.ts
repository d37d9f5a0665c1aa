// Node entry point (`webfftdx/node`): a GPUDevice from Dawn (the `webgpu` npm package) for scripts,
// tests and benchmarks. Browsers use navigator.gpu instead; nothing else in the library imports this.

export interface NodeDeviceOptions {
  /** Features to enable when the adapter offers them (missing ones are skipped, not an error). */
  readonly optionalFeatures?: readonly GPUFeatureName[];
  /** 'adapter' (default) requests the adapter's full compute limits; 'default' keeps WebGPU's core defaults. */
  readonly limits?: 'adapter' | 'default';
}

export interface NodeDevice {
  readonly device: GPUDevice;
  readonly adapter: GPUAdapter;
  /** One line naming the adapter (vendor, architecture, description). */
  readonly adapterName: string;
}

let gpuSingleton: GPU | undefined;

async function nodeGPU(): Promise<GPU> {
  if (gpuSingleton) return gpuSingleton;
  const webgpu = (await import('webgpu')) as unknown as { create(flags: string[]): GPU; globals: object };
  Object.assign(globalThis, webgpu.globals);
  // Dawn quantises timestamps to 65.5 µs unless this feature is disabled: benchmarks need raw values.
  gpuSingleton = webgpu.create(['disable-dawn-features=timestamp_quantization']);
  return gpuSingleton;
}

export async function requestNodeDevice(options: NodeDeviceOptions = {}): Promise<NodeDevice> {
  const gpu = await nodeGPU();
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
  const device = await adapter.requestDevice({ requiredFeatures, requiredLimits });
  const info = adapter.info;
  const adapterName = [info.vendor, info.architecture, info.description || info.device].filter(Boolean).join(' ') || 'unknown adapter';
  return { device, adapter, adapterName };
}
