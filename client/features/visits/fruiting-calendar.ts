// The fruiting calendar's numbers, computed on the device from one's own spots and visits (ADR 0022):
// for each year and month, whether mushrooms were found, a visit found nothing, or nobody went.
import type { SpotType, VisitOutcome } from '../../../common/schemas/spots.ts';

export type MonthState = 'found' | 'nothing' | 'none';
/** One row of the calendar: twelve months, January first. */
export type CalendarYear = { year: number; months: MonthState[] };

type CalendarSpot = { id: string; type: SpotType; date_found: string };
type CalendarVisit = { location_id: string; date: string; outcome: VisitOutcome };

/**
 * Years from the latest with anything recorded down to the earliest (no gaps, so a blank year shows as one).
 * A mushroom spot's own date_found counts as found in its month; in one month, found wins over nothing.
 * Car parks are left out: the day one parked says nothing about mushrooms.
 */
export function fruitingCalendar(spots: CalendarSpot[], visits: CalendarVisit[]): CalendarYear[] {
  const mushroomSpots = new Set(spots.filter((spot) => spot.type === 'mushroom_spot').map((spot) => spot.id));
  const marks: Array<{ date: string; outcome: VisitOutcome }> = [
    ...spots
      .filter((spot) => mushroomSpots.has(spot.id))
      .map((spot) => ({ date: spot.date_found, outcome: 'found' as const })),
    ...visits.filter((visit) => mushroomSpots.has(visit.location_id)),
  ];
  if (marks.length === 0) return [];

  const byYear = new Map<number, MonthState[]>();
  for (const { date, outcome } of marks) {
    const year = Number(date.slice(0, 4));
    const month = Number(date.slice(5, 7)) - 1;
    const months = byYear.get(year) ?? Array<MonthState>(12).fill('none');
    if (outcome === 'found' || months[month] === 'none') months[month] = outcome;
    byYear.set(year, months);
  }
  const years = [...byYear.keys()];
  const latest = Math.max(...years);
  const earliest = Math.min(...years);
  const rows: CalendarYear[] = [];
  for (let year = latest; year >= earliest; year--)
    rows.push({ year, months: byYear.get(year) ?? Array<MonthState>(12).fill('none') });
  return rows;
}
