import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AdminSettings, ServerInvite } from '../../../common/schemas/admin-settings.ts';
import type { Invite } from '../../../common/schemas/circles.ts';
import { loggableUrl } from '../../app.ts';
import { cookieFrom, createTestContext, sameAnswer, type TestContext } from '../../test/test-app.ts';

/**
 * Who may join (ADR 0079), on a new server as it starts without SIGNUP_POLICY: the first account is its
 * administrator and the policy is `invite`; then each policy, server and circle invitations, the domain list, and
 * the settings. A refused sign-up says the same to an address with an account as to one without.
 */
let t: TestContext;
let admin: { email: string; cookie: string };
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  t = await createTestContext({ env: { SIGNUP_POLICY: undefined } });
});
afterAll(() => t.close());

const as = (
  who: { cookie: string } | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

const signUp = (email: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password: PASSWORD, ...extra } });

const setPolicy = async (policy: string, domains?: string[]) => {
  const changed = await as(admin, 'PATCH', '/api/v1/admin/settings', {
    signup_policy: policy,
    ...(domains ? { signup_domains: domains } : {}),
  });
  expect(changed.statusCode, changed.body).toBe(200);
};

const roleAndStatus = async (email: string) =>
  (
    await t.query<{ role: string; status: string; language: string | null }>(
      sql`select role, status, language from "user" where email = ${email}`,
    )
  ).rows[0];

/** Signs up (with `extra`), confirms and signs in: the Cookie header of the new account. */
async function joinWith(email: string, extra: Record<string, unknown> = {}) {
  const signedUp = await signUp(email, extra);
  expect(signedUp.statusCode, signedUp.body).toBe(200);
  await t.verify(email);
  const signedIn = await t.signIn(email);
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return { email, cookie: cookieFrom(signedIn) };
}

const makeInvite = async (body: object = {}) => {
  const made = await as(admin, 'POST', '/api/v1/admin/invites', body);
  expect(made.statusCode, made.body).toBe(201);
  return made.json<ServerInvite>();
};

const address = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** Status, body and cookies of a refused sign-up: what could tell one address from another. */
/** What an answer tells, its request's id aside: every answer names its own request (ADR 0080). */
const seen = (response: Awaited<ReturnType<typeof signUp>>) => ({
  status: response.statusCode,
  body: JSON.parse(sameAnswer(response).replace(',"request_id":""', '')) as unknown,
  cookie: response.headers['set-cookie'] ?? null,
});

describe('a new server', () => {
  it('starts with invite-only sign-up, and its first account is the administrator whatever the policy', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/signup' })).json()).toEqual({
      policy: 'invite',
      some_domains: false,
    });
    admin = await joinWith(address('first'));
    expect(await roleAndStatus(admin.email)).toMatchObject({ role: 'admin', status: 'active' });
    const me = await as(admin, 'GET', '/api/v1/me');
    expect(me.json<{ role: string }>().role).toBe('admin');
  });

  it('refuses the second account without an invitation, the same for a new address and one with an account', async () => {
    const fresh = await signUp(address('second'));
    const existing = await signUp(admin.email);
    expect(seen(fresh)).toEqual({
      status: 403,
      body: { error: { code: 'INVITE_REQUIRED', message: expect.stringContaining('invitation') } },
      cookie: null,
    });
    expect(seen(existing)).toEqual(seen(fresh));
    expect((await t.query(sql`select 1 from "user"`)).rows).toHaveLength(1);
  });
});

describe('server invitations', () => {
  it('let their holder sign up, active and no administrator, counting one use; a GET signs no one up', async () => {
    const invite = await makeInvite({ max_uses: 2 });
    expect(invite).toMatchObject({ url: `http://foray.test/join/${invite.token}`, max_uses: 2, uses: 0, email: null });
    expect(loggableUrl(`/join/${invite.token}`)).toBe('/join/[redacted]');
    // The web app's page of the link is only a page: nothing is used by opening it.
    await t.app.inject({ method: 'GET', url: `/join/${invite.token}` });
    const member = await joinWith(address('invited'), { invite: invite.token, language: 'lt' });
    expect(await roleAndStatus(member.email)).toEqual({ role: 'user', status: 'active', language: 'lt' });
    const listed = (await as(admin, 'GET', '/api/v1/admin/invites')).json<{ items: ServerInvite[] }>().items;
    expect(listed.find((item) => item.id === invite.id)?.uses).toBe(1);
  });

  it('count no use for an address that already has an account, and answer it as a new one', async () => {
    const invite = await makeInvite({ max_uses: 1 });
    const existing = await signUp(admin.email, { invite: invite.token });
    expect(seen(existing)).toEqual({ status: 200, body: { ok: true }, cookie: null });
    const listed = (await as(admin, 'GET', '/api/v1/admin/invites')).json<{ items: ServerInvite[] }>().items;
    expect(listed.find((item) => item.id === invite.id)?.uses).toBe(0);
  });

  it('stop when used up, expired or revoked; an unknown token is refused as none', async () => {
    const once = await makeInvite({ max_uses: 1 });
    await joinWith(address('once'), { invite: once.token });
    expect((await signUp(address('twice'), { invite: once.token })).json()).toMatchObject({
      error: { code: 'INVITE_REQUIRED' },
    });

    const expiring = await makeInvite();
    await t.query(sql`update server_invites set expires_at = now() - interval '1 second' where id = ${expiring.id}`);
    expect((await signUp(address('late'), { invite: expiring.token })).statusCode).toBe(403);

    const revoked = await makeInvite();
    expect((await as(admin, 'DELETE', `/api/v1/admin/invites/${revoked.id}`)).statusCode).toBe(204);
    expect((await as(admin, 'DELETE', `/api/v1/admin/invites/${revoked.id}`)).statusCode).toBe(204);
    expect((await signUp(address('revoked'), { invite: revoked.token })).statusCode).toBe(403);
    const open = (await as(admin, 'GET', '/api/v1/admin/invites')).json<{ items: ServerInvite[] }>().items;
    expect(open.map((item) => item.id)).not.toContain(revoked.id);

    expect((await signUp(address('made-up'), { invite: 'not-a-real-token' })).statusCode).toBe(403);
    expect((await signUp(address('bad'), { invite: 'no spaces' })).statusCode).toBe(400);
  });

  it('mailed to an address admit that address only, and the mail carries the link', async () => {
    const guest = address('guest');
    const invite = await makeInvite({ email: guest.toUpperCase() });
    expect(invite).toMatchObject({ email: guest, max_uses: 1 });
    const mail = await t.smtp.waitForMail(guest, /invited to join Foray/);
    expect(t.smtp.linkIn(mail)).toBe(invite.url);
    expect((await signUp(address('other'), { invite: invite.token })).statusCode).toBe(403);
    await joinWith(guest, { invite: invite.token });
    expect((await as(admin, 'POST', '/api/v1/admin/invites', { email: guest, max_uses: 3 })).statusCode).toBe(400);
  });

  it('are written to the audit log', async () => {
    const invite = await makeInvite();
    await as(admin, 'DELETE', `/api/v1/admin/invites/${invite.id}`);
    const entries = await t.query<{ action: string }>(
      sql`select action from audit_log where subject_id = ${invite.id} order by id`,
    );
    expect(entries.rows.map((row) => row.action)).toEqual(['invite.create', 'invite.revoke']);
  });
});

describe('a circle invitation', () => {
  it('lets someone without an account onto an invite-only server; the use counts when they join', async () => {
    const circle = (await as(admin, 'POST', '/api/v1/circles', { name: 'Club' })).json<{ id: string }>();
    const link = (await as(admin, 'POST', `/api/v1/circles/${circle.id}/invites`, { max_uses: 1 })).json<Invite>();
    const newcomer = await joinWith(address('circle'), { invite: link.token });
    expect(await roleAndStatus(newcomer.email)).toMatchObject({ role: 'user', status: 'active' });
    const before = (await as(admin, 'GET', `/api/v1/circles/${circle.id}/invites`)).json<{ items: Invite[] }>();
    expect(before.items.find((item) => item.id === link.id)?.uses).toBe(0);
    expect((await as(newcomer, 'POST', `/api/v1/invites/${link.token}/accept`)).statusCode).toBe(200);
    // Used up by joining: it lets no one else sign up.
    expect((await signUp(address('after'), { invite: link.token })).json()).toMatchObject({
      error: { code: 'INVITE_REQUIRED' },
    });
  });

  it('mailed to one address admits that address only', async () => {
    const circle = (await as(admin, 'POST', '/api/v1/circles', { name: 'Family' })).json<{ id: string }>();
    const guest = address('family');
    const link = (await as(admin, 'POST', `/api/v1/circles/${circle.id}/invites`, { email: guest })).json<Invite>();
    expect((await signUp(address('stranger'), { invite: link.token })).statusCode).toBe(403);
    expect((await signUp(guest, { invite: link.token })).statusCode).toBe(200);
  });
});

describe('closed', () => {
  it('refuses every sign-up alike, new address or not, but a server invitation still admits', async () => {
    await setPolicy('closed');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/signup' })).json()).toEqual({
      policy: 'closed',
      some_domains: false,
    });
    const fresh = await signUp(address('closed'));
    expect(seen(fresh)).toEqual({
      status: 403,
      body: { error: { code: 'SIGNUP_CLOSED', message: 'Accounts on this server are made by its administrator.' } },
      cookie: null,
    });
    expect(seen(await signUp(admin.email))).toEqual(seen(fresh));
    // A circle's invitation is no way in when only administrators make accounts.
    const circle = (await as(admin, 'POST', '/api/v1/circles', { name: 'Closed' })).json<{ id: string }>();
    const link = (await as(admin, 'POST', `/api/v1/circles/${circle.id}/invites`, {})).json<Invite>();
    expect((await signUp(address('circle'), { invite: link.token })).statusCode).toBe(403);
    const invite = await makeInvite();
    await joinWith(address('admitted'), { invite: invite.token });
  });
});

describe('approval', () => {
  it('makes a pending account that is told so and cannot sign in until approved', async () => {
    await setPolicy('approval');
    const email = address('waiting');
    const signedUp = await signUp(email, { language: 'lt' });
    // The same answer as any sign-up: the app knows the policy from GET /api/v1/signup.
    expect(seen(signedUp)).toEqual({ status: 200, body: { ok: true }, cookie: null });
    expect(await roleAndStatus(email)).toEqual({ role: 'user', status: 'pending', language: 'lt' });
    const told = await t.smtp.waitForMail(email, /laukia patvirtinimo/);
    expect(told.text).toContain('administratorius');
    expect(told.text).not.toContain('administrator approves');
    const adminTold = await t.smtp.waitForMail(admin.email, /waits for approval/);
    expect(adminTold.text).toContain(email);

    await t.verify(email);
    const wrong = await t.signIn(email, 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    const pending = await t.signIn(email);
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toMatchObject({ error: { code: 'ACCOUNT_PENDING' } });
    expect(pending.headers['set-cookie']).toBeUndefined();
    expect(
      (await t.query(sql`select 1 from "session" s join "user" u on u.id = s.user_id where u.email = ${email}`)).rows,
    ).toEqual([]);

    await t.query(sql`update "user" set status = 'active' where email = ${email}`);
    const approved = await t.signIn(email);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await as({ cookie: cookieFrom(approved) }, 'GET', '/api/v1/me')).statusCode).toBe(200);
  });

  it('refuses a disabled account at sign-in, after the password', async () => {
    const member = await joinWith(address('disabled'), { invite: (await makeInvite()).token });
    await t.query(sql`update "user" set status = 'disabled' where email = ${member.email}`);
    expect((await t.signIn(member.email, 'wrong password here')).statusCode).toBe(401);
    const refused = await t.signIn(member.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: {
        code: 'ACCOUNT_DISABLED',
        message: 'This account has been disabled by the server’s administrator.',
        request_id: expect.any(String),
      },
    });
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('holds no one of a listed domain, and an invitation from an administrator admits at once', async () => {
    await setPolicy('approval', ['Club.LT']);
    const clubMember = address('x').replace('example.com', 'club.lt');
    await joinWith(clubMember);
    expect(await roleAndStatus(clubMember)).toMatchObject({ status: 'active' });
    const invited = address('invited');
    await joinWith(invited, { invite: (await makeInvite()).token });
    expect(await roleAndStatus(invited)).toMatchObject({ status: 'active' });
  });
});

describe('the domain list', () => {
  it('lets its addresses sign up on a closed server; others stay refused', async () => {
    await setPolicy('closed', ['club.lt']);
    // The sign-in screen learns that some domains may, never which: the club's addresses are no one else's to read.
    const told = await t.app.inject({ method: 'GET', url: '/api/v1/signup' });
    expect(told.json()).toEqual({ policy: 'closed', some_domains: true });
    expect(told.body).not.toContain('club.lt');
    await joinWith(`someone-${crypto.randomUUID().slice(0, 6)}@club.lt`);
    expect((await signUp(`someone@sub.club.lt`)).statusCode).toBe(403);
    expect((await signUp(address('outside'))).statusCode).toBe(403);
  });
});

describe('the settings', () => {
  it('are read and changed by administrators, checked, and written to the audit log', async () => {
    const read = await as(admin, 'GET', '/api/v1/admin/settings');
    expect(read.json<AdminSettings>()).toEqual({
      signup_policy: 'closed',
      signup_domains: ['club.lt'],
      photo_quota_mb: t.config.photoQuotaMb,
    });
    const changed = await as(admin, 'PATCH', '/api/v1/admin/settings', {
      signup_domains: [' Club.lt ', 'club.lt', 'Mail.Example.org'],
      photo_quota_mb: 500,
    });
    expect(changed.json<AdminSettings>()).toEqual({
      signup_policy: 'closed',
      signup_domains: ['club.lt', 'mail.example.org'],
      photo_quota_mb: 500,
    });
    for (const bad of [
      { signup_domains: ['@club.lt'] },
      { signup_domains: ['not a domain'] },
      { signup_domains: Array.from({ length: 51 }, (_, i) => `d${i}.lt`) },
      { signup_policy: 'everyone' },
      { photo_quota_mb: -1 },
      { unknown: true },
    ]) {
      const refused = await as(admin, 'PATCH', '/api/v1/admin/settings', bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
    const cleared = await as(admin, 'PATCH', '/api/v1/admin/settings', { signup_domains: [], signup_policy: 'open' });
    expect(cleared.json<AdminSettings>()).toMatchObject({ signup_policy: 'open', signup_domains: [] });
    const audit = await t.query<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'settings.update'`,
    );
    expect(audit.rows[0]!.n).toBeGreaterThanOrEqual(3);
  });

  it('and the invitations answer 404 to anyone but an administrator, as a route that does not exist', async () => {
    const user = await joinWith(address('plain'));
    const invite = await makeInvite();
    const missing = (await as(user, 'GET', '/api/v1/admin/no-such-route')).json();
    for (const [method, url, payload] of [
      ['GET', '/api/v1/admin/settings'],
      ['PATCH', '/api/v1/admin/settings', { signup_policy: 'open' }],
      ['GET', '/api/v1/admin/invites'],
      ['POST', '/api/v1/admin/invites', {}],
      ['DELETE', `/api/v1/admin/invites/${invite.id}`],
    ] as const) {
      for (const who of [user, null]) {
        const answer = await as(who, method, url, payload);
        expect(answer.statusCode, `${method} ${url}`).toBe(404);
        expect(answer.json<{ error: { code: string } }>().error.code).toBe('NOT_FOUND');
      }
    }
    expect(missing).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const still = (await as(admin, 'GET', '/api/v1/admin/invites')).json<{ items: ServerInvite[] }>().items;
    expect(still.map((item) => item.id)).toContain(invite.id);
  });
});

describe('two first sign-ups at once', () => {
  it('make exactly one administrator; the other is answered as the policy answers', async () => {
    const fresh = await createTestContext({ env: { SIGNUP_POLICY: 'invite' } });
    try {
      const answers = await Promise.all(
        ['one', 'two', 'three'].map((label) =>
          fresh.app.inject({
            method: 'POST',
            url: '/api/auth/sign-up/email',
            payload: { email: address(label), password: PASSWORD },
          }),
        ),
      );
      const users = await fresh.query<{ role: string }>(sql`select role from "user"`);
      expect(users.rows.filter((row) => row.role === 'admin')).toHaveLength(1);
      expect(users.rows).toHaveLength(answers.filter((answer) => answer.statusCode === 200).length);
      for (const answer of answers.filter((one) => one.statusCode !== 200)) {
        expect(answer.json()).toMatchObject({ error: { code: 'INVITE_REQUIRED' } });
      }
    } finally {
      await fresh.close();
    }
  });
});
