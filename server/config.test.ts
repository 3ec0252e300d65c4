import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const BASE = { AUTH_SECRET: 'config-test-secret-config-test-secret', DATA_DIR: '/tmp/foray-config-test' };
const cacheFlags = (env: Record<string, string>) =>
  Object.fromEntries(loadConfig({ ...BASE, ...env }).tileLayers.map((layer) => [layer.id, layer.cache]));

describe('tile caching settings', () => {
  it('lets phones keep OpenStreetMap and OpenTopoMap tiles by default, never Esri or CARTO', () => {
    expect(cacheFlags({})).toEqual({ street: true, satellite: false, topo: true, dark: false });
  });

  it('takes the operator’s TILE_*_CACHE for each layer; an empty value keeps the default', () => {
    expect(cacheFlags({ TILE_STREET_CACHE: 'false', TILE_SATELLITE_CACHE: 'true', TILE_TOPO_CACHE: '0', TILE_DARK_CACHE: 'yes' })).toEqual({
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
