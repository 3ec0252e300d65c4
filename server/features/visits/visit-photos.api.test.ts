import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, validSpot, type TestContext } from '../../test/test-app.ts';
import { reconcilePhotos } from '../../photos/photo-reconcile.ts';
import { createStorage } from '../../storage/storage.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import type { Visit } from '../../../common/schemas/visits.ts';

// A visit's photos (ADR 0025): what was there that day. Stored like a spot's photos, seen by whoever may see
// the spot, changed only by its owner, removed with the visit or the spot.

let t: TestContext;
let owner: { cookie: string };
let other: { cookie: string };
let photoDir: string;

const jpeg = (colour = '#6b4') =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const keyOf = (url: string) => url.split('/').pop()!;
const filesOf = (visit: Visit) =>
  visit.photos.flatMap((photo) => [`${keyOf(photo.url)}.webp`, `${keyOf(photo.thumbnail_url)}.webp`]);
const photoFiles = () =>
  fs.existsSync(photoDir)
    ? fs
        .readdirSync(photoDir)
        .filter((name) => !name.startsWith('.'))
        .sort()
    : [];
const photoRows = async () =>
  (await t.query<{ n: number }>(sql`select count(*)::int as n from visit_photos`)).rows[0]!.n;
const get = (url: string, cookie = owner.cookie) => t.app.inject({ url, headers: { cookie } });

async function createSpot(isPublic: boolean): Promise<Spot> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/locations',
    headers: { cookie: owner.cookie },
    payload: validSpot({ is_public: isPublic }),
  });
  expect(response.statusCode).toBe(201);
  return response.json<Spot>();
}

async function recordVisit(spotId: string, cookie = owner.cookie): Promise<Visit> {
  const body = {
    id: crypto.randomUUID(),
    date: '2026-10-02',
    outcome: 'found',
    amount: 'some',
    note: 'Under the old spruce',
  };
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/locations/${spotId}/visits`,
    headers: { cookie },
    payload: body,
  });
  expect(response.statusCode).toBe(201);
  return response.json<Visit>();
}

async function addPhoto(
  spotId: string,
  visitId: string,
  options: { id?: string; bytes?: Buffer; cookie?: string } = {},
) {
  const form = new FormData();
  if (options.id !== undefined) form.append('id', options.id);
  form.append(
    'photo',
    new Blob([new Uint8Array(options.bytes ?? (await jpeg()))], { type: 'image/jpeg' }),
    'photo.jpg',
  );
  const request = new Request('http://foray.test/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/locations/${spotId}/visits/${visitId}/photos`,
    headers: { cookie: options.cookie ?? owner.cookie, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const visitsOf = async (spotId: string, cookie = owner.cookie) =>
  (await get(`/api/v1/locations/${spotId}/visits`, cookie)).json<{ items: Visit[] }>().items;

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.createUser('visit-photos@example.com');
  other = await t.createUser('visit-photos-other@example.com');
  photoDir = path.join(t.dataDir, 'photos');
});
afterAll(() => t.close());

describe('a visit’s photos', () => {
  it('adds photos in order, lists them with the visit and the owner’s visits, and serves them without metadata', async () => {
    const spot = await createSpot(false);
    const visit = await recordVisit(spot.id);
    expect(visit.photos).toEqual([]);
    // A photo with EXIF (a camera model and GPS) goes in; what is stored has none.
    const tagged = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a3' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Forest Camera', Model: 'F-1' } })
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const first = await addPhoto(spot.id, visit.id, { bytes: tagged });
    expect(first.statusCode).toBe(201);
    const second = await addPhoto(spot.id, visit.id, { bytes: await jpeg('#33a') });
    expect(second.statusCode).toBe(201);
    const now = second.json<Visit>();
    expect(now.photos).toHaveLength(2);
    expect(now.photos[0]!.id).toBe(first.json<Visit>().photos[0]!.id);

    expect((await visitsOf(spot.id)).find((item) => item.id === visit.id)!.photos).toEqual(now.photos);
    const own = (await get('/api/v1/visits?owner=mine')).json<{ items: Visit[] }>().items;
    expect(own.find((item) => item.id === visit.id)!.photos).toEqual(now.photos);

    for (const url of [now.photos[0]!.url, now.photos[0]!.thumbnail_url]) {
      const served = await get(url);
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('Forest Camera'))).toBe(false);
    }
  });

  it('takes at most 4 photos a visit: the 5th is a 409 TOO_MANY_PHOTOS and leaves no file behind', async () => {
    const spot = await createSpot(false);
    const visit = await recordVisit(spot.id);
    for (let n = 0; n < 4; n++) expect((await addPhoto(spot.id, visit.id)).statusCode).toBe(201);
    const files = photoFiles();
    const rows = await photoRows();
    const fifth = await addPhoto(spot.id, visit.id);
    expect([fifth.statusCode, fifth.json().error.code]).toEqual([409, 'TOO_MANY_PHOTOS']);
    expect(photoFiles()).toEqual(files);
    expect(await photoRows()).toBe(rows);
  });

  it('answers a retried upload with the same photo id with 200 and stores one photo; the id elsewhere is a clash', async () => {
    const spot = await createSpot(false);
    const visit = await recordVisit(spot.id);
    const id = crypto.randomUUID();
    const first = await addPhoto(spot.id, visit.id, { id });
    expect(first.statusCode).toBe(201);
    const files = photoFiles();
    const again = await addPhoto(spot.id, visit.id, { id });
    expect(again.statusCode).toBe(200);
    expect(again.json<Visit>().photos.map((photo) => photo.id)).toEqual([id]);
    expect(photoFiles()).toEqual(files);
    const elsewhere = await recordVisit(spot.id);
    const clash = await addPhoto(spot.id, elsewhere.id, { id });
    expect([clash.statusCode, clash.json().error.code]).toEqual([409, 'ID_CONFLICT']);
  });

  it('refuses bad uploads with a 4xx and keeps nothing', async () => {
    const spot = await createSpot(false);
    const visit = await recordVisit(spot.id);
    const files = photoFiles();
    const rows = await photoRows();
    const text = await addPhoto(spot.id, visit.id, { bytes: Buffer.from('not an image, only words\n'.repeat(20)) });
    expect([text.statusCode, text.json().error.code]).toEqual([415, 'UNSUPPORTED_PHOTO']);
    const big = await addPhoto(spot.id, visit.id, {
      bytes: Buffer.concat([await jpeg(), Buffer.alloc(6 * 1024 * 1024, 1)]),
    });
    expect([big.statusCode, big.json().error.code]).toEqual([413, 'PHOTO_TOO_LARGE']);
    const badId = await addPhoto(spot.id, visit.id, { id: 'photo-1' });
    expect([badId.statusCode, badId.json().error.code]).toEqual([400, 'VALIDATION_ERROR']);
    const noVisit = await addPhoto(spot.id, crypto.randomUUID());
    expect([noVisit.statusCode, noVisit.json().error.code]).toEqual([404, 'NOT_FOUND']);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/locations/${spot.id}/visits/${visit.id}/photos`,
      headers: { cookie: owner.cookie },
      payload: {},
    });
    expect(json.statusCode).toBe(415);
    expect(photoFiles()).toEqual(files);
    expect(await photoRows()).toBe(rows);
  });

  it('removes one photo and its files; deleting the visit, or the spot, removes the rest', async () => {
    const spot = await createSpot(false);
    const visit = await recordVisit(spot.id);
    await addPhoto(spot.id, visit.id);
    const full = (await addPhoto(spot.id, visit.id, { bytes: await jpeg('#a33') })).json<Visit>();
    const [gone, kept] = full.photos;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/locations/${spot.id}/visits/${visit.id}/photos/${gone!.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<Visit>().photos.map((photo) => photo.id)).toEqual([kept!.id]);
    expect(photoFiles()).not.toContain(`${keyOf(gone!.url)}.webp`);
    expect((await get(gone!.url)).statusCode).toBe(404);

    const keptFiles = filesOf(removed.json<Visit>());
    expect(photoFiles()).toEqual(expect.arrayContaining(keptFiles));
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/locations/${spot.id}/visits/${visit.id}`,
          headers: { cookie: owner.cookie },
        })
      ).statusCode,
    ).toBe(204);
    for (const file of keptFiles) expect(photoFiles()).not.toContain(file);

    const other = await recordVisit(spot.id);
    const withPhoto = (await addPhoto(spot.id, other.id)).json<Visit>();
    const files = filesOf(withPhoto);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/locations/${spot.id}`, headers: { cookie: owner.cookie } }))
        .statusCode,
    ).toBe(204);
    for (const file of files) expect(photoFiles()).not.toContain(file);
    expect(
      (await t.query<{ n: number }>(sql`select count(*)::int as n from visit_photos where visit_id = ${other.id}`))
        .rows[0]!.n,
    ).toBe(0);
  });

  it('keeps every photo a visit names when reconciling the store', async () => {
    const spot = await createSpot(false);
    const visit = await recordVisit(spot.id);
    const full = (await addPhoto(spot.id, visit.id)).json<Visit>();
    const storage = await createStorage({ kind: 'local', dir: photoDir });
    await reconcilePhotos({ db: t.db, storage, graceMs: -60_000 });
    expect(photoFiles()).toEqual(expect.arrayContaining(filesOf(full)));
  });
});

describe('privacy of a visit’s photos, with two users', () => {
  it('never shows a private spot’s visit photos to anyone else, by list or by URL, and shows a public spot’s', async () => {
    const hidden = await createSpot(false);
    const hiddenVisit = await recordVisit(hidden.id);
    const hiddenPhoto = (await addPhoto(hidden.id, hiddenVisit.id)).json<Visit>().photos[0]!;
    expect((await get(`/api/v1/locations/${hidden.id}/visits`, other.cookie)).statusCode).toBe(404);
    expect((await get(hiddenPhoto.url, other.cookie)).statusCode).toBe(404);
    expect((await get(hiddenPhoto.thumbnail_url, other.cookie)).statusCode).toBe(404);
    expect((await get('/api/v1/visits?owner=mine', other.cookie)).json<{ items: Visit[] }>().items).toEqual([]);

    const shared = await createSpot(true);
    const sharedVisit = await recordVisit(shared.id);
    const sharedPhoto = (await addPhoto(shared.id, sharedVisit.id)).json<Visit>().photos[0]!;
    const seen = await visitsOf(shared.id, other.cookie);
    expect(seen.map((item) => [item.id, item.note, item.photos.map((photo) => photo.id)])).toEqual([
      [sharedVisit.id, null, [sharedPhoto.id]],
    ]);
    expect((await get(sharedPhoto.url, other.cookie)).statusCode).toBe(200);

    // Making the spot private hides its visit photos at once.
    const unshared = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/locations/${shared.id}`,
      headers: { cookie: owner.cookie },
      payload: { is_public: false },
    });
    expect(unshared.statusCode).toBe(200);
    expect((await get(sharedPhoto.url, other.cookie)).statusCode).toBe(404);
  });

  it('lets only the owner add or remove a visit’s photos: anyone else gets 404 even on a public spot, and nothing changes', async () => {
    const shared = await createSpot(true);
    const visit = await recordVisit(shared.id);
    const photo = (await addPhoto(shared.id, visit.id)).json<Visit>().photos[0]!;
    const files = photoFiles();
    const add = await addPhoto(shared.id, visit.id, { cookie: other.cookie });
    expect(add.statusCode).toBe(404);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/locations/${shared.id}/visits/${visit.id}/photos/${photo.id}`,
      headers: { cookie: other.cookie },
    });
    expect(remove.statusCode).toBe(404);
    expect(photoFiles()).toEqual(files);
    expect((await visitsOf(shared.id)).find((item) => item.id === visit.id)!.photos).toEqual([photo]);
    expect((await addPhoto(shared.id, visit.id, { cookie: '' })).statusCode).toBe(401);
  });
});
