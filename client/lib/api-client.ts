// The one way the browser talks to Foray's API: same-origin fetch with the session cookie, JSON in and out,
// every answer checked against its contract (a zod schema from common/schemas) before the app trusts it, and
// every failure turned into an ApiError carrying the server's code and readable message.
import { i18n } from '../i18n/translator.ts';
import { KEPT_COPY_HEADER } from '../service-worker/messages.ts';
import { reportServerReachable } from './connectivity.ts';
import { readErrorEnvelope } from './error-envelope.ts';
import { formatStorageSize } from './format.ts';

/** Forest signal drops without closing the socket; don't let a request hang forever. */
const DEFAULT_TIMEOUT_MS = 30_000;

/** A proxy that lost its Foray (502, 504), or Foray without its database (503). */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

/** No answer at all (offline, or the signal died), or the server's own "try later": worth retrying. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || UNREACHABLE_STATUSES.has(error.status));
}

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;
  /** The server's id of the request (`error.request_id`, X-Request-Id): shown with the error, it finds the log line. */
  readonly requestId?: string;
  constructor(status: number, code: string, message: string, details?: unknown, requestId?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.requestId = requestId;
  }
}

/** The server's id of a failed request, when the error came from Foray's answer; else undefined. */
export function requestIdOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.requestId : undefined;
}

/** What checks an answer and types it: a zod schema from common/schemas (anything with its `parse`). */
export type AnswerSchema<T> = { parse: (data: unknown) => T };

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as multipart/form-data (the browser writes the boundary). */
  form?: FormData;
  timeoutMs?: number;
  signal?: AbortSignal;
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
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.form) {
    body = options.form;
  } else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  // AbortSignal.any is recent (2024); without it the caller's signal alone is kept.
  let signal = options.signal ?? timeout;
  if (AbortSignal.any) {
    const held = !HELD_BACK_NEVER.some((prefix) => path.startsWith(prefix));
    signal = AbortSignal.any(held ? [signal, timeout, sessionRequests.signal] : [signal, timeout]);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    // The caller cancelled, or sign-out did (not the timeout): not an error to show.
    if (signal.aborted && !timeout.aborted) throw error;
    reportServerReachable(false);
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(
      0,
      timedOut ? 'TIMEOUT' : 'NETWORK_ERROR',
      timedOut ? 'The server took too long to answer.' : 'No connection to the server.',
    );
  }

  // A 503 is the server saying it cannot work right now (its database is down): for the user, as offline. So is
  // an answer the service worker gave from its cache because the server did not answer.
  reportServerReachable(!UNREACHABLE_STATUSES.has(response.status) && !response.headers.has(KEPT_COPY_HEADER));
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = readError(response.status, payload, response.headers.get('x-request-id'));
    if (error.status === 401 && !path.startsWith('/api/auth/')) onUnauthenticated?.();
    throw error;
  }
  options.onStatus?.(response.status);
  if (!schema) return payload as T;
  const contract = await schema;
  try {
    return contract.parse(payload);
  } catch {
    // The server and this page disagree on the contract (a half-updated deployment, a proxy's page): an error the
    // screens already show, never data they would trust.
    throw new ApiError(response.status, 'INVALID_ANSWER', 'The server sent an answer Foray cannot read.');
  }
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

function readError(status: number, payload: unknown, header: string | null): ApiError {
  const { code, message, details, requestId } = readErrorEnvelope(status, payload, header);
  return new ApiError(status, code, message, details, requestId);
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
