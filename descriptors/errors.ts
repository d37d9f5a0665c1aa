/** Thrown when a descriptor is invalid; the message is the same text the type checker shows. */
export class FFTDescriptorError extends Error {
  override readonly name = 'FFTDescriptorError';
  constructor(message: string) {
    super(message);
  }
}

/** All descriptor error texts start with this tag, at run time and in types. */
export const ERROR_TAG = '(FFT error) ';

export function fail(message: string): never {
  throw new FFTDescriptorError(ERROR_TAG + message);
}
