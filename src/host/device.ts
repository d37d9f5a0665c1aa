// What a host plan checks against the GPUDevice it is given, before any pipeline or buffer is
// created: a kernel's workgroup memory, invocations, workgroup size and dispatch against the
// device's limits (never the adapter's: a device from a plain requestDevice() has the core
// defaults), buffer sizes against maxStorageBufferBindingSize / maxBufferSize, required features,
// and whether the device is still alive.

const lostDevices = new WeakSet<GPUDevice>();
const watched = new WeakSet<GPUDevice>();

/** Starts watching `device.lost` (once per device), so later calls can refuse a destroyed device. */
export function watchDevice(device: GPUDevice): void {
  if (watched.has(device)) return;
  watched.add(device);
  void device.lost.then(() => lostDevices.add(device));
}

/**
 * Throws when the device was destroyed or lost. `device.lost` settles a microtask after
 * `device.destroy()`, so async callers check after their first await.
 */
export function assertDeviceAlive(device: GPUDevice, what: string): void {
  if (lostDevices.has(device)) {
    throw new Error(`webfftdx: ${what}: the GPUDevice was destroyed or lost; create the plan again on a new device`);
  }
}

/** What one compute kernel of a plan needs from the device. */
export interface KernelNeeds {
  /** Names the kernel in messages, e.g. the descriptor: `Size(64) Type('r2c') Thread()`. */
  readonly label: string;
  /** Total workgroup memory of the kernel (its FFT buffers plus staging), bytes. */
  readonly workgroupBytes: number;
  readonly workgroupSize: readonly [number, number, number];
  readonly workgroups: readonly [number, number, number];
  readonly features?: readonly GPUFeatureName[];
}

function tooLarge(label: string, what: string, needed: number, limit: string, allowed: number, hint = ''): Error {
  return new Error(`webfftdx: ${label} needs ${needed} ${what}; this device allows ${allowed} (${limit})${hint}`);
}

const LIMITS_HINT =
  ': build the descriptor with Limits(device.limits), or request a larger limit in requestDevice({ requiredLimits })';

/** Throws a clear Error when the kernel cannot run on this device. */
export function checkKernelFits(device: GPUDevice, k: KernelNeeds): void {
  const l = device.limits;
  for (const f of k.features ?? []) {
    if (!device.features.has(f)) {
      throw new Error(`webfftdx: ${k.label} needs the device feature '${f}', which this device was not created with (requestDevice({ requiredFeatures: ['${f}'] }) on an adapter that offers it)`);
    }
  }
  if (k.workgroupBytes > l.maxComputeWorkgroupStorageSize) {
    throw tooLarge(k.label, 'bytes of workgroup memory', k.workgroupBytes, 'maxComputeWorkgroupStorageSize', l.maxComputeWorkgroupStorageSize, LIMITS_HINT);
  }
  const [x, y, z] = k.workgroupSize;
  if (x * y * z > l.maxComputeInvocationsPerWorkgroup) {
    throw tooLarge(k.label, 'invocations per workgroup', x * y * z, 'maxComputeInvocationsPerWorkgroup', l.maxComputeInvocationsPerWorkgroup, LIMITS_HINT);
  }
  if (x > l.maxComputeWorkgroupSizeX) throw tooLarge(k.label, 'invocations along x', x, 'maxComputeWorkgroupSizeX', l.maxComputeWorkgroupSizeX);
  if (y > l.maxComputeWorkgroupSizeY) throw tooLarge(k.label, 'invocations along y', y, 'maxComputeWorkgroupSizeY', l.maxComputeWorkgroupSizeY);
  if (z > l.maxComputeWorkgroupSizeZ) throw tooLarge(k.label, 'invocations along z', z, 'maxComputeWorkgroupSizeZ', l.maxComputeWorkgroupSizeZ);
  const most = Math.max(...k.workgroups);
  if (most > l.maxComputeWorkgroupsPerDimension) {
    throw tooLarge(k.label, 'workgroups along one dispatch dimension', most, 'maxComputeWorkgroupsPerDimension', l.maxComputeWorkgroupsPerDimension, ': use a smaller batch');
  }
}

/** Throws when one buffer of `bytes` cannot be created or bound as storage on this device. */
export function checkBufferBytes(device: GPUDevice, bytes: number, what: string): void {
  const l = device.limits;
  const limit = Math.min(l.maxStorageBufferBindingSize, l.maxBufferSize);
  if (bytes > limit) {
    const name = l.maxStorageBufferBindingSize <= l.maxBufferSize ? 'maxStorageBufferBindingSize' : 'maxBufferSize';
    throw new Error(
      `webfftdx: ${what} needs a buffer of ${bytes} bytes; this device allows ${limit} (${name}): use a smaller batch or request a larger limit in requestDevice({ requiredLimits })`,
    );
  }
}

/** Workgroups for `groups` units of work: 1D while it fits the per-dimension limit, else 2D. */
export function dispatchShape(groups: number, maxPerDim: number): [number, number, number] {
  if (groups <= maxPerDim) return [Math.max(1, groups), 1, 1];
  const y = Math.ceil(groups / maxPerDim);
  return [Math.ceil(groups / y), y, 1];
}
