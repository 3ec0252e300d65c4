import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { Database, DatabaseHandle } from './client.ts';

/**
 * The browser went away before the answer was sent (a pan left a tile behind, a tab was closed): the read it
 * asked for was cancelled, and nobody is there to answer (ADR 0039). 499 is what the access log shows; no one
 * receives it.
 */
export class RequestAbandoned extends AppError {
  constructor() {
    super(499, 'CLIENT_CLOSED_REQUEST', 'The client closed the request before the answer was ready.');
  }
}

/** True when this error is the cancellation of a read whose request was abandoned. */
export const isRequestAbandoned = (error: unknown): error is RequestAbandoned => error instanceof RequestAbandoned;

/**
 * Aborts when the client closes the connection before the response is complete — not when the answer has been
 * sent (`close` fires then too).
 */
export function abandonedSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  if (response.destroyed && !response.writableFinished) controller.abort();
  else
    response.once('close', () => {
      if (!response.writableFinished) controller.abort();
    });
  return controller.signal;
}

/** Runs one request's reads so that they end when the request is abandoned (see `DatabaseHandle.readFor`). */
export type RequestReads = <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (db: Database) => Promise<T>,
) => Promise<T>;

export function requestReads(database: Pick<DatabaseHandle, 'readFor'>): RequestReads {
  return async (request, reply, run) => {
    try {
      return await database.readFor(abandonedSignal(reply), run);
    } catch (error) {
      if (isRequestAbandoned(error)) {
        // Not a fault: the client is gone. One quiet line, not an error per dropped tile.
        request.log.info(
          { url: request.routeOptions.url },
          'Request abandoned by the client: its database work was cancelled',
        );
      }
      throw error;
    }
  };
}
