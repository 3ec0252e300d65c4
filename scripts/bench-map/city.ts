// The city of `npm run bench:map` (scripts/bench-map.ts): the same spots every run, in a dense part of Vilnius, known
// to the bench so that it can count those really in view.
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';

/** The dense part of the city: a box of about 8 × 9 km around Vilnius' old town. */
export const CITY = { minLat: 54.65, maxLat: 54.73, minLng: 25.21, maxLng: 25.35 };
export const CITY_CENTRE = { latitude: 54.6872, longitude: 25.2797 };
/** Where "Locate me" flies to, less the two steps out: the city view. */
export const CITY_ZOOM = 14;

/** A small seeded random number generator, so the city's spots are the same every run and known to the bench. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` spots spread over the city, the same ones every run. */
export function citySpotsOf(count: number) {
  const random = seeded(20_261_128);
  return Array.from({ length: count }, () => ({
    latitude: CITY.minLat + random() * (CITY.maxLat - CITY.minLat),
    longitude: CITY.minLng + random() * (CITY.maxLng - CITY.minLng),
  }));
}

/** The city's spots as public mushroom spots of the account with this address, a thousand an insert. */
export async function insertCitySpots(
  db: Database,
  spots: Array<{ latitude: number; longitude: number }>,
  ownerEmail: string,
) {
  for (let from = 0; from < spots.length; from += 1_000) {
    const rows = spots
      .slice(from, from + 1_000)
      .map(
        (spot) =>
          sql`(gen_random_uuid(), (select id from "user" where email = ${ownerEmail}), 'mushroom_spot', 'Cantharellus cibarius', 'Bench', date '2026-09-01', ${spot.latitude}::float8, ${spot.longitude}::float8, true)`,
      );
    await db.execute(
      sql`insert into locations (id, user_id, type, mushroom_types, finder, date_found, latitude, longitude, is_public) values ${sql.join(rows, sql`, `)}`,
    );
  }
}
