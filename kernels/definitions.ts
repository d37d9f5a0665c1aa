// An ordered set of named WGSL definitions (functions, constants). Generators that share helpers
// (codelets, sincos, swizzles) add them by name; the module prints each once, in insertion order,
// so several engines (e.g. a forward and an inverse one, or a real FFT on top of a complex one)
// can live in one module under one prefix.

export class Definitions {
  private readonly byName = new Map<string, string>();

  /** Adds `code` under `name` unless present; `make` is only called when the name is new. */
  add(name: string, make: () => string): string {
    if (!this.byName.has(name)) this.byName.set(name, make());
    return name;
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** All definitions, separated by blank lines. */
  toString(): string {
    return [...this.byName.values()].join('\n\n');
  }
}
