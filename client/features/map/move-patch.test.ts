import { describe, expect, it } from 'vitest';
import { movePatch } from './move-patch.ts';

describe('movePatch', () => {
  it('keeps the phone’s accuracy for a move to where one stands, and none for a move by hand', () => {
    expect(movePatch(55.2, 24, 6.349)).toEqual({ latitude: 55.2, longitude: 24, accuracy_m: 6.3 });
    expect(movePatch(55.2, 24, null)).toEqual({ latitude: 55.2, longitude: 24, accuracy_m: null });
  });

  it('keeps six decimals of a dragged position, as a new spot is sent', () => {
    expect(movePatch(55.123456789, 23.987654321, null)).toMatchObject({ latitude: 55.123457, longitude: 23.987654 });
  });
});
