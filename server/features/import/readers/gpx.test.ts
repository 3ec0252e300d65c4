import { describe, expect, it } from 'vitest';
import { mappingOf } from '../import-mapping.ts';
import { readGpx } from './gpx.ts';
import { fixture, importOf } from './test-support.ts';

describe('GPX reader', () => {
  it('reads another app’s waypoints as spots and counts its track and route as skipped', () => {
    const { file, spots, invalid } = importOf(fixture('other-app.gpx'), 'walks.gpx');
    expect(file.format).toBe('gpx');
    expect(file.skippedGeometries).toBe(2);
    expect(spots.map((spot) => spot.mushroom_types)).toEqual(['Baravykai', 'Stovėjimo aikštelė', 'Car by the barrier']);
    const [boletes, parking, car] = spots;
    expect(boletes).toMatchObject({
      latitude: 54.687215,
      longitude: 25.279651,
      type: 'mushroom_spot',
      type_guessed: true,
      notes: 'Under the birches & spruces, left of the path',
      date_found: '2025-09-21',
      finder: 'Importer',
      accuracy_m: null,
      where: { kind: 'waypoint', number: 1 },
    });
    // The Garmin symbol says so: not a guess.
    expect(parking).toMatchObject({ type: 'car_park', type_guessed: false, date_found: '2025-09-21' });
    // No type in the file: guessed from the name.
    expect(car).toMatchObject({ type: 'car_park', type_guessed: true, date_found: '2026-11-26' });
    expect(invalid).toEqual([
      {
        where: { kind: 'waypoint', number: 4 },
        code: 'IMPORT_INVALID_POSITION',
        message: expect.stringContaining('latitude'),
      },
      {
        where: { kind: 'waypoint', number: 5 },
        code: 'IMPORT_INVALID_DATE',
        message: expect.stringContaining('last autumn'),
      },
    ]);
    expect(mappingOf(file.records)).toEqual({
      mushroom_types: 'name',
      notes: 'desc',
      date_found: 'time',
      type: 'sym',
      finder: null,
    });
  });

  it('decodes character references and keeps Foray’s own fields from its namespace, whatever the prefix', () => {
    const gpx = `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:f="urn:foray:spot:1">
      <wpt lat="1.5" lon="2.5"><time>2026-09-14T00:00:00Z</time><name>Car park</name><link href="photos/a.webp"/><link href="https://x.test/b.webp"/>
      <type>car_park</type><extensions><f:finder>Jonas</f:finder><f:public>true</f:public><f:accuracy_m>7.5</f:accuracy_m></extensions></wpt>
      <wpt lat="1.6" lon="2.6"><name>Voveraitės &#8211; daug</name><extensions><f:mushroom_types>Voveraitės</f:mushroom_types><f:finder>Ona</f:finder></extensions></wpt></gpx>`;
    const read = readGpx(gpx);
    expect(read.records[0]).toMatchObject({
      finder: { value: 'Jonas', from: 'f:finder' },
      accuracy: '7.5',
      photos: ['photos/a.webp', 'https://x.test/b.webp'],
      fromForay: true,
    });
    const { spots } = importOf(new TextEncoder().encode(gpx), 'x.gpx');
    // Foray writes a car park without mushroom types under its type's name: that is not kept as its name.
    expect(spots[0]).toMatchObject({
      type: 'car_park',
      mushroom_types: '',
      finder: 'Jonas',
      accuracy_m: 7.5,
      date_found: '2026-09-14',
    });
    expect(spots[1]).toMatchObject({ mushroom_types: 'Voveraitės', finder: 'Ona' });
    expect(read.records[1]!.name).toEqual({ value: 'Voveraitės', from: 'f:mushroom_types' });
  });
});
