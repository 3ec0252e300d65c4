import type { z } from 'zod';
import type { ApiError, ErrorCode, ValidationIssue } from '../common/schemas/errors.ts';

/**
 * An error the client should see: a status, a stable code and a readable message.
 * Anything else thrown in a route becomes a logged 500 INTERNAL_ERROR without details.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  readonly code: ErrorCode | (string & {});
  readonly details?: ApiErrorDetails;
  constructor(statusCode: number, code: ErrorCode | (string & {}), message: string, details?: ApiErrorDetails) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
  }
}

/** The one shape of an error's details (ApiErrorSchema): `issues` for VALIDATION_ERROR, `current` for STALE. */
export type ApiErrorDetails = NonNullable<ApiError['error']['details']>;

/** A zod error's problems as the API lists them: the same JSON pointers as Fastify's own validation (plugins/errors.ts). */
export const validationIssues = (error: z.ZodError): ValidationIssue[] =>
  error.issues.map((issue) => ({
    path: issue.path.length === 0 ? '' : `/${issue.path.map(String).join('/')}`,
    message: issue.message,
  }));

export const notFound = (what = 'Location') => new AppError(404, 'NOT_FOUND', `${what} not found`);
