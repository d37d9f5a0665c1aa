#!/usr/bin/env node
// Asks Dawn (the `webgpu` package) for an adapter and prints one line naming it, or explains what
// is missing and exits 1. Run as its own process by setup.mjs so that a driver that crashes or
// hangs cannot take the caller with it.

/** @param {string} message */
function fail(message) {
  console.error(`webfftdx setup: ${message}`);
  process.exit(1);
}

let webgpu;
try {
  webgpu = await import('webgpu');
} catch (e) {
  fail(`cannot load the 'webgpu' package (Dawn): ${e instanceof Error ? e.message : e}. Run \`npm ci\`.`);
}

const gpu = webgpu.create([]);
const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
if (!adapter) {
  fail(
    'Dawn found no WebGPU adapter. It needs a Vulkan driver (on Linux): a GPU driver with Vulkan support, or ' +
      'Mesa lavapipe >= 23 for software rendering (on Debian bookworm: `apt-get install -t bookworm-backports ' +
      'mesa-vulkan-drivers libvulkan1`; bookworm\'s own Mesa 22.3 is too old for Dawn). `vulkaninfo --summary` ' +
      'shows what the Vulkan loader sees.',
  );
}
const info = adapter.info;
const name = [info.vendor, info.architecture, info.description || info.device].filter(Boolean).join(' ') || 'unknown adapter';
const software = info.isFallbackAdapter || info.architecture === 'software' || /llvmpipe|lavapipe|swiftshader/i.test(name);
console.log(`webfftdx: WebGPU adapter: ${name}${software ? ' (software Vulkan: correct but slow)' : ''}`);
process.exit(0);
