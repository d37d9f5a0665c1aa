/**
 * WEBFFTDX_FULL=1 widens the sweeps whose every case costs a software-Vulkan compile (each test file's
 * header says what it adds); the default run keeps CI inside its time budget with a cold shader cache.
 */
export const FULL = process.env.WEBFFTDX_FULL === '1';
