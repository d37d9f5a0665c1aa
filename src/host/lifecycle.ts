// The life of a host plan: refuses use after destroy() or after its device is gone, makes destroy()
// idempotent, and defers freeing GPU resources while a run() is in flight (that run then rejects
// with a message saying why) instead of letting the GPU see destroyed buffers.
import { assertDeviceAlive, watchDevice } from './device.js';

export class PlanLifecycle {
  readonly #device: GPUDevice;
  readonly #name: string;
  readonly #release: () => void;
  #destroyed = false;
  #released = false;
  #running = 0;

  /** `name` is what messages call the plan (e.g. 'createBatchedFFT plan'); `release` frees its GPU resources. */
  constructor(device: GPUDevice, name: string, release: () => void) {
    this.#device = device;
    this.#name = name;
    this.#release = release;
    watchDevice(device);
  }

  get destroyed(): boolean {
    return this.#destroyed;
  }

  /** Throws when the plan was destroyed or its device is gone. */
  assertUsable(op: string): void {
    if (this.#destroyed) throw new Error(`webfftdx: ${op} on a destroyed ${this.#name}; create a new plan`);
    assertDeviceAlive(this.#device, `${op} on a ${this.#name}`);
  }

  /** Runs `body` as one run(): checks before it starts, and after it ends whether destroy() came meanwhile. */
  async run<T>(body: () => Promise<T>): Promise<T> {
    this.assertUsable('run()');
    this.#running++;
    try {
      // device.lost settles a microtask after device.destroy(): look again once it has had the chance.
      await Promise.resolve();
      this.#assertNotDestroyedMeanwhile();
      assertDeviceAlive(this.#device, `run() on a ${this.#name}`);
      const result = await body();
      this.#assertNotDestroyedMeanwhile();
      return result;
    } finally {
      this.#running--;
      this.#releaseWhenIdle();
    }
  }

  #assertNotDestroyedMeanwhile(): void {
    if (this.#destroyed) throw new Error(`webfftdx: the ${this.#name} was destroyed while run() was in progress; its result was discarded`);
  }

  /** Idempotent. While a run() is in flight the resources are freed when it ends. */
  destroy(): void {
    this.#destroyed = true;
    this.#releaseWhenIdle();
  }

  #releaseWhenIdle(): void {
    if (!this.#destroyed || this.#released || this.#running > 0) return;
    this.#released = true;
    this.#release();
  }
}
