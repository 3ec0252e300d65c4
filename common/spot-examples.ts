// Spots for tests and measurements, made of the example value of each field of the list (common/spot-field-list.ts):
// a field added there with its example is in each of them, so no test's spot needs it written in.
import type { Spot } from './schemas/spots.ts';
import { exampleSpot, type ExampleFields } from './spot-fields.ts';

/** A spot's fields as creating it takes them: each listed field's example, then `overrides`. */
export function exampleFields<Overrides extends Partial<ExampleFields> = Record<never, never>>(
  overrides: Overrides = {} as Overrides,
): Omit<ExampleFields, keyof Overrides> & Overrides {
  return { ...(exampleSpot() as ExampleFields), ...overrides };
}

/**
 * A spot as the API gives it to its owner: the fields' examples, seen exactly and by nobody else, placed by hand,
 * with no photo and no visit yet; then `overrides`.
 */
export function exampleApiSpot(overrides: Partial<Spot> = {}): Spot {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    ...(exampleSpot() as ExampleFields),
    accuracy_m: null,
    audience: 'private',
    circle_ids: [],
    precision: 'exact',
    area: null,
    photo_url: null,
    thumbnail_url: null,
    photos: [],
    created_at: '2026-09-14T10:00:00.000Z',
    updated_at: '2026-09-14T10:00:00.000Z',
    version: 1,
    is_owner: true,
    owner_name: 'Ona',
    visits: { count: 0, last: null },
    ...overrides,
  };
}
