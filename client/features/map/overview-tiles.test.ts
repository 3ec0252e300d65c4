import { describe, expect, it } from 'vitest';
import { areaFits, areaHolds, countInView, tileX, tileY, tilesForView, viewBox } from './overview-tiles.ts';

describe('the overview tiles of a view', () => {
  it('numbers tiles as the slippy-map scheme does (Vilnius at z 10 is 583/325)', () => {
    expect([tileX(25.2797, 10), tileY(54.6872, 10)]).toEqual([583, 325]);
    expect([tileX(0, 1), tileY(0, 1)]).toEqual([1, 1]);
    expect([tileX(-180, 3), tileY(85.06, 3), tileX(180, 3), tileY(-89, 3)]).toEqual([0, 0, 7, 7]);
  });

  it('asks one zoom out from the map: Lithuania at map zoom 7 takes the z 6 tiles over it, and no others', () => {
    const tiles = tilesForView({ west: 21.0, south: 53.9, east: 26.7, north: 56.4 }, 7);
    expect(tiles.every((tile) => tile.z === 6)).toBe(true);
    expect(tiles).toEqual([
      { z: 6, x: 35, y: 19 },
      { z: 6, x: 35, y: 20 },
      { z: 6, x: 36, y: 19 },
      { z: 6, x: 36, y: 20 },
    ]);
    expect(tilesForView({ west: -500, south: -90, east: 500, north: 90 }, 0)).toEqual([{ z: 0, x: 0, y: 0 }]);
  });

  it('counts the spots inside the view one by one, edges included, wherever their clusters are drawn', () => {
    const view = { west: 23, south: 54.5, east: 24.5, north: 55.5 };
    const spots = [
      { latitude: 54.9, longitude: 23.9 },
      { latitude: 54.5, longitude: 24.5 }, // on the south-east corner: inside
      { latitude: 55.5, longitude: 23 }, // on the north-west corner: inside
      { latitude: 55.500001, longitude: 23.9 }, // a hair north of the view
      { latitude: 54.9, longitude: 22.999999 }, // a hair west of it
      { latitude: 54.0, longitude: 25.0 },
    ];
    expect(countInView(spots, view)).toBe(3);
    expect(countInView([], view)).toBe(0);
    expect(countInView(spots, { west: 21, south: 53.9, east: 26.7, north: 56.4 })).toBe(6);
  });

  it('asks the count for the view exactly as the map has it, within the world', () => {
    const view = { west: 23.123456789012344, south: 54.1, east: 24.000000000000004, north: 55.98765432109876 };
    const box = viewBox(view);
    expect(box).toBe('23.123456789012344,54.1,24.000000000000004,55.98765432109876');
    // The server reads back the very numbers the map compares its spots with.
    expect(box.split(',').map(Number)).toEqual([view.west, view.south, view.east, view.north]);
    // The world shown more than once.
    expect(viewBox({ west: -540.3, south: -85.05, east: 200, north: 85.05 })).toBe('-180,-85.05,180,85.05');
  });
});

describe('the area asked for a view', () => {
  const view = { west: 25.2, south: 54.6, east: 25.4, north: 54.7 };
  const padded = { minLng: 25.15, minLat: 54.575, maxLng: 25.45, maxLat: 54.725 };

  it('holds the view when every edge is inside it', () => {
    expect(areaHolds(padded, view)).toBe(true);
    expect(areaHolds({ ...padded, maxLng: 25.39 }, view)).toBe(false);
  });

  it('fits the view when it is at most the view and a quarter on every side, so an earlier larger view’s does not', () => {
    expect(areaFits(padded, view)).toBe(true);
    // The whole country, reported before a zoom straight into the city: it holds the view but was not asked for it.
    const country = { minLng: 20.9, minLat: 53.8, maxLng: 26.9, maxLat: 56.5 };
    expect(areaHolds(country, view)).toBe(true);
    expect(areaFits(country, view)).toBe(false);
    expect(areaFits({ ...padded, maxLng: 25.39 }, view)).toBe(false);
  });
});
