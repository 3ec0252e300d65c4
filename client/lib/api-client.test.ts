import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, cutSessionRequests, requestIdOf, resumeSessionRequests } from './api-client.ts';

/** The browser's fetch as far as sign-out needs it: it never sends a request whose signal is already aborted. */
function recordingFetch() {
  const sent: string[] = [];
  const pending: Array<() => void> = [];
  const fetch = vi.fn((url: string, init: RequestInit) => {
    const signal = init.signal!;
    if (signal.aborted) return Promise.reject(signal.reason);
    sent.push(url);
    return new Promise<Response>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason));
      pending.push(() => resolve(Response.json({ ok: true })));
    });
  });
  return { fetch, sent, answerAll: () => pending.splice(0).forEach((answer) => answer()) };
}

describe('api at sign-out', () => {
  afterEach(() => {
    resumeSessionRequests();
    vi.unstubAllGlobals();
  });

  it('stops what is in flight, sends nothing more of the signed-in page, and lets sign-in go on', async () => {
    const browser = recordingFetch();
    vi.stubGlobal('fetch', browser.fetch);

    const inFlight = api('/api/v1/locations?owner=mine&limit=200');
    cutSessionRequests();
    await expect(inFlight).rejects.toMatchObject({ name: 'AbortError' });

    // A background refresh that wakes up while the sign-out is on its way is never sent.
    await expect(api('/api/v1/locations?owner=mine&limit=200')).rejects.toMatchObject({ name: 'AbortError' });
    // The sign-out itself, and the sign-in screen's questions, go through.
    const signOut = api('/api/auth/sign-out', { method: 'POST', json: {} });
    const session = api('/api/v1/session');
    browser.answerAll();
    await expect(signOut).resolves.toEqual({ ok: true });
    await expect(session).resolves.toEqual({ ok: true });
    expect(browser.sent).toEqual(['/api/v1/locations?owner=mine&limit=200', '/api/auth/sign-out', '/api/v1/session']);

    // Once the signed-in screen is gone, the next user's requests are sent again.
    resumeSessionRequests();
    const next = api('/api/v1/locations?owner=mine&limit=200');
    browser.answerAll();
    await expect(next).resolves.toEqual({ ok: true });
    expect(browser.sent).toHaveLength(4);
  });
});

describe('a failed request’s id', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is kept from the error body, or from X-Request-Id when the body is not Foray’s', async () => {
    const answers = [
      Response.json(
        { error: { code: 'NOT_FOUND', message: 'Location not found', request_id: '4f2a91c3d5e6f708' } },
        { status: 404, headers: { 'x-request-id': '4f2a91c3d5e6f708' } },
      ),
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'x-request-id': 'from-the-proxy' } }),
      new Response('<html>Bad gateway</html>', { status: 502 }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answers.shift()!)),
    );
    const failure = (path: string) =>
      api(path).then(
        () => null,
        (error: unknown) => error,
      );
    expect(requestIdOf(await failure('/api/v1/locations/x'))).toBe('4f2a91c3d5e6f708');
    expect(requestIdOf(await failure('/api/v1/locations/y'))).toBe('from-the-proxy');
    expect(requestIdOf(await failure('/api/v1/locations/z'))).toBeUndefined();
  });
});
