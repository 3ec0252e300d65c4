import { describe, expect, it } from 'vitest';
import {
  dateOf,
  looksLikeCarPark,
  mapRecord,
  metresBetween,
  nearestSameName,
  numberOf,
  typeOf,
} from './import-mapping.ts';
import { emptyRecord } from './readers/records.ts';

describe('import mapping', () => {
  it('guesses a car park from the name in English and Lithuanian, accents or not', () => {
    for (const name of [
      'Parking',
      'Car park',
      'Auto',
      'Automobilių aikštelė',
      'Stovėjimo aikštelė',
      'stovejimo aikstele',
      'Parkplatz am Wald',
    ]) {
      expect(looksLikeCarPark(name), name).toBe(true);
    }
    for (const name of ['Baravykai', 'Cardinal mushrooms', 'Autumn chanterelles', 'Voveraitės'])
      expect(looksLikeCarPark(name), name).toBe(false);
    expect(typeOf('car_park', 'Baravykai')).toEqual({ type: 'car_park', guessed: false });
    expect(typeOf('Parking Area', 'x')).toEqual({ type: 'car_park', guessed: false });
    expect(typeOf('Flag, Blue', 'x')).toEqual({ type: 'mushroom_spot', guessed: true });
    expect(typeOf(null, 'Car by the road')).toEqual({ type: 'car_park', guessed: true });
  });

  it('reads the dates and numbers other apps write', () => {
    expect(dateOf('2025-09-14T23:30:00-05:00')).toBe('2025-09-14');
    expect(dateOf('2025/9/4')).toBe('2025-09-04');
    expect(dateOf('14.09.2025')).toBe('2025-09-14');
    expect(dateOf(1_757_808_000_000)).toBe('2025-09-14');
    expect(dateOf(1_757_808_000)).toBe('2025-09-14');
    expect(dateOf('yesterday')).toBeNull();
    expect(numberOf('54,6872')).toBe(54.6872);
    expect(numberOf(' -25.5 ')).toBe(-25.5);
    expect(numberOf('1e309')).toBe(Infinity);
    expect(numberOf('12abc')).toBeNull();
  });

  it('checks each record by the rules of a spot made in the app', () => {
    const context = { defaultFinder: 'Ona', today: '2026-11-26' };
    const record = (fields: Partial<ReturnType<typeof emptyRecord>>) => ({
      ...emptyRecord({ kind: 'row', number: 3 }),
      latitude: '54',
      longitude: '25',
      name: { value: 'Baravykai', from: 'name' },
      ...fields,
    });
    expect(mapRecord(record({}), 0, context)).toMatchObject({
      finder: 'Ona',
      date_found: '2026-11-26',
      type: 'mushroom_spot',
    });
    expect(mapRecord(record({ latitude: '91' }), 0, context)).toMatchObject({
      code: 'IMPORT_INVALID_POSITION',
      where: { kind: 'row', number: 3 },
    });
    expect(mapRecord(record({ longitude: '1e309' }), 0, context)).toMatchObject({ code: 'IMPORT_INVALID_POSITION' });
    expect(mapRecord(record({ date: { value: '1899-12-31', from: 'date' } }), 0, context)).toMatchObject({
      code: 'IMPORT_INVALID_DATE',
    });
    expect(mapRecord(record({ date: { value: '2025-02-30', from: 'date' } }), 0, context)).toMatchObject({
      code: 'IMPORT_INVALID_DATE',
    });
    expect(mapRecord(record({ name: { value: 'x'.repeat(201), from: 'name' } }), 0, context)).toMatchObject({
      code: 'IMPORT_INVALID_TEXT',
    });
    expect(mapRecord(record({ notes: { value: 'a\u0000b', from: 'desc' } }), 0, context)).toMatchObject({
      code: 'IMPORT_INVALID_TEXT',
    });
    expect(mapRecord(record({ accuracy: '-3' }), 0, context)).toMatchObject({ code: 'IMPORT_INVALID_ACCURACY' });
    expect(mapRecord(record({ name: null }), 0, context)).toMatchObject({ code: 'IMPORT_MISSING_NAME' });
    // A car park needs no name.
    expect(mapRecord(record({ name: null, type: { value: 'car_park', from: 'type' } }), 0, context)).toMatchObject({
      type: 'car_park',
      mushroom_types: '',
    });
  });

  it('keeps the finder Foray’s own export wrote, an empty one too; names the importer only where another app named none', () => {
    const context = { defaultFinder: 'Ona', today: '2026-11-26' };
    const carPark = (fields: Partial<ReturnType<typeof emptyRecord>>) => ({
      ...emptyRecord({ kind: 'waypoint', number: 1 }),
      latitude: '54',
      longitude: '25',
      type: { value: 'car_park', from: 'type' },
      ...fields,
    });
    expect(mapRecord(carPark({ fromForay: true }), 0, context)).toMatchObject({ finder: '' });
    expect(mapRecord(carPark({ fromForay: true, finder: { value: ' ', from: 'finder' } }), 0, context)).toMatchObject({
      finder: '',
    });
    expect(
      mapRecord(carPark({ fromForay: true, finder: { value: 'Jonas', from: 'finder' } }), 0, context),
    ).toMatchObject({ finder: 'Jonas' });
    expect(mapRecord(carPark({}), 0, context)).toMatchObject({ finder: 'Ona' });
    expect(mapRecord(carPark({ finder: { value: 'Jonas', from: 'finder' } }), 0, context)).toMatchObject({
      finder: 'Jonas',
    });
  });

  it('takes a mushroom spot with a name and no finder: an import asks the name only (ADR 0072)', () => {
    const spot = (fields: Partial<ReturnType<typeof emptyRecord>>) => ({
      ...emptyRecord({ kind: 'feature', number: 2 }),
      latitude: '54',
      longitude: '25',
      type: { value: 'mushroom_spot', from: 'type' },
      name: { value: 'Ceps', from: 'mushroom_types' },
      ...fields,
    });
    // Foray's own file with the finder left empty, and another app's file imported by a forager without a name.
    const noName = { defaultFinder: '', today: '2026-11-26' };
    expect(mapRecord(spot({ fromForay: true, finder: { value: ' ', from: 'finder' } }), 0, noName)).toMatchObject({
      type: 'mushroom_spot',
      mushroom_types: 'Ceps',
      finder: '',
    });
    expect(mapRecord(spot({}), 0, noName)).toMatchObject({ type: 'mushroom_spot', finder: '' });
    expect(mapRecord(spot({ name: { value: '  ', from: 'mushroom_types' } }), 0, noName)).toMatchObject({
      code: 'IMPORT_MISSING_NAME',
      where: { kind: 'feature', number: 2 },
    });
  });

  it('finds the same name within the distance, and only an earlier record of the same file', () => {
    const at = (latitude: number, longitude: number, mushroom_types: string) => ({
      latitude,
      longitude,
      mushroom_types,
    });
    expect(Math.round(metresBetween(at(54, 25, ''), at(54.0001, 25, '')))).toBe(11);
    const own = [at(54, 25, 'Voveraitės'), at(54, 25.0001, 'Other')];
    expect(
      nearestSameName(
        [at(54.00005, 25, 'voveraites'), at(54.0002, 25, 'Voveraitės'), at(54, 25.0001, 'voveraitės')],
        own,
        10,
      ),
    ).toEqual([0, -1, 0]);
    const file = [at(1, 1, 'A'), at(1.00001, 1, 'a'), at(1, 1, 'B')];
    expect(nearestSameName(file, file, 10, { before: true })).toEqual([-1, 0, -1]);
  });
});
