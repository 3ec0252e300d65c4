import { describe, expect, it } from 'vitest';
import { exampleApiSpot } from '../../../common/spot-examples.ts';
import { SHOWN_TEXT_FIELDS } from '../../../common/spot-fields.ts';
import { spotTitle, textRows } from './spot-text.ts';

describe('a spot’s words on its card and in its popup', () => {
  it('shows each text field of the list that is not blank, in the list’s order, the notes alone', () => {
    const spot = exampleApiSpot({ notes: 'Under the old spruce,\nby the stream' });
    const rows = textRows(spot);
    expect(rows.map((row) => row.name)).toEqual(SHOWN_TEXT_FIELDS.map((field) => field.name));
    expect(rows.find((row) => row.name === 'notes')).toEqual({
      name: 'notes',
      label: 'form.notes',
      text: 'Under the old spruce,\nby the stream',
      alone: true,
    });
  });

  it('leaves out a field that is blank, null or not there (a spot kept on the device before it existed)', () => {
    const blank = Object.fromEntries(SHOWN_TEXT_FIELDS.map((field, index) => [field.name, ['', null][index % 2]]));
    expect(textRows(exampleApiSpot(blank))).toEqual([]);
    const { notes: _notes, ...older } = exampleApiSpot();
    expect(textRows(older as ReturnType<typeof exampleApiSpot>).map((row) => row.name)).not.toContain('notes');
  });

  it('names the spot by its mushrooms, or by its type when it names none', () => {
    expect(spotTitle(exampleApiSpot({ mushroom_types: 'Chanterelle' }), 'Mushroom spot')).toBe('Chanterelle');
    expect(spotTitle(exampleApiSpot({ mushroom_types: '' }), 'Car park')).toBe('Car park');
  });
});
