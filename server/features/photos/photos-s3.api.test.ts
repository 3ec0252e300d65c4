import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { createTestContext, validSpot, type TestContext } from '../../test/test-app.ts';
import { multipart } from '../../test/multipart.ts';
import { S3RVER_CREDENTIALS, startS3rver, s3StorageEnv } from '../../test/s3rver.ts';
import type { Spot } from '../../../common/schemas/spots.ts';

/**
 * The whole path of a photo with STORAGE=s3, through the API and a real S3-compatible server: what a host
 * who keeps photos in object storage relies on, with two users.
 */
const BUCKET = 'foray-api-photos';

let s3: Awaited<ReturnType<typeof startS3rver>>;
let client: S3Client;
let t: TestContext;
let owner: { cookie: string };
let other: { cookie: string };

const objectsInBucket = async () =>
  ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((object) => object.Key!);

async function upload(fields: Record<string, unknown>, bytes: Buffer) {
  const body = await multipart(fields, { bytes });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/locations',
    headers: { cookie: owner.cookie, ...body.headers },
    payload: body.payload,
  });
}

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
  owner = await t.createUser('s3-owner@example.com');
  other = await t.createUser('s3-other@example.com');
});
afterAll(async () => {
  await t?.close();
  client?.destroy();
  await s3?.close();
});

describe('photos kept in S3-compatible storage', () => {
  it('stores, serves only to those who may see the spot, and deletes with the spot', async () => {
    const original = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: 90, g: 60, b: 30 } },
    })
      .jpeg()
      .toBuffer();
    const created = await upload(validSpot({ is_public: false }), original);
    expect(created.statusCode).toBe(201);
    const spot = created.json<Spot>();
    const keys = await objectsInBucket();
    expect(keys).toHaveLength(2);
    for (const url of [spot.photo_url!, spot.thumbnail_url!])
      expect(keys.some((key) => url.endsWith(key.replace(/\.webp$/, '')))).toBe(true);

    for (const url of [spot.photo_url!, spot.thumbnail_url!]) {
      const mine = await t.app.inject({ url, headers: { cookie: owner.cookie } });
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('image/webp');
      expect(mine.headers['cache-control']).toMatch(/^private/);
      expect((await sharp(mine.rawPayload).metadata()).format).toBe('webp');
      // Private: the other forager gets the same 404 as for a photo that does not exist.
      expect((await t.app.inject({ url, headers: { cookie: other.cookie } })).statusCode).toBe(404);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }

    const shared = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/locations/${spot.id}`,
      headers: { cookie: owner.cookie },
      payload: { is_public: true },
    });
    expect(shared.statusCode).toBe(200);
    expect((await t.app.inject({ url: spot.thumbnail_url!, headers: { cookie: other.cookie } })).statusCode).toBe(200);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/locations/${spot.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await objectsInBucket()).toEqual([]);
    expect((await t.app.inject({ url: spot.photo_url!, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
  });

  it("leaves nothing in the bucket when a photo is refused or the spot id is someone else's", async () => {
    const before = (await t.query<{ n: number }>(sql`select count(*)::int as n from locations`)).rows[0]!.n;
    const refused = await upload(validSpot(), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error.code).toBe('UNSUPPORTED_PHOTO');
    expect(await objectsInBucket()).toEqual([]);
    expect((await t.query<{ n: number }>(sql`select count(*)::int as n from locations`)).rows[0]!.n).toBe(before);

    // A spot id someone else already holds: 409, and the photo that came with it is not left behind.
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: other.cookie },
      payload: validSpot({ id: '0b6f3e6a-5d7c-4b8e-9a41-2f1d8c7e6b50' }),
    });
    expect(taken.statusCode).toBe(201);
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png()
      .toBuffer();
    const clash = await upload(validSpot({ id: '0b6f3e6a-5d7c-4b8e-9a41-2f1d8c7e6b50' }), photo);
    expect(clash.statusCode).toBe(409);
    expect(await objectsInBucket()).toEqual([]);
  });
});
