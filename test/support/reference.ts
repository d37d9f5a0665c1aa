// The f64 reference lives in the library (src/reference.ts) so examples and users can check results too.
export * from '../../src/reference.js';
