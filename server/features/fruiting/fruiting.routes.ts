import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../common/schemas/errors.ts';
import {
  DueListSchema,
  DueQuerySchema,
  NEARBY_ACCOUNT_MIN_AGE_DAYS,
  NEARBY_ACCOUNT_MIN_SPOTS,
  NEARBY_FORAGERS_MIN,
  NEARBY_FORAGER_FLOORS,
  NEARBY_SPELLING_FORAGERS_MIN,
  NEARBY_WINDOW_DAYS,
  NearbyQuerySchema,
  NearbySchema,
  type Nearby,
} from '../../../common/schemas/fruiting.ts';
import { FRUITING_SEASON_DAYS, dueNow } from '../../../common/fruiting-due.ts';
import { distanceMetres } from '../../../common/geodesy.ts';
import type { RequestReads } from '../../db/abandoned-requests.ts';
import type { RequireUser } from '../../plugins/session.ts';
import { dueCandidates, nearbyCells, type CountedForagers, type NearbyCell } from './fruiting.queries.ts';
import { privateAnswer } from '../../plugins/cache-policy.ts';

type Deps = { reads: RequestReads; requireUser: RequireUser };

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema };

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
/** Kilometres in a degree of latitude (the mean Earth radius). */
const KM_PER_DEGREE = 111.195;

/** The days counted: NEARBY_WINDOW_DAYS ending yesterday (UTC), so a visit of today is never in it. */
export function nearbyWindow(now: Date): { from: string; to: string } {
  const today = Date.parse(`${isoDay(now.getTime())}T00:00:00Z`);
  return { from: isoDay(today - NEARBY_WINDOW_DAYS * DAY_MS), to: isoDay(today - DAY_MS) };
}

/** The box of degrees around a position that holds the circle of the radius, clamped at the poles and at ±180°. */
export function nearbyBox(lat: number, lng: number, radiusKm: number) {
  const latSpan = radiusKm / KM_PER_DEGREE;
  const lngSpan = Math.min(180, latSpan / Math.max(Math.cos((lat * Math.PI) / 180), 0.001));
  return {
    minLat: Math.max(-90, lat - latSpan),
    maxLat: Math.min(90, lat + latSpan),
    minLng: Math.max(-180, lng - lngSpan),
    maxLng: Math.min(180, lng + lngSpan),
  };
}

/** The largest floor not above the true count: one forager more or less inside a bucket does not show. */
export const foragersAtLeast = (foragers: number) =>
  NEARBY_FORAGER_FLOORS.reduce<number>((floor, step) => (foragers >= step ? step : floor), NEARBY_FORAGERS_MIN);

/** Cell edges are multiples of 0.09° and a band's width: six decimals keep them and drop the float noise. */
const edge = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/**
 * The name a species is shown by (ADR 0073): the spelling the most counted foragers wrote, when at least
 * NEARBY_SPELLING_FORAGERS_MIN did (a tie goes to the spelling first in code-point order); else the species' folded
 * form, which every one of them wrote up to case and accents. A spelling only one forager wrote is never shown: it
 * could be theirs alone and tell who found it.
 */
export function speciesName(speciesKey: string, writers: Map<string, Set<string>>): string {
  let best: { species: string; foragers: number } | null = null;
  for (const [species, foragers] of writers) {
    if (foragers.size < NEARBY_SPELLING_FORAGERS_MIN) continue;
    if (!best || foragers.size > best.foragers || (foragers.size === best.foragers && species < best.species))
      best = { species, foragers: foragers.size };
  }
  return best?.species ?? speciesKey;
}

/** The cells' counts as the answer: by species, cells whose box comes within the radius of the position. */
function nearbyAnswer(
  cells: NearbyCell[],
  position: { latitude: number; longitude: number },
  radiusKm: number,
): Nearby['items'] {
  const bySpecies = new Map<string, { areas: Nearby['items'][number]['areas']; writers: Map<string, Set<string>> }>();
  for (const { speciesKey, box, foragers, spellings } of cells) {
    const [west, south, east, north] = box;
    const nearest = {
      latitude: Math.min(Math.max(position.latitude, south), north),
      longitude: Math.min(Math.max(position.longitude, west), east),
    };
    if (distanceMetres(position, nearest) > radiusKm * 1000) continue;
    const item = bySpecies.get(speciesKey) ?? { areas: [], writers: new Map<string, Set<string>>() };
    item.areas.push({
      cell: [edge(west), edge(south), edge(east), edge(north)],
      foragers_at_least: foragersAtLeast(foragers),
    });
    // Who wrote which spelling, across the cells shown: a forager in two cells is still one forager.
    for (const { userId, species } of spellings) {
      const writers = item.writers.get(species) ?? new Set<string>();
      writers.add(userId);
      item.writers.set(species, writers);
    }
    bySpecies.set(speciesKey, item);
  }
  const items = [...bySpecies].map(([speciesKey, { areas, writers }]) => ({
    species: speciesName(speciesKey, writers),
    areas: areas.sort((a, b) => a.cell[1] - b.cell[1] || a.cell[0] - b.cell[0]),
  }));
  return items.sort((a, b) => (a.species < b.species ? -1 : a.species > b.species ? 1 : 0));
}

/**
 * Whose finds count in a window (ADR 0073): accounts confirmed and made NEARBY_ACCOUNT_MIN_AGE_DAYS before its first
 * day, with NEARBY_ACCOUNT_MIN_SPOTS spots of their own recorded before that day.
 */
export function countedForagers(window: { from: string }): CountedForagers {
  const start = Date.parse(`${window.from}T00:00:00Z`);
  return {
    accountsBefore: new Date(start - NEARBY_ACCOUNT_MIN_AGE_DAYS * DAY_MS),
    spotsBefore: new Date(start),
    minSpots: NEARBY_ACCOUNT_MIN_SPOTS,
  };
}

/** What is fruiting now (issue #23, ADR 0059): one's spots that are due, and what others found nearby. */
export function registerFruitingRoutes(root: FastifyInstance, { reads, requireUser }: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/fruiting/due',
    {
      schema: {
        tags: ['fruiting'],
        summary: 'Your spots and those shared with your circles that gave in earlier years at this time, best first',
        description:
          `A spot is due when it had a find in an earlier year within ${FRUITING_SEASON_DAYS} days of today's day of the ` +
          'year (UTC). The score rises with the share of earlier years that gave at this time and with the time since ' +
          'the last check, and falls sharply after a "nothing" in the last few days. Others’ public spots are not ' +
          'included; notes never are. Distances are from lat/lng (another’s approximate spot: from its shown point).',
        querystring: DueQuerySchema,
        response: { 200: DueListSchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const user = await requireUser(request, reply);
      const { lat, lng, radius_km: radiusKm } = request.query;
      const today = isoDay(Date.now());
      const candidates = await reads(request, reply, (db) => dueCandidates(db, user.id, today));
      const position = lat !== undefined && lng !== undefined ? { latitude: lat, longitude: lng } : null;
      return { items: dueNow(candidates, { today, position, radiusKm: radiusKm ?? null }) };
    },
  );

  app.get(
    '/api/v1/fruiting/nearby',
    {
      schema: {
        tags: ['fruiting'],
        summary: 'Species others found in the last week near a position, per fixed ~10 km cell',
        description:
          `The window is the ${NEARBY_WINDOW_DAYS} days ending yesterday (UTC). Only finds recorded on public spots count, ` +
          'an approximate one in the cell of its shown point. A species is listed for a cell only when at least ' +
          `${NEARBY_FORAGERS_MIN} different foragers found it there in the window; a cell below that is absent. ` +
          'Only accounts with a confirmed e-mail, made at least ' +
          `${NEARBY_ACCOUNT_MIN_AGE_DAYS} days before the window and with ${NEARBY_ACCOUNT_MIN_SPOTS} spots of their ` +
          'own recorded before it, are counted. A species is named by the spelling most of its foragers wrote (at ' +
          `least ${NEARBY_SPELLING_FORAGERS_MIN} of them), else in lower case without accents. ` +
          `foragers_at_least is a floor (${NEARBY_FORAGER_FLOORS.join(', ')}). No spot, person, finer position or ` +
          'day inside the window is ever in the answer.',
        querystring: NearbyQuerySchema,
        response: { 200: NearbySchema, ...errors },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      await requireUser(request, reply);
      const { lat, lng, radius_km: radiusKm } = request.query;
      const window = nearbyWindow(new Date());
      const box = nearbyBox(lat, lng, radiusKm);
      const counted = countedForagers(window);
      const cells = await reads(request, reply, (db) => nearbyCells(db, box, window, NEARBY_FORAGERS_MIN, counted));
      return { window, items: nearbyAnswer(cells, { latitude: lat, longitude: lng }, radiusKm) };
    },
  );
}
