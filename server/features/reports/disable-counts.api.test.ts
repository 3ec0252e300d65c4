import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { moderationKit, type Person } from './moderation-test-kit.ts';
import { expectKeptCountsExact } from './withheld-reads-test-kit.ts';

/**
 * Disabling an account and enabling it again moves every kept count in a few statements over all its spots together
 * (migration 0030): the counts must stay exactly what a recount from the spots gives, for spots of every kind — in many
 * cells, approximate, private, shared with one circle or several, with finds — and a spot an administrator hid stays
 * withheld when the account is enabled again.
 */
let t: TestContext;
const kit = moderationKit(() => t);
let ann: Person;
let ben: Person;
let circleA: string;
let circleB: string;

type Rows<T> = { rows: T[] };
const rows = async <T>(statement: SQL) => ((await t.db.execute(statement)) as unknown as Rows<T>).rows;

beforeAll(async () => {
  t = await createTestContext();
  // The server's first account is its administrator, who is not the one disabled.
  await kit.person('ada');
  ann = await kit.person('ann', 'Ann');
  ben = await kit.person('ben', 'Ben');
  circleA = await kit.circleWith(ann, [ben]);
  circleB = await kit.circleWith(ann, [ben]);
});
afterAll(() => t.close());

/** `count` spots of `owner` spread over Lithuania (seeded, so every run is the same), of every kind in turn. */
async function spotsOf(owner: Person, count: number, seed: number): Promise<string[]> {
  await t.query(sql`select setseed(${seed})`);
  const created = await rows<{ id: string }>(sql`insert into locations (id, user_id, type, mushroom_types, finder,
      date_found, latitude, longitude, is_public, precision)
    select gen_random_uuid(), ${owner.id}, (array['mushroom_spot', 'mushroom_spot', 'car_park'])[1 + i % 3],
      (array['Cantharellus cibarius', 'Boletus edulis, Cantharellus cibarius', 'Leccinum'])[1 + i % 5 % 3], 'Ann',
      date '2026-09-01', 54 + random() * 2, 21 + random() * 5, i % 4 <> 0, (array['exact', '1km', '10km'])[1 + i % 7 % 3]
    from generate_series(1, ${count}) as i
    returning id`);
  return created.map((row) => row.id);
}

type Executor = { execute: TestContext['db']['execute'] };

/** The kept counts with their coordinate sums (to a millionth of a degree), the circles' overlaps and the shares. */
async function kept(db: Executor) {
  const read = async (statement: SQL) => ((await db.execute(statement)) as unknown as Rows<unknown>).rows;
  const sums = sql`round(sum_latitude::numeric, 6)::text as lat, round(sum_longitude::numeric, 6)::text as lng`;
  return {
    public: await read(sql`select level, cx, cy, sum(mushroom_spots)::int as m, sum(car_parks)::int as c,
        round(sum(sum_latitude)::numeric, 6)::text as lat, round(sum(sum_longitude)::numeric, 6)::text as lng
      from map_cells group by 1, 2, 3 having sum(mushroom_spots) <> 0 or sum(car_parks) <> 0 order by 1, 2, 3`),
    owner: await read(sql`select user_id, level, cx, cy, mushroom_spots as m, car_parks as c, ${sums}
      from map_owner_cells where mushroom_spots <> 0 or car_parks <> 0 order by 1, 2, 3, 4`),
    circle: await read(sql`select circle_id, level, cx, cy, mushroom_spots as m, car_parks as c, ${sums}
      from map_circle_cells where mushroom_spots <> 0 or car_parks <> 0 order by 1, 2, 3, 4`),
    finds: await read(sql`select * from fruiting_finds order by 1, 2, 3, 4, 5, 6`),
    overlaps: await read(sql`select location_id, circle_id from location_circle_overlaps order by 1, 2`),
    shares: await read(sql`select location_id, circle_id, is_public from location_circles order by 1, 2`),
  };
}

/** The kept counts, sums included, equal a recount from the spots (in a transaction undone after). */
async function expectEqualToRecount() {
  await expectKeptCountsExact(t);
  const now = await kept(t.db);
  let rebuilt: Awaited<ReturnType<typeof kept>> | undefined;
  await t.db
    .transaction(async (tx) => {
      await tx.execute(sql`select foray_map_cells_rebuild()`);
      await tx.execute(sql`select foray_fruiting_rebuild()`);
      rebuilt = await kept(tx);
      throw new Error('undo');
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error) || error.message !== 'undo') throw error;
    });
  expect(now).toEqual(rebuilt);
  return now;
}

const withheldOf = async (ids: string[]) =>
  (
    await rows<{ withheld: boolean }>(sql`select withheld from locations
      where id = any(${`{${ids.join(',')}}`}::uuid[]) order by id`)
  ).map((row) => row.withheld);

describe('disabling an account with spots of every kind', () => {
  it('keeps every kept count equal to a recount, and enabling gives back exactly what was counted before', async () => {
    const annsSpots = await spotsOf(ann, 400, 0.34);
    const bensSpots = await spotsOf(ben, 150, 0.35);
    const list = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
    // Shares: a fifth of Ann's spots with circle A, a tenth with circle B as well (counted twice: overlaps), some of
    // them public too; all of Ben's with circle A.
    const inA = annsSpots.filter((_, i) => i % 5 === 0);
    const inB = annsSpots.filter((_, i) => i % 10 === 0);
    await t.query(sql`insert into location_circles (location_id, circle_id)
      select id, ${circleA}::uuid from unnest(${list(inA)}) as id
      union all select id, ${circleB}::uuid from unnest(${list(inB)}) as id
      union all select id, ${circleA}::uuid from unnest(${list(bensSpots)}) as id`);
    // Finds: a third of everyone's spots, on one or two days, a few of them not found or hidden by an administrator.
    await t.query(sql`insert into visits (id, location_id, visited_on, outcome, amount, hidden_reason)
      select gen_random_uuid(), l.id, date '2026-09-10' + (l.i % 2)::int + d, o.outcome,
        case when o.outcome = 'found' then 'some' end, case when l.i % 9 = 0 then 'spam' end
      from (select id, row_number() over (order by id) as i from locations
            where user_id in (${ann.id}, ${ben.id})) as l, generate_series(1, 2) as d,
        lateral (select (array['found', 'found', 'found', 'nothing'])[1 + (l.i + d) % 4] as outcome) as o
      where l.i % 3 = 0 and (d = 1 or l.i % 2 = 0)`);
    // Two spots hidden by an administrator: a public shared one with finds, and a private shared one.
    const hidden = [inB[1]!, inB[2]!];
    await t.query(sql`update locations set is_public = (id = ${hidden[0]!}), hidden_reason = 'dangerous'
      where id = any(${list(hidden)})`);

    const before = await expectEqualToRecount();
    expect(before.overlaps.length).toBeGreaterThan(0);
    const annsFinds = await rows(sql`select 1 from fruiting_finds where user_id = ${ann.id}`);
    expect(annsFinds.length).toBeGreaterThan(0);
    const publicCells = before.public.length;

    await kit.setStatus(ann, 'disabled');
    const disabled = await expectEqualToRecount();
    expect(await withheldOf(annsSpots)).toEqual(annsSpots.map(() => true));
    expect(await rows(sql`select 1 from fruiting_finds where user_id = ${ann.id}`)).toEqual([]);
    // Ann's public spots left the public cells; Ben's are still counted there, and in circle A.
    expect(disabled.public.length).toBeLessThan(publicCells);
    expect(disabled.public.length).toBeGreaterThan(0);
    expect(disabled.circle.every((row) => (row as { circle_id: string }).circle_id === circleA)).toBe(true);
    expect(disabled.circle.length).toBeGreaterThan(0);
    // Overlaps stay (the reads leave withheld spots out of them), as do the shares themselves.
    expect(disabled.overlaps).toEqual(before.overlaps);

    await kit.setStatus(ann, 'active');
    const enabled = await expectEqualToRecount();
    expect(enabled).toEqual(before);
    // The hidden spots stay withheld; every other spot of Ann's is shown again.
    expect(await withheldOf(hidden)).toEqual([true, true]);
    expect((await withheldOf(annsSpots)).filter(Boolean)).toHaveLength(2);

    // Disabled and edited in one transaction: the spots' own triggers count every change after the disable.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update "user" set status = 'disabled' where id = ${ann.id}`);
      await tx.execute(sql`update locations set is_public = not is_public, latitude = latitude + 0.05
        where id = any(${list(annsSpots.slice(0, 20))})`);
      await tx.execute(sql`update "user" set status = 'active' where id = ${ann.id}`);
    });
    await expectEqualToRecount();
  });
});

describe.runIf(process.env.FORAY_TEST_DB === 'postgres')(
  'disabling while a spot is edited on another connection',
  () => {
    it('waits for the edit, or the edit waits for it, and the counts stay exact either way', async () => {
      const pg = await import('pg');
      const connect = async () => {
        const client = new pg.default.Client({ connectionString: t.database.url! });
        await client.connect();
        return client;
      };
      const [editor, admin, watcher] = await Promise.all([connect(), connect(), connect()]);
      try {
        const [spot, other] = await spotsOf(ann, 40, 0.5);
        await t.query(sql`insert into location_circles (location_id, circle_id) values (${other!}, ${circleA})`);
        const waiting = async () => {
          for (;;) {
            const { rows: found } = await watcher.query(`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`);
            if (found[0].n > 0) return;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        };

        // The edit first: the disable waits for it, then counts the spot as it was left.
        await editor.query('begin');
        await editor.query(`select 1 from locations where id = $1 for update`, [spot]);
        await editor.query(
          `update locations set latitude = latitude + 0.3, is_public = true, precision = '1km'
        where id = $1`,
          [spot],
        );
        const disabling = admin.query(`update "user" set status = 'disabled' where id = $1`, [ann.id]);
        await waiting();
        await editor.query('commit');
        await disabling;
        await expectEqualToRecount();

        // The disable first: an edit and a change of shares (each locking its spot first, as the routes do) wait for it.
        await admin.query('begin');
        await admin.query(`update "user" set status = 'active' where id = $1`, [ann.id]);
        const editing = (async () => {
          await editor.query('begin');
          await editor.query(`select 1 from locations where id = $1 for update`, [other]);
          await editor.query(`update locations set latitude = latitude - 0.2, is_public = false where id = $1`, [
            other,
          ]);
          await editor.query(`insert into location_circles (location_id, circle_id) values ($1, $2)`, [other, circleB]);
          await editor.query(
            `insert into visits (id, location_id, visited_on, outcome, amount)
          values (gen_random_uuid(), $1, date '2026-09-12', 'found', 'some')`,
            [spot],
          );
          await editor.query('commit');
        })();
        await waiting();
        await admin.query('commit');
        await editing;
        await expectEqualToRecount();
      } finally {
        await Promise.all([editor.end(), admin.end(), watcher.end()]);
      }
    });
  },
);
