import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { loggableUrl } from '../../app.ts';
import { tileOrigin } from '../../plugins/security-headers.ts';
import { readRelease } from '../../version.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    env: { TILE_STREET_URL: 'http://127.0.0.1:9999/street/{z}/{x}/{y}.png', TILE_STREET_ATTRIBUTION: 'Local tiles' },
  });
});
afterAll(() => t.close());

describe('health and settings', () => {
  it('answers /healthz with 200 while the database answers, naming the release that answers', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
    expect(response.json()).toEqual({ status: 'ok', version, commit: readRelease().commit });
  });

  it('names the release its packager set (FORAY_VERSION, FORAY_COMMIT) in /healthz', async () => {
    const packaged = await createTestContext({ env: { FORAY_VERSION: '9.8.7-beta.1', FORAY_COMMIT: '0123456789ab' } });
    try {
      const response = await packaged.app.inject({ url: '/healthz' });
      expect(response.json()).toEqual({ status: 'ok', version: '9.8.7-beta.1', commit: '0123456789ab' });
    } finally {
      await packaged.close();
    }
  });

  it('serves the tile layers from configuration with their attributions, and the photo limit', async () => {
    const config = (await t.app.inject({ url: '/api/v1/config' })).json();
    expect(config.photo_max_bytes).toBe(5 * 1024 * 1024);
    expect(config.tile_layers.map((layer: { id: string }) => layer.id)).toEqual([
      'street',
      'satellite',
      'topo',
      'dark',
    ]);
    expect(config.tile_layers[0]).toMatchObject({
      url: 'http://127.0.0.1:9999/street/{z}/{x}/{y}.png',
      attribution: 'Local tiles',
    });
    expect(config.tile_layers[1].attribution).toMatch(/Esri/);
    expect(config.tile_layers[2].attribution).toMatch(/OpenTopoMap/);
    expect(config.tile_layers[3].attribution).toMatch(/CARTO/);
  });

  it('says which layers phones may keep tiles of: OpenStreetMap and OpenTopoMap by default, as the operator sets', async () => {
    const layers = (await t.app.inject({ url: '/api/v1/config' })).json().tile_layers;
    expect(layers.map((layer: { cache: boolean }) => layer.cache)).toEqual([true, false, true, false]);
    const operated = await createTestContext({ env: { TILE_STREET_CACHE: 'false', TILE_SATELLITE_CACHE: 'true' } });
    try {
      const changed = (await operated.app.inject({ url: '/api/v1/config' })).json().tile_layers;
      expect(
        Object.fromEntries(changed.map((layer: { id: string; cache: boolean }) => [layer.id, layer.cache])),
      ).toEqual({
        street: false,
        satellite: true,
        topo: true,
        dark: false,
      });
    } finally {
      await operated.close();
    }
  });

  it('serves every UI string in English and Lithuanian from the translations table', async () => {
    const en = (await t.app.inject({ url: '/api/v1/translations/en' })).json();
    const lt = (await t.app.inject({ url: '/api/v1/translations/lt' })).json();
    const files = {
      en: JSON.parse(fs.readFileSync('locales/en.json', 'utf8')),
      lt: JSON.parse(fs.readFileSync('locales/lt.json', 'utf8')),
    };
    expect(Object.keys(en).length).toBeGreaterThan(20);
    expect(en).toEqual(Object.fromEntries(Object.entries(files.en).filter(([, value]) => value !== '')));
    expect(lt).toEqual(Object.fromEntries(Object.entries(files.lt).filter(([, value]) => value !== '')));
    expect((await t.app.inject({ url: '/api/v1/translations/de' })).statusCode).toBe(400);
  });

  it('documents the API as OpenAPI from the same schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/locations', '/api/v1/locations/{id}', '/api/v1/config', '/api/v1/session']),
    );
    const listParams = doc.paths['/api/v1/locations'].get.parameters.map((p: { name: string }) => p.name);
    expect(listParams).toEqual(expect.arrayContaining(['limit', 'cursor', 'bbox']));
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers the start-up session check with 200 and never stores it: null signed out, the user signed in', async () => {
    const anonymous = await t.app.inject({ url: '/api/v1/session' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    expect(anonymous.json()).toEqual({ user: null });
    // A cookie that is not (or no longer) a session answers the same way.
    const stale = await t.app.inject({
      url: '/api/v1/session',
      headers: { cookie: 'better-auth.session_token=forged.c2lnbmF0dXJl' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual({ user: null });

    const user = await t.createUser();
    const signedIn = await t.app.inject({ url: '/api/v1/session', headers: { cookie: user.cookie } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const me = (await t.app.inject({ url: '/api/v1/me', headers: { cookie: user.cookie } })).json();
    expect(signedIn.json()).toEqual({ user: me });
    expect(me.email).toBe(user.email);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('security headers', () => {
  it('allows the configured tile servers and nothing else external, with no upgrade on plain HTTP', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(
      /img-src 'self' data: blob: http:\/\/127\.0\.0\.1:9999 https:\/\/server\.arcgisonline\.com https:\/\/\*\.tile\.opentopomap\.org https:\/\/\*\.basemaps\.cartocdn\.com/,
    );
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('turns on HSTS and upgrade-insecure-requests behind https', async () => {
    const secure = await createTestContext({ env: { PUBLIC_URL: 'https://foray.example' } });
    try {
      const response = await secure.app.inject({ url: '/healthz' });
      expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await secure.close();
    }
  });

  it('derives CSP origins from tile templates', () => {
    expect(tileOrigin('https://{s}.tile.opentopomap.org/{z}/{x}/{y}.png')).toBe('https://*.tile.opentopomap.org');
    expect(tileOrigin('http://localhost:8080/t/{z}/{x}/{y}.png')).toBe('http://localhost:8080');
    expect(tileOrigin('not a url')).toBeNull();
  });

  it('never logs coordinates, tokens or query strings', () => {
    expect(loggableUrl('/api/v1/locations?bbox=23.1,54.2,23.3,54.4')).toBe('/api/v1/locations');
    expect(loggableUrl('/api/auth/verify-email?token=abc.def&callbackURL=/')).toBe('/api/auth/verify-email');
    expect(loggableUrl('/api/auth/reset-password/SECRET-TOKEN?callbackURL=/reset-password')).toBe(
      '/api/auth/reset-password/[redacted]',
    );
  });
});

describe('serving the web app', () => {
  it('preloads the map screen for a browser with a session cookie, and only the chunks the entry does not load', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-client-'));
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><title>Foray</title></head><body></body></html>',
    );
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-2.js' },
      'client/app/main-screen.tsx': {
        file: 'assets/main-screen-3.js',
        imports: ['_react.js', 'index.html', '_leaflet.js'],
        css: ['assets/main-screen-4.css'],
      },
      '_leaflet.js': { file: 'assets/leaflet-5.js' },
      'client/features/locations/locations-tab.tsx': { file: 'assets/locations-tab-6.js' },
    };
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const served = await createTestContext({ build: { clientDir: dir } });
    try {
      const signedOut = await served.app.inject({ url: '/' });
      expect(signedOut.body).not.toContain('modulepreload');
      expect(signedOut.headers.vary).toMatch(/cookie/i);
      for (const cookie of ['foray.session_token=abc', 'theme=x; __Secure-foray.session_token=abc']) {
        const page = await served.app.inject({ url: '/', headers: { cookie } });
        expect(page.statusCode).toBe(200);
        expect(page.headers['cache-control']).toBe('no-cache');
        const hinted = [...page.body.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
        expect(hinted.sort()).toEqual([
          '/assets/leaflet-5.js',
          '/assets/main-screen-3.js',
          '/assets/main-screen-4.css',
        ]);
      }
      // Another cookie that merely ends in the same words is not a session.
      expect(
        (await served.app.inject({ url: '/', headers: { cookie: 'xforay.session_token=abc' } })).body,
      ).not.toContain('modulepreload');
    } finally {
      await served.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('caches hashed assets for a year and revalidates index.html and sw.js; unknown pages get the app', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-client-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Foray</title>');
    fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'assets', 'main-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
    const served = await createTestContext({ build: { clientDir: dir } });
    try {
      const asset = await served.app.inject({ url: '/assets/main-abc123.js' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The build's precompressed copy goes to browsers that accept it; others get the plain file.
      const compressed = await served.app.inject({
        url: '/assets/main-abc123.js',
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
      expect(compressed.headers.vary).toMatch(/accept-encoding/i);
      const sw = await served.app.inject({ url: '/sw.js' });
      expect(sw.statusCode).toBe(200);
      expect(sw.headers['cache-control']).toBe('no-cache');
      for (const url of ['/', '/reset-password?token=x']) {
        const page = await served.app.inject({ url });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toMatch(/text\/html/);
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(page.body).toContain('<title>Foray</title>');
      }
      expect((await served.app.inject({ url: '/api/v1/unknown' })).headers['content-type']).toMatch(/json/);
      const staleAsset = await served.app.inject({ url: '/assets/main-old999.js' });
      expect(staleAsset.statusCode).toBe(404);
      expect(staleAsset.headers['content-type']).not.toMatch(/html/);
      // Errors keep the API's shape when the web app is served too (a 401, not a 500).
      const anonymous = await served.app.inject({ url: '/api/v1/me' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
    } finally {
      await served.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
