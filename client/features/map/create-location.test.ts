import { describe, expect, it } from 'vitest';
import { toFormData } from './create-location.ts';

describe('toFormData', () => {
  const spot = {
    id: '0b9f7a3c-7d2e-4c1a-9b1e-1f2a3b4c5d6e',
    type: 'mushroom_spot' as const,
    mushroom_types: 'Chanterelles',
    finder: 'Ona',
    date_found: '2026-09-03',
    notes: '',
    latitude: 55.16944444,
    longitude: 23.88133333,
    is_public: false,
    photo: null,
  };

  it('sends every text field, coordinates to 6 decimals and is_public as text', () => {
    const form = toFormData(spot);
    expect([...form.keys()]).toEqual(['id', 'type', 'mushroom_types', 'finder', 'date_found', 'notes', 'latitude', 'longitude', 'is_public']);
    expect(form.get('latitude')).toBe('55.169444');
    expect(form.get('is_public')).toBe('false');
  });

  it('puts the photo last', () => {
    const photo = new File([new Uint8Array([1, 2, 3])], 'spot.jpg', { type: 'image/jpeg' });
    const keys = [...toFormData({ ...spot, is_public: true, photo }).keys()];
    expect(keys.at(-1)).toBe('photo');
  });
});
