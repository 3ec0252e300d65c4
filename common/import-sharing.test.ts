import { describe, expect, it } from 'vitest';
import { importedSharing, type ImportSharing } from './import-sharing.ts';

const FAMILY = '11111111-1111-4111-8111-111111111111';
const onlyMe: ImportSharing = { audience: 'private', circle_ids: [], precision: 'exact' };
const family: ImportSharing = { audience: 'circles', circle_ids: [FAMILY], precision: 'exact' };
const everyone: ImportSharing = { audience: 'public', circle_ids: [], precision: 'exact' };
const saysNothing = { file_audience: null, file_precision: null };

describe('the sharing of an imported spot', () => {
  it('is the forager’s choice for a file that says nothing of it (another app’s)', () => {
    for (const choice of [onlyMe, family, everyone]) expect(importedSharing(choice, saysNothing)).toEqual(choice);
  });

  it('stays only the importer’s when the file keeps the spot to its owner, whatever was chosen', () => {
    for (const choice of [family, everyone]) {
      expect(importedSharing(choice, { file_audience: 'private', file_precision: null })).toEqual(onlyMe);
    }
  });

  it('never goes wider than the file: its circles are not this server’s, so "everyone" keeps such a spot private', () => {
    const inCircles = { file_audience: 'circles' as const, file_precision: null };
    expect(importedSharing(everyone, inCircles)).toEqual(onlyMe);
    expect(importedSharing(family, inCircles)).toEqual(family);
    expect(importedSharing(onlyMe, inCircles)).toEqual(onlyMe);
    // A public spot in the file is narrowed to what was chosen.
    expect(importedSharing(family, { file_audience: 'public', file_precision: null })).toEqual(family);
  });

  it('is never more exact than either the file or the choice', () => {
    expect(
      importedSharing({ ...everyone, precision: '1km' }, { file_audience: 'public', file_precision: 'exact' }),
    ).toMatchObject({ audience: 'public', precision: '1km' });
    expect(
      importedSharing({ ...everyone, precision: '1km' }, { file_audience: 'public', file_precision: '10km' }),
    ).toMatchObject({ audience: 'public', precision: '10km' });
    expect(importedSharing(family, { file_audience: null, file_precision: '1km' })).toMatchObject({
      audience: 'circles',
      circle_ids: [FAMILY],
      precision: '1km',
    });
  });
});
