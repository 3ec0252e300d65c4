import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, libuvThreadPoolSize, loadConfig } from './config.ts';
import { makeRegionFixture } from './test/pmtiles-fixture.ts';

const BASE = { AUTH_SECRET: 'config-test-secret-config-test-secret', DATA_DIR: '/tmp/foray-config-test' };
const cacheFlags = (env: Record<string, string>) =>
  Object.fromEntries(loadConfig({ ...BASE, ...env }).tileLayers.map((layer) => [layer.id, layer.cache]));

describe('tile caching settings', () => {
  it('lets phones keep OpenStreetMap and OpenTopoMap tiles by default, never Esri or CARTO', () => {
    expect(cacheFlags({})).toEqual({ street: true, satellite: false, topo: true, dark: false });
  });

  it('takes the operator’s TILE_*_CACHE for each layer; an empty value keeps the default', () => {
    expect(
      cacheFlags({
        TILE_STREET_CACHE: 'false',
        TILE_SATELLITE_CACHE: 'true',
        TILE_TOPO_CACHE: '0',
        TILE_DARK_CACHE: 'yes',
      }),
    ).toEqual({
      street: false,
      satellite: true,
      topo: false,
      dark: true,
    });
    expect(cacheFlags({ TILE_STREET_CACHE: '' }).street).toBe(true);
  });

  it('stops with the variable’s name when a value is not true or false', () => {
    expect(() => loadConfig({ ...BASE, TILE_TOPO_CACHE: 'sometimes' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...BASE, TILE_TOPO_CACHE: 'sometimes' })).toThrow(/TILE_TOPO_CACHE/);
  });
});

describe('region map settings', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-config-region-'));
  const write = (name: string, bytes: Buffer) => {
    const file = path.join(folder, name);
    fs.writeFileSync(file, bytes);
    return file;
  };
  const region = write('lithuania.pmtiles', makeRegionFixture({ maxZoom: 2 }));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('has no region map when MAP_REGION_FILE is unset', () => {
    expect(loadConfig(BASE).mapRegion).toBeNull();
  });

  it('takes a PMTiles v3 file and its name; without a name, the file’s', () => {
    expect(loadConfig({ ...BASE, MAP_REGION_FILE: region, MAP_REGION_NAME: 'Lithuania' }).mapRegion).toEqual({
      file: region,
      name: 'Lithuania',
    });
    expect(loadConfig({ ...BASE, MAP_REGION_FILE: region }).mapRegion?.name).toBe('lithuania');
  });

  it('stops with MAP_REGION_FILE named when the file is missing, a folder, or not a PMTiles v3 archive of vector tiles', () => {
    const header = makeRegionFixture({ maxZoom: 2 }).subarray(0, 127);
    const version2 = Buffer.from(header);
    version2[7] = 2;
    const raster = Buffer.from(header);
    raster[99] = 2; // PNG
    for (const [file, reason] of [
      [path.join(folder, 'missing.pmtiles'), /cannot read .*missing\.pmtiles \(ENOENT\)/],
      [folder, /is not a file/],
      [write('photo.jpg', Buffer.from('\xff\xd8\xff\xe0 not a map', 'latin1')), /is not a PMTiles archive/],
      [write('short.pmtiles', header.subarray(0, 100)), /is not a PMTiles archive/],
      [write('old.pmtiles', version2), /version 2/],
      [write('raster.pmtiles', raster), /vector tiles/],
    ] as const) {
      expect(() => loadConfig({ ...BASE, MAP_REGION_FILE: file }), file).toThrow(ConfigError);
      expect(() => loadConfig({ ...BASE, MAP_REGION_FILE: file }), file).toThrow(
        new RegExp(`MAP_REGION_FILE: .*${reason.source}`),
      );
    }
  });

  it('stops with MAP_REGION_NAME named when it is set without a file', () => {
    expect(() => loadConfig({ ...BASE, MAP_REGION_NAME: 'Lithuania' })).toThrow(
      /MAP_REGION_NAME: is set but MAP_REGION_FILE is not/,
    );
  });
});

describe('the environment', () => {
  it('is read by config.ts alone, in the server and common code (tests and scripts aside)', () => {
    const serverDir = import.meta.dirname;
    const readers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (file !== path.join(serverDir, 'test')) walk(file);
        } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          if (/\bprocess\s*\.\s*env\b|\bprocess\s*\[/.test(fs.readFileSync(file, 'utf8'))) readers.push(file);
        }
      }
    };
    walk(serverDir);
    walk(path.join(serverDir, '..', 'common'));
    expect(readers).toEqual([path.join(serverDir, 'config.ts')]);
  });

  it('gives the size of libuv’s thread pool from UV_THREADPOOL_SIZE, 4 when unset', () => {
    expect(libuvThreadPoolSize({})).toBe(4);
    expect(libuvThreadPoolSize({ UV_THREADPOOL_SIZE: '16' })).toBe(16);
    expect(libuvThreadPoolSize({ UV_THREADPOOL_SIZE: '' })).toBe(4);
  });
});

describe('release settings', () => {
  it('stops with FORAY_COMMIT named when it is not a commit hash', () => {
    expect(() => loadConfig({ ...BASE, FORAY_COMMIT: 'main; rm -rf /' })).toThrow(
      /FORAY_COMMIT: must be a git commit hash/,
    );
  });
});

describe('the signing secret', () => {
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'foray-secret-'));
  const withoutSecret = (dir: string) => loadConfig({ DATA_DIR: dir });

  it('is made once beside the data and kept across restarts', () => {
    const dir = dataDir();
    const first = withoutSecret(dir).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(withoutSecret(dir).authSecret).toBe(first);
    fs.rmSync(dir, { recursive: true });
  });

  it('stops with the file named when the kept secret is empty or short, rather than sign with a guessable one', () => {
    // An empty secret would let better-auth fall back to its own default, which is published in its source.
    for (const kept of ['', '\n', 'short-secret']) {
      const dir = dataDir();
      fs.writeFileSync(path.join(dir, 'auth-secret'), kept);
      expect(() => withoutSecret(dir)).toThrow(ConfigError);
      expect(() => withoutSecret(dir)).toThrow(/auth-secret/);
      fs.rmSync(dir, { recursive: true });
    }
  });
});
