#!/usr/bin/env node
// The `webfftdx` command. The published package runs its build (dist/); a clone that has not been
// built (npm start and npm test do not need one) runs the TypeScript source through tsx, a
// development dependency, so that `npx webfftdx describe ...` works on a fresh clone too.
import { existsSync } from 'node:fs';

const built = new URL('../dist/src/cli.js', import.meta.url);
let cli;
if (existsSync(built)) {
  cli = await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import(new URL('../src/cli.ts', import.meta.url).href);
}
cli.runFromCommandLine();
