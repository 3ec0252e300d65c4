import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Circle, Invite, Member } from '../../../common/schemas/circles.ts';
import { createTestContext, sameAnswer, type TestContext } from '../../test/test-app.ts';
import { spotCircles } from '../../db/schema.ts';
import { circleKit, type Person } from './circles-test-kit.ts';
import { circleIdsOfMember } from './circles.queries.ts';

/**
 * Who may do what in a circle. A (owner), B (member), C (outside it): C learns nothing of the circle, not even that
 * it exists — every route answers C exactly as it answers for a circle that does not exist. B may look but not
 * manage (403: B knows the circle). Leaving or being removed takes one's own shares out of the circle.
 */
let t: TestContext;
const kit = circleKit(() => t);
const { as, person, createCircle, invite, join, spotOf, sharesOf } = kit;
let a: Person;
let b: Person;
let c: Person;

beforeAll(async () => {
  t = await createTestContext();
  [a, b, c] = [await person('a'), await person('b'), await person('c')];
});
afterAll(() => t.close());

type Call = [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object];

/** Every route under a circle, with a valid body, for the circle `id`, its invitation `inviteId` and member `userId`. */
const circleRoutes = (id: string, inviteId: string, userId: string): Call[] => [
  ['GET', `/api/v1/circles/${id}`],
  ['PATCH', `/api/v1/circles/${id}`, { name: 'Taken over' }],
  ['PATCH', `/api/v1/circles/${id}`, { owner_id: userId }],
  ['DELETE', `/api/v1/circles/${id}`],
  ['GET', `/api/v1/circles/${id}/members`],
  ['PATCH', `/api/v1/circles/${id}/members/${userId}`, { role: 'admin' }],
  ['DELETE', `/api/v1/circles/${id}/members/${userId}`],
  ['POST', `/api/v1/circles/${id}/invites`, {}],
  ['POST', `/api/v1/circles/${id}/invites`, { email: 'friend@example.com' }],
  ['GET', `/api/v1/circles/${id}/invites`],
  ['DELETE', `/api/v1/circles/${id}/invites/${inviteId}`],
];

describe('someone outside the circle', () => {
  it('gets on every circle route exactly the 404 of a circle that does not exist, and changes nothing', async () => {
    const circle = await createCircle(a, 'The secret glade club');
    await join(b, circle.id, a);
    const link = await invite(a, circle.id);
    const spot = await spotOf(a, [circle.id]);
    const missing = crypto.randomUUID();

    const real = circleRoutes(circle.id, link.id, b.id);
    const ghost = circleRoutes(missing, crypto.randomUUID(), b.id);
    for (const [i, [method, url, body]] of real.entries()) {
      const seen = await as(c, method, url, body);
      const [, ghostUrl, ghostBody] = ghost[i]!;
      const none = await as(c, method, ghostUrl, ghostBody);
      expect(seen.statusCode, `${method} ${url}`).toBe(404);
      expect(sameAnswer(seen), `${method} ${url}`).toBe(sameAnswer(none));
      expect(seen.json().error).toEqual({
        code: 'NOT_FOUND',
        message: 'Circle not found',
        request_id: expect.any(String),
      });
      for (const header of ['content-type', 'cache-control', 'content-length']) {
        expect(seen.headers[header], `${method} ${url} ${header}`).toEqual(none.headers[header]);
      }
      expect(seen.body).not.toContain('glade');
    }
    // C's own member id in someone else's circle: the same.
    const self = await as(c, 'DELETE', `/api/v1/circles/${circle.id}/members/${c.id}`);
    expect(self.json().error).toEqual({
      code: 'NOT_FOUND',
      message: 'Circle not found',
      request_id: expect.any(String),
    });

    // Nothing changed.
    const now = (await as(a, 'GET', `/api/v1/circles/${circle.id}`)).json<Circle>();
    expect(now).toMatchObject({ name: 'The secret glade club', role: 'owner', member_count: 2 });
    const members = (await as(a, 'GET', `/api/v1/circles/${circle.id}/members`)).json<{ items: Member[] }>().items;
    expect(members.map((m) => [m.user_id, m.role])).toEqual([
      [a.id, 'owner'],
      [b.id, 'member'],
    ]);
    const invites = (await as(a, 'GET', `/api/v1/circles/${circle.id}/invites`)).json<{ items: Invite[] }>().items;
    expect(invites.map((item) => item.id)).toEqual([link.id]);
    expect(await sharesOf(spot)).toEqual([circle.id]);
    expect((await as(c, 'GET', '/api/v1/circles')).json<{ items: Circle[] }>().items).toEqual([]);
  });
});

describe('a member without the role for it', () => {
  it('gets 403 FORBIDDEN for managing the circle, its roles and its invitations', async () => {
    const circle = await createCircle(a, 'Look, don’t touch');
    await join(b, circle.id, a);
    const d = await person('d');
    await join(d, circle.id, a);
    const link = await invite(a, circle.id);

    const refused: Call[] = [
      ['PATCH', `/api/v1/circles/${circle.id}`, { name: 'Mine' }],
      ['PATCH', `/api/v1/circles/${circle.id}`, { owner_id: b.id }],
      ['DELETE', `/api/v1/circles/${circle.id}`],
      ['PATCH', `/api/v1/circles/${circle.id}/members/${d.id}`, { role: 'admin' }],
      ['DELETE', `/api/v1/circles/${circle.id}/members/${d.id}`],
      ['DELETE', `/api/v1/circles/${circle.id}/members/${a.id}`],
      ['POST', `/api/v1/circles/${circle.id}/invites`, {}],
      ['GET', `/api/v1/circles/${circle.id}/invites`],
      ['DELETE', `/api/v1/circles/${circle.id}/invites/${link.id}`],
    ];
    for (const [method, url, body] of refused) {
      const response = await as(b, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
      expect(response.json().error.message).toMatch(/owner|admin/);
    }
    expect((await as(a, 'GET', `/api/v1/circles/${circle.id}`)).json()).toMatchObject({ member_count: 3 });
  });
});

describe('removing members and leaving', () => {
  it('lets admins remove members but not the owner or another admin; the owner removes anyone', async () => {
    const circle = await createCircle(a, 'Removals');
    const [admin1, admin2, m1, m2] = [
      await person('adm1'),
      await person('adm2'),
      await person('m1'),
      await person('m2'),
    ];
    for (const who of [admin1, admin2, m1, m2]) await join(who, circle.id, a);
    for (const who of [admin1, admin2]) {
      await as(a, 'PATCH', `/api/v1/circles/${circle.id}/members/${who.id}`, { role: 'admin' });
    }

    const url = (who: Person) => `/api/v1/circles/${circle.id}/members/${who.id}`;
    expect((await as(admin1, 'DELETE', url(a))).statusCode).toBe(403);
    expect((await as(admin1, 'DELETE', url(admin2))).statusCode).toBe(403);
    expect((await as(admin1, 'DELETE', url(c))).statusCode).toBe(404);
    const removed = await as(admin1, 'DELETE', url(m1));
    expect(removed.statusCode).toBe(204);
    expect((await as(m1, 'GET', `/api/v1/circles/${circle.id}`)).statusCode).toBe(404);
    expect((await as(admin1, 'DELETE', url(m1))).statusCode).toBe(404);

    expect((await as(a, 'DELETE', url(admin2))).statusCode).toBe(204);
    expect((await as(a, 'DELETE', url(m2))).statusCode).toBe(204);
    const members = (await as(a, 'GET', `/api/v1/circles/${circle.id}/members`)).json<{ items: Member[] }>().items;
    expect(members.map((m) => m.user_id)).toEqual([a.id, admin1.id]);
  });

  it('lets anyone but the owner leave; the owner hands over or deletes first (409 OWNER_MUST_HAND_OVER)', async () => {
    const circle = await createCircle(a, 'Leaving');
    await join(b, circle.id, a);
    const ownerLeaves = await as(a, 'DELETE', `/api/v1/circles/${circle.id}/members/${a.id}`);
    expect(ownerLeaves.statusCode).toBe(409);
    expect(ownerLeaves.json().error).toEqual({
      code: 'OWNER_MUST_HAND_OVER',
      message: 'The owner cannot leave the circle: hand it to another member first, or delete it.',
      request_id: expect.any(String),
    });

    const left = await as(b, 'DELETE', `/api/v1/circles/${circle.id}/members/${b.id}`);
    expect(left.statusCode).toBe(204);
    expect((await as(b, 'GET', `/api/v1/circles/${circle.id}`)).statusCode).toBe(404);
    expect((await as(b, 'GET', `/api/v1/circles/${circle.id}/members`)).statusCode).toBe(404);
    expect((await as(b, 'DELETE', `/api/v1/circles/${circle.id}/members/${b.id}`)).statusCode).toBe(404);
    expect((await as(a, 'GET', `/api/v1/circles/${circle.id}`)).json().member_count).toBe(1);

    // Handed over, the old owner may leave.
    await join(b, circle.id, a);
    await as(a, 'PATCH', `/api/v1/circles/${circle.id}`, { owner_id: b.id });
    expect((await as(a, 'DELETE', `/api/v1/circles/${circle.id}/members/${a.id}`)).statusCode).toBe(204);
    expect((await as(b, 'GET', `/api/v1/circles/${circle.id}`)).json()).toMatchObject({
      role: 'owner',
      member_count: 1,
    });
  });

  it.each(['leaves', 'is removed'] as const)(
    'takes the shares of the one who %s out of that circle, and only theirs, only there',
    async (how) => {
      const circle = await createCircle(a, `Shares when B ${how}`);
      const other = await createCircle(a, 'B stays here');
      await join(b, circle.id, a);
      await join(b, other.id, a);
      const bsBoth = await spotOf(b, [circle.id, other.id]);
      const bsHere = await spotOf(b, [circle.id]);
      const asHere = await spotOf(a, [circle.id]);

      const response =
        how === 'leaves'
          ? await as(b, 'DELETE', `/api/v1/circles/${circle.id}/members/${b.id}`)
          : await as(a, 'DELETE', `/api/v1/circles/${circle.id}/members/${b.id}`);
      expect(response.statusCode).toBe(204);
      expect(await sharesOf(bsBoth)).toEqual([other.id]);
      expect(await sharesOf(bsHere)).toEqual([]);
      expect(await sharesOf(asHere)).toEqual([circle.id]);
      // B's spots themselves stay B's.
      const kept = await t.query<{ n: number }>(
        sql`select count(*)::int as n from locations where id in (${bsBoth}, ${bsHere}) and user_id = ${b.id}`,
      );
      expect(kept.rows[0]!.n).toBe(2);
    },
  );
});

describe('sharing into a circle while leaving it', () => {
  it('takes away a share written while its owner was being removed (the member row is held while sharing)', async () => {
    const circle = await createCircle(a, 'Race to share');
    await join(b, circle.id, a);
    const spot = await spotOf(b);
    let removal: ReturnType<typeof as> | undefined;
    await t.db.transaction(async (tx) => {
      expect(await circleIdsOfMember(tx, b.id, [circle.id], { lock: true })).toEqual([circle.id]);
      removal = as(a, 'DELETE', `/api/v1/circles/${circle.id}/members/${b.id}`);
      // On PostgreSQL the removal is seen waiting for the held row before the share is written. (PGlite runs one
      // transaction at a time: the removal simply comes after.)
      if (t.database.kind === 'postgres') await waitForALockWait();
      await tx.insert(spotCircles).values({ spotId: spot, circleId: circle.id });
    });
    expect((await removal!).statusCode).toBe(204);
    expect(await sharesOf(spot)).toEqual([]);
    // Once out, B is not found as a member, so the spots side shares nothing more into the circle.
    expect(await circleIdsOfMember(t.db, b.id, [circle.id], { lock: true })).toEqual([]);
  });

  async function waitForALockWait() {
    for (let attempt = 0; attempt < 500; attempt++) {
      const waiting = await t.query<{ n: number }>(sql`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`);
      if (waiting.rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('The removal never waited for the member row');
  }
});

describe('deleting the owner’s account', () => {
  const deleteAccount = (who: Person) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-user',
      headers: { cookie: who.cookie },
      payload: { password: 'correct horse battery' },
    });
  const since = (circleId: string, who: Person, days: number) =>
    t.query(sql`update circle_members set joined_at = now() - make_interval(days => ${days})
                where circle_id = ${circleId} and user_id = ${who.id}`);

  it('hands each circle to its longest-standing admin, else member, and deletes one left with nobody', async () => {
    const leaving = await person('leaving');
    const [early, admin, lateAdmin, solo] = [
      await person('early'),
      await person('admin'),
      await person('late-admin'),
      await createCircle(leaving, 'Alone'),
    ];
    const withAdmins = await createCircle(leaving, 'With admins');
    const membersOnly = await createCircle(leaving, 'Members only');
    const joined = await createCircle(a, 'A’s, leaving is a member');
    for (const who of [early, admin, lateAdmin]) await join(who, withAdmins.id, leaving);
    for (const who of [admin, lateAdmin]) {
      await as(leaving, 'PATCH', `/api/v1/circles/${withAdmins.id}/members/${who.id}`, { role: 'admin' });
    }
    await since(withAdmins.id, early, 30);
    await since(withAdmins.id, admin, 20);
    await since(withAdmins.id, lateAdmin, 10);
    await join(lateAdmin, membersOnly.id, leaving);
    await join(early, membersOnly.id, leaving);
    await since(membersOnly.id, lateAdmin, 5);
    await since(membersOnly.id, early, 1);
    await join(leaving, joined.id, a);
    const shared = await spotOf(leaving, [joined.id]);
    await invite(leaving, withAdmins.id);

    const deleted = await deleteAccount(leaving);
    expect(deleted.statusCode, deleted.body).toBe(200);

    const roles = async (circleId: string, who: Person) =>
      (await as(who, 'GET', `/api/v1/circles/${circleId}/members`))
        .json<{ items: Member[] }>()
        .items.map((m) => [m.user_id, m.role]);
    expect(await roles(withAdmins.id, admin)).toEqual([
      [admin.id, 'owner'],
      [lateAdmin.id, 'admin'],
      [early.id, 'member'],
    ]);
    expect(await roles(membersOnly.id, lateAdmin)).toEqual([
      [lateAdmin.id, 'owner'],
      [early.id, 'member'],
    ]);
    expect(await roles(joined.id, a)).toEqual([[a.id, 'owner']]);
    expect(await sharesOf(shared)).toEqual([]);
    const gone = await t.query<{ n: number }>(sql`select count(*)::int as n from circles where id = ${solo.id}`);
    expect(gone.rows[0]!.n).toBe(0);
    // The invitations they made go with them.
    expect((await as(admin, 'GET', `/api/v1/circles/${withAdmins.id}/invites`)).json().items).toEqual([]);
    const left = await t.query<{ n: number }>(
      sql`select count(*)::int as n from circle_members where user_id = ${leaving.id}`,
    );
    expect(left.rows[0]!.n).toBe(0);
  });
});

describe('circleIdsOfMember', () => {
  it('keeps of the given ids those of circles the user is in', async () => {
    const mine = await createCircle(b, 'B’s own');
    const joined = await createCircle(a, 'B joins');
    await join(b, joined.id, a);
    const notB = await createCircle(a, 'Not B’s');
    const found = await circleIdsOfMember(t.db, b.id, [mine.id, joined.id, notB.id, crypto.randomUUID(), 'junk']);
    expect(found.sort()).toEqual([mine.id, joined.id].sort());
    expect(await circleIdsOfMember(t.db, b.id, [])).toEqual([]);
    expect(await circleIdsOfMember(t.db, c.id, [mine.id, joined.id])).toEqual([]);
  });
});
