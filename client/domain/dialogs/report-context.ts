// Reporting someone else's public spot, visit or photo to the server's administrators, from anywhere (a card, a map
// popup, a spot's visits, the photo viewer): the dialog lives in client/features/reports and is loaded only when first
// opened (client/app/report-host.tsx).
import { createContext, useContext } from 'react';
import type { ReportTargetType } from '../../../common/schemas/reports.ts';
import type { Spot } from '../../../common/schemas/spots.ts';

export type ReportRequest = {
  target_type: ReportTargetType;
  target_id: string;
  /** What is reported, as the dialog names it: "Ceps by the old oak", "The visit of 12 October 2026". */
  what: string;
};

export const ReportContext = createContext<(request: ReportRequest) => void>(() => undefined);

export function useOpenReport(): (request: ReportRequest) => void {
  return useContext(ReportContext);
}

/**
 * Whether the forager may report this spot, its visits and its photos: someone else's, shown to everyone. A spot
 * shared with a circle is the circle's business, and one's own is one's own (the server refuses both alike).
 */
export function mayReport(spot: Pick<Spot, 'is_owner' | 'is_public'>): boolean {
  return !spot.is_owner && spot.is_public;
}
