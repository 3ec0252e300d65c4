import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

// better-auth hands strings to PostgreSQL as they come; a NUL there was a 500. Foray checks first.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await t.createUser('known@example.com');
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

describe('input in front of better-auth', () => {
  it.each([
    ['/api/auth/sign-in/email', { email: 'known\u0000@example.com', password: 'correct horse battery' }, 'email'],
    ['/api/auth/sign-in/email', { email: 'known@example.com\u0000', password: 'correct horse battery' }, 'email'],
    ['/api/auth/reset-password', { newPassword: 'a new password', token: 'abc\u0000def' }, 'token'],
    ['/api/auth/sign-up/email', { email: 'new@example.com', password: 'long enough', name: 'Ona\u0000' }, 'name'],
    ['/api/auth/request-password-reset', { email: '\u0000@example.com', redirectTo: '/reset-password' }, 'email'],
    ['/api/auth/request-password-reset', { email: 'known@example.com', redirectTo: '/reset\u0000' }, 'redirectTo'],
    ['/api/auth/send-verification-email', { email: 'known@example.com\u001f' }, 'email'],
  ])('%s refuses a control character in a field with a 400 naming it', async (url, payload, field) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: `${field}: must not contain control characters`,
        request_id: response.headers['x-request-id'],
      },
    });
  });

  it('refuses a control character in the query or path of a link', async () => {
    for (const url of [
      '/api/auth/verify-email?token=abc%00def',
      '/api/auth/reset-password/abc%00def?callbackURL=/reset-password',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses a lone half of a surrogate pair, which has no UTF-8 form', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { 'content-type': 'application/json' },
      payload: '{"newPassword":"a new password","token":"abc\\udce0"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('token: must not contain control characters');
  });

  it('refuses a redirect that is not a path on this site (better-auth cannot build a URL from it)', async () => {
    for (const url of [
      '/api/auth/verify-email?token=abc&callbackURL=true',
      '/api/auth/verify-email?token=abc&callbackURL=//evil.example/',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'callbackURL: must be a path on this site',
        request_id: expect.any(String),
      });
    }
    const reset = await post('/api/auth/request-password-reset', {
      email: 'known@example.com',
      redirectTo: 'https://evil.example/reset',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error.message).toBe('redirectTo: must be a path on this site');
    const ordinary = await t.app.inject({ url: '/api/auth/verify-email?token=abc&callbackURL=/?verified=1' });
    expect(ordinary.statusCode).toBe(302);
  });

  it('refuses a body nested far deeper than any form', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('still signs in with ordinary input', async () => {
    expect((await t.signIn('known@example.com')).statusCode).toBe(200);
  });
});
