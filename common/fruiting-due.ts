// "Due now" (issue #23, ADR 0059): which of one's spots are worth a trip today, from their visits alone. Pure, so
// the phone ranks its own copy with no signal exactly as the server ranks the database's.
import { distanceMetres } from './geodesy.ts';
import type { DueItem } from './schemas/fruiting.ts';
import type { VisitAmount } from './schemas/visits.ts';
import type { VisitOutcome } from './schemas/spots.ts';

/** A find counts for today when it was this many days or fewer from today's day of the year, in an earlier year. */
export const FRUITING_SEASON_DAYS = 14;
/** A check with nothing found this recent (days) means the spot has not started, or is over: it drops down. */
export const RECENT_NOTHING_DAYS = 7;
/** A spot last checked this long ago (days) or longer is as worth a look as one never checked. */
export const REST_FULL_DAYS = 28;
/** What a recent "nothing" leaves of the score. */
export const RECENT_NOTHING_FACTOR = 0.1;

export type DueVisit = { date: string; outcome: VisitOutcome; amount: VisitAmount | null };
export type DueSpot = {
  location_id: string;
  mushroom_types: string;
  /** Where the viewer sees it: the true point of their own, the shown point of another's approximate spot. */
  latitude: number;
  longitude: number;
  visits: readonly DueVisit[];
};
export type DueOptions = {
  /** The day it is where the list is made, YYYY-MM-DD. */
  today: string;
  position?: { latitude: number; longitude: number } | null;
  /** Only spots this near, in km (needs a position). */
  radiusKm?: number | null;
};

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const yearOf = (date: string) => Number(date.slice(0, 4));

/** Days between a date and today's month and day in the nearest year (5 Jan and 25 Dec are 11 days apart). */
function daysFromSeason(date: string, today: string): number {
  const month = Number(today.slice(5, 7)) - 1;
  const day = Number(today.slice(8, 10));
  const year = yearOf(date);
  const visited = dayNumber(date);
  return Math.min(...[year - 1, year, year + 1].map((y) => Math.abs(visited - Date.UTC(y, month, day) / DAY_MS)));
}

/**
 * The earlier years (before today's) with a find within FRUITING_SEASON_DAYS of today's day of the year, oldest
 * first. The one rule of "due now": the server's SQL (`inSeason`, server/features/fruiting/fruiting.queries.ts)
 * writes the same arithmetic, and a test holds the two to the same answers.
 */
export function seasonYears(visits: readonly Pick<DueVisit, 'date' | 'outcome'>[], today: string): number[] {
  const thisYear = yearOf(today);
  return [
    ...new Set(
      visits
        .filter(
          (visit) =>
            visit.outcome === 'found' &&
            yearOf(visit.date) < thisYear &&
            daysFromSeason(visit.date, today) <= FRUITING_SEASON_DAYS,
        )
        .map((visit) => yearOf(visit.date)),
    ),
  ].sort((a, b) => a - b);
}

/**
 * Whether a spot with these visits is due today: what dueNow() lists, and what the filter's `due=now` keeps
 * (ADR 0061). Whose spots may be due at all is the caller's part: one's own, and others' shared with one's circles.
 */
export const isDueNow = (visits: readonly Pick<DueVisit, 'date' | 'outcome'>[], today: string): boolean =>
  seasonYears(visits, today).length > 0;

/**
 * The spots that gave in earlier years near today's day of the year, best first. The score (ADR 0059) is
 * season × rest × (a recent "nothing"): season = (n / y) × (1 − ½ⁿ), with n the earlier years that gave at this
 * time and y the earlier years since the spot's first visit; rest = ½ + ½ × min(days since the last check, 28) / 28;
 * a "nothing" in the last 7 days with no find after it multiplies by 0.1.
 */
export function dueNow(spots: readonly DueSpot[], { today, position = null, radiusKm = null }: DueOptions): DueItem[] {
  const thisYear = yearOf(today);
  const todayNumber = dayNumber(today);
  const items: DueItem[] = [];
  for (const spot of spots) {
    // Visits dated after today (a phone's clock ahead) say nothing about today.
    const past = spot.visits.filter((visit) => visit.date <= today);
    const foundYears = seasonYears(past, today);
    if (foundYears.length === 0) continue;

    const distance = position ? Math.round(distanceMetres(position, spot)) : null;
    if (distance !== null && radiusKm != null && distance > radiusKm * 1000) continue;

    const firstYear = Math.min(...past.map((visit) => yearOf(visit.date)));
    const n = foundYears.length;
    const season = (n / Math.max(1, thisYear - firstYear)) * (1 - 0.5 ** n);

    // The latest visit: by date, and a find before a "nothing" of the same day (mushrooms were there).
    const last = past.reduce<DueVisit | null>((latest, visit) => {
      if (!latest || visit.date > latest.date) return visit;
      if (visit.date === latest.date && visit.outcome === 'found') return visit;
      return latest;
    }, null)!;
    const sinceLast = todayNumber - dayNumber(last.date);
    const rest = 0.5 + (0.5 * Math.min(sinceLast, REST_FULL_DAYS)) / REST_FULL_DAYS;
    const recentNothing = last.outcome === 'nothing' && sinceLast <= RECENT_NOTHING_DAYS;
    const score = season * rest * (recentNothing ? RECENT_NOTHING_FACTOR : 1);

    items.push({
      location_id: spot.location_id,
      mushroom_types: spot.mushroom_types,
      score: Math.round(score * 1000) / 1000,
      found_years: foundYears,
      last_visit: { date: last.date, outcome: last.outcome, amount: last.amount },
      distance_m: distance,
    });
  }
  return items.sort(
    (a, b) =>
      b.score - a.score ||
      (a.distance_m ?? Infinity) - (b.distance_m ?? Infinity) ||
      (a.location_id < b.location_id ? -1 : a.location_id > b.location_id ? 1 : 0),
  );
}
