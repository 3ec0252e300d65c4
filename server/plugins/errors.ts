import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { isDatabaseUnavailable, isStatementTimeout } from '../db/unavailable.ts';
import { isLastAdminRefusal, LAST_ADMIN_MESSAGE } from '../db/last-admin.ts';
import { errorBody } from './request-id.ts';

/** Seconds a client is asked to wait while the database is unreachable: a restart usually takes a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * What Fastify answers itself, before any route or hook (a URL that does not decode, FST_ERR_BAD_URL): the API's one
 * error shape too, naming the request.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid.' : 'The request could not be read.';
  return reply
    .status(status)
    .header('x-request-id', request.id)
    .send(errorBody(request, 'BAD_REQUEST', message));
}

/** Fastify's own error codes, mapped to the API's codes and messages a person can act on. */
const FASTIFY_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send JSON or multipart/form-data.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'BODY_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'The JSON body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: 'The body is not valid JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'The content length does not match the body.',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send multipart/form-data.',
  },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'PHOTO_TOO_LARGE', message: 'The photo is larger than 5 MB.' },
};

/**
 * Every error leaves the server as `{ error: { code, message, details?, request_id } }` (ApiErrorSchema); a 500 says
 * nothing inside but the request's id, which names its log line.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(request, error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = [error.validationContext, first?.instancePath.replace(/^\//, '').replaceAll('/', '.')]
        .filter(Boolean)
        .join(' ');
      return reply.status(400).send(
        errorBody(request, 'VALIDATION_ERROR', `${where}: ${first?.message ?? 'invalid'}`, {
          issues: error.validation.map((issue) => ({
            path: issue.instancePath === '/' ? '' : issue.instancePath,
            message: issue.message ?? 'invalid',
          })),
        }),
      );
    }
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.status(400).send(errorBody(request, 'INVALID_JSON', 'The body is not valid JSON.'));
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send(errorBody(request, known.code, known.message));
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody(request, 'RATE_LIMITED', 'Too many requests. Please wait a little.'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody(request, 'BAD_REQUEST', error.message));
    }
    // Wherever a change would leave no administrator, the database refuses it (ADR 0077): a 409, never a 500.
    if (isLastAdminRefusal(error)) {
      return reply.status(409).send(errorBody(request, 'LAST_ADMIN', LAST_ADMIN_MESSAGE));
    }
    if (isStatementTimeout(error)) {
      request.log.warn(
        { err: { code: '57014', message: error.message }, url: request.url },
        'A statement ran past the database statement timeout',
      );
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(
          errorBody(
            request,
            'QUERY_TIMEOUT',
            'That took the database too long. Please try again, or narrow the filter.',
          ),
        );
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: the client may retry, and the log says what is wrong without a stack per request.
      request.log.warn(
        { err: { code: (error as { code?: string }).code, message: error.message } },
        'Database unavailable',
      );
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(
          errorBody(
            request,
            'SERVICE_UNAVAILABLE',
            'Foray cannot reach its database right now. Please try again in a moment.',
          ),
        );
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.status(500).send(errorBody(request, 'INTERNAL_ERROR', 'Something went wrong on the server.'));
  });
}
