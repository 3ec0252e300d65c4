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
      // A browser always says it accepts compression: the bytes must still arrive exactly as asked.
      const response = await get({ range, 'accept-encoding': 'gzip, deflate, br' });
      expect(response.statusCode, range).toBe(206);
      expect(response.headers['content-encoding']).toBeUndefined();
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
    expect(config.map_region).toEqual({
      name: 'Lithuania',
      url: URL,
      bytes: bytes.length,
      etag: (await get()).headers.etag,
    });
  });

  it('describes a replaced file by its new ETag, a resumed download under the old one starts over, a vanished file is a 404', async () => {
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
      // Gone or emptied while the server runs: a 404 and null in the config, never a 500.
      fs.writeFileSync(file, '');
      expect((await get({ range: 'bytes=0-1' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/v1/config' })).json().map_region).toBeNull();
      fs.rmSync(file);
      expect((await get()).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/v1/config' })).json().map_region).toBeNull();
    } finally {
      fs.writeFileSync(file, bytes);
    }
  });
});

describe('the region map file under odd headers', () => {
  it('never fails with a 5xx, and every 206 holds exactly the bytes its Content-Range names', async () => {
    // A seeded generator (mulberry32): the same requests every run.
    let state = 20_261_123;
    const random = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 15), z | 1);
      z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
      return ((z ^ (z >>> 14)) >>> 0) / 4_294_967_296;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const { etag, 'last-modified': lastModified } = (await get()).headers as { etag: string; 'last-modified': string };
    const number = () =>
      pick([
        '',
        '0',
        '1',
        '126',
        '127',
        String(bytes.length - 1),
        String(bytes.length),
        '99999999999999999999',
        '-1',
        '1e3',
        ' 5',
      ]);
    const ranges = () =>
      pick([
        '',
        'bytes=',
        'bytes=-',
        'bytes=,',
        'bytes=,,0-1',
        'bytes=0-0',
        `bytes=${number()}-${number()}`,
        `bytes=-${number()}`,
        `bytes=${number()}-`,
        `BYTES=${number()}-${number()}`,
        `bytes=${number()}-${number()},${number()}-`,
        '\u0000',
        'bytes=0-1;x',
        'x'.repeat(2000),
      ]);
    const validators = () =>
      pick([
        '',
        '*',
        etag,
        `W/${etag}`,
        '"0-0"',
        `${etag}, "x"`,
        lastModified,
        'Thu, 01 Jan 1970 00:00:00 GMT',
        'not a date',
        '""',
        'W/',
      ]);
    for (let i = 0; i < 300; i++) {
      const headers: Record<string, string> = {};
      if (random() < 0.8) headers.range = ranges();
      for (const name of ['if-range', 'if-none-match', 'if-match', 'if-modified-since', 'if-unmodified-since']) {
        if (random() < 0.2) headers[name] = validators();
      }
      const method = random() < 0.15 ? 'HEAD' : 'GET';
      const response = await get(headers, method);
      const request = `${method} ${JSON.stringify(headers)}`;
      expect(response.statusCode, request).toBeLessThan(500);
      expect([200, 206, 304, 412, 416], request).toContain(response.statusCode);
      if (response.statusCode === 206) {
        const [, start, end, size] = /^bytes (\d+)-(\d+)\/(\d+)$/
          .exec(String(response.headers['content-range']))!
          .map(Number);
        expect(size, request).toBe(bytes.length);
        expect(response.rawPayload.equals(bytes.subarray(start, end! + 1)), request).toBe(true);
      }
      if (response.statusCode === 200 && method === 'GET')
        expect(response.rawPayload.equals(bytes), request).toBe(true);
    }
  });

  it('streams over a real connection, and a reader that hangs up early leaves the server serving', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ranged = await fetch(`${address}${URL}`, { headers: { cookie, range: 'bytes=127-' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(127))).toBe(true);
    const abandoned = new AbortController();
    const whole = await fetch(`${address}${URL}`, { headers: { cookie }, signal: abandoned.signal });
    abandoned.abort();
    await whole.body?.cancel().catch(() => undefined);
    const after = await fetch(`${address}${URL}`, { headers: { cookie, range: 'bytes=0-6' } });
    expect(await after.text()).toBe('PMTiles');
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
