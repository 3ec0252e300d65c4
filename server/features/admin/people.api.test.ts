import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { cookieFrom, createTestContext, sameAnswer, validSpot, type TestContext } from '../../test/test-app.ts';
import type { AdminUser, AdminUsersPage } from '../../../common/schemas/admin-users.ts';
import type { AuditPage } from '../../../common/schemas/admin-audit.ts';

// The people on the server, as an administrator runs them (ADR 0082): every action through the API, checked by
// what the person and the administrator then see.

type User = Awaited<ReturnType<TestContext['createUser']>>;

let t: TestContext;
let admin: User;
let adminId: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('root-admin@example.com', 'correct horse battery', 'Rūta Admin');
  adminId = await idOf(admin.email);
  await t.query(sql`update "user" set role = 'admin' where id = ${adminId}`);
});
afterAll(() => t.close());

async function idOf(email: string): Promise<string> {
  const { rows } = await t.query<{ id: string }>(sql`select id from "user" where email = ${email}`);
  return rows[0]!.id;
}
const as = (who: { cookie: string }) => ({ cookie: who.cookie });
const get = (url: string, who: { cookie: string } = admin) => t.app.inject({ url, headers: as(who) });
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, who: { cookie: string } = admin) =>
  t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });
const person = async (id: string) => {
  const page = (await get(`/api/v1/admin/users?q=${encodeURIComponent(await emailOf(id))}`)).json<AdminUsersPage>();
  return page.items.find((item) => item.id === id)!;
};
async function emailOf(id: string) {
  const { rows } = await t.query<{ email: string }>(sql`select email from "user" where id = ${id}`);
  return rows[0]!.email;
}
async function auditOf(subjectId: string) {
  const { rows } = await t.query<{ action: string; actor_id: string | null; address: string | null }>(
    sql`select action, actor_id, address from audit_log where subject_id = ${subjectId} order by id`,
  );
  return rows;
}
const unique = (label: string) => `${label}-${crypto.randomBytes(3).toString('hex')}@example.com`;

describe('the people list', () => {
  it('shows account facts and counts — private spots counted, never shown — and the quota in force', async () => {
    const forager = await t.createUser(unique('counted'), 'correct horse battery', 'Counted Forager');
    for (const isPublic of [true, false, false]) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/locations',
        headers: as(forager),
        payload: validSpot({ is_public: isPublic }),
      });
      expect(created.statusCode).toBe(201);
    }
    const id = await idOf(forager.email);
    const row = await person(id);
    expect(row).toMatchObject({
      id,
      name: 'Counted Forager',
      email: forager.email,
      role: 'user',
      status: 'active',
      email_verified: true,
      two_step: false,
      spots: 3,
      photo_bytes: 0,
      photo_quota_mb: 2048,
      photo_quota_is_default: true,
    });
    expect(Date.parse(row.created_at)).not.toBeNaN();
    // Nothing of the spots themselves.
    expect(Object.keys(row).sort()).toEqual(
      [
        'created_at',
        'email',
        'email_verified',
        'id',
        'last_active_at',
        'name',
        'photo_bytes',
        'photo_quota_is_default',
        'photo_quota_mb',
        'role',
        'spots',
        'status',
        'two_step',
      ].sort(),
    );
  });

  it('finds by name or e-mail, filters by status, and pages through everyone in a stable order', async () => {
    // 60 accounts, many made in the same instant: the keyset must neither skip nor repeat one.
    await t.query(sql`
      insert into "user" (id, name, email, email_verified, status, created_at)
      select 'paged-' || n, 'Paged ' || n, 'paged-' || n || '@example.org', true,
             case when n % 3 = 0 then 'pending' else 'active' end,
             timestamptz '2026-05-01 12:00:00.123456+00' + (n / 7) * interval '1 microsecond'
      from generate_series(1, 60) n`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await get(
        `/api/v1/admin/users?q=paged-${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(response.statusCode).toBe(200);
      const page: AdminUsersPage = response.json();
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);

    const byName = (await get('/api/v1/admin/users?q=PAGED%2042')).json<AdminUsersPage>();
    expect(byName.items.map((item) => item.id)).toEqual(['paged-42']);
    const pending = (await get('/api/v1/admin/users?q=paged-&status=pending')).json<AdminUsersPage>();
    expect(pending.items).toHaveLength(20);
    expect(pending.items.every((item) => item.status === 'pending')).toBe(true);
    // A wildcard typed into the search is a character, not "anything".
    expect((await get('/api/v1/admin/users?q=%25')).json<AdminUsersPage>().items).toEqual([]);
  });

  it('answers a made-up cursor or status with a 400, never a 500', async () => {
    for (const query of ['cursor=bm9wZQ', 'cursor=%5B%5D', 'status=gone', `cursor=${'x'.repeat(600)}`]) {
      const response = await get(`/api/v1/admin/users?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    const forged = Buffer.from(JSON.stringify(['2026-13-45 99:00:00', 'x'])).toString('base64url');
    expect((await get(`/api/v1/admin/users?cursor=${forged}`)).statusCode).toBe(400);
    const february = Buffer.from(JSON.stringify(['2026-02-30 10:00:00+00', 'x'])).toString('base64url');
    expect((await get(`/api/v1/admin/users?cursor=${february}`)).statusCode).toBe(400);
    expect((await get(`/api/v1/admin/audit?cursor=${february}`)).statusCode).toBe(400);
  });
});

describe('an account made by an administrator', () => {
  it('is mailed a link to the reset-password screen; setting the password confirms the address and signs in', async () => {
    const email = unique('made');
    const created = await send('POST', '/api/v1/admin/users', { email: email.toUpperCase(), name: 'Made Person' });
    expect(created.statusCode).toBe(201);
    const made = created.json<AdminUser>();
    expect(made).toMatchObject({ email, name: 'Made Person', status: 'active', email_verified: false });
    expect(await auditOf(made.id)).toEqual([{ action: 'user.create', actor_id: adminId, address: '127.0.0.1' }]);

    // No password yet: nobody can sign in to it.
    expect((await t.signIn(email, 'correct horse battery')).statusCode).toBe(401);

    const mail = await t.smtp.waitForMail(email, /Your Foray account is ready/);
    const link = new URL(t.smtp.linkIn(mail));
    const opened = await t.app.inject({ url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    const landing = new URL(opened.headers.location!, 'http://foray.test');
    expect(landing.pathname).toBe('/reset-password');
    const token = landing.searchParams.get('token')!;

    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'my own first password', token },
    });
    expect(set.statusCode).toBe(200);
    const signedIn = await t.signIn(email, 'my own first password');
    expect(signedIn.statusCode).toBe(200);
    expect((await person(made.id)).email_verified).toBe(true);
    const me = await t.app.inject({ url: '/api/v1/me', headers: { cookie: cookieFrom(signedIn) } });
    expect(me.statusCode).toBe(200);
  });

  it('is refused with 409 when the address already has an account, and with 400 for a bad address', async () => {
    const taken = await send('POST', '/api/v1/admin/users', { email: admin.email, name: 'Again' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('EMAIL_TAKEN');
    const bad = await send('POST', '/api/v1/admin/users', { email: 'not an address', name: 'X' });
    expect(bad.statusCode).toBe(400);
    const { rows } = await t.query<{ n: number }>(sql`select count(*)::int as n from "user" where name = 'Again'`);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('approving and refusing sign-ups', () => {
  async function pendingSignUp(label: string) {
    const user = await t.createUser(unique(label));
    const id = await idOf(user.email);
    await t.query(sql`update "user" set status = 'pending' where id = ${id}`);
    return { ...user, id };
  }

  it('approves a pending account: it is told by mail and may sign in', async () => {
    const waiting = await pendingSignUp('waiting');
    expect((await get('/api/v1/me', waiting)).json().error.code).toBe('ACCOUNT_PENDING');

    const approved = await send('PATCH', `/api/v1/admin/users/${waiting.id}`, { status: 'active' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json<AdminUser>().status).toBe('active');
    await t.smtp.waitForMail(waiting.email, /approved/);
    expect((await auditOf(waiting.id)).map((entry) => entry.action)).toEqual(['user.approve']);
    expect((await t.signIn(waiting.email, waiting.password)).statusCode).toBe(200);
  });

  it('refuses a pending account by deleting it', async () => {
    const waiting = await pendingSignUp('refused');
    expect((await send('DELETE', `/api/v1/admin/users/${waiting.id}`)).statusCode).toBe(204);
    expect((await t.query(sql`select 1 from "user" where id = ${waiting.id}`)).rows).toEqual([]);
    expect((await auditOf(waiting.id)).map((entry) => entry.action)).toEqual(['user.refuse']);
    expect((await t.signIn(waiting.email, waiting.password)).statusCode).toBe(401);
  });

  it('never puts an account back to waiting', async () => {
    const user = await t.createUser(unique('not-back'));
    const response = await send('PATCH', `/api/v1/admin/users/${await idOf(user.email)}`, { status: 'pending' });
    expect(response.statusCode).toBe(400);
  });
});

describe('disabling and enabling', () => {
  it('ends every session at its next request, drops the device cookies, and enabling revives neither', async () => {
    const user = await t.createUser(unique('disabled'));
    const id = await idOf(user.email);
    // A second browser signed in too.
    const other = cookieFrom(await t.signIn(user.email, user.password));
    expect((await get('/api/v1/me', user)).statusCode).toBe(200);

    const disabled = await send('PATCH', `/api/v1/admin/users/${id}`, { status: 'disabled' });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json<AdminUser>().status).toBe('disabled');
    for (const cookie of [user.cookie, other]) {
      const response = await get('/api/v1/me', { cookie });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('ACCOUNT_DISABLED');
    }

    const enabled = await send('PATCH', `/api/v1/admin/users/${id}`, { status: 'active' });
    expect(enabled.json<AdminUser>().status).toBe('active');
    for (const cookie of [user.cookie, other]) {
      const response = await get('/api/v1/me', { cookie });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['user.disable', 'user.enable']);

    // The browser that knew the account is a stranger now: once guesses from elsewhere lock the account for unknown
    // browsers, its old device cookie waits like any other browser.
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await t.signIn(user.email, `wrong ${attempt}`, {}, `203.0.113.${attempt + 1}`)).statusCode).toBe(401);
    const oldBrowser = await t.signIn(user.email, user.password, { cookie: user.deviceCookie }, '198.51.100.20');
    expect(oldBrowser.statusCode).toBe(429);
  });

  it('keeps the device cookies of an account nobody disabled', async () => {
    const user = await t.createUser(unique('kept-device'));
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await t.signIn(user.email, `wrong ${attempt}`, {}, `203.0.113.${attempt + 1}`)).statusCode).toBe(401);
    const known = await t.signIn(user.email, user.password, { cookie: user.deviceCookie }, '198.51.100.21');
    expect(known.statusCode).toBe(200);
  });

  it('does not let an administrator disable themselves', async () => {
    const response = await send('PATCH', `/api/v1/admin/users/${adminId}`, { status: 'disabled' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('OWN_ACCOUNT');
    expect((await get('/api/v1/me')).statusCode).toBe(200);
  });
});

describe('roles and quotas', () => {
  it('names another administrator, and refuses to leave the server without one (409 LAST_ADMIN)', async () => {
    const refused = await send('PATCH', `/api/v1/admin/users/${adminId}`, { role: 'user' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'LAST_ADMIN' });
    expect(refused.json().error.message).toMatch(/another administrator|someone else an administrator/);

    const second = await t.createUser(unique('second-admin'));
    const secondId = await idOf(second.email);
    expect((await send('PATCH', `/api/v1/admin/users/${secondId}`, { role: 'admin' })).json().role).toBe('admin');
    expect((await get('/api/v1/admin/users', second)).statusCode).toBe(200);
    // Now there are two: the second may step down.
    expect((await send('PATCH', `/api/v1/admin/users/${secondId}`, { role: 'user' }, second)).json().role).toBe('user');
    expect((await get('/api/v1/admin/users', second)).statusCode).toBe(404);
    expect((await auditOf(secondId)).map((entry) => entry.action)).toEqual(['user.role', 'user.role']);
  });

  it('sets a quota of their own and gives the server default back', async () => {
    const user = await t.createUser(unique('quota'));
    const id = await idOf(user.email);
    const set = await send('PATCH', `/api/v1/admin/users/${id}`, { photo_quota_mb: 100 });
    expect(set.json<AdminUser>()).toMatchObject({ photo_quota_mb: 100, photo_quota_is_default: false });
    // The same again changes nothing and writes nothing.
    await send('PATCH', `/api/v1/admin/users/${id}`, { photo_quota_mb: 100 });
    await t.query(sql`insert into server_policy (id, signup_policy, photo_quota_mb) values (1, 'open', 512)
                      on conflict (id) do update set photo_quota_mb = 512`);
    const back = await send('PATCH', `/api/v1/admin/users/${id}`, { photo_quota_mb: null });
    expect(back.json<AdminUser>()).toMatchObject({ photo_quota_mb: 512, photo_quota_is_default: true });
    await t.query(sql`update server_policy set photo_quota_mb = null`);
    expect((await person(id)).photo_quota_mb).toBe(2048);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['user.quota', 'user.quota']);
    for (const bad of [{ photo_quota_mb: -1 }, { photo_quota_mb: 1.5 }, {}, { role: 'owner' }, { email: 'x@y.z' }])
      expect((await send('PATCH', `/api/v1/admin/users/${id}`, bad)).statusCode, JSON.stringify(bad)).toBe(400);
  });

  it('answers 404 for an account that does not exist', async () => {
    expect((await send('PATCH', '/api/v1/admin/users/nobody', { status: 'disabled' })).statusCode).toBe(404);
    expect((await send('DELETE', '/api/v1/admin/users/nobody')).statusCode).toBe(404);
    expect((await send('POST', '/api/v1/admin/users/nobody/reset-two-step')).statusCode).toBe(404);
    expect((await send('POST', '/api/v1/admin/users/nobody/resend-confirmation')).statusCode).toBe(404);
  });
});

describe('deleting an account', () => {
  it('deletes the person and everything of theirs, written to the audit log', async () => {
    const user = await t.createUser(unique('deleted'));
    const id = await idOf(user.email);
    await t.app.inject({ method: 'POST', url: '/api/v1/locations', headers: as(user), payload: validSpot() });
    expect((await send('DELETE', `/api/v1/admin/users/${id}`)).statusCode).toBe(204);
    expect((await t.query(sql`select 1 from locations where user_id = ${id}`)).rows).toEqual([]);
    expect((await get('/api/v1/me', user)).statusCode).toBe(401);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['user.delete']);
  });

  it('refuses the last administrator’s deletion with 409 LAST_ADMIN, here and on the account page', async () => {
    const { rows } = await t.query<{ n: number }>(
      sql`select count(*)::int as n from "user" where role = 'admin' and status = 'active'`,
    );
    expect(rows[0]!.n).toBe(1);
    const here = await send('DELETE', `/api/v1/admin/users/${adminId}`);
    expect(here.statusCode).toBe(409);
    expect(here.json().error.code).toBe('LAST_ADMIN');

    const page = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-user',
      headers: as(admin),
      payload: { password: admin.password },
    });
    expect(page.statusCode).toBe(409);
    expect(page.json().error).toMatchObject({ code: 'LAST_ADMIN' });
    expect((await get('/api/v1/me')).statusCode).toBe(200);
  });
});

describe('two-step reset and the confirmation mail', () => {
  it('turns two-step sign-in off and ends the sessions of a person who lost their phone', async () => {
    const user = await t.createUser(unique('lost-phone'));
    const id = await idOf(user.email);
    await t.query(
      sql`insert into two_factor (id, secret, backup_codes, user_id) values (${crypto.randomUUID()}, 's', 'c', ${id})`,
    );
    await t.query(sql`update "user" set two_factor_enabled = true where id = ${id}`);
    expect((await person(id)).two_step).toBe(true);

    const reset = await send('POST', `/api/v1/admin/users/${id}/reset-two-step`);
    expect(reset.statusCode).toBe(200);
    expect((await person(id)).two_step).toBe(false);
    expect((await t.query(sql`select 1 from two_factor where user_id = ${id}`)).rows).toEqual([]);
    expect((await get('/api/v1/me', user)).statusCode).toBe(401);
    // The password alone signs in now: no code is asked for.
    const signedIn = await t.signIn(user.email, user.password);
    expect(signedIn.json()).not.toHaveProperty('twoFactorRedirect');
    expect((await get('/api/v1/me', { cookie: cookieFrom(signedIn) })).statusCode).toBe(200);

    const again = await send('POST', `/api/v1/admin/users/${id}/reset-two-step`);
    expect(again.statusCode).toBe(409);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['user.reset_two_step']);
  });

  it('sends the confirmation link again to an unconfirmed sign-up, and it confirms', async () => {
    const email = unique('unconfirmed');
    expect((await t.signUp(email)).statusCode).toBe(200);
    await t.smtp.waitForMail(email, /Confirm your e-mail/);
    const id = await idOf(email);
    const resent = await send('POST', `/api/v1/admin/users/${id}/resend-confirmation`);
    expect(resent.statusCode).toBe(200);
    // The mail of sign-up was taken above: this link is the one sent again.
    const verified = await t.verify(email);
    expect(verified.statusCode).toBe(302);
    expect((await person(id)).email_verified).toBe(true);
    expect((await t.signIn(email)).statusCode).toBe(200);

    const twice = await send('POST', `/api/v1/admin/users/${id}/resend-confirmation`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_CONFIRMED');
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['user.resend_confirmation']);
  });

  it('sends a new set-password link to an account an administrator made; the older link stops working', async () => {
    const email = unique('made-again');
    const made = (await send('POST', '/api/v1/admin/users', { email, name: 'Made Twice' })).json<AdminUser>();
    const first = new URL(t.smtp.linkIn(await t.smtp.waitForMail(email, /Your Foray account is ready/)));
    expect((await send('POST', `/api/v1/admin/users/${made.id}/resend-confirmation`)).statusCode).toBe(200);
    const opened = await t.app.inject({ url: first.pathname + first.search });
    expect(new URL(opened.headers.location!, 'http://foray.test').searchParams.get('error')).toBe('INVALID_TOKEN');
  });
});

describe('the audit log', () => {
  it('lists what administrators did, newest first, with the names of accounts still there, page by page', async () => {
    await t.query(sql`
      insert into audit_log (at, actor_id, action, subject_id, address)
      select timestamptz '2020-01-01 00:00:00+00', ${adminId}, 'user.quota', 'gone-' || n, '192.0.2.1'
      from generate_series(1, 55) n`);
    const first = (await get('/api/v1/admin/audit')).json<AuditPage>();
    expect(first.items).toHaveLength(50);
    const times = first.items.map((item) => Date.parse(item.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(first.people[adminId]).toEqual({ name: 'Rūta Admin', email: admin.email });
    expect(first.next_cursor).not.toBeNull();
    const all = [...first.items];
    let cursor = first.next_cursor;
    while (cursor) {
      const page = (await get(`/api/v1/admin/audit?cursor=${encodeURIComponent(cursor)}`)).json<AuditPage>();
      all.push(...page.items);
      cursor = page.next_cursor;
    }
    const { rows } = await t.query<{ n: number }>(sql`select count(*)::int as n from audit_log`);
    expect(all).toHaveLength(rows[0]!.n);
    expect(all.at(-1)).toMatchObject({ action: 'user.quota', address: '192.0.2.1' });
    expect((await get('/api/v1/admin/audit?cursor=nope')).statusCode).toBe(400);
  });
});

describe('the admin routes for anyone but an administrator', () => {
  const ROUTES: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object][] = [
    ['GET', '/api/v1/admin/users'],
    ['GET', '/api/v1/admin/users?q=a&status=active'],
    ['POST', '/api/v1/admin/users', { email: 'someone@example.com', name: 'Someone' }],
    ['PATCH', '/api/v1/admin/users/ID', { status: 'disabled' }],
    ['DELETE', '/api/v1/admin/users/ID'],
    ['POST', '/api/v1/admin/users/ID/reset-two-step'],
    ['POST', '/api/v1/admin/users/ID/resend-confirmation'],
    ['GET', '/api/v1/admin/audit'],
  ];

  it('answer a user, a disabled administrator and a signed-out visitor as a route that does not exist', async () => {
    const user = await t.createUser(unique('plain'));
    const userId = await idOf(user.email);
    const fallen = await t.createUser(unique('fallen-admin'));
    const fallenId = await idOf(fallen.email);
    await t.query(sql`update "user" set role = 'admin', status = 'disabled' where id = ${fallenId}`);
    const visitors = { user: user.cookie, 'disabled admin': fallen.cookie, 'signed out': '' };

    for (const [method, template, body] of ROUTES) {
      const url = template.replace('ID', userId);
      const nowhere = url.replace('/api/v1/admin/', '/api/v1/admin-nothing-here/');
      for (const [who, cookie] of Object.entries(visitors)) {
        const answer = await t.app.inject({ method, url, headers: { cookie }, ...(body ? { payload: body } : {}) });
        const missing = await t.app.inject({
          method,
          url: nowhere,
          headers: { cookie },
          ...(body ? { payload: body } : {}),
        });
        expect(answer.statusCode, `${who} ${method} ${url}`).toBe(404);
        expect(answer.statusCode).toBe(missing.statusCode);
        const path = (u: string) => u.split('?')[0]!;
        expect(sameAnswer(answer).replace(path(url), '<path>'), `${who} ${method} ${url}`).toBe(
          sameAnswer(missing).replace(path(nowhere), '<path>'),
        );
      }
    }
    // Nothing happened to anyone.
    expect((await get('/api/v1/me', user)).statusCode).toBe(200);
    expect((await t.query(sql`select 1 from "user" where email = 'someone@example.com'`)).rows).toEqual([]);
    expect(await auditOf(userId)).toEqual([]);
  });
});
