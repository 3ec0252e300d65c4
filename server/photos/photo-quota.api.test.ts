import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, validSpot, type TestContext } from '../test/test-app.ts';
import { multipart } from '../test/multipart.ts';
import type { Me } from '../../common/schemas/config.ts';
import type { Spot } from '../../common/schemas/spots.ts';
import type { ApiError } from '../../common/schemas/errors.ts';
import { MEGABYTE } from '../../common/storage-size.ts';
import { measurePhotoSizes } from './photo-sizes.ts';
import { createStorage } from '../storage/storage.ts';

// Storage within bounds (ADR 0081): each account's photo bytes kept by the database as photos come and go, the quota
// an upload may not pass (whole, atomically, nothing half-saved), and the measuring of photos stored before.

let t: TestContext;
type User = { cookie: string; id: string };

const jpeg = (colour = '#6b4', width = 320) =>
  sharp({ create: { width, height: 240, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const photoDir = () => path.join(t.dataDir, 'photos');
const photoFiles = () =>
  fs.existsSync(photoDir())
    ? fs
        .readdirSync(photoDir())
        .filter((name) => !name.startsWith('.'))
        .sort()
    : [];
/** What the files on disk add up to: the truth the kept sum must match. */
const bytesOnDisk = (names: string[]) =>
  names.reduce((sum, name) => sum + fs.statSync(path.join(photoDir(), name)).size, 0);
const keyFile = (url: string) => `${url.split('/').pop()!}.webp`;
const filesOfSpot = (spot: Spot) => spot.photos.flatMap((photo) => [keyFile(photo.url), keyFile(photo.thumbnail_url)]);

async function signedIn(): Promise<User> {
  const user = await t.createUser();
  const me = await t.app.inject({ url: '/api/v1/me', headers: { cookie: user.cookie } });
  return { cookie: user.cookie, id: me.json<Me>().id };
}
const me = async (user: User) =>
  (await t.app.inject({ url: '/api/v1/me', headers: { cookie: user.cookie } })).json<Me>();
const keptBytes = async (user: User) =>
  Number(
    (await t.query<{ bytes: string }>(sql`select photo_bytes::text as bytes from "user" where id = ${user.id}`))
      .rows[0]!.bytes,
  );

async function createSpot(user: User, photo: Buffer | null, fields: Record<string, unknown> = {}) {
  const body = await multipart(validSpot(fields), photo ? { bytes: photo } : undefined);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/locations',
    headers: { cookie: user.cookie, ...body.headers },
    payload: body.payload,
  });
}
async function addPhoto(user: User, url: string, photo: Buffer) {
  const body = await multipart({ id: crypto.randomUUID() }, { bytes: photo });
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: user.cookie, ...body.headers },
    payload: body.payload,
  });
}
async function addVisit(user: User, spotId: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/locations/${spotId}/visits`,
    headers: { cookie: user.cookie },
    payload: { id: crypto.randomUUID(), date: '2025-09-20', outcome: 'nothing' },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}
const setQuota = (user: User, megabytes: number | null) =>
  t.query(sql`update "user" set photo_quota_mb = ${megabytes} where id = ${user.id}`);
/** As if the account's earlier photos used this much: the kept sum alone is moved (nothing checks it against files). */
const pretendUsed = (user: User, bytes: number) =>
  t.query(sql`update "user" set photo_bytes = ${bytes} where id = ${user.id}`);

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('an account’s photo bytes', () => {
  it('follow its photos as they are added and removed, spots’ and visits’, cascades included', async () => {
    const user = await signedIn();
    expect(await me(user)).toMatchObject({ photo_bytes: 0, photo_quota_bytes: 2048 * MEGABYTE });

    const created = await createSpot(user, await jpeg('#a33'));
    expect(created.statusCode).toBe(201);
    let spot = created.json<Spot>();
    expect((await me(user)).photo_bytes).toBe(bytesOnDisk(filesOfSpot(spot)));

    spot = (await addPhoto(user, `/api/v1/locations/${spot.id}/photos`, await jpeg('#3a3', 640))).json<Spot>();
    const visitId = await addVisit(user, spot.id);
    const before = new Set(photoFiles());
    const withPhoto = await addPhoto(user, `/api/v1/locations/${spot.id}/visits/${visitId}/photos`, await jpeg('#33a'));
    expect(withPhoto.statusCode).toBe(201);
    const visitFiles = photoFiles().filter((name) => !before.has(name));
    expect(visitFiles).toHaveLength(2);
    expect((await me(user)).photo_bytes).toBe(bytesOnDisk([...filesOfSpot(spot), ...visitFiles]));

    // One photo removed: its bytes go.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/locations/${spot.id}/photos/${spot.photos[0]!.id}`,
      headers: { cookie: user.cookie },
    });
    spot = removed.json<Spot>();
    expect((await me(user)).photo_bytes).toBe(bytesOnDisk([...filesOfSpot(spot), ...visitFiles]));

    // The visit deleted takes its photo along.
    const visitGone = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/locations/${spot.id}/visits/${visitId}`,
      headers: { cookie: user.cookie },
    });
    expect(visitGone.statusCode).toBe(204);
    expect((await me(user)).photo_bytes).toBe(bytesOnDisk(filesOfSpot(spot)));

    // A second spot with a visit photo, then the spot deleted: its photos and its visits' go by cascade.
    const other = (await createSpot(user, await jpeg('#aa3'))).json<Spot>();
    const otherVisit = await addVisit(user, other.id);
    await addPhoto(user, `/api/v1/locations/${other.id}/visits/${otherVisit}/photos`, await jpeg('#3aa'));
    for (const id of [spot.id, other.id]) {
      const gone = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/locations/${id}`,
        headers: { cookie: user.cookie },
      });
      expect(gone.statusCode).toBe(204);
    }
    expect((await me(user)).photo_bytes).toBe(0);
  });

  it('agree with a recount from the photos’ rows, each person’s apart', async () => {
    const [ona, jonas] = [await signedIn(), await signedIn()];
    await createSpot(ona, await jpeg('#a3a'));
    const spot = (await createSpot(jonas, await jpeg('#777'))).json<Spot>();
    await addPhoto(jonas, `/api/v1/locations/${spot.id}/photos`, await jpeg('#c82'));
    const kept = [await keptBytes(ona), await keptBytes(jonas)];
    expect(kept[0]).toBeGreaterThan(0);
    expect(kept[1]).toBeGreaterThan(kept[0]!);
    await t.query(sql`select foray_photo_bytes_recount()`);
    expect([await keptBytes(ona), await keptBytes(jonas)]).toEqual(kept);
  });

  it('count an import’s photos, spots’ and visits’ alike', async () => {
    const user = await signedIn();
    const zip = await forayZip([
      { lat: 60.1, name: 'One photo', photos: [await jpeg('#a33')] },
      { lat: 60.2, name: 'Two photos', photos: [await jpeg('#3a3'), await jpeg('#33a')] },
    ]);
    const before = new Set(photoFiles());
    const saved = await confirmImport(user, zip);
    expect(saved.statusCode).toBe(201);
    const added = photoFiles().filter((name) => !before.has(name));
    expect(added).toHaveLength(6);
    expect((await me(user)).photo_bytes).toBe(bytesOnDisk(added));
  });
});

describe('the photo quota', () => {
  it('is the account’s own, else the server’s default, else PHOTO_QUOTA_MB', async () => {
    const user = await signedIn();
    expect((await me(user)).photo_quota_bytes).toBe(t.config.photoQuotaMb * MEGABYTE);
    await t.query(sql`insert into server_policy (id, signup_policy, photo_quota_mb) values (1, 'open', 300)
                      on conflict (id) do update set photo_quota_mb = 300`);
    try {
      expect((await me(user)).photo_quota_bytes).toBe(300 * MEGABYTE);
      await setQuota(user, 5);
      expect((await me(user)).photo_quota_bytes).toBe(5 * MEGABYTE);
      // The session's answer carries the same.
      const session = await t.app.inject({ url: '/api/v1/session', headers: { cookie: user.cookie } });
      expect(session.json<{ user: Me }>().user).toMatchObject({ photo_quota_bytes: 5 * MEGABYTE, photo_bytes: 0 });
    } finally {
      await t.query(sql`update server_policy set photo_quota_mb = null`);
    }
  });

  it('refuses a spot whose photo would pass it, whole: no spot, no file, the sum unchanged', async () => {
    const user = await signedIn();
    await setQuota(user, 1);
    const used = MEGABYTE - 20;
    await pretendUsed(user, used);
    const files = photoFiles();
    const id = crypto.randomUUID();

    const refused = await createSpot(user, await jpeg('#28c'), { id });
    expect(refused.statusCode).toBe(413);
    const error = refused.json<ApiError>().error;
    expect(error.code).toBe('PHOTO_QUOTA_EXCEEDED');
    expect(error.message).toContain('Your photos use 1 MB of your 1 MB');
    expect(error.details).toEqual({ used_bytes: used, quota_bytes: MEGABYTE });

    expect(photoFiles()).toEqual(files);
    expect(await keptBytes(user)).toBe(used);
    const read = await t.app.inject({ url: `/api/v1/locations/${id}`, headers: { cookie: user.cookie } });
    expect(read.statusCode).toBe(404);

    // Without the photo the same spot is saved: the phone can keep it.
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: user.cookie },
      payload: validSpot({ id }),
    });
    expect(bare.statusCode).toBe(201);
    // And a photo added to it is refused the same way, leaving the spot as it was.
    const added = await addPhoto(user, `/api/v1/locations/${id}/photos`, await jpeg('#c82'));
    expect(added.statusCode).toBe(413);
    expect(added.json<ApiError>().error.code).toBe('PHOTO_QUOTA_EXCEEDED');
    const visitId = await addVisit(user, id);
    const visitPhoto = await addPhoto(user, `/api/v1/locations/${id}/visits/${visitId}/photos`, await jpeg('#c82'));
    expect(visitPhoto.statusCode).toBe(413);
    expect(photoFiles()).toEqual(files);
    expect(await keptBytes(user)).toBe(used);
  });

  it('lets an upload through that fits, and says how much is used once the account is full', async () => {
    const user = await signedIn();
    await setQuota(user, 1);
    const first = await createSpot(user, await jpeg('#a33'));
    expect(first.statusCode).toBe(201);
    const used = await keptBytes(user);
    await pretendUsed(user, MEGABYTE);
    const full = await createSpot(user, await jpeg('#a33'));
    expect(full.statusCode).toBe(413);
    expect(full.json<ApiError>().error.message).toContain('1 MB of your 1 MB');
    await pretendUsed(user, used);
    // A quota of 0: no photo at all.
    await setQuota(user, 0);
    expect((await createSpot(user, await jpeg('#a33'))).statusCode).toBe(413);
  });

  it('lets only one of two uploads at once take the last free space', async () => {
    const user = await signedIn();
    // One photo's size, as stored (the same picture is re-encoded to the same bytes).
    const photo = await jpeg('#3aa', 480);
    const probe = (await createSpot(user, photo)).json<Spot>();
    const size = await keptBytes(user);
    expect(size).toBe(bytesOnDisk(filesOfSpot(probe)));
    await setQuota(user, 1);
    // Room for one more such photo, not two.
    await pretendUsed(user, MEGABYTE - Math.round(size * 1.5));
    const before = await keptBytes(user);
    const spots = [(await createSpot(user, null)).json<Spot>(), (await createSpot(user, null)).json<Spot>()];
    const answers = await Promise.all(
      spots.map(async (spot) => addPhoto(user, `/api/v1/locations/${spot.id}/photos`, photo)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 413]);
    expect(await keptBytes(user)).toBe(before + size);
  });

  it('refuses an import whose photos would pass it, all or nothing', async () => {
    const user = await signedIn();
    await setQuota(user, 1);
    await pretendUsed(user, MEGABYTE - 20);
    const files = photoFiles();
    const zip = await forayZip([{ lat: 61.1, name: 'Over the quota', photos: [await jpeg('#a33')] }]);
    const refused = await confirmImport(user, zip);
    expect(refused.statusCode).toBe(413);
    expect(refused.json<ApiError>().error.code).toBe('PHOTO_QUOTA_EXCEEDED');
    expect(photoFiles()).toEqual(files);
    const spots = await t.query<{ n: number }>(
      sql`select count(*)::int as n from locations where user_id = ${user.id}`,
    );
    expect(spots.rows[0]!.n).toBe(0);
  });
});

describe('photos stored before their sizes were counted', () => {
  it('are measured after an upgrade, once, so the sum ends right', async () => {
    const user = await signedIn();
    const spot = (await createSpot(user, await jpeg('#a33'))).json<Spot>();
    const visitId = await addVisit(user, spot.id);
    const before = new Set(photoFiles());
    await addPhoto(user, `/api/v1/locations/${spot.id}/visits/${visitId}/photos`, await jpeg('#3a3'));
    const visitFiles = photoFiles().filter((name) => !before.has(name));
    const expected = bytesOnDisk([...filesOfSpot(spot), ...visitFiles]);
    // A server upgraded from a release that did not count: no row has a size, the sum is 0.
    await t.query(sql`update location_photos p set stored_bytes = null from locations l
                      where l.id = p.location_id and l.user_id = ${user.id}`);
    await t.query(sql`update visit_photos set stored_bytes = null where visit_id = ${visitId}`);
    expect(await keptBytes(user)).toBe(0);

    const storage = await createStorage({ kind: 'local', dir: photoDir() });
    // Two servers measuring at once, in small batches: every row is counted once.
    await Promise.all([
      measurePhotoSizes({ db: t.db, storage }, { batch: 1 }),
      measurePhotoSizes({ db: t.db, storage }),
    ]);
    expect(await keptBytes(user)).toBe(expected);
    expect(await measurePhotoSizes({ db: t.db, storage })).toBe(0);
    expect(await keptBytes(user)).toBe(expected);
  });

  it('count nothing for a file that is not there, and are not measured again', async () => {
    const user = await signedIn();
    const spot = (await createSpot(user, await jpeg('#777'))).json<Spot>();
    await t.query(sql`update location_photos set stored_bytes = null where location_id = ${spot.id}`);
    for (const name of filesOfSpot(spot)) fs.rmSync(path.join(photoDir(), name));
    const storage = await createStorage({ kind: 'local', dir: photoDir() });
    expect(await measurePhotoSizes({ db: t.db, storage })).toBeGreaterThanOrEqual(1);
    expect(await keptBytes(user)).toBe(0);
    expect(await measurePhotoSizes({ db: t.db, storage })).toBe(0);
  });
});

describe('the disk floor', () => {
  let floor: TestContext;
  beforeAll(async () => {
    // A floor far above any real disk's free space: the disk is "full" without filling one.
    floor = await createTestContext({ env: { DISK_FREE_MIN_MB: '100000000' } });
  });
  afterAll(() => floor.close());

  it('refuses photo uploads with 507 below it, and nothing else', async () => {
    const user = await floor.createUser();
    const body = await multipart(validSpot(), { bytes: await jpeg() });
    const refused = await floor.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: user.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(refused.statusCode).toBe(507);
    expect(refused.json<ApiError>().error).toMatchObject({ code: 'INSUFFICIENT_STORAGE' });
    expect(refused.json<ApiError>().error.message).toMatch(/storage is nearly full/);
    const dir = path.join(floor.dataDir, 'photos');
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
    // A spot without a photo is no upload: saved.
    const bare = await floor.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: user.cookie },
      payload: validSpot(),
    });
    expect(bare.statusCode).toBe(201);
    const added = await (async () => {
      const form = await multipart({}, { bytes: await jpeg() });
      return floor.app.inject({
        method: 'POST',
        url: `/api/v1/locations/${bare.json<Spot>().id}/photos`,
        headers: { cookie: user.cookie, ...form.headers },
        payload: form.payload,
      });
    })();
    expect(added.statusCode).toBe(507);
  });
});

async function forayZip(spots: Array<{ lat: number; name: string; photos: Buffer[] }>) {
  const files: Record<string, Uint8Array> = {};
  const features = spots.map((spot, i) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [60, spot.lat] },
    properties: {
      name: spot.name,
      photos: spot.photos.map((photo, n) => {
        files[`photos/${i}-${n}.jpg`] = photo;
        return `photos/${i}-${n}.jpg`;
      }),
    },
  }));
  files['foray-spots.geojson'] = strToU8(JSON.stringify({ type: 'FeatureCollection', features }));
  return { name: 'foray.zip', bytes: zipSync(files) };
}

async function confirmImport(user: User, file: { name: string; bytes: Uint8Array }) {
  const body = await multipart(
    { import_id: crypto.randomUUID() },
    { bytes: file.bytes, name: file.name, type: 'application/octet-stream', field: 'file' },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/import',
    headers: { cookie: user.cookie, ...body.headers },
    payload: body.payload,
  });
}
