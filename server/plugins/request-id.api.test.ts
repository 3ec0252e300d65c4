import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestContext, validSpot, type TestContext } from '../test/test-app.ts';
import { multipart } from '../test/multipart.ts';

type LogLine = { reqId?: string; level: number; msg: string; res?: { statusCode: number } };

/** An app whose log is read back: every line it writes, parsed. */
async function loggedApp(env: Record<string, string> = {}) {
  const stream = new PassThrough();
  const lines: LogLine[] = [];
  let pending = '';
  stream.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const line of complete) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
  });
  const t = await createTestContext({
    env: { LOG_LEVEL: 'info', ...env },
    build: { logStream: stream },
    testRoutes: (app) => {
      app.get('/api/v1/test/broken', async () => {
        throw new Error('a bug on purpose');
      });
    },
  });
  return { t, lines };
}

const idOf = (response: LightMyRequestResponse) => response.headers['x-request-id'] as string;

describe('request ids', () => {
  let t: TestContext;
  let lines: LogLine[];
  let user: { cookie: string; email: string };
  beforeAll(async () => {
    ({ t, lines } = await loggedApp());
    user = await t.createUser('request-ids@example.com');
  });
  afterAll(() => t.close());

  it('names a failing request in its log line, its X-Request-Id header and its error body alike', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test/broken' });
    expect(response.statusCode).toBe(500);
    const id = idOf(response);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on the server.', request_id: id },
    });
    await expect.poll(() => lines.find((line) => line.msg === 'Unhandled error')?.reqId).toBe(id);
    // Fastify's own line of the answer, with its status, carries the same id.
    await expect.poll(() => lines.find((line) => line.reqId === id && line.res)?.res?.statusCode).toBe(500);
  });

  it('gives every request its own id', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add(idOf(await t.app.inject({ method: 'GET', url: '/healthz' })));
    expect(ids.size).toBe(5);
  });

  it('puts the id in every kind of error body, the same as its header', async () => {
    const form = await multipart(validSpot());
    const failures: Array<[string, Promise<LightMyRequestResponse>]> = [
      ['an unknown route', t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' })],
      ['an address that does not decode', t.app.inject({ method: 'GET', url: '/api/v1/locations/%E0%A4%A' })],
      [
        'a body over the limit',
        t.app.inject({
          method: 'POST',
          url: '/api/v1/locations',
          headers: { cookie: user.cookie, 'content-type': 'application/json' },
          payload: JSON.stringify({ notes: 'x'.repeat(70_000) }),
        }),
      ],
      ['no session', t.app.inject({ method: 'GET', url: '/api/v1/me' })],
      [
        'a failed validation',
        t.app.inject({
          method: 'POST',
          url: '/api/v1/locations',
          headers: { cookie: user.cookie },
          payload: { latitude: 'north' },
        }),
      ],
      [
        'a body that is not JSON',
        t.app.inject({
          method: 'POST',
          url: '/api/v1/locations',
          headers: { cookie: user.cookie, 'content-type': 'application/json' },
          payload: '{"latitude":',
        }),
      ],
      [
        'text/plain',
        t.app.inject({
          method: 'POST',
          url: '/api/v1/locations',
          headers: { cookie: user.cookie, 'content-type': 'text/plain' },
          payload: 'hello',
        }),
      ],
      [
        'a cross-site request',
        t.app.inject({
          method: 'POST',
          url: '/api/v1/locations',
          headers: { cookie: user.cookie, origin: 'https://evil.example', ...form.headers },
          payload: form.payload,
        }),
      ],
      [
        'a spot that is not there',
        t.app.inject({
          method: 'GET',
          url: '/api/v1/locations/7f3b8c9e-2d41-4a6b-9c0e-1f2a3b4c5d6e',
          headers: { cookie: user.cookie },
        }),
      ],
      ['a wrong password (better-auth)', t.signIn(user.email, 'not the password')],
      [
        'a refused auth body (the bridge)',
        t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email: 'x@example.com\u0000' } }),
      ],
      ['a closed auth path (the bridge)', t.app.inject({ method: 'GET', url: '/api/auth/list-accounts' })],
    ];
    for (const [what, pending] of failures) {
      const response = await pending;
      expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
      const body = response.json<{ error: { code: string; message: string; request_id: string } }>();
      expect(body.error.code, what).toEqual(expect.any(String));
      expect(body.error.message, what).toEqual(expect.any(String));
      expect(body.error.request_id, what).toBe(idOf(response));
      expect(body.error.request_id, what).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it('ignores the X-Request-Id of a client that is not behind a trusted proxy', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { 'x-request-id': 'chosen-by-me' },
    });
    expect(idOf(response)).not.toBe('chosen-by-me');
    expect(response.json<{ error: { request_id: string } }>().error.request_id).toBe(idOf(response));
  });
});

describe('request ids behind a trusted proxy', () => {
  let t: TestContext;
  let lines: LogLine[];
  beforeAll(async () => {
    // inject() connects from 127.0.0.1: the proxy TRUST_PROXY names.
    ({ t, lines } = await loggedApp({ TRUST_PROXY: '127.0.0.1' }));
  });
  afterAll(() => t.close());

  it('keeps the proxy’s X-Request-Id, in the header, the error body and the log', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { 'x-request-id': 'caddy-7d1e.42_A' },
    });
    expect(response.statusCode).toBe(401);
    expect(idOf(response)).toBe('caddy-7d1e.42_A');
    expect(response.json<{ error: { request_id: string } }>().error.request_id).toBe('caddy-7d1e.42_A');
    await expect.poll(() => lines.some((line) => line.reqId === 'caddy-7d1e.42_A')).toBe(true);
  });

  it('makes a new id when the proxy’s is not a plain token', async () => {
    for (const sent of ['two words', 'x'.repeat(129), '<script>', 'line\\nbreak']) {
      const response = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': sent } });
      expect(idOf(response), sent).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it('ignores the header of a peer the list does not name', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'from-elsewhere' },
      remoteAddress: '203.0.113.9',
    });
    expect(idOf(response)).toMatch(/^[0-9a-f]{16}$/);
  });
});
