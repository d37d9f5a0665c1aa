// Types of install-state.mjs (plain Node ESM so it runs before npm install), for the tests.
export type InstallState = { ok: true } | { ok: false; reason: string; command: 'ci' | 'install' };
export function installState(root: string): InstallState;
