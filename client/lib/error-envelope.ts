// The one reading of the API's error envelope (common/schemas/errors.ts, ApiErrorSchema), for the app's requests
// (api-client.ts) and the outbox's sender (domain/offline/sync.ts) alike. Read by hand against the schema's type,
// not by zod: the sign-in screen's first code carries api-client.ts and must stay without zod.
import type { ApiError as ApiErrorBody } from '../../common/schemas/errors.ts';

export type ErrorEnvelope = {
  code: string;
  message: string;
  details?: NonNullable<ApiErrorBody['error']['details']>;
  /** `error.request_id`, or the answer's X-Request-Id when the body has none (a proxy's page). */
  requestId?: string;
};

/** A failed answer's code, message, details and request id; `HTTP_<status>` and no message when it has none. */
export function readErrorEnvelope(status: number, payload: unknown, requestIdHeader: string | null): ErrorEnvelope {
  const body = (payload as { error?: Partial<Record<keyof ApiErrorBody['error'], unknown>> } | null | undefined)?.error;
  const requestId = typeof body?.request_id === 'string' ? body.request_id : (requestIdHeader ?? undefined);
  if (!body || typeof body.code !== 'string' || typeof body.message !== 'string') {
    return { code: `HTTP_${status}`, message: '', ...(requestId === undefined ? {} : { requestId }) };
  }
  const details =
    typeof body.details === 'object' && body.details !== null
      ? (body.details as NonNullable<ApiErrorBody['error']['details']>)
      : undefined;
  return {
    code: body.code,
    message: body.message,
    ...(details === undefined ? {} : { details }),
    ...(requestId === undefined ? {} : { requestId }),
  };
}
