import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fruitingFinds, spots } from '../../db/schema.ts';
import type { DueSpot } from '../../../common/fruiting-due.ts';
import { visibleParts, visibleTo } from '../spots/spot-privacy.queries.ts';

type Rows<Row> = { rows: Row[] };
// node-postgres parses json columns; PGlite may hand back text.
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The spots "due now" is ranked from (ADR 0059): the viewer's own and others' shared with a circle the viewer is in
 * (not others' public ones), each with every visit's date, outcome and amount — never a note — and where the viewer
 * sees it: their own at its true point, another's at its shown point. Only spots with a find at all are read.
 */
export async function dueCandidates(db: Database, viewerId: string): Promise<DueSpot[]> {
  const { own, sharedWithViewer } = visibleParts(viewerId);
  const result = (await db.execute(sql`
    select l.id as location_id, l.mushroom_types,
           case when l.user_id = ${viewerId} then l.latitude else l.shown_latitude end as latitude,
           case when l.user_id = ${viewerId} then l.longitude else l.shown_longitude end as longitude,
           (select json_agg(json_build_object('date', v.visited_on, 'outcome', v.outcome, 'amount', v.amount)
                            order by v.visited_on, v.created_at, v.id)
            from visits v where v.location_id = l.id) as visits
    from ${spots} l
    where (${own} or ${sharedWithViewer}) and ${visibleTo(viewerId)}
      and exists (select 1 from visits v where v.location_id = l.id and v.outcome = 'found')`)) as unknown as Rows<
    Omit<DueSpot, 'visits'> & { visits: DueSpot['visits'] | string }
  >;
  return result.rows.map((row) => ({ ...row, visits: parsed(row.visits) }));
}

export type NearbyCell = {
  speciesKey: string;
  species: string;
  /** [west, south, east, north] of the fixed grid cell. */
  box: [number, number, number, number];
  foragers: number;
};

/**
 * Per species and fixed ~10 km cell touching the box, how many different foragers found it there between `from` and
 * `to` (both included), where at least `minForagers` did. One index range per band of cells and day, over the kept
 * finds of public spots (migration 0019): the cost depends on the cells and days asked about, not on how many visits
 * exist. The days are counted in integers: the planner then knows there are a few of them and probes the index by
 * band and day, where a series of dates (a thousand rows, it guesses) made it read every day of the bands.
 */
export async function nearbyCells(
  db: Database,
  box: { minLat: number; minLng: number; maxLat: number; maxLng: number },
  window: { from: string; to: string },
  minForagers: number,
): Promise<NearbyCell[]> {
  const result = (await db.execute(sql`
    select f.species_key, min(f.species) as species, foray_grid10_box(f.cell_x, f.cell_y) as box,
           count(distinct f.user_id)::int as foragers
    from foray_grid10_cells_in_box(${box.minLat}::float8, ${box.minLng}::float8, ${box.maxLat}::float8,
                                   ${box.maxLng}::float8) as band
    cross join generate_series(0, ${window.to}::date - ${window.from}::date) as day(n)
    join ${fruitingFinds} f on f.cell_y = band.y and f.visited_on = ${window.from}::date + day.n
                           and f.cell_x between band.min_x and band.max_x
    group by f.species_key, f.cell_x, f.cell_y
    having count(distinct f.user_id) >= ${minForagers}`)) as unknown as Rows<{
    species_key: string;
    species: string;
    box: [number, number, number, number] | string;
    foragers: number;
  }>;
  return result.rows.map((row) => ({
    speciesKey: row.species_key,
    species: row.species,
    box: parsedArray(row.box),
    foragers: row.foragers,
  }));
}

/** A float8[] as numbers, whichever driver read it. */
function parsedArray(value: number[] | string): [number, number, number, number] {
  const numbers = typeof value === 'string' ? value.replace(/[{}]/g, '').split(',').map(Number) : value.map(Number);
  return numbers as [number, number, number, number];
}
