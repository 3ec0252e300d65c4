// Opening the visit form, a spot's visits or the fruiting calendar from anywhere (a card, the Locations tab):
// the views live in client/features/visits and load only when first needed (client/app/visits-host.tsx).
import { createContext, useContext } from 'react';
import type { ShownSpot } from '../spots/spot-types.ts';

export type VisitsRequest =
  { kind: 'record'; spot: ShownSpot } | { kind: 'list'; spot: ShownSpot } | { kind: 'calendar' };

export const VisitsContext = createContext<(request: VisitsRequest) => void>(() => undefined);

export function useOpenVisits(): (request: VisitsRequest) => void {
  return useContext(VisitsContext);
}
