// What the browser page (page.ts) reports back to the test (browser.test.ts) through
// `window.__webfftdxResult`, which the test polls: plain JSON, so it crosses Playwright's bridge.

export interface AdapterReport {
  readonly vendor: string;
  readonly architecture: string;
  readonly device: string;
  readonly description: string;
  readonly features: readonly string[];
  readonly maxComputeWorkgroupStorageSize: number;
  readonly maxComputeInvocationsPerWorkgroup: number;
}

export interface CaseReport {
  /** What ran, e.g. "createBatchedFFT: Block c2c 256 forward, batch 8". */
  readonly name: string;
  /** Relative L2 error against the f64 reference (NaN when an output was never written). */
  readonly error: number;
  /** GPU errors caught by the error scopes around this case (validation, internal, out-of-memory). */
  readonly gpuErrors: readonly string[];
  /** Wall-clock milliseconds in the page: pipeline creation (WGSL compile) plus the run. */
  readonly ms: number;
}

export interface PageReport {
  readonly userAgent: string;
  readonly adapter: AdapterReport;
  readonly cases: readonly CaseReport[];
  /** GPU errors outside any error scope (onuncapturederror) and a device loss, if any. */
  readonly uncapturedErrors: readonly string[];
}

export type PageResult = { readonly ok: true; readonly report: PageReport } | { readonly ok: false; readonly error: string };

declare global {
  interface Window {
    __webfftdxResult?: PageResult;
  }
}
