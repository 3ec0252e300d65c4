// The app's way of talking to Foray's API, on the one request of http.ts: every answer checked against its
// contract (a zod schema from common/schemas) before the app trusts it, every failure thrown as an ApiError with
// the server's code and readable message, the connection's state told to the status line, and the signed-in
// page's requests stopped at sign-out.
import { i18n } from '../i18n/translator.ts';
import { KEPT_COPY_HEADER } from '../service-worker/messages.ts';
import { reportServerReachable } from './connectivity.ts';
import { photoUse } from './error-envelope.ts';
import { formatStorageSize } from './format.ts';
import { ApiError, request, type HttpRequest } from './http.ts';

export { ApiError } from './http.ts';

/** A proxy that lost its Foray (502, 504), or Foray without its database (503). */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

/** No answer at all (offline, or the signal died), or the server's own "try later": worth retrying. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || UNREACHABLE_STATUSES.has(error.status));
}

/** The server's id of a failed request, when the error came from Foray's answer; else undefined. */
export function requestIdOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.requestId : undefined;
}

/** What checks an answer and types it: a zod schema from common/schemas (anything with its `parse`). */
export type AnswerSchema<T> = { parse: (data: unknown) => T };

type RequestOptions<T> = Omit<HttpRequest, 'method'> & {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /**
   * The answer's contract. Given as a loader (`() => import(…).then((m) => m.XSchema)`) where a screen must not
   * carry zod in its first code: it starts loading with the request. Without one, the answer is not read
   * (a 204, or an answer nobody uses).
   */
  schema?: AnswerSchema<T> | (() => Promise<AnswerSchema<T>>);
  /** Told the status of a successful answer, for a route whose 200 and 201 mean different things. */
  onStatus?: (status: number) => void;
};

/**
 * Aborted at sign-out: what the signed-in page still has in flight (the background refresh of one's own spots, say)
 * stops there, and what it would start before its screen is gone is never sent, rather than reaching the server
 * after the session ends and coming back refused. Sign-in's own requests (/api/auth/…, who is signed in, the
 * server's settings) are not held.
 */
let sessionRequests = new AbortController();
const HELD_BACK_NEVER = ['/api/auth/', '/api/v1/session', '/api/v1/config'];

/** Stops every request of the signed-in page in flight, and those it would send until `resumeSessionRequests`. */
export function cutSessionRequests(): void {
  sessionRequests.abort();
}

/** The signed-in screen is gone (or sign-out failed): requests go through again. */
export function resumeSessionRequests(): void {
  if (sessionRequests.signal.aborted) sessionRequests = new AbortController();
}

/** Only these reach the session-expired handler; everything else is shown where it happened. */
let onUnauthenticated: (() => void) | undefined;
export function setUnauthenticatedHandler(handler: (() => void) | undefined) {
  onUnauthenticated = handler;
}

export async function api<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const schema = typeof options.schema === 'function' ? options.schema() : options.schema;
  // Awaited only once the answer is in; a load that fails before then must not go unhandled.
  if (schema instanceof Promise) schema.catch(() => undefined);
  const held = !HELD_BACK_NEVER.some((prefix) => path.startsWith(prefix));
  // AbortSignal.any is recent (2024); without it the caller's signal alone is kept.
  const signal =
    held && AbortSignal.any
      ? AbortSignal.any(options.signal ? [options.signal, sessionRequests.signal] : [sessionRequests.signal])
      : options.signal;
  // Throws only when the caller, or sign-out, cancelled it: not an error to show.
  const answer = await request(path, { ...options, signal });
  if (answer.kind === 'no-answer') {
    reportServerReachable(false);
    throw answer.error;
  }
  // A 503 is the server saying it cannot work right now (its database is down): for the user, as offline. So is
  // an answer the service worker gave from its cache because the server did not answer.
  reportServerReachable(!UNREACHABLE_STATUSES.has(answer.status) && !answer.headers.has(KEPT_COPY_HEADER));
  if (answer.kind === 'refused') {
    if (answer.status === 401 && !path.startsWith('/api/auth/')) onUnauthenticated?.();
    throw answer.error;
  }
  if (answer.status === 204) return undefined as T;
  options.onStatus?.(answer.status);
  if (!schema) return answer.body as T;
  const contract = await schema;
  try {
    return contract.parse(answer.body);
  } catch {
    // The server and this page disagree on the contract (a half-updated deployment, a proxy's page): an error the
    // screens already show, never data they would trust.
    throw new ApiError(answer.status, 'INVALID_ANSWER', 'The server sent an answer Foray cannot read.');
  }
}

/**
 * What to tell the user about a failed request: the translation of the server's error code when the
 * locales have one (so a Lithuanian user reads Lithuanian), else the server's own message, else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return codeMessage(error, fallback);
}

/** The same for an error kept as plain data (an outbox entry the server refused). */
export function codeMessage(
  error: { code: string; message: string; usedBytes?: number; quotaBytes?: number; details?: unknown },
  fallback: string,
): string {
  const use = photoUse(error);
  if (error.code === 'PHOTO_QUOTA_EXCEEDED' && use) {
    // How much is used of how much, in the reader's language and figures.
    return i18n.t('errors.photoQuotaUsed', {
      used: formatStorageSize(use.usedBytes, i18n.resolvedLanguage),
      quota: formatStorageSize(use.quotaBytes, i18n.resolvedLanguage),
    });
  }
  const key = `errors.${error.code}`;
  if (error.code && i18n.exists(key)) return i18n.t(key as never);
  return error.message || fallback;
}
