// What the moderation API tests share: people, spots with photos, visits with photos, reports and the queue.
import crypto from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from '../../test/test-app.ts';
import { validSpot } from '../../test/test-app.ts';
import { multipart } from '../../test/multipart.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import type { Visit } from '../../../common/schemas/visits.ts';
import type { AdminReport, Report } from '../../../common/schemas/reports.ts';

export type Person = { email: string; cookie: string; id: string };

export function moderationKit(t: () => TestContext) {
  const photoBytes = () =>
    sharp({ create: { width: 32, height: 24, channels: 3, background: '#8a5' } })
      .jpeg()
      .toBuffer();

  const as = (who: Person | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t().app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

  async function spotWithPhoto(owner: Person, overrides: Record<string, unknown> = {}): Promise<Spot> {
    const body = await multipart(validSpot({ is_public: true, ...overrides }), { bytes: await photoBytes() });
    const response = await t().app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: owner.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  async function spot(owner: Person, overrides: Record<string, unknown> = {}): Promise<Spot> {
    const response = await as(owner, 'POST', '/api/v1/locations', validSpot({ is_public: true, ...overrides }));
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  async function visitWithPhoto(owner: Person, spotId: string, date = '2026-09-20'): Promise<Visit> {
    const id = crypto.randomUUID();
    const created = await as(owner, 'POST', `/api/v1/locations/${spotId}/visits`, { id, date, outcome: 'found' });
    expect(created.statusCode, created.body).toBe(201);
    const body = await multipart({}, { bytes: await photoBytes() });
    const response = await t().app.inject({
      method: 'POST',
      url: `/api/v1/locations/${spotId}/visits/${id}/photos`,
      headers: { cookie: owner.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  const report = (who: Person, target_type: 'spot' | 'visit' | 'photo', target_id: string, reason = 'spam') =>
    as(who, 'POST', '/api/v1/reports', { target_type, target_id, reason });

  async function reported(who: Person, target_type: 'spot' | 'visit' | 'photo', target_id: string, reason = 'spam') {
    const response = await report(who, target_type, target_id, reason);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Report>();
  }

  async function makeAdmin(person: Person) {
    await t().query(sql`update "user" set role = 'admin' where email = ${person.email}`);
  }

  async function queue(admin: Person, status: 'open' | 'closed' = 'open'): Promise<AdminReport[]> {
    const response = await as(admin, 'GET', `/api/v1/admin/reports?status=${status}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: AdminReport[] }>().items;
  }

  async function act(admin: Person, reportId: string, action: 'hide' | 'dismiss'): Promise<AdminReport> {
    const response = await as(admin, 'PATCH', `/api/v1/admin/reports/${reportId}`, { action });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function showAgain(admin: Person, type: 'spot' | 'visit' | 'photo', id: string) {
    const response = await as(admin, 'PATCH', `/api/v1/admin/hidden/${type}/${id}`, { hidden: false });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** The status changed as any writer would, in SQL (the database's trigger withholds or gives back the content). */
  async function setStatus(person: Person, status: 'active' | 'disabled') {
    await t().query(sql`update "user" set status = ${status} where email = ${person.email}`);
  }

  /** The status changed by an administrator, as the administration page does (`PATCH /api/v1/admin/users/:id`). */
  async function changeStatus(admin: Person, person: Person, status: 'active' | 'disabled') {
    const response = await as(admin, 'PATCH', `/api/v1/admin/users/${person.id}`, { status });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** A verified, signed-in user with their id and the display name given (or none). */
  async function person(label: string, name?: string): Promise<Person> {
    const email = `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const user = await t().createUser(email, undefined, name);
    const me = (await t().app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: user.cookie } })).json<{
      id: string;
    }>();
    return { email, cookie: user.cookie, id: me.id };
  }

  /** A circle of the owner's with these members (joined through an invitation, as a person would). */
  async function circleWith(owner: Person, members: Person[]): Promise<string> {
    const created = await as(owner, 'POST', '/api/v1/circles', { name: 'Club' });
    expect(created.statusCode, created.body).toBe(201);
    const circleId = created.json<{ id: string }>().id;
    for (const member of members) {
      const invite = await as(owner, 'POST', `/api/v1/circles/${circleId}/invites`, {});
      expect(invite.statusCode, invite.body).toBe(201);
      const accepted = await as(member, 'POST', `/api/v1/invites/${invite.json<{ token: string }>().token}/accept`);
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
    return circleId;
  }

  return {
    as,
    person,
    circleWith,
    spot,
    spotWithPhoto,
    visitWithPhoto,
    report,
    reported,
    makeAdmin,
    queue,
    act,
    showAgain,
    setStatus,
    changeStatus,
  };
}
