import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, validSpot, type TestContext } from '../test/test-app.ts';
import { multipart } from '../test/multipart.ts';

// The test app's PUBLIC_URL is http://foray.test; inject() sends Host: localhost:80.

let t: TestContext;
let owner: { cookie: string; email: string; password: string };
beforeAll(async () => {
  t = await createTestContext();
  owner = await t.createUser('csrf@example.com');
});
afterAll(() => t.close());

const EVIL = 'https://evil.example';
const spotCount = async () => (await t.query<{ n: number }>(sql`select count(*)::int as n from locations`)).rows[0]!.n;
const newSpot = async () =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: owner.cookie },
      payload: validSpot(),
    })
  ).json<{ id: string }>().id;

async function formPost(headers: Record<string, string>) {
  const body = await multipart(validSpot());
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/locations',
    headers: { cookie: owner.cookie, ...body.headers, ...headers },
    payload: body.payload,
  });
}

function expectRefused(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({
    error: { code: 'CROSS_SITE_REQUEST', message: expect.any(String), request_id: expect.any(String) },
  });
}

describe('state-changing requests from another site', () => {
  it('refuses a cookie-bearing multipart POST from another origin, and stores nothing', async () => {
    const before = await spotCount();
    expectRefused(await formPost({ origin: EVIL }));
    expect(await spotCount()).toBe(before);
  });

  it('refuses PATCH and DELETE from another origin, and the spot is unchanged', async () => {
    const id = await newSpot();
    expectRefused(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/locations/${id}`,
        headers: { cookie: owner.cookie, origin: EVIL },
        payload: { is_public: true },
      }),
    );
    expectRefused(
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/locations/${id}`,
        headers: { cookie: owner.cookie, origin: EVIL },
      }),
    );
    const still = await t.app.inject({ url: `/api/v1/locations/${id}`, headers: { cookie: owner.cookie } });
    expect(still.json()).toMatchObject({ id, is_public: false });
  });

  it('refuses /api/auth requests from another origin: sign-in, sign-out, reset', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: EVIL },
      payload: { email: owner.email, password: owner.password },
    });
    expectRefused(signIn);
    expect(signIn.headers['set-cookie']).toBeUndefined();
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: owner.cookie, origin: EVIL },
        payload: {},
      }),
    );
    expect((await t.app.inject({ url: '/api/v1/me', headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: EVIL },
        payload: { email: owner.email, redirectTo: '/reset-password' },
      }),
    );
  });

  it('without Origin, decides by Referer, then by Sec-Fetch-Site', async () => {
    expectRefused(await formPost({ referer: `${EVIL}/page` }));
    expectRefused(await formPost({ 'sec-fetch-site': 'cross-site' }));
    expectRefused(await formPost({ 'sec-fetch-site': 'same-site' }));
    expectRefused(await formPost({ origin: 'null' }));
    // Origin decides when present, whatever the Referer says.
    expectRefused(await formPost({ origin: EVIL, referer: 'http://foray.test/' }));
  });
});

describe('requests Foray accepts', () => {
  it.each([
    ['Origin is PUBLIC_URL', { origin: 'http://foray.test' }],
    [
      'Origin is the request’s own host (a LAN address)',
      { origin: 'http://192.168.1.20:3000', host: '192.168.1.20:3000' },
    ],
    ['Origin without the default port the Host header names', { origin: 'http://foray.lan', host: 'foray.lan:80' }],
    ['Referer from PUBLIC_URL, no Origin', { referer: 'http://foray.test/map' }],
    ['Sec-Fetch-Site same-origin only', { 'sec-fetch-site': 'same-origin' }],
    ['none of Origin, Referer, Sec-Fetch-Site (curl, scripts: not a browser)', {}],
  ])('%s', async (_, headers: Record<string, string>) => {
    const created = await formPost(headers);
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/locations/${id}`,
      headers: { cookie: owner.cookie, ...headers },
      payload: { is_public: true },
    });
    expect(patched.statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/locations/${id}`,
      headers: { cookie: owner.cookie, ...headers },
    });
    expect(deleted.statusCode).toBe(204);
  });

  it('signs in from PUBLIC_URL, and lets other sites read nothing but GET', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://foray.test' },
      payload: { email: owner.email, password: owner.password },
    });
    expect(signIn.statusCode).toBe(200);
    // A GET changes nothing; its answer is not readable cross-site anyway (no CORS headers).
    const read = await t.app.inject({ url: '/api/v1/locations', headers: { cookie: owner.cookie, origin: EVIL } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });
});
