import { describe, expect, it } from 'vitest';
import { shouldSwitchToRegion, tileUrlsInView } from './layer-choice.ts';

const situation = { offline: true, regionOnDevice: true, regionChosen: false, keptTilesInView: 0 };

describe('shouldSwitchToRegion', () => {
  it('switches with no signal when the chosen layer keeps no tile in view and the region map is on the device', () => {
    expect(shouldSwitchToRegion(situation)).toBe(true);
  });

  it('leaves the forager’s choice alone otherwise', () => {
    expect(shouldSwitchToRegion({ ...situation, offline: false })).toBe(false);
    expect(shouldSwitchToRegion({ ...situation, keptTilesInView: 1 })).toBe(false);
    expect(shouldSwitchToRegion({ ...situation, regionOnDevice: false })).toBe(false);
    expect(shouldSwitchToRegion({ ...situation, regionChosen: true })).toBe(false);
  });
});

describe('tileUrlsInView', () => {
  it('fills a template the way Leaflet does, every subdomain included', () => {
    expect(tileUrlsInView('https://{s}.tile.example.org/{z}/{x}/{y}{r}.png', 12, [{ x: 2319, y: 1286 }], '')).toEqual([
      'https://a.tile.example.org/12/2319/1286.png',
      'https://b.tile.example.org/12/2319/1286.png',
      'https://c.tile.example.org/12/2319/1286.png',
    ]);
  });

  it('puts a path-only template on the app’s origin and counts TMS rows from the bottom', () => {
    expect(tileUrlsInView('/tiles/{z}/{x}/{-y}.png', 2, [{ x: 1, y: 0 }], 'https://foray.example')).toEqual([
      'https://foray.example/tiles/2/1/3.png',
    ]);
  });
});
