import type { ErrorCode } from '../common/schemas/errors.ts';

/**
 * An error the client should see: a status, a stable code and a readable message.
 * Anything else thrown in a route becomes a logged 500 INTERNAL_ERROR without details.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  readonly code: ErrorCode | (string & {});
  readonly details?: unknown;
  constructor(statusCode: number, code: ErrorCode | (string & {}), message: string, details?: unknown) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
  }
}

export const notFound = (what = 'Location') => new AppError(404, 'NOT_FOUND', `${what} not found`);
