import { describe, expect, it } from 'vitest';
import type { ShownSpot } from '../../domain/spots/spot-types.ts';
import { exampleApiSpot } from '../../../common/spot-examples.ts';
import { editPatch, editValuesOf } from './spot-edit.ts';

const spot: ShownSpot = exampleApiSpot({
  type: 'mushroom_spot',
  mushroom_types: 'Chanterelles',
  finder: 'Ona',
  date_found: '2026-09-03',
  notes: null,
  latitude: 55.1,
  longitude: 23.9,
  accuracy_m: 7,
  created_at: '2026-09-03T10:00:00.000Z',
  updated_at: '2026-09-03T10:00:00.000Z',
  version: 2,
  owner_name: 'ona',
});

describe('editPatch', () => {
  it('sends nothing when nothing changed, spaces included', () => {
    expect(editPatch(spot, { ...editValuesOf(spot), finder: ' Ona ', notes: '  ' })).toEqual({});
  });

  it('sends only the changed fields, trimmed', () => {
    expect(
      editPatch(spot, {
        ...editValuesOf(spot),
        notes: ' By the birch ',
        sharing: { audience: 'public', circle_ids: [], precision: 'exact' },
        date_found: '2026-09-01',
      }),
    ).toEqual({
      notes: 'By the birch',
      audience: 'public',
      circle_ids: [],
      is_public: true,
      date_found: '2026-09-01',
    });
  });

  it('sends a spot’s circles and precision when they changed, and not when they did not', () => {
    const circle = '22222222-2222-4222-8222-222222222222';
    const shared: ShownSpot = { ...spot, audience: 'circles', circle_ids: [circle], precision: '1km' };
    expect(editPatch(shared, editValuesOf(shared))).toEqual({});
    expect(
      editPatch(shared, {
        ...editValuesOf(shared),
        sharing: { audience: 'circles', circle_ids: [circle], precision: '10km' },
      }),
    ).toEqual({ precision: '10km' });
    expect(
      editPatch(spot, {
        ...editValuesOf(spot),
        sharing: { audience: 'circles', circle_ids: [circle], precision: '1km' },
      }),
    ).toEqual({ audience: 'circles', circle_ids: [circle], is_public: false, precision: '1km' });
  });

  it('clears notes with an empty text', () => {
    expect(editPatch({ ...spot, notes: 'Old' }, { ...editValuesOf(spot), notes: '' })).toEqual({ notes: '' });
  });
});
