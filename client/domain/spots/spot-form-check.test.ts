import { describe, expect, it } from 'vitest';
import { latestDateFound } from '../../../common/limits.ts';
import { spotFormProblem, type SpotFormValues } from './spot-form-check.ts';
import { blankRowTexts } from './spot-text.ts';

const filled: SpotFormValues = {
  type: 'mushroom_spot',
  mushroom_types: 'Chanterelles',
  finder: 'Ona',
  date_found: '2026-09-14',
  notes: '',
  sharing: { audience: 'private', circle_ids: [], precision: 'exact' },
  ...blankRowTexts(),
};

describe('the spot form checked by the contract', () => {
  it('takes a filled-in mushroom spot, and a car park without types or finder', () => {
    expect(spotFormProblem(filled)).toBe(null);
    expect(spotFormProblem({ ...filled, type: 'car_park', mushroom_types: '', finder: '' })).toBe(null);
    expect(spotFormProblem({ ...filled, date_found: ` ${latestDateFound()} ` })).toBe(null);
  });

  it('asks for the mushroom types and the finder of a mushroom spot, blank ones too', () => {
    expect(spotFormProblem({ ...filled, mushroom_types: '' })).toBe('missing-information');
    expect(spotFormProblem({ ...filled, finder: '   ' })).toBe('missing-information');
    // Missing information is said first, as before the date.
    expect(spotFormProblem({ ...filled, finder: '', date_found: 'soon' })).toBe('missing-information');
  });

  it('refuses a date the server would refuse', () => {
    for (const date of ['', '2026-02-30', '1899-12-31', '14/09/2026', '9999-01-01'])
      expect(spotFormProblem({ ...filled, date_found: date }), date).toBe('date');
  });
});
