// The n-dimensional f64 references live in the library (src/reference-nd.ts) so examples can use them too.
export * from '../../src/reference-nd.js';
