import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { cookieFrom, createTestContext, validSpot, type TestContext } from '../../test/test-app.ts';
import { multipart } from '../../test/multipart.ts';
import { S3RVER_CREDENTIALS, startS3rver, s3StorageEnv } from '../../test/s3rver.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import type { Visit } from '../../../common/schemas/visits.ts';
import type { AccountSession } from '../../../common/schemas/account.ts';
import { createLocalDiskStorage } from '../../storage/local-disk-storage.ts';
import type { PhotoStorage } from '../../storage/storage.ts';
import { reconcilePhotos } from '../../photos/photo-reconcile.ts';

type User = Awaited<ReturnType<TestContext['createUser']>>;

const jpeg = (colour: string) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const keyOf = (url: string) => url.split('/').pop()!;

function helpers(t: () => TestContext) {
  const get = (url: string, cookie: string) => t().app.inject({ url, headers: { cookie } });
  const post = (url: string, cookie: string, payload: unknown = {}) =>
    t().app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });

  async function spotWithPhoto(owner: User, isPublic: boolean, colour: string): Promise<Spot> {
    const body = await multipart(validSpot({ is_public: isPublic }), { bytes: await jpeg(colour) });
    const response = await t().app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: owner.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json<Spot>();
  }

  async function visitWithPhoto(owner: User, spotId: string, colour: string): Promise<Visit> {
    const created = await post(`/api/v1/locations/${spotId}/visits`, owner.cookie, {
      id: crypto.randomUUID(),
      date: '2026-10-02',
      outcome: 'found',
      amount: 'some',
      note: 'Under the old spruce',
    });
    expect(created.statusCode).toBe(201);
    const visit = created.json<Visit>();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(await jpeg(colour))], { type: 'image/jpeg' }), 'photo.jpg');
    const request = new Request('http://foray.test/', { method: 'POST', body: form });
    const added = await t().app.inject({
      method: 'POST',
      url: `/api/v1/locations/${spotId}/visits/${visit.id}/photos`,
      headers: { cookie: owner.cookie, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(added.statusCode).toBe(201);
    const visits = (await get(`/api/v1/locations/${spotId}/visits`, owner.cookie)).json<{ items: Visit[] }>().items;
    return visits.find((one) => one.id === visit.id)!;
  }

  return { get, post, spotWithPhoto, visitWithPhoto };
}

describe('the account page', () => {
  let t: TestContext;
  const h = helpers(() => t);
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('signs up with a chosen display name, or with none: no part of the address becomes a name', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          payload: { email: 'named@example.com', password: 'correct horse battery', name: '  Ona M.  ' },
        })
      ).statusCode,
    ).toBe(200);
    await t.verify('named@example.com');
    const named = cookieFrom(await t.signIn('named@example.com'));
    expect((await h.get('/api/v1/me', named)).json()).toMatchObject({ name: 'Ona M.' });

    // The name field left empty, or only spaces: an account with no name, never the address's local part.
    const plain = await t.createUser('jonas.petraitis.1987@example.com');
    expect((await h.get('/api/v1/me', plain.cookie)).json()).toMatchObject({ name: null });
    expect((await h.get('/api/v1/session', plain.cookie)).json().user).toMatchObject({ name: null });
    const blank = await t.createUser('blank.name@example.com', undefined, '   ');
    expect((await h.get('/api/v1/me', blank.cookie)).json()).toMatchObject({ name: null });

    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'long-name@example.com', password: 'correct horse battery', name: 'x'.repeat(61) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('shows nobody any part of the address of a forager with no name: not beside a public spot, a circle or an invitation', async () => {
    const nameless = await t.createUser('ruta.vaitkute.1990@example.com');
    const other = await t.createUser('other-reader@example.com', undefined, 'Jonas');
    const localPart = /ruta\.vaitkute/i;
    const spot = (await h.post('/api/v1/locations', nameless.cookie, validSpot({ is_public: true }))).json<Spot>();
    const seen = await h.get(`/api/v1/locations/${spot.id}`, other.cookie);
    expect(seen.json()).toMatchObject({ owner_name: null, is_owner: false });
    expect(seen.body).not.toMatch(localPart);
    const listed = await h.get('/api/v1/locations?limit=200', other.cookie);
    expect(listed.json<{ items: Spot[] }>().items.find((item) => item.id === spot.id)).toMatchObject({
      owner_name: null,
    });
    expect(listed.body).not.toMatch(localPart);

    const circle = (await h.post('/api/v1/circles', nameless.cookie, { name: 'Forest friends' })).json<{
      id: string;
    }>();
    const link = (await h.post(`/api/v1/circles/${circle.id}/invites`, nameless.cookie, { max_uses: 1 })).json<{
      token: string;
    }>();
    const preview = await h.get(`/api/v1/invites/${link.token}`, other.cookie);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ invited_by: null });
    expect((await h.post(`/api/v1/invites/${link.token}/accept`, other.cookie)).statusCode).toBe(200);
    const members = await h.get(`/api/v1/circles/${circle.id}/members`, other.cookie);
    expect(members.statusCode, members.body).toBe(200);
    expect(members.json<{ items: { name: string | null; role: string }[] }>().items).toEqual([
      { user_id: expect.any(String), name: null, role: 'owner' },
      { user_id: expect.any(String), name: 'Jonas', role: 'member' },
    ]);
    expect(members.body).not.toMatch(localPart);

    // An invitation by e-mail names no inviter either.
    const mailed = await h.post(`/api/v1/circles/${circle.id}/invites`, nameless.cookie, {
      email: 'invited-friend@example.com',
    });
    expect(mailed.statusCode, mailed.body).toBe(201);
    const mail = await t.smtp.waitForMail('invited-friend@example.com', /circle/);
    expect(mail.text).not.toMatch(localPart);
    expect(mail.html).not.toMatch(localPart);
    expect(mail.text).toContain('has not chosen a display name');

    // Once chosen, the name is what others see.
    expect((await h.post('/api/auth/update-user', nameless.cookie, { name: 'Rūta' })).statusCode).toBe(200);
    expect((await h.get(`/api/v1/locations/${spot.id}`, other.cookie)).json()).toMatchObject({ owner_name: 'Rūta' });
  });

  it('changes the display name, which others then see beside a public spot', async () => {
    const a = await t.createUser('name-a@example.com', undefined, 'Ona');
    const b = await t.createUser('name-b@example.com', undefined, 'Jonas');
    const spot = (await h.post('/api/v1/locations', a.cookie, validSpot({ is_public: true }))).json<Spot>();
    expect((await h.get(`/api/v1/locations/${spot.id}`, b.cookie)).json()).toMatchObject({ owner_name: 'Ona' });

    const changed = await h.post('/api/auth/update-user', a.cookie, { name: '  Ona Miškinė ' });
    expect(changed.statusCode).toBe(200);
    expect((await h.get(`/api/v1/locations/${spot.id}`, b.cookie)).json()).toMatchObject({
      owner_name: 'Ona Miškinė',
      is_owner: false,
    });
    expect((await h.get('/api/v1/session', a.cookie)).json().user).toMatchObject({ name: 'Ona Miškinė' });
    // B's own name did not change.
    expect((await h.get('/api/v1/me', b.cookie)).json()).toMatchObject({ name: 'Jonas' });
  });

  it('refuses an empty, too long or control-character name with a 400 and keeps the old one', async () => {
    const a = await t.createUser('bad-name@example.com');
    for (const name of ['', '   ', 'x'.repeat(61), 'Ona\u0007', 42, undefined]) {
      const response = await h.post('/api/auth/update-user', a.cookie, { name });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'VALIDATION_ERROR', message: expect.any(String), request_id: expect.any(String) },
      });
    }
    // Only the name is taken: other fields never reach the user row.
    expect(
      (
        await h.post('/api/auth/update-user', a.cookie, {
          name: 'x'.repeat(60),
          email: 'evil@example.com',
          image: 'http://evil',
        })
      ).statusCode,
    ).toBe(200);
    const row = (
      await t.query<{ name: string; email: string; image: string | null }>(
        sql`select name, email, image from "user" where email = 'bad-name@example.com'`,
      )
    ).rows[0]!;
    expect(row).toEqual({ name: 'x'.repeat(60), email: 'bad-name@example.com', image: null });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/update-user', payload: { name: 'Nobody' } })).statusCode,
    ).toBe(401);
  });

  it('changes the e-mail only once the new address confirms it, and tells the old one', async () => {
    const a = await t.createUser('old-address@example.com');
    const asked = await h.post('/api/auth/change-email', a.cookie, { newEmail: ' New-Address@example.com ' });
    expect(asked.statusCode).toBe(200);
    const mail = await t.smtp.waitForMail('new-address@example.com', /Confirm your new e-mail/);

    // Not yet: the account keeps its old address.
    expect((await t.signIn('new-address@example.com')).statusCode).toBe(401);
    expect((await t.signIn('old-address@example.com')).statusCode).toBe(200);
    expect((await h.get('/api/v1/me', a.cookie)).json()).toMatchObject({ email: 'old-address@example.com' });

    const sessionsBefore = await sessionCount('old-address@example.com');
    const link = new URL(t.smtp.linkIn(mail));
    const opened = await t.app.inject({ url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/?verified=1');
    // Opening the link signs nobody in.
    expect(String(opened.headers['set-cookie'] ?? '')).not.toMatch(/session_token=[^;]/);
    expect(await sessionCount('new-address@example.com')).toBe(sessionsBefore);

    const notice = await t.smtp.waitForMail('old-address@example.com', /e-mail was changed/);
    expect(notice.text).toContain('new-address@example.com');
    expect((await t.signIn('new-address@example.com')).statusCode).toBe(200);
    expect((await t.signIn('old-address@example.com')).statusCode).toBe(401);
    expect((await h.get('/api/v1/me', a.cookie)).json()).toMatchObject({ email: 'new-address@example.com' });
  });

  it('does not let an old e-mail change link move the address of whoever holds the old address now', async () => {
    // A forager asks to move to one address, thinks again and moves to another; the first link stays in its inbox.
    const a = await t.createUser('first-holder@example.com');
    expect(
      (await h.post('/api/auth/change-email', a.cookie, { newEmail: 'never-opened@example.com' })).statusCode,
    ).toBe(200);
    const stale = new URL(t.smtp.linkIn(await t.smtp.waitForMail('never-opened@example.com', /Confirm your new/)));
    expect((await h.post('/api/auth/change-email', a.cookie, { newEmail: 'moved-on@example.com' })).statusCode).toBe(
      200,
    );
    const current = new URL(t.smtp.linkIn(await t.smtp.waitForMail('moved-on@example.com', /Confirm your new/)));
    expect((await t.app.inject({ url: current.pathname + current.search })).statusCode).toBe(302);
    expect((await h.get('/api/v1/me', a.cookie)).json()).toMatchObject({ email: 'moved-on@example.com' });

    // The address is free again, and someone else signs up with it.
    const d = await t.createUser('first-holder@example.com');
    const opened = await t.app.inject({ url: stale.pathname + stale.search });
    expect(opened.headers.location).toMatch(/[?&]error=/);

    // The link was the first forager's: the newcomer keeps their address, and the link's address gets nobody's.
    expect((await h.get('/api/v1/me', d.cookie)).json()).toMatchObject({ email: 'first-holder@example.com' });
    expect((await t.signIn('first-holder@example.com')).statusCode).toBe(200);
    expect((await t.signIn('never-opened@example.com')).statusCode).toBe(401);
    expect((await h.get('/api/v1/me', a.cookie)).json()).toMatchObject({ email: 'moved-on@example.com' });
  });

  it('does not hand another account’s address over: asking for a taken e-mail changes nothing', async () => {
    const a = await t.createUser('taker@example.com');
    await t.createUser('taken@example.com');
    expect((await h.post('/api/auth/change-email', a.cookie, { newEmail: 'taken@example.com' })).statusCode).toBe(200);
    expect((await t.signIn('taken@example.com')).statusCode).toBe(200);
    expect((await h.get('/api/v1/me', a.cookie)).json()).toMatchObject({ email: 'taker@example.com' });
    expect((await h.post('/api/auth/change-email', a.cookie, { newEmail: 'not an address' })).statusCode).toBe(400);
  });

  it('changes the password only with the current one, and signs every other session out', async () => {
    const a = await t.createUser('password@example.com');
    const elsewhere = cookieFrom(await t.signIn('password@example.com'));
    const wrong = await h.post('/api/auth/change-password', a.cookie, {
      currentPassword: 'not my password',
      newPassword: 'a brand new password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('INVALID_PASSWORD');
    expect((await h.get('/api/v1/me', elsewhere)).statusCode).toBe(200);

    const changed = await h.post('/api/auth/change-password', a.cookie, {
      currentPassword: 'correct horse battery',
      newPassword: 'a brand new password',
      revokeOtherSessions: false,
    });
    expect(changed.statusCode).toBe(200);
    expect((await h.get('/api/v1/me', elsewhere)).statusCode).toBe(401);
    // This browser carries on with the session the answer set.
    expect((await h.get('/api/v1/me', cookieFrom(changed))).statusCode).toBe(200);
    expect((await t.signIn('password@example.com')).statusCode).toBe(401);
    expect((await t.signIn('password@example.com', 'a brand new password')).statusCode).toBe(200);
  });

  it('lists the signed-in sessions without their tokens and signs the others out', async () => {
    const a = await t.createUser('sessions@example.com');
    const phone = cookieFrom(
      await t.signIn('sessions@example.com', 'correct horse battery', {
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile',
      }),
    );
    const b = await t.createUser('sessions-b@example.com');

    const listed = await h.get('/api/v1/me/sessions', a.cookie);
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json<{ sessions: AccountSession[] }>().sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((one) => one.current)).toHaveLength(1);
    expect(sessions.map((one) => one.user_agent)).toContain('Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile');
    const tokens = (await t.query<{ token: string }>(sql`select token from "session"`)).rows.map((row) => row.token);
    for (const token of tokens) expect(listed.body).not.toContain(token);
    // better-auth's own list (which carries tokens) is closed.
    expect((await h.get('/api/auth/list-sessions', a.cookie)).statusCode).toBe(404);

    expect((await h.post('/api/auth/revoke-other-sessions', a.cookie)).statusCode).toBe(200);
    expect((await h.get('/api/v1/me', phone)).statusCode).toBe(401);
    expect((await h.get('/api/v1/me', a.cookie)).statusCode).toBe(200);
    expect((await h.get('/api/v1/me/sessions', a.cookie)).json<{ sessions: AccountSession[] }>().sessions).toEqual([
      expect.objectContaining({ current: true }),
    ]);
    // B was not signed out.
    expect((await h.get('/api/v1/me', b.cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/me/sessions' })).statusCode).toBe(401);
  });

  it('keeps each user’s default sharing for new spots', async () => {
    const a = await t.createUser('sharing-a@example.com');
    const b = await t.createUser('sharing-b@example.com');
    const onlyMe = {
      default_public: false,
      default_audience: 'private',
      default_circle_ids: [],
      default_precision: 'exact',
    };
    const everyone = { ...onlyMe, default_public: true, default_audience: 'public' };
    expect((await h.get('/api/v1/me/settings', a.cookie)).json()).toEqual(onlyMe);
    const patch = (cookie: string, payload: unknown) =>
      t.app.inject({ method: 'PATCH', url: '/api/v1/me/settings', headers: { cookie }, payload: payload as object });
    // An older app's switch still works.
    const set = await patch(a.cookie, { default_public: true });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual(everyone);
    expect((await h.get('/api/v1/me/settings', a.cookie)).json()).toEqual(everyone);
    expect((await h.get('/api/v1/session', a.cookie)).json().user).toMatchObject(everyone);
    // B's is untouched.
    expect((await h.get('/api/v1/me/settings', b.cookie)).json()).toEqual(onlyMe);

    for (const bad of [
      { default_public: 'yes' },
      { default_public: true, other: 1 },
      [],
      { default_audience: 'circles' },
      { default_audience: 'circles', default_circle_ids: [] },
      { default_audience: 'public', default_public: false },
      { default_audience: 'private', default_circle_ids: [crypto.randomUUID()] },
      { default_precision: '5km' },
    ]) {
      const response = await patch(a.cookie, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().error.code).toBeTypeOf('string');
    }
    expect((await h.get('/api/v1/me/settings', a.cookie)).json()).toEqual(everyone);
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/v1/me/settings', payload: { default_public: true } }))
        .statusCode,
    ).toBe(401);
  });

  it('may start new spots shared with chosen circles of one’s own, approximately, until one leaves them', async () => {
    const a = await t.createUser('default-circles-a@example.com');
    const b = await t.createUser('default-circles-b@example.com');
    const patch = (cookie: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/v1/me/settings', headers: { cookie }, payload });
    const post = (cookie: string, url: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    const family = (await post(a.cookie, '/api/v1/circles', { name: 'Family' })).json<{ id: string }>().id;
    const club = (await post(a.cookie, '/api/v1/circles', { name: 'Club' })).json<{ id: string }>().id;
    const bsOwn = (await post(b.cookie, '/api/v1/circles', { name: 'B’s own' })).json<{ id: string }>().id;

    const set = await patch(a.cookie, {
      default_audience: 'circles',
      default_circle_ids: [family, club],
      default_precision: '1km',
    });
    expect(set.statusCode, set.body).toBe(200);
    const chosen = {
      default_public: false,
      default_audience: 'circles',
      default_circle_ids: [family, club].sort(),
      default_precision: '1km',
    };
    expect(set.json()).toEqual(chosen);
    // The add form reads it from the signed-in user.
    expect((await h.get('/api/v1/me', a.cookie)).json()).toMatchObject(chosen);
    // An older app's "not everyone" keeps the circles; its "everyone" replaces them.
    expect((await patch(a.cookie, { default_public: false })).json()).toEqual(chosen);

    // A circle one is not in is refused like one that does not exist, and nothing changes.
    for (const circle of [bsOwn, crypto.randomUUID()]) {
      const refused = await patch(a.cookie, { default_audience: 'circles', default_circle_ids: [family, circle] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('UNKNOWN_CIRCLE');
    }
    expect((await h.get('/api/v1/me/settings', a.cookie)).json()).toEqual(chosen);
    // B learns nothing of A's defaults.
    expect((await h.get('/api/v1/me/settings', b.cookie)).json()).toMatchObject({ default_circle_ids: [] });

    // A circle deleted leaves the default; with none left, new spots start as only mine.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/circles/${club}`, headers: { cookie: a.cookie } }))
        .statusCode,
    ).toBe(204);
    expect((await h.get('/api/v1/me/settings', a.cookie)).json()).toEqual({ ...chosen, default_circle_ids: [family] });

    // B joins Family and makes it their default; leaving it takes it out of B's default.
    const link = (await post(a.cookie, `/api/v1/circles/${family}/invites`, { max_uses: 1 })).json<{ token: string }>();
    expect((await post(b.cookie, `/api/v1/invites/${link.token}/accept`)).statusCode).toBe(200);
    const bId = (await h.get('/api/v1/me', b.cookie)).json<{ id: string }>().id;
    expect((await patch(b.cookie, { default_circle_ids: [family] })).json()).toMatchObject({
      default_audience: 'circles',
      default_circle_ids: [family],
    });
    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/circles/${family}/members/${bId}`,
      headers: { cookie: b.cookie },
    });
    expect(left.statusCode, left.body).toBe(204);
    expect((await h.get('/api/v1/me/settings', b.cookie)).json()).toMatchObject({
      default_audience: 'private',
      default_circle_ids: [],
    });
    // Everyone replaces the circles.
    expect((await patch(a.cookie, { default_audience: 'public' })).json()).toEqual({
      default_public: true,
      default_audience: 'public',
      default_circle_ids: [],
      default_precision: '1km',
    });
  });

  async function sessionCount(email: string) {
    return (
      await t.query<{ n: number }>(
        sql`select count(*)::int as n from "session" s join "user" u on u.id = s.user_id where u.email = ${email}`,
      )
    ).rows[0]!.n;
  }
});

/**
 * Deleting an account, on either storage driver: nothing of the user's stays in any table or in storage,
 * nobody else's data is touched, the map's counts stay exact, and the e-mail can sign up again.
 */
function deletionSuite(kind: 'local' | 's3') {
  describe(`deleting an account (${kind} photo storage)`, () => {
    const BUCKET = 'foray-account-deletion';
    let t: TestContext;
    let s3: Awaited<ReturnType<typeof startS3rver>> | undefined;
    let client: S3Client | undefined;
    const h = helpers(() => t);

    beforeAll(async () => {
      if (kind === 's3') {
        s3 = await startS3rver([BUCKET]);
        client = new S3Client({
          endpoint: s3.endpoint,
          region: 'us-east-1',
          forcePathStyle: true,
          credentials: S3RVER_CREDENTIALS,
        });
      }
      t = await createTestContext(
        s3
          ? {
              env: s3StorageEnv(s3.endpoint, BUCKET),
            }
          : {},
      );
      // The server's first account is its administrator; the foragers deleting theirs below are users.
      await t.createUser('operator@example.com');
    });
    afterAll(async () => {
      await t?.close();
      client?.destroy();
      await s3?.close();
    });

    /** Every stored photo key, whichever the driver. */
    async function storedKeys(): Promise<string[]> {
      if (client)
        return ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? [])
          .map((object) => object.Key!)
          .sort();
      const dir = path.join(t.dataDir, 'photos');
      return fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .filter((name) => !name.startsWith('.'))
            .map((name) => name.replace(/\.webp$/, ''))
            .sort()
        : [];
    }

    /** Every table of the database (read from the catalogue, so a table added later is covered too). */
    async function tables(): Promise<string[]> {
      const rows = await t.query<{ name: string }>(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      );
      return rows.rows.map((row) => row.name);
    }

    /** Rows of `table` whose text, any column, contains one of the needles (ids, e-mail, photo keys). */
    async function rowsMentioning(table: string, needles: string[]): Promise<number> {
      const list = sql.join(
        needles.map((needle) => sql`${needle.toLowerCase()}`),
        sql`, `,
      );
      const result = await t.query<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} as r
            where exists (select 1 from unnest(array[${list}]::text[]) as needle where strpos(lower(r::text), needle) > 0)`,
      );
      return result.rows[0]!.n;
    }

    async function mapCountsAreExact() {
      const publicSpots = (await t.query<{ n: number }>(sql`select count(*)::int as n from locations where is_public`))
        .rows[0]!.n;
      const levels = (
        await t.query<{ level: number; n: number }>(
          sql`select level, sum(mushroom_spots + car_parks)::int as n from map_cells group by level`,
        )
      ).rows;
      expect(levels.length).toBeGreaterThan(0);
      for (const level of levels) expect(level.n, `level ${level.level}`).toBe(publicSpots);
      return publicSpots;
    }

    it('with the wrong password removes nothing; with the right one removes everything of the user’s and nothing else', async () => {
      const email = `leaving-${kind}@example.com`;
      const a = await t.createUser(email);
      const b = await t.createUser(`staying-${kind}@example.com`, 'b’s own password');
      const userId = (await h.get('/api/v1/me', a.cookie)).json<{ id: string }>().id;
      const otherSession = cookieFrom(await t.signIn(email));

      // A's data: a public and a private spot with photos, a visit with a photo, and what the account leaves
      // elsewhere — a sign-in failure, a reset link, mail waiting to go, an import and a two-step secret.
      const aPublic = await h.spotWithPhoto(a, true, '#a33');
      const aPrivate = await h.spotWithPhoto(a, false, '#3a3');
      const aVisit = await h.visitWithPhoto(a, aPrivate.id, '#33a');
      // And a spot A deleted, with its photo and a visit with one: their ids stay taken while A's account lives
      // (ADR 0070), and go with it.
      const aGone = await h.spotWithPhoto(a, false, '#a3a');
      const aGoneVisit = await h.visitWithPhoto(a, aGone.id, '#3a3');
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/v1/locations/${aGone.id}`, headers: { cookie: a.cookie } }))
          .statusCode,
      ).toBe(204);
      expect((await t.signIn(email, 'not the password')).statusCode).toBe(401);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/request-password-reset',
            payload: { email, redirectTo: '/reset-password' },
          })
        ).statusCode,
      ).toBe(200);
      await t.smtp.waitForMail(email, /Reset your Foray password/);
      await t.db.execute(sql`insert into mail_outbox (to_address, subject, text_body, html_body, next_attempt_at)
                             values (${email}, 'Later', 'Later', 'Later', now() + interval '1 day')`);
      await t.db
        .execute(sql`insert into imports (id, user_id, file_name, format, created_count, photo_count, skipped_count)
                             values (${crypto.randomUUID()}, ${userId}, 'spots.gpx', 'gpx', 2, 0, 0)`);
      await t.db.execute(
        sql`insert into two_factor (id, secret, backup_codes, user_id) values (${crypto.randomUUID()}, 'secret', 'codes', ${userId})`,
      );

      // B's: a public spot with a photo and a visit with one.
      const bPublic = await h.spotWithPhoto(b, true, '#aa3');
      const bVisit = await h.visitWithPhoto(b, bPublic.id, '#3aa');
      const bKeys = [bPublic, ...[bVisit]]
        .flatMap((item) => item.photos.flatMap((photo) => [keyOf(photo.url), keyOf(photo.thumbnail_url)]))
        .sort();

      const aKeys = [aPublic, aPrivate, aVisit].flatMap((item) =>
        item.photos.flatMap((photo) => [keyOf(photo.url), keyOf(photo.thumbnail_url)]),
      );
      expect(aKeys).toHaveLength(6);
      expect(await storedKeys()).toEqual([...aKeys, ...bKeys].sort());
      expect(await mapCountsAreExact()).toBe(2);
      const photoIds = [aPublic, aPrivate, aVisit, aGone, aGoneVisit].flatMap((item) => item.photos.map((p) => p.id));
      expect(photoIds).toHaveLength(5);
      const needles = [
        userId,
        email,
        aPublic.id,
        aPrivate.id,
        aVisit.id,
        aGone.id,
        aGoneVisit.id,
        ...photoIds,
        ...aKeys,
      ];
      const before = new Map<string, number>();
      for (const table of await tables()) before.set(table, await rowsMentioning(table, needles));
      for (const table of [
        'user',
        'session',
        'account',
        'locations',
        'location_photos',
        'visits',
        'visit_photos',
        'imports',
        'two_factor',
        'sign_in_failure',
        'verification',
        'mail_outbox',
        'deleted_location_ids',
        'deleted_location_photo_ids',
        'deleted_visit_ids',
        'deleted_visit_photo_ids',
      ]) {
        expect(before.get(table), table).toBeGreaterThan(0);
      }

      // Wrong or missing password: a 4xx and nothing removed.
      for (const payload of [{ password: 'not the password' }, {}, { password: '' }, { password: 7 }]) {
        const refused = await h.post('/api/auth/delete-user', a.cookie, payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
        expect(refused.statusCode).toBeLessThan(500);
        expect(refused.json().error.code).toBeTypeOf('string');
      }
      for (const table of await tables()) expect(await rowsMentioning(table, needles), table).toBe(before.get(table));
      expect(await storedKeys()).toEqual([...aKeys, ...bKeys].sort());
      // B with A's password (and A's id) cannot delete anyone: only the session's own account, with its own password.
      const byB = await h.post('/api/auth/delete-user', b.cookie, { password: 'correct horse battery', userId });
      expect(byB.statusCode).toBe(400);
      expect(byB.json().error.code).toBe('INVALID_PASSWORD');
      for (const table of await tables()) expect(await rowsMentioning(table, needles), table).toBe(before.get(table));
      expect((await h.get('/api/v1/me', a.cookie)).statusCode).toBe(200);

      // The right password: 200, signed out, and nothing of A's anywhere.
      const deleted = await h.post('/api/auth/delete-user', a.cookie, { password: 'correct horse battery' });
      expect(deleted.statusCode).toBe(200);
      expect(String(deleted.headers['set-cookie'])).toMatch(/session_token=;/);
      expect((await h.get('/api/v1/me', a.cookie)).statusCode).toBe(401);
      expect((await h.get('/api/v1/me', otherSession)).statusCode).toBe(401);
      for (const table of await tables())
        expect(await rowsMentioning(table, needles), `rows of table ${table}`).toBe(0);
      expect(await storedKeys()).toEqual(bKeys);

      // B's data is whole, and the map counts only B's public spot.
      expect((await h.get(`/api/v1/locations/${bPublic.id}`, b.cookie)).json()).toMatchObject({
        is_owner: true,
        photos: expect.any(Array),
      });
      expect(
        (await h.get(`/api/v1/locations/${bPublic.id}/visits`, b.cookie)).json<{ items: Visit[] }>().items,
      ).toHaveLength(1);
      for (const key of bKeys) {
        const photo = await h.get(`/api/v1/photos/${key}`, b.cookie);
        expect(photo.statusCode, key).toBe(200);
      }
      expect(await mapCountsAreExact()).toBe(1);

      // The address is free again.
      expect((await t.signIn(email)).statusCode).toBe(401);
      const again = await t.createUser(email, 'a different password');
      expect((await h.get('/api/v1/me', again.cookie)).json()).toMatchObject({ email, name: null });
      expect((await h.get('/api/v1/locations?owner=mine', again.cookie)).json<{ items: Spot[] }>().items).toEqual([]);
    });
  });
}

deletionSuite('local');
deletionSuite('s3');

describe('deleting an account when storage fails to remove its files', () => {
  let t: TestContext;
  let storageDir: string;
  let failDeletes = false;
  const h = helpers(() => t);

  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-account-storage-'));
    const disk = await createLocalDiskStorage({ kind: 'local', dir: storageDir });
    // The real driver, whose delete fails while `failDeletes` is set (a full disk, a lost bucket).
    const storage: PhotoStorage = {
      kind: disk.kind,
      put: (key, body, type) => disk.put(key, body, type),
      get: (key) => disk.get(key),
      size: (key) => disk.size(key),
      list: () => disk.list(),
      delete: async (key) => {
        if (failDeletes) throw new Error('storage unavailable');
        await disk.delete(key);
      },
    };
    t = await createTestContext({ build: { storage } });
    // The server's first account is its administrator; the foragers deleting theirs below are users.
    await t.createUser('operator@example.com');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it('still deletes the account, and the reconciler removes the files left behind — and no one else’s', async () => {
    const a = await t.createUser('storage-fails@example.com');
    const b = await t.createUser('storage-fine@example.com', 'b’s own password');
    const aSpot = await h.spotWithPhoto(a, true, '#a55');
    const bSpot = await h.spotWithPhoto(b, false, '#5a5');
    const files = () =>
      fs
        .readdirSync(storageDir)
        .filter((name) => !name.startsWith('.'))
        .map((name) => name.replace(/\.webp$/, ''))
        .sort();
    const keysOf = (spot: Spot) => spot.photos.flatMap((photo) => [keyOf(photo.url), keyOf(photo.thumbnail_url)]);
    expect(files()).toEqual([...keysOf(aSpot), ...keysOf(bSpot)].sort());

    failDeletes = true;
    const deleted = await h.post('/api/auth/delete-user', a.cookie, { password: 'correct horse battery' });
    failDeletes = false;
    expect(deleted.statusCode).toBe(200);
    expect((await h.get('/api/v1/me', a.cookie)).statusCode).toBe(401);
    // The rows are gone; the files are still there, named by no row.
    expect(files()).toEqual([...keysOf(aSpot), ...keysOf(bSpot)].sort());

    const result = await reconcilePhotos({
      db: t.db,
      storage: await createLocalDiskStorage({ kind: 'local', dir: storageDir }),
      graceMs: 0,
    });
    expect(result.removed).toBe(2);
    expect(files()).toEqual(keysOf(bSpot).sort());
    expect((await h.get(`/api/v1/photos/${keysOf(bSpot)[0]}`, b.cookie)).statusCode).toBe(200);
  });
});
