import { describe, expect, it } from 'vitest';
import { fixture, importOf } from './test-support.ts';

describe('CSV reader', () => {
  it('reads a spreadsheet’s semicolon CSV with a BOM, decimal commas, quoted line breaks and Lithuanian headers', () => {
    const { file, spots, invalid } = importOf(fixture('semicolon-bom.csv'), 'vietos.csv');
    expect(file.format).toBe('csv');
    expect(spots.map((spot) => [spot.mushroom_types, spot.latitude, spot.longitude, spot.where.number])).toEqual([
      ['Baravykai', 54.6872, 25.2797, 2],
      ['Aikštelė', 54.69, 25.28, 5],
      ['Voveraitės', 54.7, 25.29, 7],
    ]);
    expect(spots[0]).toMatchObject({ notes: 'Prie kelio;\r\ndu kelmai', date_found: '2025-09-14' });
    expect(spots[1]).toMatchObject({ type: 'car_park', type_guessed: true, date_found: '2025-09-14', notes: null });
    expect(spots[2]!.date_found).toBe('2026-11-26');
    expect(invalid).toEqual([
      { where: { kind: 'line', number: 6 }, code: 'IMPORT_INVALID_POSITION', message: expect.any(String) },
    ]);
  });

  it('reads a comma CSV with quoted quotes, and reports a bad row by its line', () => {
    const { spots, invalid } = importOf(fixture('comma.csv'), 'spots.csv');
    expect(spots).toHaveLength(2);
    expect(spots[0]).toMatchObject({
      mushroom_types: 'Chanterelles',
      notes: 'Near the "big" oak, north side',
      date_found: '2025-09-14',
    });
    expect(invalid.map((problem) => [problem.where, problem.code])).toEqual([
      [{ kind: 'line', number: 4 }, 'IMPORT_INVALID_POSITION'],
    ]);
  });

  it('needs latitude and longitude columns', () => {
    expect(() => importOf(new TextEncoder().encode('name,place\nA,B\n'), 'a.csv')).toThrow(
      expect.objectContaining({ code: 'IMPORT_NO_COORDINATES' }),
    );
  });

  it('takes off the apostrophe Foray’s export puts before a formula', () => {
    const csv =
      'id,type,mushroom_types,finder,date_found,notes,latitude,longitude\nx,mushroom_spot,"\'=HYPERLINK(""x"")",Ona,2026-01-02,,1,2\n';
    expect(importOf(new TextEncoder().encode(csv), 'f.csv').spots[0]!.mushroom_types).toBe('=HYPERLINK("x")');
  });

  it('takes it off before a minus too, and only one of two: the second was the forager’s own', () => {
    const csv =
      "id,type,mushroom_types,finder,date_found,notes,latitude,longitude\nx,mushroom_spot,'-2+3,''=Ona,2026-01-02,'-,-33.5,'-3.7\n";
    const [spot] = importOf(new TextEncoder().encode(csv), 'f.csv').spots;
    expect(spot).toMatchObject({
      mushroom_types: '-2+3',
      finder: "'=Ona",
      notes: '-',
      latitude: -33.5,
      longitude: -3.7,
    });
  });
});
