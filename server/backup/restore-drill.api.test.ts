import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { createStorage, type PhotoStorage } from '../storage/storage.ts';
import { reconcilePhotos } from '../photos/photo-reconcile.ts';
import { createTestContext, cookieFrom, validSpot, type TestContext } from '../test/test-app.ts';
import { multipart } from '../test/multipart.ts';
import { s3StorageEnv, startS3rver } from '../test/s3rver.ts';
import { secretOf, totp } from '../test/totp.ts';
import { withDatabase } from '../test/global-setup.ts';
import { askServerForBackup } from './backup-socket.ts';
import { backUp } from './backups.ts';
import { ArchiveDamagedError, RestoreRefusedError } from './backup-errors.ts';
import { describeTables } from './database-dump.ts';
import { createPhotoRemovalPause } from './photo-removal-pause.ts';
import { restoreBackup } from './restore-backup.ts';

/**
 * The restore drill (issue #21, ADR 0054): an instance with people (one with two-step sign-in), spots of every kind
 * of sharing, photos and visits with photos is backed up while it serves, restored into an empty place — the other
 * database engine with the other photo store, and the same engine with the other store — and everything is there:
 * every row and every photo byte, sign-in for everyone, and each write made during the backup wholly or not at all.
 */
const SECRET = 'test-secret-test-secret-test-secret-42';
const PUBLIC_URL = 'http://foray.test';
type Engine = 'pglite' | 'postgres';
const sourceEngine: Engine = process.env.FORAY_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const otherEngine: Engine =
  sourceEngine === 'postgres' ? 'pglite' : process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

let s3: Awaited<ReturnType<typeof startS3rver>>;
const BUCKETS = ['source-a', 'source-b', ...Array.from({ length: 8 }, (_, index) => `target-${index}`)];
let nextTarget = 0;
const cleanups: (() => Promise<void>)[] = [];
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-drill-'));

beforeAll(async () => {
  s3 = await startS3rver(BUCKETS);
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await s3.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const jpeg = (colour: string) =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** An empty place to restore into: a new data folder, and a new database or bucket when asked for. */
async function emptyTarget(engine: 'pglite' | 'postgres', store: 'local' | 's3') {
  const dataDir = fs.mkdtempSync(path.join(scratch, 'target-'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    ...(store === 's3' ? s3StorageEnv(s3.endpoint, BUCKETS[2 + nextTarget++]!) : {}),
  };
  if (engine === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `foray_t_${process.ppid}_restore_${crypto.randomUUID().slice(0, 8)}`;
    const pg = await import('pg');
    const admin = new pg.default.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    Object.assign(env, { DATABASE_URL: withDatabase(url, name), AUTH_SECRET: SECRET });
  }
  return { config: loadConfig(env), env };
}

/** A Cookie header with later Set-Cookie pairs put over earlier ones, as a browser keeps them. */
function withCookies(...headers: string[]): string {
  const jar = new Map<string, string>();
  for (const pair of headers.flatMap((header) => header.split('; ')).filter(Boolean)) {
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

type Person = { email: string; password: string; cookie: string; twoStepSecret?: string };

/** Everything of the instance, as text: each table's rows, whole (generated columns too), in one order. */
async function everyRow(db: DatabaseHandle['db']): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    await tx.execute(sql`set local extra_float_digits = 1`);
    const rows: Record<string, string[]> = {};
    for (const table of await describeTables(tx)) {
      const result = (await tx.execute(
        sql.raw(`select (t.*)::text as line from public."${table.name}" as t order by 1`),
      )) as unknown as { rows: { line: string }[] };
      rows[table.name] = result.rows.map((row) => row.line);
    }
    return rows;
  });
}

async function photoBytes(storage: PhotoStorage): Promise<Map<string, Buffer>> {
  const bytes = new Map<string, Buffer>();
  for await (const { key } of storage.list()) bytes.set(key, (await storage.get(key))!.body);
  return bytes;
}

/** A photo store whose reads can be held up: a backup that reaches its photos then waits until `release()`. */
function holdableReads(storage: PhotoStorage) {
  let held: Promise<void> | null = null;
  let release = () => {};
  let reached = () => {};
  let reachedOnce: Promise<void> = Promise.resolve();
  return {
    storage: {
      kind: storage.kind,
      put: (key, body, type) => storage.put(key, body, type),
      delete: (key) => storage.delete(key),
      list: () => storage.list(),
      size: (key) => storage.size(key),
      async get(key) {
        if (held) {
          reached();
          await held;
        }
        return storage.get(key);
      },
    } satisfies PhotoStorage,
    /** Holds reads from now on; resolves `reachedPhotos` at the first one. */
    hold() {
      held = new Promise((resolve) => (release = resolve));
      reachedOnce = new Promise((resolve) => (reached = resolve));
    },
    reachedPhotos: () => reachedOnce,
    release() {
      held = null;
      release();
    },
  };
}

describe.each([
  { store: 'local' as const, targetEngine: otherEngine, targetStore: 's3' as const },
  { store: 's3' as const, targetEngine: sourceEngine, targetStore: 'local' as const },
])(`the restore drill on ${sourceEngine}: $store photos → $targetEngine with $targetStore photos`, (drill) => {
  let t: TestContext;
  let reads: ReturnType<typeof holdableReads>;
  let rawStorage: PhotoStorage;
  const people: Record<'ona' | 'jonas' | 'rasa', Person> = {} as never;
  const spotIds: Record<string, string> = {};
  let oldLink = '';
  let familyId = '';

  const as = (who: Person, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  async function createSpot(who: Person, fields: Record<string, unknown>, photo?: string): Promise<string> {
    const id = crypto.randomUUID();
    const spot = validSpot({ id, ...fields });
    if (!photo) {
      const response = await as(who, 'POST', '/api/v1/locations', spot);
      expect(response.statusCode, response.body).toBe(201);
      return id;
    }
    const body = await multipart(
      { ...spot, ...(fields.circle_ids ? { circle_ids: (fields.circle_ids as string[]).join(',') } : {}) },
      { bytes: await jpeg(photo) },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: who.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return id;
  }

  async function addPhoto(who: Person, url: string, colour: string) {
    const body = await multipart({ id: crypto.randomUUID() }, { bytes: await jpeg(colour) });
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: who.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  async function addVisit(who: Person, spotId: string, photos: string[]) {
    const id = crypto.randomUUID();
    const response = await as(who, 'POST', `/api/v1/locations/${spotId}/visits`, {
      id,
      date: '2026-10-02',
      outcome: 'found',
      amount: 'some',
      note: 'Under the old spruce',
    });
    expect(response.statusCode, response.body).toBe(201);
    for (const colour of photos) await addPhoto(who, `/api/v1/locations/${spotId}/visits/${id}/photos`, colour);
  }

  /** Sign-in mails are sent by the outbox a moment later: wait, so the backup and the source agree on them. */
  async function outboxDrained() {
    for (let attempt = 0; attempt < 400; attempt++) {
      const { rows } = await t.query<{ n: number }>(
        sql`select count(*)::int as n from mail_outbox where sent_at is null`,
      );
      if (rows[0]!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('The outbox did not send its mail');
  }

  async function backupTo(file: string) {
    // The embedded database: through the running server's socket, as `npm run backup` does. PostgreSQL: directly,
    // as the command does, beside the running server.
    if (t.database.kind === 'pglite') return askServerForBackup(t.dataDir, file, () => {});
    return backUp(
      {
        database: t.database,
        storage: reads.storage,
        pause: createPhotoRemovalPause(t.database),
        config: t.config,
        log: silent,
      },
      file,
    );
  }

  beforeAll(async () => {
    const env =
      drill.store === 's3'
        ? s3StorageEnv(s3.endpoint, drill.targetEngine === sourceEngine ? 'source-b' : 'source-a')
        : {};
    const sourceConfig = loadConfig({ NODE_ENV: 'test', DATA_DIR: scratch, AUTH_SECRET: SECRET, ...env });
    const dataDir = fs.mkdtempSync(path.join(scratch, 'source-'));
    rawStorage = await createStorage(
      sourceConfig.storage.kind === 'local'
        ? { kind: 'local', dir: path.join(dataDir, 'photos') }
        : sourceConfig.storage,
    );
    reads = holdableReads(rawStorage);
    t = await createTestContext({ env, build: { storage: reads.storage } });
    cleanups.push(() => t.close());

    for (const name of ['ona', 'jonas', 'rasa'] as const) {
      const user = await t.createUser(`${name}-${crypto.randomUUID().slice(0, 6)}@example.com`);
      people[name] = { email: user.email, password: user.password, cookie: user.cookie };
    }
    // Ona signs in in two steps.
    const enabled = await as(people.ona, 'POST', '/api/auth/two-factor/enable', { password: people.ona.password });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const secret = secretOf(enabled.json<{ totpURI: string }>().totpURI);
    const confirmed = await as(people.ona, 'POST', '/api/auth/two-factor/verify-totp', { code: totp(secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    people.ona.twoStepSecret = secret;
    // Turning it on gives the browser a new session.
    people.ona.cookie = withCookies(people.ona.cookie, cookieFrom(enabled), cookieFrom(confirmed));

    // Ona's circle, which Jonas joins by a link.
    const circle = await as(people.ona, 'POST', '/api/v1/circles', { name: 'Family' });
    expect(circle.statusCode, circle.body).toBe(201);
    const circleId = circle.json<{ id: string }>().id;
    const invite = await as(people.ona, 'POST', `/api/v1/circles/${circleId}/invites`, { max_uses: 1 });
    const joined = await as(people.jonas, 'POST', `/api/v1/invites/${invite.json<{ token: string }>().token}/accept`);
    expect(joined.statusCode, joined.body).toBe(200);
    // Rasa joins by a link that stays open, and leaves: that link no longer lets her in (ADR 0069).
    const link = await as(people.ona, 'POST', `/api/v1/circles/${circleId}/invites`, {});
    oldLink = link.json<{ token: string }>().token;
    expect((await as(people.rasa, 'POST', `/api/v1/invites/${oldLink}/accept`)).statusCode).toBe(200);
    const users = await t.query<{ id: string }>(sql`select id from "user" where email = ${people.rasa.email}`);
    const left = await as(people.rasa, 'DELETE', `/api/v1/circles/${circleId}/members/${users.rows[0]!.id}`);
    expect(left.statusCode, left.body).toBe(204);
    familyId = circleId;

    spotIds.private = await createSpot(people.ona, { notes: 'only mine' }, '#6b4');
    await addPhoto(people.ona, `/api/v1/locations/${spotIds.private}/photos`, '#a52');
    spotIds.public = await createSpot(people.ona, { is_public: true, latitude: 54.7, longitude: 25.3 }, '#25a');
    spotIds.shared = await createSpot(
      people.ona,
      { audience: 'circles', circle_ids: [circleId], precision: '1km', latitude: 54.712345, longitude: 25.276543 },
      '#ee3',
    );
    spotIds.carPark = await createSpot(people.ona, { type: 'car_park', mushroom_types: '', finder: '' });
    spotIds.jonasApproximate = await createSpot(people.jonas, {
      is_public: true,
      precision: '10km',
      latitude: 54.65,
      longitude: 25.19,
    });
    await addVisit(people.ona, spotIds.private, ['#333', '#777']);
    await addVisit(people.ona, spotIds.public, []);
    await outboxDrained();
  });

  async function restoreAndOpen(file: string) {
    const target = await emptyTarget(drill.targetEngine, drill.targetStore);
    await restoreBackup(file, target.config);
    // As the server reads it when it next starts: on the embedded database the restore kept the archive's secret.
    const config = loadConfig(target.env);
    const database = await openDatabase(config.database);
    cleanups.push(() => database.close());
    return { config, database, storage: await createStorage(config.storage) };
  }

  async function appOn(config: Config, database: DatabaseHandle): Promise<FastifyInstance> {
    const app = await buildApp(config, {
      database,
      clientDir: null,
      backupSocket: false,
      authResponseFloorMs: 0,
      authRateLimit: { window: 60, max: 10_000, signIn: 10_000, signUp: 10_000, reset: 10_000, twoFactor: 10_000 },
    });
    cleanups.push(() => app.close());
    return app;
  }

  it(
    'restores every row and every photo byte into an empty place, and everyone signs in there',
    { timeout: 300_000 },
    async () => {
      const file = path.join(scratch, `quiet-${drill.store}.tar`);
      await backupTo(file);
      const source = { rows: await everyRow(t.db), photos: await photoBytes(rawStorage) };
      expect(source.photos.size).toBe(2 * 6); // each photo is stored with its thumbnail
      // The backup's own outcome is written after its snapshot (backup-record.ts): no archive holds its own.
      expect(source.rows.server_settings!.filter((row) => row.startsWith('(backup_last_result,'))).toHaveLength(1);
      source.rows.server_settings = source.rows.server_settings!.filter((row) => !row.startsWith('(backup_last_'));

      const target = await restoreAndOpen(file);
      const restoredRows = await everyRow(target.database.db);
      expect(Object.keys(restoredRows).sort()).toEqual(Object.keys(source.rows).sort());
      for (const table of Object.keys(source.rows)) expect(restoredRows[table], table).toEqual(source.rows[table]);
      expect(source.rows.locations).toHaveLength(5);
      const restoredPhotos = await photoBytes(target.storage);
      expect([...restoredPhotos.keys()].sort()).toEqual([...source.photos.keys()].sort());
      for (const [key, bytes] of source.photos) expect(restoredPhotos.get(key)!.equals(bytes), key).toBe(true);

      const app = await appOn(target.config, target.database);
      for (const who of [people.jonas, people.rasa]) {
        const signedIn = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: who.email, password: who.password },
          headers: { origin: PUBLIC_URL },
        });
        expect(signedIn.statusCode, signedIn.body).toBe(200);
      }
      // Jonas sees the spot Ona shares with the circle, at its approximate point, and its photo.
      const jonas = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: people.jonas.email, password: people.jonas.password },
        headers: { origin: PUBLIC_URL },
      });
      const shared = await app.inject({
        url: `/api/v1/locations/${spotIds.shared}`,
        headers: { cookie: cookieFrom(jonas) },
      });
      expect(shared.statusCode, shared.body).toBe(200);
      expect(shared.body).not.toContain('54.712345');
      const photo = await app.inject({
        url: shared.json<{ photo_url: string }>().photo_url,
        headers: { cookie: cookieFrom(jonas) },
      });
      expect(photo.statusCode).toBe(200);

      // Ona's two steps: the password, then a code from her app, which the restored server can check.
      const first = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: people.ona.email, password: people.ona.password },
        headers: { origin: PUBLIC_URL },
      });
      expect(first.json()).toMatchObject({ twoFactorRedirect: true });
      const second = await app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/verify-totp',
        payload: { code: totp(people.ona.twoStepSecret!, 1) },
        headers: { origin: PUBLIC_URL, cookie: cookieFrom(first) },
      });
      expect(second.statusCode, second.body).toBe(200);
      const me = await app.inject({ url: '/api/v1/me', headers: { cookie: cookieFrom(second) } });
      expect(me.json()).toMatchObject({ email: people.ona.email });

      // Rasa, who left the circle, is still refused the link made before; one Ona makes now lets her in.
      const rasa = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: people.rasa.email, password: people.rasa.password },
        headers: { origin: PUBLIC_URL },
      });
      const rasaAccepts = (token: string) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/invites/${token}/accept`,
          headers: { cookie: cookieFrom(rasa), origin: PUBLIC_URL },
        });
      expect((await rasaAccepts(oldLink)).json().error.code).toBe('INVITE_PREDATES_LEAVING');
      const fresh = await app.inject({
        method: 'POST',
        url: `/api/v1/circles/${familyId}/invites`,
        payload: {},
        headers: { cookie: cookieFrom(second), origin: PUBLIC_URL },
      });
      expect(fresh.statusCode, fresh.body).toBe(201);
      const back = await rasaAccepts(fresh.json<{ token: string }>().token);
      expect(back.statusCode, back.body).toBe(200);
    },
  );

  it(
    'holds each write made during the backup wholly or not at all, and every photo its rows name',
    { timeout: 300_000 },
    async () => {
      const doomed = await createSpot(people.jonas, { notes: 'deleted while the backup runs' }, '#f0f');
      const doomedKeys = (
        await t.query<{ photo_key: string; thumbnail_key: string }>(
          sql`select photo_key, thumbnail_key from location_photos where location_id = ${doomed}`,
        )
      ).rows.flatMap((row) => [row.photo_key, row.thumbnail_key]);
      await outboxDrained();

      const file = path.join(scratch, `busy-${drill.store}.tar`);
      reads.hold();
      const backup = backupTo(file);
      // Writes sent as the backup starts: each lands before its snapshot or after it.
      const early = Promise.all(['#101', '#202'].map((colour) => createSpot(people.rasa, { notes: colour }, colour)));
      await reads.reachedPhotos();
      // The snapshot is taken and the photos are being copied: these writes are after it.
      const late = await Promise.all(
        ['#303', '#404'].map((colour) => createSpot(people.rasa, { notes: colour }, colour)),
      );
      const deleted = await as(people.jonas, 'DELETE', `/api/v1/locations/${doomed}`);
      expect(deleted.statusCode).toBe(204);
      // The deleted spot's files are kept while the backup runs: its snapshot still names them.
      for (const key of doomedKeys) expect(await rawStorage.get(key), 'kept during the backup').not.toBeNull();
      reads.release();
      await backup;
      const earlyIds = await early;
      await outboxDrained();

      const target = await restoreAndOpen(file);
      const has = async (id: string) => {
        const spot = (await target.database.db.execute(
          sql`select count(*)::int as n from locations where id = ${id}`,
        )) as unknown as { rows: { n: number }[] };
        const photos = (await target.database.db.execute(
          sql`select photo_key, thumbnail_key from location_photos where location_id = ${id}`,
        )) as unknown as { rows: { photo_key: string; thumbnail_key: string }[] };
        const files = await Promise.all(
          photos.rows.flatMap((row) => [row.photo_key, row.thumbnail_key]).map((key) => target.storage.get(key)),
        );
        return { spot: spot.rows[0]!.n === 1, photos: photos.rows.length, files: files.filter(Boolean).length };
      };
      for (const id of earlyIds) {
        const found = await has(id);
        expect([
          { spot: false, photos: 0, files: 0 },
          { spot: true, photos: 1, files: 2 },
        ]).toContainEqual(found);
      }
      for (const id of late) expect(await has(id)).toEqual({ spot: false, photos: 0, files: 0 });
      expect(await has(doomed)).toEqual({ spot: true, photos: 1, files: 2 });
      // No row of the restored instance names a photo its store lacks.
      const named = (await target.database.db.execute(
        sql`select photo_key as key from location_photos union all select thumbnail_key from location_photos
            union all select photo_key from visit_photos union all select thumbnail_key from visit_photos`,
      )) as unknown as { rows: { key: string }[] };
      for (const { key } of named.rows) expect(await target.storage.get(key), key).not.toBeNull();

      // Once the backup is over, the reconciler takes the deleted spot's files away.
      await reconcilePhotos({ db: t.db, storage: rawStorage, graceMs: 0 });
      for (const key of doomedKeys) expect(await rawStorage.get(key)).toBeNull();
    },
  );

  it(
    'refuses a damaged or cut-off archive and a target that holds data, changing nothing',
    { timeout: 300_000 },
    async () => {
      const file = path.join(scratch, `refusals-${drill.store}.tar`);
      await backupTo(file);
      const bytes = fs.readFileSync(file);

      const flipped = path.join(scratch, `flipped-${drill.store}.tar`);
      const damaged = Buffer.from(bytes);
      const at = damaged.indexOf(Buffer.from('RIFF')) + 20; // inside the first photo's bytes
      damaged[at] = damaged[at]! ^ 0xff;
      fs.writeFileSync(flipped, damaged);
      const cut = path.join(scratch, `cut-${drill.store}.tar`);
      fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));

      const { config } = await emptyTarget(drill.targetEngine, drill.targetStore);
      const before = fs.readdirSync(config.dataDir);
      for (const [archive, message] of [
        [flipped, /damaged: the checksum of photos\/\S+\.webp does not match/],
        [cut, /truncated/],
      ] as const) {
        const attempt = restoreBackup(archive, config);
        await expect(attempt).rejects.toThrow(ArchiveDamagedError);
        await expect(attempt).rejects.toThrow(message);
        expect(fs.readdirSync(config.dataDir)).toEqual(before);
      }
      // Nothing reached the target's photo store or database either.
      expect((await photoBytes(await createStorage(config.storage))).size).toBe(0);
      if (config.database.kind === 'postgres') {
        const database = await openDatabase({ ...config.database, migrations: 'none' });
        expect(await describeTables(database.db)).toEqual([]);
        await database.close();
      }

      // The same empty place takes the whole archive, and then refuses it again unless told.
      await restoreBackup(file, config);
      const again = restoreBackup(file, config);
      await expect(again).rejects.toThrow(RestoreRefusedError);
      await expect(again).rejects.toThrow(/not empty: its database holds \d+ account\(s\).*--force/);
      const replaced = await restoreBackup(file, config, { force: true });
      expect(replaced.replaced).toBe(true);
    },
  );
});
