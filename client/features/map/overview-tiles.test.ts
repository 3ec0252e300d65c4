import { describe, expect, it } from 'vitest';
import type { MapTile } from '../../../common/schemas/map-tiles.ts';
import { countInView, tileX, tileY, tilesForView } from './overview-tiles.ts';

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

  it('counts what lies in the view: whole cells by their mean position, and lone spots', () => {
    const tile: MapTile = {
      z: 6,
      x: 36,
      y: 20,
      total: 1006,
      cells: [
        { cx: 1, cy: 1, latitude: 54.9, longitude: 23.9, count: 1000, mushroom_spot: 800, car_park: 200 },
        { cx: 2, cy: 2, latitude: 54.0, longitude: 25.0, count: 5, mushroom_spot: 5, car_park: 0 },
      ],
      markers: [
        {
          id: '00000000-0000-4000-8000-000000000001',
          latitude: 54.95,
          longitude: 23.95,
          type: 'car_park',
          is_owner: true,
          is_public: false,
          has_photos: false,
          precision: 'exact',
        },
      ],
    };
    expect(countInView([tile], { west: 23, south: 54.5, east: 24.5, north: 55.5 })).toBe(1001);
    expect(countInView([tile], { west: 21, south: 53.9, east: 26.7, north: 56.4 })).toBe(1006);
  });
});
