// What the harness needs to know about the adapter: a short name for files and titles, and whether
// it is a software rasteriser (Mesa lavapipe: real WGSL execution on the CPU, where the bench is a
// regression signal with small defaults, not a performance number).

export function isSoftwareAdapter(info: GPUAdapterInfo): boolean {
  const text = `${info.description} ${info.device} ${info.architecture}`;
  return Boolean((info as { isFallbackAdapter?: boolean }).isFallbackAdapter) || info.architecture === 'software' || /llvmpipe|lavapipe|swiftshader/i.test(text);
}

/** "NVIDIA H100 80GB HBM3", "llvmpipe": the device description up to any driver details. */
export function shortDeviceName(info: GPUAdapterInfo): string {
  // Dawn on NVIDIA's Vulkan driver reports only "NVIDIA: <driver version>"; the device script passes
  // the marketing name from nvidia-smi instead.
  const override = process.env.WEBFFTDX_DEVICE_NAME?.trim();
  if (override) return override;
  const raw = info.description || info.device || info.vendor || 'unknown';
  const short = raw.split(/[:(]/)[0].trim();
  return short || raw.trim();
}
