// Opening a spot's photos from anywhere (a card, a map popup): the photo manager and the large viewer live in
// client/features/photos and are loaded only when first opened (client/app/photos-host.tsx).
import { createContext, useContext } from 'react';
import type { ShownSpot } from '../spots/spot-types.ts';

/** What the host was asked to show. */
export type PhotosRequest = { kind: 'manage'; spot: ShownSpot } | { kind: 'view'; spot: ShownSpot; index: number };

/** `{kind: 'manage', spot}`: the owner's manager (add, remove, reorder); `{kind: 'view', spot, index}`: the viewer. */
export const PhotosContext = createContext<(request: PhotosRequest) => void>(() => undefined);

export function useOpenPhotos(): (request: PhotosRequest) => void {
  return useContext(PhotosContext);
}
