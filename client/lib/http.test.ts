// The one request of the app and the outbox (http.ts), on the browser's fetch stubbed as far as each case needs:
// what it sends, and how it tells the server's refusal from no answer at all.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, isUnreachable } from './api-client.ts';
import { ApiError, request } from './http.ts';

afterEach(() => vi.unstubAllGlobals());

/** A fetch that answers each request with the next of `answers` (a Response, or an error to reject with). */
function browserFetch(...answers: Array<Response | Error>) {
  const fetch = vi.fn((_url: string, _init: RequestInit) => {
    const next = answers.shift()!;
    return next instanceof Response ? Promise.resolve(next) : Promise.reject(next);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const refusal = (status: number, code: string, message: string, more: Record<string, unknown> = {}, headers = {}) =>
  Response.json({ error: { code, message, request_id: 'a1b2c3d4e5f60718', ...more } }, { status, headers });

describe('request: what it sends', () => {
  it('sends JSON with its type, a form as it is, the session cookie, and asks for JSON', async () => {
    const fetch = browserFetch(new Response(null, { status: 204 }), Response.json({ id: 'x' }, { status: 201 }));
    expect(await request('/api/v1/locations/x', { method: 'PATCH', json: { is_public: true } })).toMatchObject({
      kind: 'ok',
      status: 204,
      body: undefined,
    });
    const form = new FormData();
    form.append('id', 'x');
    expect(await request('/api/v1/locations', { method: 'POST', form })).toMatchObject({
      kind: 'ok',
      status: 201,
      body: { id: 'x' },
    });
    const [[, patch], [, post]] = fetch.mock.calls as [[string, RequestInit], [string, RequestInit]];
    expect(patch).toMatchObject({
      method: 'PATCH',
      credentials: 'same-origin',
      body: '{"is_public":true}',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
    });
    // The browser writes a form's type with its boundary.
    expect(post.body).toBe(form);
    expect(post.headers).toEqual({ accept: 'application/json' });
  });
});

describe('request: the server refused, or nothing answered', () => {
  it('turns a refusal into an error with the server’s code, message, status, request id and Retry-After', async () => {
    browserFetch(
      refusal(429, 'RATE_LIMITED', 'Too many requests', {}, { 'retry-after': '30' }),
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'x-request-id': 'from-the-proxy' } }),
    );
    const limited = await request('/api/v1/locations');
    expect(limited).toMatchObject({ kind: 'refused', status: 429, retryAfterMs: 30_000 });
    expect(limited.kind === 'refused' && limited.error).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many requests',
      requestId: 'a1b2c3d4e5f60718',
    });
    const proxy = await request('/api/v1/locations');
    expect(proxy).toMatchObject({ kind: 'refused', status: 502, retryAfterMs: null });
    expect(proxy.kind === 'refused' && proxy.error).toMatchObject({ code: 'HTTP_502', requestId: 'from-the-proxy' });
  });

  it('says “no answer”, status 0, when the network is gone or the server is too slow', async () => {
    browserFetch(new TypeError('Failed to fetch'));
    const offline = await request('/api/v1/me');
    expect(offline).toMatchObject({ kind: 'no-answer', status: 0, error: { status: 0, code: 'NETWORK_ERROR' } });

    // A server that never answers: the request ends at its timeout.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
      ),
    );
    const slow = await request('/api/v1/me', { timeoutMs: 1 });
    expect(slow).toMatchObject({ kind: 'no-answer', status: 0, error: { code: 'TIMEOUT' } });
  });

  it('throws the browser’s AbortError when the caller cancelled, rather than calling it no answer', async () => {
    const cancel = new AbortController();
    cancel.abort();
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => Promise.reject(init.signal!.reason)),
    );
    await expect(request('/api/v1/me', { signal: cancel.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the app’s api() on the one request', () => {
  it('throws the refusal as it came, and no answer as an ApiError the screens call unreachable', async () => {
    browserFetch(refusal(404, 'NOT_FOUND', 'Location not found'), new TypeError('Failed to fetch'));
    const refused = await api('/api/v1/locations/x').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 404, code: 'NOT_FOUND', requestId: 'a1b2c3d4e5f60718' });
    expect(isUnreachable(refused)).toBe(false);
    const gone = await api('/api/v1/locations/x').catch((error: unknown) => error);
    expect(gone).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(isUnreachable(gone)).toBe(true);
  });
});
