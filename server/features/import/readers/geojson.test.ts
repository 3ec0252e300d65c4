import { describe, expect, it } from 'vitest';
import { fixture, importOf } from './test-support.ts';

describe('GeoJSON reader', () => {
  it('imports Point features; MultiPoint, LineString, Polygon and GeometryCollection are counted and left out', () => {
    const { file, spots, invalid } = importOf(fixture('mixed.geojson'), 'mixed.geojson');
    expect(file.format).toBe('geojson');
    expect(file.skippedGeometries).toBe(4);
    expect(spots).toHaveLength(2);
    expect(spots[0]).toMatchObject({
      mushroom_types: 'Kazlėkas',
      notes: 'On the stump',
      date_found: '2025-08-30',
      latitude: 54.6872,
      longitude: 25.2797,
      where: { kind: 'feature', number: 1 },
    });
    expect(spots[1]).toMatchObject({
      mushroom_types: 'Automobilių aikštelė',
      type: 'car_park',
      type_guessed: true,
      notes: 'Free',
      date_found: '2025-09-01',
    });
    expect(invalid.map((problem) => [problem.where.number, problem.code])).toEqual([
      [7, 'IMPORT_NO_POSITION'],
      [8, 'IMPORT_INVALID_DATE'],
    ]);
  });

  it('refuses JSON that is not GeoJSON, and a file of shapes with no points', () => {
    expect(() => importOf(new TextEncoder().encode('{"hello": 1}'), 'x.json')).toThrow(
      expect.objectContaining({ code: 'IMPORT_UNREADABLE' }),
    );
    const lines = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: {
            type: 'LineString',
            coordinates: [
              [1, 2],
              [3, 4],
            ],
          },
          properties: {},
        },
      ],
    };
    expect(() => importOf(new TextEncoder().encode(JSON.stringify(lines)), 'x.geojson')).toThrow(
      expect.objectContaining({ code: 'IMPORT_NO_SPOTS', statusCode: 400 }),
    );
  });
});
