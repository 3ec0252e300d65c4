import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fruitingFinds, spots, user } from '../../db/schema.ts';
import { FRUITING_SEASON_DAYS, type DueSpot } from '../../../common/fruiting-due.ts';
import { notHiddenFrom, shownPosition, visibleParts, visibleTo } from '../spots/spot-privacy.queries.ts';

type Rows<Row> = { rows: Row[] };
// node-postgres parses json columns; PGlite may hand back text.
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * Whether a date (`visitedOn`, SQL) is in season for `today` (YYYY-MM-DD), as `seasonYears()` in
 * common/fruiting-due.ts decides: in a year before today's, and within FRUITING_SEASON_DAYS of today's month and day
 * in its own year or the one before or after (5 Jan and 25 Dec are 11 days apart). Today's day in another year is
 * counted from the 1st of its month, as JavaScript's Date.UTC counts it, so 29 February is 1 March in a common year
 * on both sides.
 */
export function inSeason(visitedOn: SQL, today: string): SQL {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const dayIn = (years: number) =>
    sql`(make_date(extract(year from ${visitedOn})::int + ${years}::int, ${month}::int, 1) + ${day - 1}::int)`;
  return sql`(${visitedOn} < make_date(${year}::int, 1, 1)
    and least(abs(${visitedOn} - ${dayIn(-1)}), abs(${visitedOn} - ${dayIn(0)}), abs(${visitedOn} - ${dayIn(1)}))
        <= ${FRUITING_SEASON_DAYS}::int)`;
}

/**
 * `isDueNow()` in SQL for the spot `l`: a `found` visit in season, of those the viewer may see (a hidden one is its
 * owner's alone, ADR 0078). One index range of its visits.
 */
export const foundInSeason = (viewerId: string, today: string): SQL =>
  sql`exists (select 1 from visits v
    where v.location_id = l.id and v.outcome = 'found' and ${notHiddenFrom(viewerId, 'v')}
      and ${inSeason(sql`v.visited_on`, today)})`;

/**
 * Whether the spot `l` is due now for the viewer (ADR 0059): their own, or another's shared with a circle they are
 * in and not public, found in season (`foundInSeason`). The due route reads its candidates with it and the filter's
 * `due=now` adds it to the privacy rule, so both keep the same spots.
 */
export function dueNowCondition(viewerId: string, today: string): SQL {
  const { own, sharedWithViewer } = visibleParts(viewerId);
  return sql`((${own} or ${sharedWithViewer}) and ${foundInSeason(viewerId, today)})`;
}

/**
 * The spots "due now" is ranked from (ADR 0059): those `dueNowCondition` keeps, each with every visit's date, outcome
 * and amount — never a note — and where the viewer sees it: their own at its true point, another's at its shown
 * point.
 */
export async function dueCandidates(db: Database, viewerId: string, today: string): Promise<DueSpot[]> {
  const result = (await db.execute(sql`
    select l.id as location_id, l.mushroom_types,
           ${shownPosition(viewerId).lat} as latitude, ${shownPosition(viewerId).lng} as longitude,
           (select json_agg(json_build_object('date', v.visited_on, 'outcome', v.outcome, 'amount', v.amount)
                            order by v.visited_on, v.created_at, v.id)
            from visits v where v.location_id = l.id and ${notHiddenFrom(viewerId, 'v')}) as visits
    from ${spots} l
    where ${visibleTo(viewerId)} and ${dueNowCondition(viewerId, today)}`)) as unknown as Rows<
    Omit<DueSpot, 'visits'> & { visits: DueSpot['visits'] | string }
  >;
  return result.rows.map((row) => ({ ...row, visits: parsed(row.visits) }));
}

export type NearbyCell = {
  speciesKey: string;
  /** [west, south, east, north] of the fixed grid cell. */
  box: [number, number, number, number];
  foragers: number;
  /** Each counted forager's spellings of the species in the cell: to choose the name shown, never answered. */
  spellings: { userId: string; species: string }[];
};

/** Whose finds count (ADR 0073): who a forager must be, at the start of the window, for their finds to count. */
export type CountedForagers = {
  /** Accounts made before this moment (and with the e-mail confirmed). */
  accountsBefore: Date;
  /** …with at least `minSpots` spots of their own recorded before this moment. */
  spotsBefore: Date;
  minSpots: number;
};

/**
 * Per species and fixed ~10 km cell touching the box, how many different counted foragers found it there between
 * `from` and `to` (both included), where at least `minForagers` did, with how each of them wrote it. One index range
 * per band of cells and day, over the kept finds of public spots (migration 0019): the cost depends on the cells and
 * days asked about, not on how many visits exist. The days are counted in integers: the planner then knows there are
 * a few of them and probes the index by band and day, where a series of dates (a thousand rows, it guesses) made it
 * read every day of the bands. Each forager found there is looked up once — their account, and their spots by the
 * owner's index, at most `minSpots` of them — into an array the finds are then filtered by: a join instead was
 * planned row by row, the planner expecting one row of finds (docs/performance.md).
 */
export async function nearbyCells(
  db: Database,
  box: { minLat: number; minLng: number; maxLat: number; maxLng: number },
  window: { from: string; to: string },
  minForagers: number,
  counted: CountedForagers,
): Promise<NearbyCell[]> {
  const result = (await db.execute(sql`
    with finds as (
      select f.species_key, f.species, f.cell_x, f.cell_y, f.user_id
      from foray_grid10_cells_in_box(${box.minLat}::float8, ${box.minLng}::float8, ${box.maxLat}::float8,
                                     ${box.maxLng}::float8) as band
      cross join generate_series(0, ${window.to}::date - ${window.from}::date) as day(n)
      join ${fruitingFinds} f on f.cell_y = band.y and f.visited_on = ${window.from}::date + day.n
                             and f.cell_x between band.min_x and band.max_x
    ),
    counted as (
      select u.id from (select distinct user_id from finds) as forager
      join ${user} u on u.id = forager.user_id
      where u.email_verified
        and u.created_at < ${counted.accountsBefore.toISOString()}::timestamptz
        and (select count(*) from (
              select 1 from ${spots} l
              where l.user_id = u.id and l.created_at < ${counted.spotsBefore.toISOString()}::timestamptz
              limit ${counted.minSpots}) as early) >= ${counted.minSpots}
    )
    select k.species_key, foray_grid10_box(k.cell_x, k.cell_y) as box, count(distinct k.user_id)::int as foragers,
           jsonb_agg(distinct jsonb_build_array(k.user_id, k.species)) as spellings
    from finds k
    where k.user_id = any (array(select id from counted))
    group by k.species_key, k.cell_x, k.cell_y
    having count(distinct k.user_id) >= ${minForagers}`)) as unknown as Rows<{
    species_key: string;
    box: [number, number, number, number] | string;
    foragers: number;
    spellings: [string, string][] | string;
  }>;
  return result.rows.map((row) => ({
    speciesKey: row.species_key,
    box: parsedArray(row.box),
    foragers: row.foragers,
    spellings: parsed(row.spellings).map(([userId, species]) => ({ userId, species })),
  }));
}

/** A float8[] as numbers, whichever driver read it. */
function parsedArray(value: number[] | string): [number, number, number, number] {
  const numbers = typeof value === 'string' ? value.replace(/[{}]/g, '').split(',').map(Number) : value.map(Number);
  return numbers as [number, number, number, number];
}
