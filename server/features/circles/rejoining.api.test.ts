import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Invite } from '../../../common/schemas/circles.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { circleKit, type Person } from './circles-test-kit.ts';

/**
 * Coming back after leaving or being removed (issue #33, ADR 0069): no invitation made before one left admits one
 * again — the owner's or an admin's link, a link with uses to spare, an e-mail to one's own address — only one made
 * afterwards. The refusal is one answer whatever the link's state, and names neither the circle nor who invited.
 */
let t: TestContext;
const { as, person, createCircle, invite, join, spotOf } = circleKit(() => t);
let owner: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestContext();
  [owner, admin] = [await person('owner'), await person('admin')];
});
afterAll(() => t.close());

const preview = (who: Person, token: string) => as(who, 'GET', `/api/v1/invites/${token}`);
const accept = (who: Person, token: string) => as(who, 'POST', `/api/v1/invites/${token}/accept`);
const remove = (by: Person, circleId: string, who: Person) =>
  as(by, 'DELETE', `/api/v1/circles/${circleId}/members/${who.id}`);
const readSpot = async (who: Person, spotId: string) =>
  (await as(who, 'GET', `/api/v1/locations/${spotId}`)).statusCode;
const isMember = async (who: Person, circleId: string) =>
  (await as(who, 'GET', `/api/v1/circles/${circleId}`)).statusCode === 200;

const REFUSAL = {
  error: {
    code: 'INVITE_PREDATES_LEAVING',
    message:
      'This invitation was made before you left this circle or were removed from it, so it no longer lets you in. ' +
      'Ask for a new invitation.',
    request_id: expect.any(String),
  },
};

/** A circle with an admin besides its owner, and a spot of the owner's shared with it. */
async function clubWithSpot(name: string) {
  const circle = await createCircle(owner, name);
  await join(admin, circle.id, owner);
  await as(owner, 'PATCH', `/api/v1/circles/${circle.id}/members/${admin.id}`, { role: 'admin' });
  return { circle, spot: await spotOf(owner, [circle.id]) };
}

/** Refused on its look and on Join with the one answer, and nothing changed: not in, the spot unseen. */
async function expectRefused(who: Person, token: string, circleId: string, spotId: string) {
  for (const response of [await preview(who, token), await accept(who, token)]) {
    expect(response.statusCode, response.body).toBe(403);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual(REFUSAL);
  }
  expect(await isMember(who, circleId)).toBe(false);
  expect(await readSpot(who, spotId)).toBe(404);
}

describe('someone removed from a circle', () => {
  it('is not let back in by the owner’s reusable link they joined with (the reported case)', async () => {
    const { circle, spot } = await clubWithSpot('Reported case');
    const e = await person('e');
    const link = await invite(owner, circle.id); // the app's default: anyone, for 7 days
    expect((await accept(e, link.token)).statusCode).toBe(200);
    expect(await readSpot(e, spot)).toBe(200);

    expect((await remove(owner, circle.id, e)).statusCode).toBe(204);
    expect(await readSpot(e, spot)).toBe(404);
    await expectRefused(e, link.token, circle.id, spot);
    // The link itself still works for everyone else.
    const f = await person('f');
    expect((await accept(f, link.token)).statusCode).toBe(200);
    expect(await readSpot(f, spot)).toBe(200);
  });

  it('is refused by every invitation made before, with one answer whatever its state, naming nobody', async () => {
    const { circle, spot } = await clubWithSpot('The Hidden Chanterelle Glade');
    const e = await person('e');
    // Made before the removal: links of the owner's and an admin's, one with uses to spare, an e-mail to E's own
    // address, and links that have since expired, been revoked or been used up.
    const ownersLink = await invite(owner, circle.id);
    const adminsLink = await invite(admin, circle.id, { max_uses: 10 });
    const toE = await invite(admin, circle.id, { email: e.email });
    const expired = await invite(owner, circle.id);
    const revoked = await invite(owner, circle.id);
    const usedUp = await invite(owner, circle.id, { max_uses: 2 });
    expect((await accept(e, adminsLink.token)).statusCode).toBe(200);

    expect((await remove(admin, circle.id, e)).statusCode).toBe(204);
    await t.query(sql`update circle_invites set expires_at = now() - interval '1 second' where id = ${expired.id}`);
    await as(owner, 'DELETE', `/api/v1/circles/${circle.id}/invites/${revoked.id}`);
    expect((await accept(await person('g'), usedUp.token)).statusCode).toBe(200);
    expect((await accept(await person('h'), usedUp.token)).statusCode).toBe(200);

    for (const link of [ownersLink, adminsLink, toE, expired, revoked, usedUp]) {
      await expectRefused(e, link.token, circle.id, spot);
      const body = (await preview(e, link.token)).body;
      for (const name of ['Chanterelle', owner.name, admin.name]) expect(body).not.toContain(name);
    }
    // No use was counted for E's tries.
    const uses = (await as(owner, 'GET', `/api/v1/circles/${circle.id}/invites`)).json<{ items: Invite[] }>().items;
    expect(uses.find((item) => item.id === adminsLink.id)?.uses).toBe(1);
    expect(uses.find((item) => item.id === toE.id)?.uses).toBe(0);
    // An unknown token is still the 404 it is for anyone; an e-mail to someone else still says so first.
    expect((await accept(e, 'no-such-token')).statusCode).toBe(404);
    const toSomeoneElse = await invite(owner, circle.id, { email: 'someone-else@example.com' });
    expect((await accept(e, toSomeoneElse.token)).json().error.code).toBe('INVITE_FOR_ANOTHER_ADDRESS');
  });

  it.each(['a new link', 'a new e-mail to their address'] as const)(
    'comes back with %s made afterwards, and is refused the old ones again after a second removal',
    async (how) => {
      const { circle, spot } = await clubWithSpot(`Back with ${how}`);
      const e = await person('e');
      const first = await invite(owner, circle.id);
      expect((await accept(e, first.token)).statusCode).toBe(200);
      expect((await remove(owner, circle.id, e)).statusCode).toBe(204);

      const again = await invite(admin, circle.id, how === 'a new link' ? {} : { email: e.email });
      const back = await accept(e, again.token);
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toMatchObject({ id: circle.id, role: 'member' });
      expect(await readSpot(e, spot)).toBe(200);
      // In again: the old link answers as it does for any member.
      expect((await preview(e, first.token)).json()).toMatchObject({ already_member: true });

      expect((await remove(admin, circle.id, e)).statusCode).toBe(204);
      for (const link of [first, again]) await expectRefused(e, link.token, circle.id, spot);
    },
  );

  it('is still let into another circle by that circle’s links: a removal bars only its own circle’s', async () => {
    const { circle, spot } = await clubWithSpot('Removed from here');
    const elsewhere = await createCircle(owner, 'Still welcome there');
    const e = await person('e');
    const here = await invite(owner, circle.id);
    const there = await invite(owner, elsewhere.id);
    expect((await accept(e, here.token)).statusCode).toBe(200);
    expect((await remove(owner, circle.id, e)).statusCode).toBe(204);
    await expectRefused(e, here.token, circle.id, spot);
    expect((await accept(e, there.token)).statusCode).toBe(200);
  });
});

describe('someone who left a circle', () => {
  it('is held to the same rule: only an invitation made after leaving brings them back', async () => {
    const { circle, spot } = await clubWithSpot('Left on their own');
    const e = await person('e');
    const link = await invite(owner, circle.id);
    const toE = await invite(owner, circle.id, { email: e.email });
    expect((await accept(e, link.token)).statusCode).toBe(200);
    expect((await remove(e, circle.id, e)).statusCode).toBe(204);
    for (const old of [link, toE]) await expectRefused(e, old.token, circle.id, spot);
    const fresh = await invite(owner, circle.id);
    expect((await accept(e, fresh.token)).statusCode).toBe(200);
  });

  it('is held to it after handing the circle over and leaving as its former owner', async () => {
    const { circle, spot } = await clubWithSpot('Former owner');
    const link = await invite(admin, circle.id);
    expect((await as(owner, 'PATCH', `/api/v1/circles/${circle.id}`, { owner_id: admin.id })).statusCode).toBe(200);
    expect((await remove(owner, circle.id, owner)).statusCode).toBe(204);
    // The owner's own spot left the circle with them; the link is refused to them like any old one.
    for (const response of [await preview(owner, link.token), await accept(owner, link.token)]) {
      expect(response.json()).toEqual(REFUSAL);
    }
    expect(await isMember(owner, circle.id)).toBe(false);
    expect(await readSpot(admin, spot)).toBe(404);
  });
});

describe('at the same moment', () => {
  it('refuses every old invitation tried at once, and counts no use', async () => {
    const { circle, spot } = await clubWithSpot('All at once');
    const e = await person('e');
    const links = [
      await invite(owner, circle.id),
      await invite(admin, circle.id, { max_uses: 3 }),
      await invite(owner, circle.id, { email: e.email }),
    ];
    expect((await accept(e, links[0]!.token)).statusCode).toBe(200);
    expect((await remove(owner, circle.id, e)).statusCode).toBe(204);
    const answers = await Promise.all(links.flatMap((link) => [accept(e, link.token), accept(e, link.token)]));
    for (const answer of answers) expect(answer.json()).toEqual(REFUSAL);
    expect(await isMember(e, circle.id)).toBe(false);
    expect(await readSpot(e, spot)).toBe(404);
    const uses = await t.query<{ uses: number }>(
      sql`select sum(uses)::int as uses from circle_invites where circle_id = ${circle.id}`,
    );
    expect(uses.rows[0]!.uses).toBe(2); // the admin's join and E's first
  });

  it('never leaves someone in when their removal and their Join with the old link race', async () => {
    const { circle, spot } = await clubWithSpot('Race to stay');
    const e = await person('e');
    const link = await invite(owner, circle.id);
    for (let round = 0; round < 20; round++) {
      const comeback = await invite(owner, circle.id, { max_uses: 1 });
      expect((await accept(e, comeback.token)).statusCode).toBe(200);
      const [removal, joining] = await Promise.all([remove(owner, circle.id, e), accept(e, link.token)]);
      expect(removal.statusCode).toBe(204);
      // Before the removal, E was in (the circle is answered, nothing changes); after it, refused. A removal that
      // fell between the accept's two reads used to answer a 500 (rounds enough to meet it on PostgreSQL).
      if (joining.statusCode !== 200) expect(joining.json(), joining.body).toEqual(REFUSAL);
      expect(await isMember(e, circle.id)).toBe(false);
      expect(await readSpot(e, spot)).toBe(404);
      expect((await accept(e, link.token)).json()).toEqual(REFUSAL);
    }
  });

  it('counts an invitation committed while the removal waited as made before it, whenever its transaction began', async () => {
    // PGlite runs one transaction at a time: there is no "meanwhile" to test there.
    if (t.database.kind !== 'postgres') return;
    const { circle, spot } = await clubWithSpot('Meanwhile');
    const e = await person('e');
    await join(e, circle.id, owner);
    const token = `meanwhile-${crypto.randomUUID()}`;
    let removal: ReturnType<typeof remove> | undefined;
    await t.db.transaction(async (holder) => {
      await holder.execute(sql`select 1 from circles where id = ${circle.id} for no key update`);
      // The removal's transaction begins and waits for the circle...
      removal = remove(owner, circle.id, e);
      await waitForLockWaits(1);
      // ...while an invitation is made in a transaction that began after it and commits first.
      await t.db.transaction(async (maker) => {
        await maker.execute(sql`
          insert into circle_invites (id, circle_id, token, created_by, expires_at)
          values (gen_random_uuid(), ${circle.id}, ${token}, ${owner.id}, now() + interval '7 days')`);
      });
    });
    expect((await removal!).statusCode).toBe(204);
    await expectRefused(e, token, circle.id, spot);
    // Made once the removal is done: it lets them in.
    const after = await invite(owner, circle.id);
    expect((await accept(e, after.token)).statusCode).toBe(200);
  });
});

async function waitForLockWaits(count: number) {
  for (let attempt = 0; attempt < 500; attempt++) {
    const waiting = await t.query<{ n: number }>(sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`);
    if (waiting.rows[0]!.n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('The removal never waited for the circle');
}
