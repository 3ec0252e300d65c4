// Opening the edit form or the stale-edit comparison from anywhere (a map popup, a card): the dialogs live in
// client/features/map and load only when first needed (client/app/edit-host.tsx).
import { createContext, useContext } from 'react';
import type { ShownSpot } from './spot-types.ts';

export type SpotEditing = {
  /** The owner's form for every field of the spot but its position and photo. */
  edit: (spot: ShownSpot) => void;
  /** Their refused (stale) edit beside the server's values, to choose between. */
  compare: (spot: ShownSpot) => void;
};

export const SpotEditingContext = createContext<SpotEditing>({ edit: () => undefined, compare: () => undefined });

export function useSpotEditing(): SpotEditing {
  return useContext(SpotEditingContext);
}

/** A refused edit the server found stale: the user chooses between it and what the server holds now. */
export const isStaleEdit = (spot: ShownSpot) =>
  spot.pending?.kind === 'edit' && spot.pending.error?.code === 'STALE' && !!spot.pending.error.current;
