import fs from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, validSpot, type TestContext } from '../test/test-app.ts';
import { multipart } from '../test/multipart.ts';
import { S3RVER_CREDENTIALS, startS3rver, s3StorageEnv } from '../test/s3rver.ts';
import { createStorage, newPhotoKey } from '../storage/storage.ts';
import { reconcilePhotos } from './photo-reconcile.ts';
import type { Spot } from '../../common/schemas/spots.ts';

// A crash between writing a spot's photo and inserting its row leaves files no row names. Foray removes
// them once they are older than a grace period, at start and then periodically.

const HOUR = 3600_000;
const photoJpeg = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 90, g: 60, b: 30 } } })
    .jpeg()
    .toBuffer();
const keyOf = (url: string | null) => url!.split('/').pop()!;

async function createSpotWithPhoto(t: TestContext, cookie: string) {
  const body = await multipart(validSpot(), { bytes: await photoJpeg() });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/locations',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
  expect(created.statusCode).toBe(201);
  return created.json<Spot>();
}

async function waitFor(check: () => boolean) {
  for (let attempt = 0; attempt < 300 && !check(); attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(check()).toBe(true);
}

describe('photo files on local disk', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ build: { photoReconcile: { graceMs: HOUR, intervalMs: 100 } } });
  });
  afterAll(() => t.close());

  it('removes a crash’s leftovers older than the grace period, and nothing else', async () => {
    const { cookie } = await t.createUser('reconcile-local@example.com');
    const dir = path.join(t.dataDir, 'photos');
    const spot = await createSpotWithPhoto(t, cookie);
    const aged = (file: string) => {
      const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
      fs.utimesSync(path.join(dir, file), twoHoursAgo, twoHoursAgo);
    };
    // A spot's own files, however old, stay.
    const kept = [`${keyOf(spot.photo_url)}.webp`, `${keyOf(spot.thumbnail_url)}.webp`];
    kept.forEach(aged);

    // The crash: photo and thumbnail written the way the route writes them, and no row ever inserted.
    const storage = await createStorage({ kind: 'local', dir });
    const crashed = [newPhotoKey(), newPhotoKey()];
    for (const key of crashed) await storage.put(key, Buffer.from('webp bytes'), 'image/webp');
    crashed.forEach((key) => aged(`${key}.webp`));
    // Written just now, its row perhaps still being inserted by another server: within the grace period.
    const young = `${newPhotoKey()}.webp`;
    fs.writeFileSync(path.join(dir, young), 'webp bytes');
    // Not Foray's: other names are never touched.
    const foreign = ['README.txt', 'short.webp'];
    for (const file of foreign) {
      fs.writeFileSync(path.join(dir, file), 'x');
      aged(file);
    }

    await waitFor(() => crashed.every((key) => !fs.existsSync(path.join(dir, `${key}.webp`))));
    expect(fs.readdirSync(dir).sort()).toEqual([...kept, young, ...foreign].sort());
    const photo = await t.app.inject({ url: spot.photo_url!, headers: { cookie } });
    expect(photo.statusCode).toBe(200);
  });
});

describe('photo objects in S3', () => {
  const BUCKET = 'foray-reconcile';
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let client: S3Client;
  let t: TestContext;
  beforeAll(async () => {
    s3 = await startS3rver([BUCKET]);
    client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    t = await createTestContext({
      env: s3StorageEnv(s3.endpoint, BUCKET),
    });
  });
  afterAll(async () => {
    await t?.close();
    client?.destroy();
    await s3?.close();
  });

  it('lists the bucket and removes objects no spot refers to, past the grace period', async () => {
    const { cookie } = await t.createUser('reconcile-s3@example.com');
    const spot = await createSpotWithPhoto(t, cookie);
    const crashed = [newPhotoKey(), newPhotoKey()];
    for (const key of [...crashed, 'backups/notes.txt']) {
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: 'bytes', ContentType: 'image/webp' }));
    }
    const storage = await createStorage(t.config.storage);
    const objects = async () =>
      ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key!).sort();

    // Within the grace period nothing goes: these objects could belong to a spot being saved right now.
    expect(await reconcilePhotos({ db: t.db, storage, graceMs: HOUR })).toEqual({ checked: 4, removed: 0 });
    expect(await objects()).toHaveLength(5);

    // Past it (S3 sets the time itself, so the test shortens the grace instead of ageing the objects).
    expect(await reconcilePhotos({ db: t.db, storage, graceMs: 0 })).toEqual({ checked: 4, removed: 2 });
    expect(await objects()).toEqual(['backups/notes.txt', keyOf(spot.photo_url), keyOf(spot.thumbnail_url)].sort());
  });
});
