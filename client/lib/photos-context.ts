// Opening a spot's photos from anywhere (a card, a map popup): the photo manager and the large viewer live in
// client/features/photos and are loaded only when first opened (client/app/photos-host.tsx).
import { createContext, useContext } from 'react';
import type { ShownSpot } from './offline/outbox-model.ts';

export type PhotosActions = {
  /** The owner's manager: add, remove, reorder (ADR 0024). */
  manage: (spot: ShownSpot) => void;
  /** The large viewer, at the photo with this index. */
  view: (spot: ShownSpot, index?: number) => void;
};

/** What the host was asked to show. */
export type PhotosRequest = { kind: 'manage'; spot: ShownSpot } | { kind: 'view'; spot: ShownSpot; index: number };

export const PhotosContext = createContext<PhotosActions>({ manage: () => undefined, view: () => undefined });

export function usePhotos(): PhotosActions {
  return useContext(PhotosContext);
}
