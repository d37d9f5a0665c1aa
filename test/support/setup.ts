// Vitest setup for every test file: a GPU error that no error scope caught (an uncaptured
// validation error, a lost device) fails the test during which it arrived, or the file at its end.
import { afterAll, afterEach } from 'vitest';
import { takeUncapturedErrors } from './gpu.js';

function failOnUncaptured(when: string): void {
  const errors = takeUncapturedErrors();
  if (errors.length) throw new Error(`uncaptured GPU error(s) ${when}:\n${errors.join('\n')}`);
}

afterEach(() => failOnUncaptured('during this test'));
afterAll(async () => {
  // Uncaptured errors are delivered asynchronously: give the last ones a moment to arrive.
  await new Promise((resolve) => setTimeout(resolve, 50));
  failOnUncaptured('at the end of this file');
});
