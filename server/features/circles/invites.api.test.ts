import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  INVITE_DAYS_DEFAULT,
  INVITE_DAYS_MAX,
  INVITES_PER_USER_PER_DAY,
  MEMBERS_PER_CIRCLE_MAX,
  OPEN_INVITES_PER_CIRCLE_MAX,
} from '../../../common/limits.ts';
import type { Circle, Invite } from '../../../common/schemas/circles.ts';
import { loggableUrl } from '../../app.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { circleKit, type Person } from './circles-test-kit.ts';

/**
 * Invitation links: made, listed and revoked by admins; seen (never joining) and accepted by a signed-in visitor;
 * expiring, used up, revoked, raced for, and mailed to one address. Time moves by moving the rows' timestamps back
 * against the database's clock, never by waiting.
 */
let t: TestContext;
const { as, person, createCircle, invite, join } = circleKit(() => t);
let a: Person;
let b: Person;
let c: Person;

beforeAll(async () => {
  t = await createTestContext();
  [a, b, c] = [await person('a'), await person('b'), await person('c')];
});
afterAll(() => t.close());

const preview = (who: Person | null, token: string) => as(who, 'GET', `/api/v1/invites/${token}`);
const accept = (who: Person | null, token: string) => as(who, 'POST', `/api/v1/invites/${token}/accept`);
const openInvites = async (admin: Person, circleId: string) =>
  (await as(admin, 'GET', `/api/v1/circles/${circleId}/invites`)).json<{ items: Invite[] }>().items;
const memberCount = async (owner: Person, circleId: string) =>
  (await as(owner, 'GET', `/api/v1/circles/${circleId}`)).json<Circle>().member_count;
const dbNow = async () =>
  new Date((await t.query<{ now: string }>(sql`select now()::text as now`)).rows[0]!.now).getTime();

describe('an invitation link', () => {
  it('is made with a long random token, this server’s URL, and a week’s life unless told otherwise', async () => {
    const circle = await createCircle(a, 'Links');
    const before = await dbNow();
    const response = await as(a, 'POST', `/api/v1/circles/${circle.id}/invites`, {});
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const link = response.json<Invite>();
    expect(link).toEqual({
      id: expect.any(String),
      url: `http://foray.test/invite/${link.token}`,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      expires_at: expect.any(String),
      max_uses: null,
      uses: 0,
      email: null,
      emailed: false,
      made_by: a.name,
    });
    const lifeMs = new Date(link.expires_at).getTime() - before;
    expect(Math.abs(lifeMs - INVITE_DAYS_DEFAULT * 86_400_000)).toBeLessThan(60_000);

    const other = await invite(a, circle.id, { expires_in_days: INVITE_DAYS_MAX, max_uses: 3 });
    expect(other).toMatchObject({ max_uses: 3, uses: 0 });
    expect(new Date(other.expires_at).getTime() - before).toBeGreaterThan((INVITE_DAYS_MAX - 1) * 86_400_000);
    expect(other.token).not.toBe(link.token);
    expect((await openInvites(a, circle.id)).map((item) => item.id)).toEqual([other.id, link.id]);
  });

  it('shows a signed-in visitor the circle and who invited, and a GET never joins anyone', async () => {
    const circle = await createCircle(a, 'Mossy hollow');
    const link = await invite(a, circle.id);
    for (let i = 0; i < 3; i++) {
      const seen = await preview(b, link.token);
      expect(seen.statusCode).toBe(200);
      expect(seen.headers['cache-control']).toBe('private, no-store');
      expect(seen.json()).toEqual({
        circle: { id: circle.id, name: 'Mossy hollow' },
        invited_by: a.name,
        already_member: false,
      });
      expect(seen.body).not.toContain('@');
    }
    expect(await memberCount(a, circle.id)).toBe(1);
    expect((await as(b, 'GET', `/api/v1/circles/${circle.id}`)).statusCode).toBe(404);
    expect((await openInvites(a, circle.id))[0]!.uses).toBe(0);
    expect((await preview(a, link.token)).json()).toMatchObject({ already_member: true });
    // Signed out: sign in first, whatever the token.
    for (const token of [link.token, 'no-such-token']) {
      expect((await preview(null, token)).statusCode).toBe(401);
      expect((await accept(null, token)).statusCode).toBe(401);
    }
  });

  it('joins on accept, once: a retry, or a member’s accept, answers with the circle and counts no use', async () => {
    const circle = await createCircle(a, 'Joining');
    const link = await invite(a, circle.id, { max_uses: 2 });
    const joined = await accept(b, link.token);
    expect(joined.statusCode).toBe(200);
    expect(joined.headers['cache-control']).toBe('private, no-store');
    expect(joined.json()).toEqual({ id: circle.id, name: 'Joining', role: 'member', member_count: 2 });
    const again = await accept(b, link.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(joined.json());
    expect((await accept(a, link.token)).json()).toMatchObject({ role: 'owner' });
    expect((await openInvites(a, circle.id))[0]!.uses).toBe(1);
    expect((await preview(b, link.token)).json()).toMatchObject({ already_member: true });
  });

  it('says an unknown token is not found', async () => {
    for (const token of ['no-such-token', 'A'.repeat(32)]) {
      for (const response of [await preview(b, token), await accept(b, token)]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toEqual({
          code: 'NOT_FOUND',
          message: 'Invitation not found',
          request_id: expect.any(String),
        });
      }
    }
    expect((await preview(b, 'x'.repeat(201))).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('says when it has expired, been used up or been revoked; a member is still told they are in', async () => {
    const circle = await createCircle(a, 'Ended links');
    const expired = await invite(a, circle.id);
    const usedUp = await invite(a, circle.id, { max_uses: 1 });
    const revoked = await invite(a, circle.id);
    await t.query(sql`update circle_invites set expires_at = now() - interval '1 second' where id = ${expired.id}`);
    expect((await accept(b, usedUp.token)).statusCode).toBe(200);
    const revoking = await as(a, 'DELETE', `/api/v1/circles/${circle.id}/invites/${revoked.id}`);
    expect(revoking.statusCode).toBe(204);

    const expected = [
      [expired, 'INVITE_EXPIRED', /expired/],
      [usedUp, 'INVITE_USED_UP', /used as often as it allows/],
      [revoked, 'INVITE_REVOKED', /withdrawn/],
    ] as const;
    for (const [link, code, message] of expected) {
      for (const response of [await preview(c, link.token), await accept(c, link.token)]) {
        expect(response.statusCode, code).toBe(410);
        expect(response.json().error.code).toBe(code);
        expect(response.json().error.message).toMatch(message);
        expect(response.json().error.message).toMatch(/Ask whoever sent it for a new one/);
      }
      expect((await preview(b, link.token)).json()).toMatchObject({ already_member: true });
      expect((await accept(b, link.token)).statusCode).toBe(200);
    }
    expect(await memberCount(a, circle.id)).toBe(2);
    expect(await openInvites(a, circle.id)).toEqual([]);
  });

  it('is revoked by any admin of the circle, again without error; an unknown one is not found', async () => {
    const circle = await createCircle(a, 'Revoking');
    await join(b, circle.id, a);
    await as(a, 'PATCH', `/api/v1/circles/${circle.id}/members/${b.id}`, { role: 'admin' });
    const link = await invite(a, circle.id);
    expect((await as(b, 'DELETE', `/api/v1/circles/${circle.id}/invites/${link.id}`)).statusCode).toBe(204);
    expect((await as(a, 'DELETE', `/api/v1/circles/${circle.id}/invites/${link.id}`)).statusCode).toBe(204);
    const unknown = await as(a, 'DELETE', `/api/v1/circles/${circle.id}/invites/${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Invitation not found');
    // Another circle's invitation is not this circle's.
    const elsewhere = await createCircle(a, 'Elsewhere');
    const theirs = await invite(a, elsewhere.id);
    expect((await as(b, 'DELETE', `/api/v1/circles/${circle.id}/invites/${theirs.id}`)).statusCode).toBe(404);
    expect((await preview(c, theirs.token)).statusCode).toBe(200);
  });

  it.each(['leaves', 'is removed', 'is made a member'] as const)(
    'stops working when the admin who made it %s; others’ links stay',
    async (how) => {
      const circle = await createCircle(a, `Maker ${how}`);
      const admin = await person('maker');
      await join(admin, circle.id, a);
      await as(a, 'PATCH', `/api/v1/circles/${circle.id}/members/${admin.id}`, { role: 'admin' });
      const theirs = await invite(admin, circle.id);
      const owners = await invite(a, circle.id);

      const url = `/api/v1/circles/${circle.id}/members/${admin.id}`;
      const response =
        how === 'leaves'
          ? await as(admin, 'DELETE', url)
          : how === 'is removed'
            ? await as(a, 'DELETE', url)
            : await as(a, 'PATCH', url, { role: 'member' });
      expect(response.statusCode).toBeLessThan(300);
      expect((await accept(c, theirs.token)).json().error.code).toBe('INVITE_REVOKED');
      expect((await openInvites(a, circle.id)).map((item) => item.id)).toEqual([owners.id]);
    },
  );

  it('lets exactly one of several people racing for its last use join', async () => {
    const circle = await createCircle(a, 'Race');
    const link = await invite(a, circle.id, { max_uses: 1 });
    const racers = [b, c, await person('r1'), await person('r2')];
    const answers = await Promise.all(racers.map((who) => accept(who, link.token)));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 410)).toHaveLength(racers.length - 1);
    for (const answer of answers.filter((x) => x.statusCode === 410)) {
      expect(answer.json().error.code).toBe('INVITE_USED_UP');
    }
    expect(await memberCount(a, circle.id)).toBe(2);
    const uses = await t.query<{ uses: number }>(sql`select uses from circle_invites where id = ${link.id}`);
    expect(uses.rows[0]!.uses).toBe(1);
  });

  it('counts one use when one person accepts twice at once', async () => {
    const circle = await createCircle(a, 'Double tap');
    const link = await invite(a, circle.id, { max_uses: 5 });
    const answers = await Promise.all([accept(b, link.token), accept(b, link.token)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await openInvites(a, circle.id))[0]!.uses).toBe(1);
  });

  it('refuses to join a full circle with 409 CIRCLE_FULL', async () => {
    const circle = await createCircle(a, 'Full house');
    await t.query(sql`
      with people as (
        insert into "user" (id, name, email)
        select 'full-' || n, 'Forager ' || n, 'full-' || n || '@example.com'
        from generate_series(1, ${MEMBERS_PER_CIRCLE_MAX - 1}) as n
        returning id)
      insert into circle_members (circle_id, user_id, role) select ${circle.id}, id, 'member' from people`);
    expect(await memberCount(a, circle.id)).toBe(MEMBERS_PER_CIRCLE_MAX);
    const link = await invite(a, circle.id);
    const refused = await accept(b, link.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'CIRCLE_FULL',
      message: `This circle is full: a circle can have at most ${MEMBERS_PER_CIRCLE_MAX} members.`,
      request_id: expect.any(String),
    });
    expect((await openInvites(a, circle.id))[0]!.uses).toBe(0);
  });

  it('refuses bad input with 400 VALIDATION_ERROR', async () => {
    const circle = await createCircle(a, 'Bad input');
    for (const body of [
      { expires_in_days: 0 },
      { expires_in_days: INVITE_DAYS_MAX + 1 },
      { expires_in_days: 1.5 },
      { max_uses: 0 },
      { max_uses: MEMBERS_PER_CIRCLE_MAX + 1 },
      { email: 'not an address' },
      { email: 'friend@example.com', max_uses: 2 },
      { token: 'mine' },
    ]) {
      const response = await as(a, 'POST', `/api/v1/circles/${circle.id}/invites`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await as(a, 'DELETE', `/api/v1/circles/${circle.id}/invites/not-a-uuid`)).statusCode).toBe(400);
    expect(await openInvites(a, circle.id)).toEqual([]);
  });

  it('never reaches the log: its token is redacted from request URLs', () => {
    expect(loggableUrl('/api/v1/invites/SECRET-TOKEN')).toBe('/api/v1/invites/[redacted]');
    expect(loggableUrl('/api/v1/invites/SECRET-TOKEN/accept')).toBe('/api/v1/invites/[redacted]/accept');
    expect(loggableUrl('/invite/SECRET-TOKEN?x=1')).toBe('/invite/[redacted]');
    expect(loggableUrl('/api/v1/circles/abc/invites')).toBe('/api/v1/circles/abc/invites');
  });
});

describe('an invitation by e-mail', () => {
  it('mails the link to the address, which signs up first and then joins; nobody else can use it', async () => {
    const circle = await createCircle(a, 'Family');
    const address = `Ona-${crypto.randomUUID().slice(0, 8)}@Example.com`;
    const made = await invite(a, circle.id, { email: address });
    // Kept and mailed as accounts keep addresses: in lower case.
    expect(made).toMatchObject({ email: address.toLowerCase(), max_uses: 1, uses: 0 });
    expect((await openInvites(a, circle.id)).find((item) => item.id === made.id)?.email).toBe(address.toLowerCase());

    const mail = await t.smtp.waitForMail(address.toLowerCase(), /invited to a circle/);
    expect(t.smtp.linkIn(mail)).toBe(made.url);
    expect(mail.text).toContain(a.name!);
    expect(mail.text).toContain('“Family”');
    expect(mail.text).toMatch(/ratą/);
    expect(mail.text).not.toContain(a.email);

    // Someone else with the link: refused, and told nothing of the circle.
    for (const response of [await preview(b, made.token), await accept(b, made.token)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('INVITE_FOR_ANOTHER_ADDRESS');
      expect(response.body).not.toContain('Family');
    }
    // The address has no account yet: it signs up, then the link works.
    const ona = await t.createUser(address);
    const onaPerson = { ...ona, id: '', name: '' };
    expect((await preview(onaPerson, made.token)).json()).toMatchObject({ circle: { name: 'Family' } });
    const joined = await accept(onaPerson, made.token);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ id: circle.id, role: 'member', member_count: 2 });
    expect((await accept(c, made.token)).statusCode).toBe(403);
  });
});

describe('the address of an e-mailed invitation', () => {
  it('is shown to whoever sent it only; the other admins and the owner see that it was mailed, and by whom', async () => {
    const circle = await createCircle(a, 'Whose address');
    // The other admin has chosen no display name yet: their invitations are shown as made by no one named.
    const [admin, other] = [await person('admin'), await person('other-admin', null)];
    for (const who of [admin, other]) {
      await join(who, circle.id, a);
      await as(a, 'PATCH', `/api/v1/circles/${circle.id}/members/${who.id}`, { role: 'admin' });
    }
    const [toAdmins, toOwners] = [
      `admins-${crypto.randomUUID()}@example.com`,
      `owners-${crypto.randomUUID()}@example.com`,
    ];
    const byAdmin = await invite(admin, circle.id, { email: toAdmins });
    const byOwner = await invite(a, circle.id, { email: toOwners });
    const link = await invite(other, circle.id);
    // The sender is told the address it went to.
    expect(byAdmin).toMatchObject({ email: toAdmins, emailed: true, made_by: admin.name });

    const seenBy = async (who: Person) => {
      const response = await as(who, 'GET', `/api/v1/circles/${circle.id}/invites`);
      expect(response.statusCode).toBe(200);
      const items = response.json<{ items: Invite[] }>().items;
      const facts = (invite: Invite) => items.find((item) => item.id === invite.id)!;
      return { body: response.body, byAdmin: facts(byAdmin), byOwner: facts(byOwner), link: facts(link) };
    };
    const admins = await seenBy(admin);
    expect(admins.byAdmin).toMatchObject({ email: toAdmins, emailed: true, made_by: admin.name });
    expect(admins.byOwner).toMatchObject({ email: null, emailed: true, made_by: a.name });
    expect(admins.body).not.toContain(toOwners);

    const owners = await seenBy(a);
    expect(owners.byOwner).toMatchObject({ email: toOwners, emailed: true, made_by: a.name });
    expect(owners.byAdmin).toMatchObject({ email: null, emailed: true, made_by: admin.name });
    expect(owners.body).not.toContain(toAdmins);

    const others = await seenBy(other);
    expect(others.byAdmin).toMatchObject({ email: null, emailed: true });
    expect(others.byOwner).toMatchObject({ email: null, emailed: true });
    expect(others.link).toMatchObject({ email: null, emailed: false, made_by: null });
    for (const address of [toAdmins, toOwners]) expect(others.body).not.toContain(address);

    // Handed over, the former owner still sees the address they sent, and the new owner does not.
    expect((await as(a, 'PATCH', `/api/v1/circles/${circle.id}`, { owner_id: other.id })).statusCode).toBe(200);
    expect((await seenBy(a)).byOwner.email).toBe(toOwners);
    expect((await seenBy(other)).byOwner.email).toBeNull();
  });
});

describe('the limits on invitations', () => {
  it(`keeps at most ${OPEN_INVITES_PER_CIRCLE_MAX} open in a circle (409 INVITE_LIMIT)`, async () => {
    const circle = await createCircle(a, 'Many links');
    // Made two days ago, so they do not count against today's invitations.
    await t.query(sql`
      insert into circle_invites (id, circle_id, token, created_by, expires_at, created_at)
      select gen_random_uuid(), ${circle.id}, 'open-' || gen_random_uuid(), ${a.id}, now() + interval '3 days',
             now() - interval '2 days'
      from generate_series(1, ${OPEN_INVITES_PER_CIRCLE_MAX})`);
    const over = await as(a, 'POST', `/api/v1/circles/${circle.id}/invites`, {});
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toEqual({
      code: 'INVITE_LIMIT',
      message: `A circle can have at most ${OPEN_INVITES_PER_CIRCLE_MAX} open invitations. Revoke one before making another.`,
      request_id: expect.any(String),
    });
    const [first] = await openInvites(a, circle.id);
    await as(a, 'DELETE', `/api/v1/circles/${circle.id}/invites/${first!.id}`);
    expect((await as(a, 'POST', `/api/v1/circles/${circle.id}/invites`, {})).statusCode).toBe(201);
  });

  it(`lets one user make ${INVITES_PER_USER_PER_DAY} a day across circles, then 429 RATE_LIMITED`, async () => {
    const busy = await person('inviter');
    const one = await createCircle(busy, 'One');
    const two = await createCircle(busy, 'Two');
    // Made an hour ago and revoked since, in a circle deleted since: gone with it, and still counted for the day.
    const gone = await createCircle(busy, 'Gone');
    await t.query(sql`
      insert into circle_invites (id, circle_id, token, created_by, expires_at, created_at, revoked_at)
      select gen_random_uuid(), ${gone.id}, 'day-' || gen_random_uuid(), ${busy.id}, now() + interval '6 days',
             now() - interval '1 hour', now()
      from generate_series(1, ${INVITES_PER_USER_PER_DAY - 2})`);
    await t.query(sql`
      insert into invites_made (id, user_id, created_at)
      select id, created_by, created_at from circle_invites where circle_id = ${gone.id}`);
    expect((await as(busy, 'POST', `/api/v1/circles/${gone.id}/invites`, {})).statusCode).toBe(201);
    expect((await as(busy, 'DELETE', `/api/v1/circles/${gone.id}`)).statusCode).toBe(204);
    expect((await as(busy, 'POST', `/api/v1/circles/${two.id}/invites`, {})).statusCode).toBe(201);

    for (const circle of [one, two]) {
      const over = await as(busy, 'POST', `/api/v1/circles/${circle.id}/invites`, { email: 'x@example.com' });
      expect(over.statusCode).toBe(429);
      expect(over.json().error).toEqual({
        code: 'RATE_LIMITED',
        message: `You can make at most ${INVITES_PER_USER_PER_DAY} invitations a day. Try again in about 23 hours.`,
        request_id: expect.any(String),
      });
      const retryAfter = Number(over.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(22 * 3600);
      expect(retryAfter).toBeLessThanOrEqual(23 * 3600);
    }
    // Another admin of the same circle is not held back by busy's count.
    await t.query(sql`insert into circle_members (circle_id, user_id, role) values (${two.id}, ${a.id}, 'admin')`);
    expect((await as(a, 'POST', `/api/v1/circles/${two.id}/invites`, {})).statusCode).toBe(201);

    // A day later the old ones no longer count.
    await t.query(sql`update invites_made set created_at = now() - interval '25 hours' where user_id = ${busy.id}`);
    expect((await as(busy, 'POST', `/api/v1/circles/${one.id}/invites`, {})).statusCode).toBe(201);
  });
});
