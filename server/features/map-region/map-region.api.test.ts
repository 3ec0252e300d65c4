import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { makeRegionFixture } from '../../test/pmtiles-fixture.ts';

const URL = '/api/v1/map-region/region.pmtiles';

let folder: string;
let file: string;
let bytes: Buffer;
let t: TestContext;
let cookie: string;

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-region-'));
  file = path.join(folder, 'lithuania.pmtiles');
  bytes = makeRegionFixture();
  fs.writeFileSync(file, bytes);
  t = await createTestContext({ env: { MAP_REGION_FILE: file, MAP_REGION_NAME: 'Lithuania' } });
  cookie = (await t.createUser()).cookie;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url: URL, headers: { cookie, ...headers } });

describe('the region map file', () => {
  it('is only for signed-in users: 401 with the API’s error shape for anyone else', async () => {
    const anonymous = await t.app.inject({ url: URL });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
    expect(anonymous.body).not.toContain('PMTiles');
    expect((await t.app.inject({ url: URL, headers: { range: 'bytes=0-126' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'HEAD', url: URL })).statusCode).toBe(401);
  });

  it('sends the whole file with 200, its length, a strong ETag and the headers a range reader needs', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(response.headers['content-length']).toBe(String(bytes.length));
    expect(response.headers['content-type']).toBe('application/vnd.pmtiles');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['etag']).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(response.headers['last-modified']).toBe(new Date(fs.statSync(file).mtimeMs).toUTCString());
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['content-range']).toBeUndefined();
  });

  it('sends exactly the asked bytes with 206 and Content-Range: the header, the rest, the last 100', async () => {
    for (const [range, start, end] of [
      ['bytes=0-126', 0, 126],
      ['bytes=127-', 127, bytes.length - 1],
      ['bytes=-100', bytes.length - 100, bytes.length - 1],
    ] as const) {
      const response = await get({ range });
      expect(response.statusCode, range).toBe(206);
      expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${bytes.length}`);
      expect(response.headers['content-length']).toBe(String(end - start + 1));
      expect(response.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
    }
    expect((await get({ range: 'bytes=0-126' })).rawPayload.toString('latin1', 0, 7)).toBe('PMTiles');
  });

  it('answers 416 with the file’s size for a range past its end', async () => {
    const response = await get({ range: 'bytes=999999999-' });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(response.json().error.code).toBe('RANGE_NOT_SATISFIABLE');
  });

  it('ignores a Range it cannot honour as one range and sends the whole file (RFC 9110 §14.2)', async () => {
    for (const range of ['garbage', 'bytes=5-1', 'items=0-1', 'bytes=0-1,10-20']) {
      const response = await get({ range });
      expect(response.statusCode, range).toBe(200);
      expect(response.rawPayload.length).toBe(bytes.length);
    }
  });

  it('answers 304 to If-None-Match with the current ETag, the range asked or not', async () => {
    const { etag } = (await get()).headers as { etag: string };
    const unchanged = await get({ 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
    expect(unchanged.headers.etag).toBe(etag);
    expect((await get({ 'if-none-match': etag, range: 'bytes=0-9' })).statusCode).toBe(304);
    expect((await get({ 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('honours If-Range only with the current ETag: a stale one gets the whole file with 200', async () => {
    const { etag } = (await get()).headers as { etag: string };
    const current = await get({ range: 'bytes=127-', 'if-range': etag });
    expect(current.statusCode).toBe(206);
    expect(current.rawPayload.equals(bytes.subarray(127))).toBe(true);
    const stale = await get({ range: 'bytes=127-', 'if-range': '"0-0"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers 412 when If-Match names another version', async () => {
    const response = await get({ 'if-match': '"0-0"', range: 'bytes=0-9' });
    expect(response.statusCode).toBe(412);
    expect(response.json().error.code).toBe('PRECONDITION_FAILED');
  });

  it('answers HEAD with the whole file’s headers and no body', async () => {
    const response = await get({}, 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(bytes.length));
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers.etag).toBe((await get()).headers.etag);
    expect(response.rawPayload.length).toBe(0);
  });

  it('tells the web app the region’s name, address, size and ETag in /api/v1/config, without a session', async () => {
    const config = (await t.app.inject({ url: '/api/v1/config' })).json();
    expect(config.map_region).toEqual({ name: 'Lithuania', url: URL, bytes: bytes.length, etag: (await get()).headers.etag });
  });

  it('describes a replaced file by its new ETag, and a resumed download under the old one starts over', async () => {
    const before = (await get()).headers.etag as string;
    const replacement = Buffer.concat([bytes, Buffer.from('padding')]);
    fs.writeFileSync(`${file}.new`, replacement);
    fs.renameSync(`${file}.new`, file);
    try {
      const config = (await t.app.inject({ url: '/api/v1/config' })).json();
      expect(config.map_region.bytes).toBe(replacement.length);
      expect(config.map_region.etag).not.toBe(before);
      const resumed = await get({ range: 'bytes=100-', 'if-range': before });
      expect(resumed.statusCode).toBe(200);
      expect(resumed.rawPayload.equals(replacement)).toBe(true);
    } finally {
      fs.writeFileSync(file, bytes);
    }
  });
});

describe('without MAP_REGION_FILE', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestContext();
  });
  afterAll(() => plain.close());

  it('has no region map: the route is a 404 for everyone and the config says null', async () => {
    const user = await plain.createUser();
    const response = await plain.app.inject({ url: URL, headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
    expect((await plain.app.inject({ url: URL })).statusCode).toBe(404);
    expect((await plain.app.inject({ url: '/api/v1/config' })).json().map_region).toBeNull();
    expect(Object.keys((await plain.app.inject({ url: '/api/docs/json' })).json().paths)).not.toContain(URL);
  });
});
