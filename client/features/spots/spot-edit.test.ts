import { describe, expect, it } from 'vitest';
import type { ShownSpot } from '../../app/local-first/spot-types.ts';
import { editPatch, editValuesOf } from './spot-edit.ts';

const spot: ShownSpot = {
  id: '11111111-1111-4111-8111-111111111111',
  type: 'mushroom_spot',
  mushroom_types: 'Chanterelles',
  finder: 'Ona',
  date_found: '2026-09-03',
  notes: null,
  latitude: 55.1,
  longitude: 23.9,
  accuracy_m: 7,
  is_public: false,
  photo_url: null,
  thumbnail_url: null,
  photos: [],
  created_at: '2026-09-03T10:00:00.000Z',
  updated_at: '2026-09-03T10:00:00.000Z',
  version: 2,
  is_owner: true,
  owner_name: 'ona',
  visits: { count: 0, last: null },
};

describe('editPatch', () => {
  it('sends nothing when nothing changed, spaces included', () => {
    expect(editPatch(spot, { ...editValuesOf(spot), finder: ' Ona ', notes: '  ' })).toEqual({});
  });

  it('sends only the changed fields, trimmed', () => {
    expect(
      editPatch(spot, { ...editValuesOf(spot), notes: ' By the birch ', is_public: true, date_found: '2026-09-01' }),
    ).toEqual({
      notes: 'By the birch',
      is_public: true,
      date_found: '2026-09-01',
    });
  });

  it('clears notes with an empty text', () => {
    expect(editPatch({ ...spot, notes: 'Old' }, { ...editValuesOf(spot), notes: '' })).toEqual({ notes: '' });
  });
});
