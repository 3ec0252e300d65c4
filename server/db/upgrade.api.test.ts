import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { cookieFrom } from '../test/test-app.ts';
import { withDatabase } from '../test/global-setup.ts';
import { totp } from '../test/totp.ts';
import { MIGRATIONS_DIR, openDatabase } from './client.ts';
import { servedTo, type UpgradeFixture } from './upgrade-fixtures/served.ts';
import { measurePhotoSizes } from '../photos/photo-sizes.ts';
import { createStorage } from '../storage/storage.ts';

/**
 * Upgrades (issue #21): each folder of upgrade-fixtures/ is a database and its photos as an older Foray stored them,
 * made by running that release (scripts/make-upgrade-fixture.ts), with what everyone was served then. Today's Foray
 * starts on it — the migrations run as at any start — and must serve each person exactly that again: the same spots,
 * fields, photos byte for byte, visits, and nothing of anyone else's; and let everyone sign in, two steps included.
 */
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'upgrade-fixtures');
const fixtures = fs
  .readdirSync(FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const engine = process.env.FORAY_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const PUBLIC_URL = 'http://foray.test';
const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-upgrade-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** Loads the fixture's dump into a new, empty database of this run's engine; returns the server's environment. */
async function databaseFrom(name: string, dump: string, dataDir: string): Promise<Record<string, string>> {
  if (engine === 'pglite') {
    const raw = await PGlite.create(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
    await raw.exec(dump);
    await raw.close();
    return {};
  }
  const url = process.env.TEST_DATABASE_URL!;
  const database = `foray_t_${process.ppid}_upgrade_${name.replace(/\W/g, '_')}`;
  const pg = await import('pg');
  const admin = new pg.default.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`create database ${database}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });
  // A connection of its own: the dump sets its session's search_path to nothing.
  const loader = new pg.default.Client({ connectionString: withDatabase(url, database) });
  await loader.connect();
  await loader.query(dump);
  await loader.end();
  return { DATABASE_URL: withDatabase(url, database) };
}

describe.each(fixtures)(`a database made by an older Foray, on ${engine}: %s`, (name) => {
  it(
    'is migrated by today’s Foray as it starts, and serves everyone what they were served before, photos byte for byte',
    { timeout: 120_000 },
    async () => {
      const folder = path.join(FIXTURES, name);
      const fixture = JSON.parse(fs.readFileSync(path.join(folder, 'fixture.json'), 'utf8')) as UpgradeFixture;
      const dataDir = fs.mkdtempSync(path.join(scratch, `${name}-`));
      fs.cpSync(path.join(folder, 'photos'), path.join(dataDir, 'photos'), { recursive: true });
      const env = {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        PUBLIC_URL,
        AUTH_SECRET: fixture.auth_secret,
        ...(await databaseFrom(name, fs.readFileSync(path.join(folder, 'database.sql'), 'utf8'), dataDir)),
      };
      const config = loadConfig(env);
      const database = await openDatabase(config.database);
      cleanups.push(() => database.close());
      const applied = (await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number }[] };
      expect(applied.rows[0]!.n, 'every migration of today is applied').toBe(journal.entries.length);
      // The kept overlaps of migration 0018 are exactly the shares of the spots shared with two or more circles.
      const shares = async (table: 'location_circle_overlaps' | 'location_circles', several: boolean) =>
        (
          (await database.db.execute(sql`
            select location_id || ' ' || circle_id as share from ${sql.identifier(table)}
            ${several ? sql`where location_id in (select location_id from location_circles group by 1 having count(*) > 1)` : sql``}
            order by 1`)) as unknown as { rows: { share: string }[] }
        ).rows;
      const overlaps = await shares('location_circle_overlaps', false);
      expect(overlaps).toEqual(await shares('location_circles', true));
      // The newest fixture holds a spot shared with both of its circles.
      if (name === 'shared-with-two-circles') expect(overlaps).toHaveLength(2);
      // The kept finds of migration 0019 are what counting every visit afresh gives, and they hold every find of a
      // public mushroom spot.
      const finds = async () =>
        (
          (await database.db.execute(sql`
            select cell_x || '/' || cell_y || ' ' || visited_on || ' ' || species_key || ' ' || user_id || ': ' || visits
              as find from fruiting_finds order by 1`)) as unknown as { rows: { find: string }[] }
        ).rows;
      const kept = await finds();
      await database.db.execute(sql`select foray_fruiting_rebuild()`);
      expect(kept).toEqual(await finds());
      const publicFinds = (await database.db.execute(sql`
        select count(*)::int as n from visits v join locations l on l.id = v.location_id
        where v.outcome = 'found' and l.is_public and l.type = 'mushroom_spot'`)) as unknown as {
        rows: { n: number }[];
      };
      expect(kept.length > 0).toBe(publicFinds.rows[0]!.n > 0);

      const app = await buildApp(config, {
        database,
        clientDir: null,
        backupSocket: false,
        authResponseFloorMs: 0,
        authRateLimit: { window: 60, max: 10_000, signIn: 10_000, signUp: 10_000, reset: 10_000, twoFactor: 10_000 },
      });
      cleanups.push(() => app.close());

      // Who may join (ADR 0079): an upgraded server keeps open sign-up, though a new one would start invite-only, and
      // has no administrator until one is named; everyone stays an active user.
      const signup = await app.inject({ method: 'GET', url: '/api/v1/signup' });
      expect(signup.json()).toEqual({ policy: 'open', some_domains: false });
      expect(await app.lacksAdministrator()).toBe(true);
      const standings = (await database.db.execute(sql`select distinct role, status from "user"`)) as unknown as {
        rows: { role: string; status: string }[];
      };
      expect(standings.rows).toEqual([{ role: 'user', status: 'active' }]);

      for (const person of fixture.people) {
        const first = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: person.email, password: person.password },
          headers: { origin: PUBLIC_URL },
        });
        expect(first.statusCode, first.body).toBe(200);
        let cookie = cookieFrom(first);
        if (person.totp_secret) {
          expect(first.json()).toMatchObject({ twoFactorRedirect: true });
          const second = await app.inject({
            method: 'POST',
            url: '/api/auth/two-factor/verify-totp',
            payload: { code: totp(person.totp_secret) },
            headers: { origin: PUBLIC_URL, cookie },
          });
          expect(second.statusCode, second.body).toBe(200);
          cookie = cookieFrom(second);
        }
        const get = async (url: string) => {
          const response = await app.inject({ url, headers: { cookie } });
          expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
          return new Response(new Uint8Array(response.rawPayload), { status: response.statusCode });
        };
        // What a release did not have, today's Foray shows as nothing: no visits, and a spot from before circles is
        // private or public as it was, exact, in no circle.
        const expected = fixture.served[person.email]!.map((spot) => ({
          ...spot,
          visits: spot.visits ?? [],
          audience: spot.audience ?? (spot.is_public ? 'public' : 'private'),
          precision: spot.precision ?? 'exact',
          area: spot.area ?? null,
          circles: spot.circles ?? [],
        }));
        expect(expected.length).toBeGreaterThan(0);
        expect(await servedTo(get, { visits: true, circles: true }), person.email).toEqual(expected);
      }

      // The photos stored before their sizes were counted (ADR 0081): once measured (the start's pass may be running
      // too), each account's kept sum is what its photos' files weigh on disk.
      await measurePhotoSizes({ db: database.db, storage: await createStorage(config.storage) });
      const named = (await database.db.execute(sql`
        select l.user_id, p.photo_key, p.thumbnail_key from location_photos p join locations l on l.id = p.location_id
        union all
        select l.user_id, p.photo_key, p.thumbnail_key from visit_photos p join visits v on v.id = p.visit_id
        join locations l on l.id = v.location_id`)) as unknown as {
        rows: { user_id: string; photo_key: string; thumbnail_key: string }[];
      };
      const weighed = new Map<string, number>();
      for (const row of named.rows) {
        const size = (key: string) => fs.statSync(path.join(dataDir, 'photos', `${key}.webp`)).size;
        weighed.set(row.user_id, (weighed.get(row.user_id) ?? 0) + size(row.photo_key) + size(row.thumbnail_key));
      }
      expect(weighed.size, 'the fixture holds photos').toBeGreaterThan(0);
      const sums = (await database.db.execute(
        sql`select id, photo_bytes::float8 as bytes from "user" order by id`,
      )) as unknown as { rows: { id: string; bytes: number }[] };
      expect(Object.fromEntries(sums.rows.map((row) => [row.id, Number(row.bytes)]))).toEqual(
        Object.fromEntries(sums.rows.map((row) => [row.id, weighed.get(row.id) ?? 0])),
      );
    },
  );
});
