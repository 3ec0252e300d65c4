// The one request of Foray's client, for the app's calls (api-client.ts) and the outbox's sender
// (domain/offline/sync.ts) alike: same-origin, with the session cookie, JSON or multipart in and JSON out, a
// timeout, and every failure an ApiError with the server's code, message, status and request id. What came back
// is told apart plainly: the server's answer (`ok`, or `refused` with its 4xx/5xx), or `no-answer` (the network
// is gone, or the signal died before the server spoke). No DOM, no React and no zod here: the service worker
// sends the outbox with this file, and the sign-in screen's first code carries it.
import { readErrorEnvelope } from './error-envelope.ts';

/** Forest signal drops without closing the socket; don't let a request hang forever. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export class ApiError extends Error {
  override name = 'ApiError';
  /** The answer's status; 0 when no answer came (NETWORK_ERROR, TIMEOUT). */
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

export type HttpRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as multipart/form-data (the browser writes the boundary). */
  form?: FormData;
  timeoutMs?: number;
  /** The caller's own cancel: an abort by it is thrown as the browser's AbortError, never turned into an answer. */
  signal?: AbortSignal;
};

export type HttpAnswer =
  /** A 2xx: its JSON (undefined for a 204, or a body that is not JSON). */
  | { kind: 'ok'; status: number; body: unknown; headers: Headers }
  /**
   * The server answered, and said no (4xx or 5xx). `retryAfterMs`: its Retry-After, when it gave one in seconds.
   */
  | { kind: 'refused'; status: number; error: ApiError; retryAfterMs: number | null; headers: Headers }
  /** No answer at all: offline, or no answer before the timeout. Status 0; the same request may well go later. */
  | { kind: 'no-answer'; status: 0; error: ApiError };

/**
 * Sends one request and says what came back; it throws only when the caller's `signal` cancelled it. The JSON of
 * an answer is read whatever its status (a refusal's error envelope; a 204 has none).
 */
export async function request(path: string, options: HttpRequest = {}): Promise<HttpAnswer> {
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
  const signal = !options.signal
    ? timeout
    : AbortSignal.any
      ? AbortSignal.any([options.signal, timeout])
      : options.signal;

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
    // The caller cancelled (not the timeout): not an answer, and not an error to show.
    if (options.signal?.aborted) throw error;
    const timedOut = timeout.aborted || (error instanceof DOMException && error.name === 'TimeoutError');
    return {
      kind: 'no-answer',
      status: 0,
      error: new ApiError(
        0,
        timedOut ? 'TIMEOUT' : 'NETWORK_ERROR',
        timedOut ? 'The server took too long to answer.' : 'No connection to the server.',
      ),
    };
  }

  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (response.ok) return { kind: 'ok', status: response.status, body: payload, headers: response.headers };
  const { code, message, details, requestId } = readErrorEnvelope(
    response.status,
    payload,
    response.headers.get('x-request-id'),
  );
  const retryAfter = Number(response.headers.get('retry-after'));
  return {
    kind: 'refused',
    status: response.status,
    error: new ApiError(response.status, code, message, details, requestId),
    retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null,
    headers: response.headers,
  };
}
