import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { moderationKit, type Person } from './moderation-test-kit.ts';
import { REPORTS_PER_HOUR_MAX, type AdminReport } from '../../../common/schemas/reports.ts';
import type { Spot } from '../../../common/schemas/spots.ts';

/**
 * Reports (ADR 0078): anyone signed in reports what everyone on the server can see, once per item, within an hourly
 * limit; anything else is the 404 of an id that does not exist; the owner never learns who reported; administrators
 * see the report with the content as everyone sees it, and hide or dismiss it.
 */
let t: TestContext;
const kit = moderationKit(() => t);
let ann: Person; // owns the content
let ben: Person; // reports
let cai: Person; // another user
let ada: Person; // an administrator

beforeAll(async () => {
  t = await createTestContext();
  // The server's first account is its administrator, as on any new server; the others are users.
  ada = await kit.person('ada');
  ann = await kit.person('ann', 'Ann');
  ben = await kit.person('ben');
  cai = await kit.person('cai');
  await kit.makeAdmin(ada);
});
afterAll(() => t.close());

describe('reporting', () => {
  it('takes a public spot, a visit of it and the photos of both: 201, and the same again is 200 with the first', async () => {
    const spot = await kit.spotWithPhoto(ann);
    const visit = await kit.visitWithPhoto(ann, spot.id);
    for (const [type, id] of [
      ['spot', spot.id],
      ['visit', visit.id],
      ['photo', spot.photos[0]!.id],
      ['photo', visit.photos[0]!.id],
    ] as const) {
      const first = await kit.report(ben, type, id, 'offensive');
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({ target_type: type, target_id: id, reason: 'offensive', text: null });
      const again = await kit.report(ben, type, id, 'spam');
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
    }
  });

  it('keeps the text of "other", and refuses "other" without one', async () => {
    const spot = await kit.spot(ann);
    const bare = await kit.as(ben, 'POST', '/api/v1/reports', {
      target_type: 'spot',
      target_id: spot.id,
      reason: 'other',
    });
    expect(bare.statusCode).toBe(400);
    const said = await kit.as(ben, 'POST', '/api/v1/reports', {
      target_type: 'spot',
      target_id: spot.id,
      reason: 'other',
      text: 'Pins the car park of a shop',
    });
    expect(said.statusCode).toBe(201);
    expect(said.json()).toMatchObject({ reason: 'other', text: 'Pins the car park of a shop' });
  });

  it('answers a private spot, a circle-only spot, their visits and photos, and an unknown id with the same 404', async () => {
    const circleId = await kit.circleWith(ann, [ben]);
    const secret = await kit.spotWithPhoto(ann, { is_public: false });
    const shared = await kit.spotWithPhoto(ann, { is_public: false, audience: 'circles', circle_ids: [circleId] });
    const sharedVisit = await kit.visitWithPhoto(ann, shared.id);
    // Ben sees the shared spot (he is in the circle), but it is not for everyone: nothing to report to the server.
    expect((await kit.as(ben, 'GET', `/api/v1/locations/${shared.id}`)).statusCode).toBe(200);
    const unknown = await kit.report(ben, 'spot', crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    for (const [type, id] of [
      ['spot', secret.id],
      ['photo', secret.photos[0]!.id],
      ['spot', shared.id],
      ['visit', sharedVisit.id],
      ['photo', shared.photos[0]!.id],
      ['photo', sharedVisit.photos[0]!.id],
      ['visit', crypto.randomUUID()],
      ['photo', crypto.randomUUID()],
    ] as const) {
      const response = await kit.report(ben, type, id);
      expect(response.statusCode, `${type} ${id}`).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    // A visit id given as a spot, or a spot id as a photo: nothing of that kind.
    const open = await kit.spotWithPhoto(ann);
    expect((await kit.report(ben, 'photo', open.id)).statusCode).toBe(404);
  });

  it('refuses one’s own content with 400 OWN_CONTENT', async () => {
    const spot = await kit.spotWithPhoto(ann);
    for (const [type, id] of [
      ['spot', spot.id],
      ['photo', spot.photos[0]!.id],
    ] as const) {
      const response = await kit.report(ann, type, id);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('OWN_CONTENT');
    }
  });

  it('needs a session and a valid body', async () => {
    const spot = await kit.spot(ann);
    expect((await kit.report({ ...ben, cookie: '' }, 'spot', spot.id)).statusCode).toBe(401);
    for (const body of [
      { target_type: 'circle', target_id: spot.id, reason: 'spam' },
      { target_type: 'spot', target_id: 'not-a-uuid', reason: 'spam' },
      { target_type: 'spot', target_id: spot.id, reason: 'boring' },
      { target_type: 'spot', target_id: spot.id, reason: 'spam', reporter: 'x' },
    ]) {
      const response = await kit.as(ben, 'POST', '/api/v1/reports', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it(`allows ${REPORTS_PER_HOUR_MAX} new reports an hour per account, counted in the database; a repeat is free`, async () => {
    const dan = await kit.person('dan');
    const made: Spot[] = [];
    for (let i = 0; i <= REPORTS_PER_HOUR_MAX; i++) made.push(await kit.spot(ann, { mushroom_types: `Spot ${i}` }));
    for (const spot of made.slice(0, REPORTS_PER_HOUR_MAX)) await kit.reported(dan, 'spot', spot.id);
    const over = await kit.report(dan, 'spot', made[REPORTS_PER_HOUR_MAX]!.id);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
    // The same item again is answered with the first report, not counted.
    expect((await kit.report(dan, 'spot', made[0]!.id)).statusCode).toBe(200);
    // Someone else is not held by Dan's count.
    expect((await kit.report(cai, 'spot', made[REPORTS_PER_HOUR_MAX]!.id)).statusCode).toBe(201);
    // An hour later (the reports' own times, moved back in the database), Dan may report again.
    await t.query(sql`update reports set created_at = created_at - interval '61 minutes'
      where reporter_id = ${dan.id}`);
    expect((await kit.report(dan, 'spot', made[REPORTS_PER_HOUR_MAX]!.id)).statusCode).toBe(201);
  });
});

describe('the administrators’ queue', () => {
  it('is a 404 for anyone but an administrator, as a route that does not exist', async () => {
    const spot = await kit.spot(ann);
    const report = await kit.reported(ben, 'spot', spot.id);
    for (const who of [ann, ben, null]) {
      for (const [method, url, body] of [
        ['GET', '/api/v1/admin/reports'],
        ['PATCH', `/api/v1/admin/reports/${report.id}`, { action: 'hide' }],
        ['PATCH', `/api/v1/admin/hidden/spot/${spot.id}`, { hidden: false }],
        ['GET', `/api/v1/admin/photos/${'a'.repeat(32)}.webp`],
        // A bad body or parameter too: no 400 tells anyone the route is there.
        ['PATCH', '/api/v1/admin/reports/nope', { action: 'burn' }],
        ['GET', '/api/v1/admin/reports?status=all'],
        ['GET', '/api/v1/admin/photos/..'],
      ] as const) {
        const response = await kit.as(who, method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect((await kit.as(ben, 'GET', `/api/v1/locations/${spot.id}`)).statusCode).toBe(200);
  });

  it('shows each report with the content as everyone sees it and its owner’s name, never the reporter', async () => {
    const spot = await kit.spotWithPhoto(ann, { precision: '1km', notes: 'By the birches' });
    const visit = await kit.visitWithPhoto(ann, spot.id);
    const spotReport = await kit.reported(ben, 'spot', spot.id, 'wrong');
    const visitReport = await kit.reported(ben, 'visit', visit.id, 'offensive');
    const photoReport = await kit.reported(ben, 'photo', visit.photos[0]!.id, 'dangerous');
    const items = await kit.queue(ada);
    const byId = new Map(items.map((item) => [item.id, item]));
    const asCai = (await kit.as(cai, 'GET', `/api/v1/locations/${spot.id}`)).json<Spot>();

    const spotItem = byId.get(spotReport.id)!;
    expect(spotItem).toMatchObject({ status: 'open', reason: 'wrong', target_type: 'spot', target_id: spot.id });
    expect(spotItem.target).toMatchObject({ owner_id: expect.any(String), owner_name: 'Ann', hidden: false });
    // The spot exactly as another user sees it (its shown point, not the true one), photo URLs aside.
    const adminUrl = (url: string | null) => url?.replace('/api/v1/photos/', '/api/v1/admin/photos/') ?? null;
    expect(spotItem.target!.spot).toEqual({
      ...asCai,
      photo_url: adminUrl(asCai.photo_url),
      thumbnail_url: adminUrl(asCai.thumbnail_url),
      photos: asCai.photos.map((photo) => ({
        ...photo,
        url: adminUrl(photo.url),
        thumbnail_url: adminUrl(photo.thumbnail_url),
      })),
    });
    expect(spotItem.target!.spot!.latitude).not.toBe(spot.latitude);

    const visitItem = byId.get(visitReport.id)!;
    expect(visitItem.target!.visit).toMatchObject({ id: visit.id, note: null, outcome: 'found' });
    const photoItem = byId.get(photoReport.id)!;
    expect(photoItem.target!.photo!.id).toBe(visit.photos[0]!.id);

    // The administrator is served the reported photo.
    const photo = await kit.as(ada, 'GET', photoItem.target!.photo!.url);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\//);

    // Nothing names the reporter: not the queue, not the owner's own view of the spot.
    const queueText = JSON.stringify(items);
    expect(queueText).not.toContain(ben.id);
    expect(queueText).not.toContain(ben.email);
    const asOwner = await kit.as(ann, 'GET', `/api/v1/locations/${spot.id}`);
    expect(asOwner.body).not.toContain(ben.id);
    expect(asOwner.body).not.toContain('report');
  });

  it('serves an administrator no photo that was not reported', async () => {
    const spot = await kit.spotWithPhoto(ann);
    const key = spot.photos[0]!.url.split('/').pop()!;
    expect((await kit.as(ada, 'GET', `/api/v1/admin/photos/${key}`)).statusCode).toBe(404);
    // Any user sees it where everyone may: an administrator too, by the ordinary route.
    expect((await kit.as(ada, 'GET', spot.photos[0]!.url)).statusCode).toBe(200);
  });

  it('hides: the report and every other open report of the item close, the owner sees the reason, all audited', async () => {
    const spot = await kit.spot(ann);
    const first = await kit.reported(ben, 'spot', spot.id, 'spam');
    const second = await kit.reported(cai, 'spot', spot.id, 'offensive');
    const acted = await kit.act(ada, first.id, 'hide');
    expect(acted).toMatchObject({ status: 'closed', target: { hidden: true } });
    const closed = await kit.queue(ada, 'closed');
    expect(closed.map((item) => item.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect((await kit.queue(ada)).map((item) => item.id)).not.toContain(second.id);

    const own = (await kit.as(ann, 'GET', `/api/v1/locations/${spot.id}`)).json<Spot>();
    expect(own.hidden).toEqual({ reason: 'spam' });
    expect((await kit.as(cai, 'GET', `/api/v1/locations/${spot.id}`)).statusCode).toBe(404);

    await kit.showAgain(ada, 'spot', spot.id);
    const shownAgain = (await kit.as(ann, 'GET', `/api/v1/locations/${spot.id}`)).json<Spot>();
    expect(shownAgain).not.toHaveProperty('hidden');
    expect((await kit.as(cai, 'GET', `/api/v1/locations/${spot.id}`)).statusCode).toBe(200);
    // Shown already: nothing hidden to show.
    const twice = await kit.as(ada, 'PATCH', `/api/v1/admin/hidden/spot/${spot.id}`, { hidden: false });
    expect(twice.statusCode).toBe(404);

    const audit = await t.query<{ action: string; subject_id: string; actor_id: string }>(
      sql`select action, subject_id, actor_id from audit_log where subject_id in (${first.id}, ${spot.id}) order by id`,
    );
    expect(audit.rows).toEqual([
      { action: 'report.hide', subject_id: first.id, actor_id: ada.id },
      { action: 'content.show', subject_id: spot.id, actor_id: ada.id },
    ]);
  });

  it('dismisses one report and changes nothing of the content', async () => {
    const spot = await kit.spot(ann);
    const report = await kit.reported(ben, 'spot', spot.id);
    const other = await kit.reported(cai, 'spot', spot.id);
    const acted = await kit.act(ada, report.id, 'dismiss');
    expect(acted).toMatchObject({ status: 'closed', target: { hidden: false } });
    expect((await kit.queue(ada)).map((item: AdminReport) => item.id)).toContain(other.id);
    expect((await kit.as(cai, 'GET', `/api/v1/locations/${spot.id}`)).statusCode).toBe(200);
    const own = (await kit.as(ann, 'GET', `/api/v1/locations/${spot.id}`)).json<Spot>();
    expect(own).not.toHaveProperty('hidden');
    const audit = await t.query<{ action: string }>(sql`select action from audit_log where subject_id = ${report.id}`);
    expect(audit.rows).toEqual([{ action: 'report.dismiss' }]);
  });

  it('answers an unknown report or a bad action with 404 or 400, never a 500', async () => {
    expect(
      (await kit.as(ada, 'PATCH', `/api/v1/admin/reports/${crypto.randomUUID()}`, { action: 'hide' })).statusCode,
    ).toBe(404);
    expect((await kit.as(ada, 'PATCH', `/api/v1/admin/reports/nope`, { action: 'hide' })).statusCode).toBe(400);
    const spot = await kit.spot(ann);
    const report = await kit.reported(ben, 'spot', spot.id);
    expect((await kit.as(ada, 'PATCH', `/api/v1/admin/reports/${report.id}`, { action: 'delete' })).statusCode).toBe(
      400,
    );
    expect((await kit.as(ada, 'PATCH', `/api/v1/admin/hidden/circle/${spot.id}`, { hidden: false })).statusCode).toBe(
      400,
    );
    expect((await kit.as(ada, 'PATCH', `/api/v1/admin/hidden/spot/${spot.id}`, { hidden: true })).statusCode).toBe(400);
    expect((await kit.as(ada, 'GET', `/api/v1/admin/reports?status=all`)).statusCode).toBe(400);
  });

  it('shows nothing of content made private after it was reported, and hiding it then only closes its reports', async () => {
    const spot = await kit.spot(ann);
    const report = await kit.reported(ben, 'spot', spot.id);
    const edited = await kit.as(ann, 'PATCH', `/api/v1/locations/${spot.id}`, {
      audience: 'private',
      base_version: spot.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const item = (await kit.queue(ada)).find((entry) => entry.id === report.id)!;
    expect(item.target).toBeNull();
    const acted = await kit.act(ada, report.id, 'hide');
    expect(acted).toMatchObject({ status: 'closed', target: null });
    const own = (await kit.as(ann, 'GET', `/api/v1/locations/${spot.id}`)).json<Spot>();
    expect(own).not.toHaveProperty('hidden');
  });
});
