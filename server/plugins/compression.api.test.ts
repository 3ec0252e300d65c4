import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, validSpot, type TestContext } from '../test/test-app.ts';
import { multipart } from '../test/multipart.ts';
import type { Spot, SpotPage } from '../../common/schemas/spots.ts';

// API answers travel compressed when the browser accepts it (issue #10); photos never (they are compressed already).
let t: TestContext;
let user: { cookie: string };

beforeAll(async () => {
  t = await createTestContext();
  user = await t.createUser('compressed@example.com');
  for (let i = 0; i < 40; i++) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: user.cookie },
      payload: validSpot({ mushroom_types: `Chanterelles ${i}`, latitude: 55 + i / 1000, longitude: 24 }),
    });
    expect(response.statusCode).toBe(201);
  }
});
afterAll(() => t.close());

const area = '/api/v1/locations?bbox=23,54,25,56&limit=1000';

describe('compressed answers', () => {
  it('sends a map area’s JSON as brotli or gzip by Accept-Encoding, the same spots, several times smaller', async () => {
    const plain = await t.app.inject({ url: area, headers: { cookie: user.cookie } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const spots = plain.json<SpotPage>();
    expect(spots.items).toHaveLength(40);

    const brotli = await t.app.inject({
      url: area,
      headers: { cookie: user.cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString())).toEqual(spots);
    expect(brotli.rawPayload.length * 4).toBeLessThan(plain.rawPayload.length);

    const gzip = await t.app.inject({ url: area, headers: { cookie: user.cookie, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(spots);
    // Private answers stay private when compressed.
    expect(gzip.headers['cache-control']).toBe(plain.headers['cache-control']);
  });

  it('sends the words of a language compressed, and a photo as it is', async () => {
    const words = await t.app.inject({ url: '/api/v1/translations/lt', headers: { 'accept-encoding': 'br' } });
    expect(words.headers['content-encoding']).toBe('br');
    expect(Object.keys(JSON.parse(zlib.brotliDecompressSync(words.rawPayload).toString())).length).toBeGreaterThan(100);

    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#6b4' } })
      .jpeg()
      .toBuffer();
    const body = await multipart(validSpot({ mushroom_types: 'With a photo' }), { bytes: photo });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: user.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode).toBe(201);
    const url = created.json<Spot>().photo_url!;
    const served = await t.app.inject({ url, headers: { cookie: user.cookie, 'accept-encoding': 'gzip, br' } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-encoding']).toBeUndefined();
    expect((await sharp(served.rawPayload).metadata()).width).toBeGreaterThan(0);
  });
});
