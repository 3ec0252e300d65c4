import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { mappingOf } from '../import-mapping.ts';
import { fixture, importOf } from './test-support.ts';

describe('KML reader', () => {
  it('finds placemarks in nested folders, reads ExtendedData and SchemaData, skips lines and polygons', () => {
    const { file, spots, invalid } = importOf(fixture('other-app.kml'), 'My places.kml');
    expect(file.format).toBe('kml');
    expect(file.skippedGeometries).toBe(2);
    expect(spots.map((spot) => spot.mushroom_types)).toEqual([
      'Top level chanterelles',
      'Raudonviršiai',
      'Forest road parking',
    ]);
    expect(spots[0]).toMatchObject({
      latitude: 54.5,
      longitude: 25.1,
      type: 'mushroom_spot',
      type_guessed: true,
      finder: 'Importer',
    });
    expect(spots[1]).toMatchObject({
      latitude: 54.6872,
      longitude: 25.2797,
      notes: 'By the <b>old oak</b>',
      date_found: '2025-09-14',
      finder: 'Ona',
      accuracy_m: 6.5,
      // The style's id says nothing Foray understands: guessed from the name.
      type: 'mushroom_spot',
      type_guessed: true,
    });
    expect(spots[2]).toMatchObject({ type: 'car_park', type_guessed: false });
    expect(invalid).toEqual([
      { where: { kind: 'placemark', number: 6 }, code: 'IMPORT_NO_POSITION', message: expect.any(String) },
    ]);
    expect(mappingOf(file.records).finder).toBe('ExtendedData finder');
  });

  it('reads a KMZ: the doc.kml inside the zip', () => {
    const kmz = zipSync({ 'doc.kml': fixture('other-app.kml'), 'files/icon.png': strToU8('not really a png') });
    const { file, spots } = importOf(kmz, 'places.kmz');
    expect(file.format).toBe('kmz');
    expect(spots).toHaveLength(3);
    expect(file.skippedGeometries).toBe(2);
  });
});
