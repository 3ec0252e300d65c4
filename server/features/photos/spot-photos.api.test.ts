import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, validSpot, type TestContext } from '../../test/test-app.ts';
import { multipart } from '../../test/multipart.ts';
import { reconcilePhotos } from '../../photos/photo-reconcile.ts';
import { createStorage } from '../../storage/storage.ts';
import type { Spot } from '../../../common/schemas/spots.ts';

// Several photos a spot (ADR 0024): add, remove, order; the first is the cover; only the owner changes them and
// only those who may see the spot see them.

let t: TestContext;
let owner: { cookie: string };
let other: { cookie: string };
let photoDir: string;

const colours = ['#a33', '#3a3', '#33a', '#aa3', '#3aa', '#a3a', '#777', '#c82', '#28c'];
const jpeg = (colour = '#6b4') =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const keyOf = (url: string) => url.split('/').pop()!;
const filesOf = (spot: Spot) =>
  spot.photos.flatMap((photo) => [`${keyOf(photo.url)}.webp`, `${keyOf(photo.thumbnail_url)}.webp`]);
const photoFiles = () =>
  fs.existsSync(photoDir)
    ? fs
        .readdirSync(photoDir)
        .filter((name) => !name.startsWith('.'))
        .sort()
    : [];
const photoRows = async () =>
  (await t.query<{ n: number }>(sql`select count(*)::int as n from location_photos`)).rows[0]!.n;

async function createSpot(fields: Record<string, unknown> = {}, withPhoto = true, cookie = owner.cookie) {
  const body = await multipart(validSpot(fields), withPhoto ? { bytes: await jpeg() } : undefined);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/locations',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json<Spot>();
}

async function addPhoto(
  spotId: string,
  options: { id?: string; bytes?: Buffer; cookie?: string; field?: string } = {},
) {
  const form = new FormData();
  if (options.id !== undefined) form.append('id', options.id);
  const bytes = options.bytes ?? (await jpeg());
  form.append(options.field ?? 'photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  const request = new Request('http://foray.test/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/locations/${spotId}/photos`,
    headers: { cookie: options.cookie ?? owner.cookie, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const removePhoto = (spotId: string, photoId: string, cookie = owner.cookie) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/locations/${spotId}/photos/${photoId}`, headers: { cookie } });
const order = (spotId: string, body: unknown, cookie = owner.cookie) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/locations/${spotId}/photos/order`,
    headers: { cookie },
    payload: body as object,
  });
const get = (url: string, cookie = owner.cookie) => t.app.inject({ url, headers: { cookie } });

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.createUser('many-photos@example.com');
  other = await t.createUser('someone-else@example.com');
  photoDir = path.join(t.dataDir, 'photos');
});
afterAll(() => t.close());

describe('a spot’s photos', () => {
  it('adds, orders and removes photos; the first is the cover on every read path', async () => {
    const firstId = crypto.randomUUID();
    const spot = await createSpot({ photo_id: firstId });
    expect(spot.photos.map((photo) => photo.id)).toEqual([firstId]);
    expect([spot.photo_url, spot.thumbnail_url]).toEqual([spot.photos[0]!.url, spot.photos[0]!.thumbnail_url]);

    const second = await addPhoto(spot.id, { bytes: await jpeg(colours[0]) });
    expect(second.statusCode).toBe(201);
    const third = await addPhoto(spot.id, { bytes: await jpeg(colours[1]) });
    expect(third.statusCode).toBe(201);
    const withThree = third.json<Spot>();
    const [a, b, c] = withThree.photos.map((photo) => photo.id) as [string, string, string];
    expect(a).toBe(firstId);
    expect(withThree.photos).toHaveLength(3);
    // Still the first photo's: adding puts a photo last.
    expect(withThree.photo_url).toBe(spot.photo_url);
    expect(photoFiles()).toEqual(expect.arrayContaining(filesOf(withThree)));

    const ordered = await order(spot.id, { photo_ids: [c, a, b] });
    expect(ordered.statusCode).toBe(200);
    const reordered = ordered.json<Spot>();
    expect(reordered.photos.map((photo) => photo.id)).toEqual([c, a, b]);
    expect(reordered.photo_url).toBe(reordered.photos[0]!.url);
    expect(reordered.thumbnail_url).toBe(reordered.photos[0]!.thumbnail_url);

    // By id, in the list and in a bbox: the same photos in the same order.
    expect((await get(`/api/v1/locations/${spot.id}`)).json<Spot>().photos).toEqual(reordered.photos);
    const listed = (await get('/api/v1/locations?owner=mine'))
      .json<{ items: Spot[] }>()
      .items.find((item) => item.id === spot.id);
    expect(listed?.photos).toEqual(reordered.photos);
    const inBox = (await get('/api/v1/locations?bbox=25,54,26,55&limit=1000'))
      .json<{ items: Spot[] }>()
      .items.find((item) => item.id === spot.id);
    expect([inBox?.photos, inBox?.photo_url]).toEqual([reordered.photos, reordered.photos[0]!.url]);

    // Removing the cover: its files go, it answers 404, and the next photo becomes the cover.
    const cover = reordered.photos[0]!;
    const removed = await removePhoto(spot.id, c);
    expect(removed.statusCode).toBe(200);
    const afterRemove = removed.json<Spot>();
    expect(afterRemove.photos.map((photo) => photo.id)).toEqual([a, b]);
    expect(afterRemove.photo_url).toBe(afterRemove.photos[0]!.url);
    expect(photoFiles()).not.toContain(`${keyOf(cover.url)}.webp`);
    expect(photoFiles()).not.toContain(`${keyOf(cover.thumbnail_url)}.webp`);
    expect((await get(cover.url)).statusCode).toBe(404);
    expect((await get(cover.thumbnail_url)).statusCode).toBe(404);
    expect((await removePhoto(spot.id, c)).statusCode).toBe(404);

    // Removing the last photos leaves a spot without a cover, like one saved without a photo.
    await removePhoto(spot.id, a);
    const none = (await removePhoto(spot.id, b)).json<Spot>();
    expect([none.photos, none.photo_url, none.thumbnail_url]).toEqual([[], null, null]);
  });

  it('refuses an order that does not name every photo once, with 409 PHOTOS_CHANGED, and bad bodies with 400', async () => {
    const spot = await createSpot();
    const added = (await addPhoto(spot.id)).json<Spot>();
    const [a, b] = added.photos.map((photo) => photo.id) as [string, string];
    for (const photoIds of [[a], [a, a], [a, b, crypto.randomUUID()], [b, crypto.randomUUID()]]) {
      const response = await order(spot.id, { photo_ids: photoIds });
      expect([response.statusCode, response.json().error.code]).toEqual([409, 'PHOTOS_CHANGED']);
    }
    for (const body of [{}, { photo_ids: 'a,b' }, { photo_ids: ['not-a-uuid'] }, { photo_ids: [a, b], extra: 1 }]) {
      const response = await order(spot.id, body);
      expect([response.statusCode, response.json().error.code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect((await get(`/api/v1/locations/${spot.id}`)).json<Spot>().photos.map((photo) => photo.id)).toEqual([a, b]);
  });

  it('takes at most 8 photos: the 9th is a 409 TOO_MANY_PHOTOS and leaves no file behind', async () => {
    const spot = await createSpot();
    for (let n = 2; n <= 8; n++)
      expect((await addPhoto(spot.id, { bytes: await jpeg(colours[n]) })).statusCode).toBe(201);
    const files = photoFiles();
    const rows = await photoRows();
    const ninth = await addPhoto(spot.id);
    expect([ninth.statusCode, ninth.json().error.code]).toEqual([409, 'TOO_MANY_PHOTOS']);
    expect(photoFiles()).toEqual(files);
    expect(await photoRows()).toBe(rows);
    expect((await get(`/api/v1/locations/${spot.id}`)).json<Spot>().photos).toHaveLength(8);

    // Several uploads at once cannot pass the limit either: the spot is locked while one is added.
    const roomy = await createSpot({}, false);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => addPhoto(roomy.id, { bytes: undefined }).then((r) => r.statusCode)),
    );
    expect(answers.filter((status) => status === 201)).toHaveLength(8);
    expect(answers.filter((status) => status === 409)).toHaveLength(2);
    expect((await get(`/api/v1/locations/${roomy.id}`)).json<Spot>().photos).toHaveLength(8);
  });

  it('answers a retried upload with the same photo id with 200 and stores one photo', async () => {
    const spot = await createSpot({}, false);
    const id = crypto.randomUUID();
    const first = await addPhoto(spot.id, { id });
    expect(first.statusCode).toBe(201);
    const files = photoFiles();
    const again = await addPhoto(spot.id, { id });
    expect(again.statusCode).toBe(200);
    expect(again.json<Spot>()).toEqual(first.json<Spot>());
    expect(photoFiles()).toEqual(files);
    expect(again.json<Spot>().photos.map((photo) => photo.id)).toEqual([id]);

    // The same id on another spot, or as someone else, is a clash, not a retry.
    const elsewhere = await createSpot({}, false);
    const clash = await addPhoto(elsewhere.id, { id });
    expect([clash.statusCode, clash.json().error.code]).toEqual([409, 'ID_CONFLICT']);
    expect(photoFiles()).toEqual(files);
  });

  it('refuses bad uploads with a 4xx and keeps nothing', async () => {
    const spot = await createSpot({}, false);
    const files = photoFiles();
    const rows = await photoRows();
    const text = await addPhoto(spot.id, { bytes: Buffer.from('not an image, only words\n'.repeat(20)) });
    expect([text.statusCode, text.json().error.code]).toEqual([415, 'UNSUPPORTED_PHOTO']);
    const big = await addPhoto(spot.id, { bytes: Buffer.concat([await jpeg(), Buffer.alloc(6 * 1024 * 1024, 1)]) });
    expect([big.statusCode, big.json().error.code]).toEqual([413, 'PHOTO_TOO_LARGE']);
    const badId = await addPhoto(spot.id, { id: 'photo-1' });
    expect([badId.statusCode, badId.json().error.code]).toEqual([400, 'VALIDATION_ERROR']);
    const wrongField = await addPhoto(spot.id, { field: 'avatar' });
    expect(wrongField.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/locations/${spot.id}/photos`,
      headers: { cookie: owner.cookie },
      payload: { id: crypto.randomUUID() },
    });
    expect(json.statusCode).toBe(415);
    const noFile = await multipart({ id: crypto.randomUUID() });
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/v1/locations/${spot.id}/photos`,
      headers: { cookie: owner.cookie, ...noFile.headers },
      payload: noFile.payload,
    });
    expect([empty.statusCode, empty.json().error.code]).toEqual([400, 'VALIDATION_ERROR']);
    const badParam = await removePhoto(spot.id, 'nope');
    expect(badParam.statusCode).toBe(400);
    expect(photoFiles()).toEqual(files);
    expect(await photoRows()).toBe(rows);
  });

  it('deletes every photo file with the spot', async () => {
    const spot = await createSpot();
    await addPhoto(spot.id, { bytes: await jpeg(colours[3]) });
    const full = (await addPhoto(spot.id, { bytes: await jpeg(colours[4]) })).json<Spot>();
    const files = filesOf(full);
    expect(files).toHaveLength(6);
    expect(photoFiles()).toEqual(expect.arrayContaining(files));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/locations/${spot.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    for (const file of files) expect(photoFiles()).not.toContain(file);
    for (const photo of full.photos) expect((await get(photo.url)).statusCode).toBe(404);
  });

  it('keeps every photo a spot names when reconciling the store', async () => {
    const spot = await createSpot();
    const full = (await addPhoto(spot.id)).json<Spot>();
    const storage = await createStorage({ kind: 'local', dir: photoDir });
    await reconcilePhotos({ db: t.db, storage, graceMs: -60_000 });
    expect(photoFiles()).toEqual(expect.arrayContaining(filesOf(full)));
  });
});

describe('requests from another site', () => {
  it('refuses adding, removing and ordering photos when the Origin is another site (CSRF), changing nothing', async () => {
    const spot = await createSpot();
    const photoId = spot.photos[0]!.id;
    const evil = { origin: 'https://evil.example' };
    const form = await multipart({});
    const responses = [
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/locations/${spot.id}/photos`,
        headers: { cookie: owner.cookie, ...evil, ...form.headers },
        payload: form.payload,
      }),
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/locations/${spot.id}/photos/${photoId}`,
        headers: { cookie: owner.cookie, ...evil },
      }),
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/locations/${spot.id}/photos/order`,
        headers: { cookie: owner.cookie, ...evil },
        payload: { photo_ids: [photoId] },
      }),
    ];
    for (const response of responses)
      expect([response.statusCode, response.json().error.code]).toEqual([403, 'CROSS_SITE_REQUEST']);
    expect((await get(`/api/v1/locations/${spot.id}`)).json<Spot>().photos).toEqual(spot.photos);
  });
});

describe('the OpenAPI document', () => {
  it('lists the photo collection’s routes and the photos of a Spot', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(Object.keys(doc.paths['/api/v1/locations/{id}/photos'] ?? {})).toContain('post');
    expect(Object.keys(doc.paths['/api/v1/locations/{id}/photos/{photoId}'] ?? {})).toContain('delete');
    expect(Object.keys(doc.paths['/api/v1/locations/{id}/photos/order'] ?? {})).toContain('put');
    // A Spot is one named schema of the document (ADR 0075), which the spot's routes refer to.
    expect(JSON.stringify(doc.paths['/api/v1/locations/{id}'])).toContain('#/components/schemas/Spot');
    expect(JSON.stringify(doc.components.schemas.Spot)).toContain('thumbnail_url');
    expect(JSON.stringify(doc.components.schemas.Spot)).toContain('"photos"');
  });
});

describe('who sees and changes a spot’s photos', () => {
  it('gives another user 404 for a private spot’s photo routes and files — as for one that does not exist — and the photos of a public one', async () => {
    const spot = await createSpot({ is_public: false, notes: 'secret glade' });
    const full = (await addPhoto(spot.id, { bytes: await jpeg(colours[5]) })).json<Spot>();
    const [first, second] = full.photos as [Spot['photos'][0], Spot['photos'][0]];
    const ghost = crypto.randomUUID();
    const rows = await photoRows();
    const files = photoFiles();

    const notFound = async (response: Awaited<ReturnType<typeof get>>) => {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    };
    for (const photo of full.photos) {
      await notFound(await get(photo.url, other.cookie));
      await notFound(await get(photo.thumbnail_url, other.cookie));
    }
    await notFound(await get(`/api/v1/locations/${spot.id}`, other.cookie));
    // Private or non-existent: the same answers.
    for (const id of [spot.id, ghost]) {
      await notFound(await addPhoto(id, { cookie: other.cookie }));
      await notFound(await removePhoto(id, first.id, other.cookie));
      await notFound(await order(id, { photo_ids: [second.id, first.id] }, other.cookie));
    }
    const anonymous = await get(first.url, '');
    expect(anonymous.statusCode).toBe(401);
    expect(await photoRows()).toBe(rows);
    expect(photoFiles()).toEqual(files);

    // Shared: the other user sees every photo, in order, and still cannot change them.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/locations/${spot.id}`,
      headers: { cookie: owner.cookie },
      payload: { is_public: true },
    });
    const seen = (await get(`/api/v1/locations/${spot.id}`, other.cookie)).json<Spot>();
    expect(seen.photos).toEqual(full.photos);
    const listed = (await get('/api/v1/locations?owner=others', other.cookie))
      .json<{ items: Spot[] }>()
      .items.find((item) => item.id === spot.id);
    expect(listed?.photos).toEqual(full.photos);
    for (const photo of full.photos) {
      expect((await get(photo.url, other.cookie)).statusCode).toBe(200);
      expect((await get(photo.thumbnail_url, other.cookie)).statusCode).toBe(200);
    }
    await notFound(await addPhoto(spot.id, { cookie: other.cookie }));
    await notFound(await removePhoto(spot.id, first.id, other.cookie));
    await notFound(await order(spot.id, { photo_ids: [second.id, first.id] }, other.cookie));
    expect(await photoRows()).toBe(rows);

    // Private again: every photo stops at once.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/locations/${spot.id}`,
      headers: { cookie: owner.cookie },
      payload: { is_public: false },
    });
    for (const photo of full.photos) {
      await notFound(await get(photo.url, other.cookie));
      await notFound(await get(photo.thumbnail_url, other.cookie));
    }
  });
});
