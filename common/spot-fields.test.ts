import { describe, expect, it } from 'vitest';
import { SPOT_FIELD_LIST, SPOT_FIELD_SCHEMAS } from './spot-fields.ts';

describe('the list of a spot’s fields and their rules', () => {
  it('says a field may be null exactly where the answer’s schema takes null', () => {
    for (const field of SPOT_FIELD_LIST) {
      expect(field.nullable, field.name).toBe(SPOT_FIELD_SCHEMAS[field.name].output.safeParse(null).success);
    }
  });

  it('has the rules of every field in the list and of no other', () => {
    expect(Object.keys(SPOT_FIELD_SCHEMAS).sort()).toEqual(SPOT_FIELD_LIST.map((field) => field.name).sort());
  });
});
