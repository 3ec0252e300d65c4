// The one reading of the API's error envelope (common/schemas/errors.ts, ApiErrorSchema), by the one request of
// http.ts that the app's calls and the outbox's sender both go through. Read by hand against the schema's type,
// not by zod: the sign-in screen's first code carries it and must stay without zod.
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

/** PHOTO_QUOTA_EXCEEDED's figures: an outbox entry keeps them as `usedBytes`/`quotaBytes`, an answer in `details`. */
export function photoUse(error: {
  usedBytes?: number;
  quotaBytes?: number;
  details?: unknown;
}): { usedBytes: number; quotaBytes: number } | null {
  const details = (error.details ?? {}) as { used_bytes?: unknown; quota_bytes?: unknown };
  const usedBytes = error.usedBytes ?? details.used_bytes;
  const quotaBytes = error.quotaBytes ?? details.quota_bytes;
  return typeof usedBytes === 'number' && typeof quotaBytes === 'number' ? { usedBytes, quotaBytes } : null;
}
