import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CreateSpotSchema } from '../../common/schemas/spots.ts';
import { formFieldsOf } from './form-fields.ts';

describe('a form read by its schema', () => {
  const form = formFieldsOf(CreateSpotSchema.shape, { emptyIsAbsent: ['id'] });

  it('takes exactly the schema’s keys, and names its lists, which a form may send once per item', () => {
    expect([...form.names].sort()).toEqual(Object.keys(CreateSpotSchema.shape).sort());
    expect([...form.lists]).toEqual(['circle_ids']);
    expect(form.toJson({ circle_ids: 'a,b' })).toEqual({ circle_ids: ['a', 'b'] });
  });

  it('turns the text of numbers and booleans into them, and leaves other text as it is', () => {
    expect(
      form.toJson({ latitude: '54.5', longitude: ' -25 ', accuracy_m: '12', is_public: 'true', type: 'car_park' }),
    ).toEqual({ latitude: 54.5, longitude: -25, accuracy_m: 12, is_public: true, type: 'car_park' });
    expect(form.toJson({ is_public: 'false' })).toEqual({ is_public: false });
  });

  it('reads an empty field as "nothing": null where the schema allows null, left out where the form says so', () => {
    const json = form.toJson({ notes: '', id: '', latitude: ' ', mushroom_types: '', photo_id: '' });
    expect(json).toEqual({ notes: null, id: undefined, latitude: undefined, mushroom_types: '', photo_id: '' });
    expect(CreateSpotSchema.shape.mushroom_types.parse(json.mushroom_types)).toBe('');
    // An empty photo id is no id: the schema refuses it, as it always has.
    expect(CreateSpotSchema.shape.photo_id.safeParse(json.photo_id).success).toBe(false);
  });

  it('passes on what the schema would not take, so the schema refuses it with its own message', () => {
    expect(form.toJson({ is_public: 'yes', latitude: 'north', date_found: '', type: '' })).toEqual({
      is_public: 'yes',
      latitude: Number.NaN,
      date_found: '',
      type: '',
    });
  });

  it('follows a new field of any schema without being told about it', () => {
    const other = formFieldsOf(
      z.strictObject({ count: z.number().int().optional(), flag: z.boolean().default(false), name: z.string() }).shape,
    );
    expect(other.toJson({ count: '3', flag: 'true', name: '' })).toEqual({ count: 3, flag: true, name: '' });
  });
});
