// What the circles API tests share: people signed in as a browser would be, and the few calls every test makes.
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Circle, Invite } from '../../../common/schemas/circles.ts';
import type { TestContext } from '../../test/test-app.ts';
import { spotCircles, spots } from '../../db/schema.ts';

export type Person = { email: string; cookie: string; id: string; name: string | null };
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export function circleKit(context: () => TestContext) {
  const as = (who: Person | null, method: Method, url: string, payload?: object) =>
    context().app.inject({
      method,
      url,
      headers: who ? { cookie: who.cookie } : {},
      ...(payload === undefined ? {} : { payload }),
    });

  /**
   * A verified, signed-in user with their id and the display name they chose at sign-up (`Forager <label>`), or none
   * when `name` is null.
   */
  async function person(label: string, name: string | null = `Forager ${label}`): Promise<Person> {
    const email = `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const user = await context().createUser(email, undefined, name ?? undefined);
    const me = (await as({ ...user, id: '', name: null }, 'GET', '/api/v1/me')).json<{
      id: string;
      name: string | null;
    }>();
    return { email, cookie: user.cookie, id: me.id, name: me.name };
  }

  async function createCircle(owner: Person, name = 'Family'): Promise<Circle> {
    const response = await as(owner, 'POST', '/api/v1/circles', { name });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Circle>();
  }

  async function invite(admin: Person, circleId: string, body: object = {}): Promise<Invite> {
    const response = await as(admin, 'POST', `/api/v1/circles/${circleId}/invites`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Invite>();
  }

  /** `who` joins through a fresh link made by `admin`. */
  async function join(who: Person, circleId: string, admin: Person): Promise<Circle> {
    const link = await invite(admin, circleId, { max_uses: 1 });
    const response = await as(who, 'POST', `/api/v1/invites/${link.token}/accept`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Circle>();
  }

  /** A spot of `owner`'s written straight into the table (the spots routes do not share with circles yet). */
  async function spotOf(owner: Person, circleIds: string[] = []): Promise<string> {
    const id = crypto.randomUUID();
    const db = context().db;
    await db.insert(spots).values({
      id,
      userId: owner.id,
      type: 'mushroom_spot',
      mushroomTypes: 'Chanterelle',
      finder: owner.name ?? '',
      dateFound: '2026-09-14',
      latitude: 54.6872,
      longitude: 25.2797,
    });
    if (circleIds.length > 0)
      await db.insert(spotCircles).values(circleIds.map((circleId) => ({ spotId: id, circleId })));
    return id;
  }

  /** The circles a spot is shared with, as stored. */
  async function sharesOf(spotId: string): Promise<string[]> {
    const result = await context().query<{ circle_id: string }>(
      sql`select circle_id from location_circles where location_id = ${spotId} order by circle_id`,
    );
    return result.rows.map((row) => row.circle_id);
  }

  return { as, person, createCircle, invite, join, spotOf, sharesOf };
}
