import { Code } from '@hall/shared';

/**
 * A refusal the client must see: a response code of DESIGN.md §4 and a Chinese message.
 * Services throw it; the error plugin turns it into the envelope answer.
 */
export class HallError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** A business refusal (code 1) with its message. */
export const refuse = (message: string, data?: unknown) => new HallError(Code.FAIL, message, data);
