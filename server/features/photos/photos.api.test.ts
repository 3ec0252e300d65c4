import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { createTestContext, validSpot, type TestContext } from '../../test/test-app.ts';
import { multipart } from '../../test/multipart.ts';
import type { Spot } from '../../../common/schemas/spots.ts';

let t: TestContext;
let owner: { cookie: string };
let photoDir: string;

async function jpegWithGps(width = 1200, height = 900) {
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 90, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'ForayTestCam', Model: 'GPS 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '54/1 41/1 14/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '25/1 16/1 47/1',
      },
    })
    .toBuffer();
}

const photoFiles = () =>
  fs.existsSync(photoDir) ? fs.readdirSync(photoDir).filter((name) => !name.startsWith('.')) : [];
const rowCount = async () => (await t.query<{ n: number }>(sql`select count(*)::int as n from locations`)).rows[0]!.n;

async function upload(fields: Record<string, unknown>, photo?: Parameters<typeof multipart>[1], cookie = owner.cookie) {
  const body = await multipart(fields, photo);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/locations',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
}

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.createUser('photographer@example.com');
  photoDir = path.join(t.dataDir, 'photos');
});
afterAll(() => t.close());

describe('a spot with a photo', () => {
  it('stores a re-encoded WebP and thumbnail without any EXIF, and serves them privately', async () => {
    const original = await jpegWithGps(3000, 2000);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await upload(validSpot(), { bytes: original });
    expect(response.statusCode).toBe(201);
    const spot = response.json<Spot>();
    expect(spot.photo_url).toMatch(/^\/api\/v1\/photos\/[A-Za-z0-9_-]{20,}$/);
    expect(spot.thumbnail_url).toMatch(/^\/api\/v1\/photos\/[A-Za-z0-9_-]{20,}$/);

    for (const [url, maxEdge] of [
      [spot.photo_url!, 2048],
      [spot.thumbnail_url!, 400],
    ] as const) {
      const served = await t.app.inject({ url, headers: { cookie: owner.cookie } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toMatch(/^private/);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(maxEdge);
      expect(served.rawPayload.includes(Buffer.from('ForayTestCam'))).toBe(false);
    }
    // The original bytes are never kept: only the two re-encoded files exist, neither is the upload.
    const files = photoFiles();
    expect(files).toHaveLength(2);
    for (const file of files) expect(fs.readFileSync(path.join(photoDir, file)).equals(original)).toBe(false);

    // Deleting the spot deletes its files.
    await t.app.inject({ method: 'DELETE', url: `/api/v1/locations/${spot.id}`, headers: { cookie: owner.cookie } });
    expect(photoFiles()).toHaveLength(0);
    expect((await t.app.inject({ url: spot.photo_url!, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
  });

  it('reads the multipart text fields like the JSON ones', async () => {
    const response = await upload({
      ...validSpot({ is_public: true, notes: '' }),
      latitude: '54.5',
      longitude: '-3.25',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      latitude: 54.5,
      longitude: -3.25,
      is_public: true,
      notes: null,
      photo_url: null,
    });
    const missing = await upload(validSpot({ finder: ' ' }), { bytes: await jpegWithGps() });
    expect([missing.statusCode, missing.json().error.code]).toEqual([400, 'MISSING_INFORMATION']);
    const badNumber = await upload({ ...validSpot(), latitude: 'north' });
    expect([badNumber.statusCode, badNumber.json().error.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('cuts off a photo over 5 MiB while it streams: 413, nothing stored', async () => {
    const before = await rowCount();
    const filesBefore = photoFiles().length;
    const big = Buffer.concat([await jpegWithGps(), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const response = await upload(validSpot(), { bytes: big });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PHOTO_TOO_LARGE');
    expect(await rowCount()).toBe(before);
    expect(photoFiles()).toHaveLength(filesBefore);
  });

  it.each([
    ['a text file named .jpg', Buffer.from('not an image at all, just words\n'.repeat(40)), 'notes.jpg', 'image/jpeg'],
    [
      'an SVG',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
      'p.svg',
      'image/svg+xml',
    ],
    [
      'an SVG named .png',
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      'p.png',
      'image/png',
    ],
  ])('refuses %s with 415 and stores nothing', async (_name, bytes, name, type) => {
    const before = await rowCount();
    const filesBefore = photoFiles().length;
    const response = await upload(validSpot(), { bytes, name, type });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_PHOTO');
    expect(await rowCount()).toBe(before);
    expect(photoFiles()).toHaveLength(filesBefore);
  });

  it('refuses a second file or a file under another name', async () => {
    const body = await multipart(validSpot());
    const form = new FormData();
    for (const [k, v] of Object.entries(validSpot())) form.append(k, String(v));
    form.append('avatar', new Blob([new Uint8Array(await jpegWithGps())], { type: 'image/jpeg' }), 'a.jpg');
    const request = new Request('http://foray.test/', { method: 'POST', body: form });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: owner.cookie, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(response.statusCode).toBe(400);
    expect(body.payload.length).toBeGreaterThan(0);
  });
});
