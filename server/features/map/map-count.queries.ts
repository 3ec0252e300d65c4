import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mapCells, mapCircleCells, mapOwnerCells, spots } from '../../db/schema.ts';
import { MAP_KEPT_LEVELS } from '../../../common/schemas/map-tiles.ts';
import type { BBox } from '../../../common/schemas/spots.ts';
import type { SpotFilter } from '../../../common/spot-filter.ts';
import { filterConditions } from '../spots/spot-filter.queries.ts';
import {
  othersPlacedIn,
  othersPosition,
  placedIn,
  placedInBox,
  shownPosition,
  visibleTo,
} from '../spots/spot-privacy.queries.ts';
import { countedTwice, hasFilter, myCircles } from './map-tiles.queries.ts';
import { blockInView, blocksOf, cellsInside, cellsOverlapping, within, type CellRange } from './view-cells.ts';

type Rows<Row> = { rows: Row[] };

/**
 * An edge cell holding at most this many spots is counted from its spots; one holding more is split into its cells
 * of the next kept level, whose kept counts are read instead. Splitting costs up to eight index ranges in each kept
 * table, about what reading a few dozen spots costs, each on a page of its own (`npm run measure:map-count`, with
 * other values, is how this one was chosen: docs/performance.md).
 */
export const EDGE_CELL_SPOTS_MAX = 64;
/**
 * The count starts at the finest kept level at which the view overlaps at most this many cells (at the coarsest
 * when none does: a view of the world), so the cells inside it are read in a few hundred rows at most.
 */
const FIRST_LEVEL_CELLS_MAX = 1024;

/** One column of cells at a level, from row `y0` to row `y1`: one index range in each kept table. */
type Column = { x: number; y0: number; y1: number };
type Cell = { level: number; x: number; y: number };

/**
 * How many spots the viewer may see inside the view (ADR 0062): exactly what the box route would list, with the
 * filter, each spot where the viewer sees it (their own at its true point, anyone else's at its shown point).
 *
 * With no filter it costs what the view's size and its edge cost, not what the database holds: the cells wholly
 * inside the view are summed from kept counts (those of `mapTile`: the public cells, the viewer's own, their circles',
 * less what two of their circles both count) at the coarsest level that fits; each cell the view's edge cuts is
 * split into the cells of the next kept level while it holds many spots, and counted from its spots, inside the view,
 * once it holds few or is of the finest kept level. With a filter there are no kept counts: the spots are counted,
 * as a filtered tile's are.
 */
export async function countInView(db: Database, viewerId: string, view: BBox, filter: SpotFilter): Promise<number> {
  if (hasFilter(filter)) return countSpots(db, viewerId, view, filterConditions(viewerId, filter));

  let level = firstLevel(view);
  let columns = columnsOf(cellsOverlapping(view, level));
  let total = 0;
  // The edge's cells that are counted from their spots, empty ones too: they join their neighbours into long strips.
  const counted: Cell[] = [];
  let spotsOnEdge = 0;
  for (;;) {
    const cells = await keptCounts(db, viewerId, view, level, columns);
    const inside = cellsInside(view, level);
    const finest = level === MAP_KEPT_LEVELS.at(-1);
    const split: Cell[] = [];
    for (const { x, y0, y1 } of columns) {
      for (let y = y0; y <= y1; y++) {
        const count = cells.get(`${x}/${y}`) ?? 0;
        if (within(x, inside.columns) && within(y, inside.rows)) total += count;
        else if (count > EDGE_CELL_SPOTS_MAX && !finest) split.push({ level, x, y });
        else {
          counted.push({ level, x, y });
          spotsOnEdge += Math.max(0, count);
        }
      }
    }
    if (split.length === 0) break;
    const next = MAP_KEPT_LEVELS.find((candidate) => candidate > level)!;
    columns = split.flatMap((cell) => childColumns(cell, next, cellsOverlapping(view, next)));
    level = next;
  }
  return spotsOnEdge === 0 ? total : total + (await countSpotsInCells(db, viewerId, view, counted));
}

/** The finest kept level at which the view overlaps at most FIRST_LEVEL_CELLS_MAX cells, else the coarsest. */
function firstLevel(view: BBox): number {
  const fitting = MAP_KEPT_LEVELS.filter((level) => {
    const { columns, rows } = cellsOverlapping(view, level);
    return (columns.last - columns.first + 1) * (rows.last - rows.first + 1) <= FIRST_LEVEL_CELLS_MAX;
  });
  return fitting.at(-1) ?? MAP_KEPT_LEVELS[0];
}

function columnsOf({ columns, rows }: { columns: CellRange; rows: CellRange }): Column[] {
  const result: Column[] = [];
  for (let x = columns.first; x <= columns.last; x++) result.push({ x, y0: rows.first, y1: rows.last });
  return result;
}

/** The cells of level `next` inside `cell` that overlap the view, as columns. */
function childColumns(cell: Cell, next: number, overlapping: { columns: CellRange; rows: CellRange }): Column[] {
  const shift = next - cell.level;
  const size = 1 << shift;
  return columnsOf({
    columns: {
      first: Math.max(cell.x << shift, overlapping.columns.first),
      last: Math.min((cell.x << shift) + size - 1, overlapping.columns.last),
    },
    rows: {
      first: Math.max(cell.y << shift, overlapping.rows.first),
      last: Math.min((cell.y << shift) + size - 1, overlapping.rows.last),
    },
  });
}

/** Numbers as one array parameter each (an unnest's columns), not one parameter a number. */
const ints = (values: number[]) => sql`${`{${values.join(',')}}`}::int[]`;
const floats = (values: number[]) => sql`${`{${values.join(',')}}`}::float8[]`;

/**
 * The viewer's count in each cell of these columns at a kept level, keyed `x/y`, as `mapTile` counts a cell: the
 * public cells' shards, the viewer's own cells and their circles' cells added up, each read by key and one index
 * range a column, less what two of the viewer's circles both count (location_circle_overlaps, ADR 0060; with no
 * overlap among the viewer's circles, one index probe each). Only the sum is a count: a shard or an owner's row alone
 * may be negative. A cell the columns do not hold may come back from the overlaps alone: the caller looks up its own.
 */
async function keptCounts(
  db: Database,
  viewerId: string,
  view: BBox,
  level: number,
  columns: Column[],
): Promise<Map<string, number>> {
  if (columns.length === 0) return new Map();
  const probes = sql`unnest(${ints(columns.map((column) => column.x))}, ${ints(columns.map((column) => column.y0))},
    ${ints(columns.map((column) => column.y1))}) as p(cx, y0, y1)`;
  // Each column one index range, whatever the planner guesses of tables that are never analysed (PGlite has no
  // autovacuum): `offset 0` keeps the lateral subquery from being flattened into a join it may hash instead.
  const fromEach = (table: SQL, key: SQL) => sql`select c.cx, c.cy, c.n from ${probes}
    cross join lateral (select c.cx, c.cy, c.mushroom_spots + c.car_parks as n from ${table} c
      where ${key} and c.level = ${level} and c.cx = p.cx and c.cy between p.y0 and p.y1 offset 0) c`;
  const result = (await db.execute(sql`
    select k.cx, k.cy, sum(k.n)::int as count from (
      ${fromEach(sql`${mapCells}`, sql`true`)}
      union all
      ${fromEach(sql`${mapOwnerCells}`, sql`c.user_id = ${viewerId}`)}
      union all
      ${fromEach(sql`${mapCircleCells}`, sql`c.circle_id = any(array(${myCircles(viewerId)}))`)}
      union all
      select foray_tile_x(${othersPosition.lng}, ${level}), foray_tile_y(${othersPosition.lat}, ${level}), -d.extra
      from (${countedTwice(viewerId)}) d join ${spots} l on l.id = d.location_id
      where not l.is_public and not l.withheld and l.user_id <> ${viewerId} and ${othersPlacedIn(box(padded(view)))}
    ) k group by 1, 2`)) as unknown as Rows<{ cx: number; cy: number; count: number }>;
  return new Map(result.rows.map((row) => [`${row.cx}/${row.cy}`, Number(row.count)]));
}

const box = ({ minLng, minLat, maxLng, maxLat }: BBox) =>
  sql`box(point(${minLng}::float8, ${minLat}::float8), point(${maxLng}::float8, ${maxLat}::float8))`;

/** A box a hair wider than `box`, for the GiST indexes to find candidates: exact conditions decide. */
const padded = (box: BBox): BBox => ({
  minLng: box.minLng - 1e-9,
  minLat: box.minLat - 1e-9,
  maxLng: box.maxLng + 1e-9,
  maxLat: box.maxLat + 1e-9,
});

/** Where the viewer sees the spot, inside the view: edges included, compared exactly. */
function inView(viewerId: string, view: BBox): SQL {
  const { lat, lng } = shownPosition(viewerId);
  return sql`${lng} between ${view.minLng}::float8 and ${view.maxLng}::float8
    and ${lat} between ${view.minLat}::float8 and ${view.maxLat}::float8`;
}

/** The spots the viewer may see inside the view that meet `conditions`, counted one by one. */
async function countSpots(db: Database, viewerId: string, view: BBox, conditions: SQL[]): Promise<number> {
  const where = sql.join(
    [visibleTo(viewerId), placedInBox(viewerId, padded(view)), inView(viewerId, view), ...conditions],
    sql` and `,
  );
  const result = (await db.execute(
    sql`select count(*)::int as count from ${spots} l where ${where}`,
  )) as unknown as Rows<{ count: number }>;
  return Number(result.rows[0]!.count);
}

/**
 * The spots the viewer may see inside the view that lie in these cells (each a cell of its own level that the view's
 * edge cuts), counted one by one. The cells are joined into a few strips along the view's sides; for each, the GiST
 * indexes find the spots in its part inside the view, and the tile functions keep those the kept counts put in it.
 */
async function countSpotsInCells(db: Database, viewerId: string, view: BBox, cells: Cell[]): Promise<number> {
  if (cells.length === 0) return 0;
  const blocks = blocksOf(cells);
  const parts = blocks.map((block) => padded(blockInView(view, block)));
  const blockColumns = sql.join(
    [
      ints(blocks.map((block) => block.level)),
      ints(blocks.map((block) => block.columns.first)),
      ints(blocks.map((block) => block.columns.last)),
      ints(blocks.map((block) => block.rows.first)),
      ints(blocks.map((block) => block.rows.last)),
      floats(parts.map((part) => part.minLng)),
      floats(parts.map((part) => part.minLat)),
      floats(parts.map((part) => part.maxLng)),
      floats(parts.map((part) => part.maxLat)),
    ],
    sql`, `,
  );
  const { lat, lng } = shownPosition(viewerId);
  const part = sql`box(point(c.w, c.s), point(c.e, c.n))`;
  const statement = sql`
    select coalesce(sum(r.count), 0)::int as count
    from unnest(${blockColumns}) as c(level, x0, x1, y0, y1, w, s, e, n)
    cross join lateral (
      select count(*) as count from ${spots} l
      where ${placedIn(viewerId, part)}
        and ${visibleTo(viewerId)} and ${inView(viewerId, view)}
        and foray_tile_x(${lng}, c.level) between c.x0 and c.x1 and foray_tile_y(${lat}, c.level) between c.y0 and c.y1
    ) r`;
  // PostgreSQL guesses a thousand spots in any box (`<@` has a fixed selectivity), so a few strips make a plan that
  // costs more than jit_above_cost, and compiling it (~15 ms) would take far longer than running it (~1 ms).
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    const result = (await tx.execute(statement)) as unknown as Rows<{ count: number }>;
    return Number(result.rows[0]!.count);
  });
}
