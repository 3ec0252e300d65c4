import type { ErrorCode } from '../common/schemas/errors.ts';

/**
 * An error the client should see: a status, a stable code and a readable message.
 * Anything else thrown in a route becomes a logged 500 INTERNAL_ERROR without details.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | (string & {}),
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Location') => new AppError(404, 'NOT_FOUND', `${what} not found`);
