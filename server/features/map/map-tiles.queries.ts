import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  circleMembers,
  mapCells,
  mapCircleCells,
  mapOwnerCells,
  spotCircleOverlaps,
  spotPhotos,
  spots,
} from '../../db/schema.ts';
import {
  MAP_CELL_SUBDIVISION,
  MAP_KEPT_LEVELS,
  MAP_MARKERS_MAX,
  type MapCell,
  type MapMarker,
  type MapTile,
  type MapTileKey,
} from '../../../common/schemas/map-tiles.ts';
import type { SpotFilter } from '../../../common/spot-filter.ts';
import { filterConditions } from '../spots/spot-filter.queries.ts';
import { notHiddenFrom, othersPosition, placedInBox, shownPosition, visibleTo } from '../spots/spot-privacy.queries.ts';

type Rows<Row> = { rows: Row[] };

/** The tile's edges in degrees (Web Mercator; y = 0 is the north edge). */
export function tileBounds({ z, x, y }: MapTileKey) {
  const n = 2 ** z;
  const lat = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / n))) * 180) / Math.PI;
  return { west: (x / n) * 360 - 180, east: ((x + 1) / n) * 360 - 180, north: lat(y), south: lat(y + 1) };
}

/**
 * Inside the tile, exactly, where the viewer sees the spot: the box lets the GiST indexes find the candidates (a
 * hair wider, so rounding never drops one), and the tile functions of migration 0009 decide, so a spot on an edge
 * is in one tile only.
 */
function inTile(viewerId: string, tile: MapTileKey): SQL {
  const { west, east, north, south } = tileBounds(tile);
  const pad = 1e-9;
  const box = {
    minLng: west - pad,
    minLat: Math.max(-90, south - pad),
    maxLng: east + pad,
    maxLat: Math.min(90, north + pad),
  };
  const { lat, lng } = shownPosition(viewerId);
  return sql`${placedInBox(viewerId, box)}
    and foray_tile_x(${lng}, ${tile.z}) = ${tile.x} and foray_tile_y(${lat}, ${tile.z}) = ${tile.y}`;
}

export const hasFilter = (filter: SpotFilter) =>
  Object.values(filter).some((value) => value !== undefined && value !== '');

type CellRow = {
  cx: number;
  cy: number;
  mushroom_spot: number;
  car_park: number;
  sum_latitude: number;
  sum_longitude: number;
};

/**
 * What the map draws of one tile for this viewer (ADR 0026): its spots as lean markers when there are at most
 * MAP_MARKERS_MAX, else 8 × 8 cells with true counts. Without a filter, up to z 13, the counts are kept ones read by
 * key (ADR 0057): the public cells, the viewer's own, and each of the viewer's circles'; with a filter, or deeper,
 * the cells are counted from the spots.
 */
export async function mapTile(db: Database, viewerId: string, tile: MapTileKey, filter: SpotFilter): Promise<MapTile> {
  const where = sql.join(
    [visibleTo(viewerId), inTile(viewerId, tile), ...filterConditions(viewerId, filter)],
    sql` and `,
  );
  const level = tile.z + MAP_CELL_SUBDIVISION;
  const kept = hasFilter(filter) ? undefined : MAP_KEPT_LEVELS.find((candidate) => candidate >= level);

  if (kept !== undefined) {
    // The counts first, all kept ones, in one statement that adds them up per cell: the public rows, the viewer's own
    // and those of the viewer's circles, less the spots that two of the viewer's circles both count. Only a tile they
    // say is sparse is read spot by spot.
    const cells = cellsOf(await keptCells(db, viewerId, tile, level, kept));
    const total = cells.reduce((sum, cell) => sum + cell.count, 0);
    if (total > MAP_MARKERS_MAX) return { ...tile, total, cells, markers: [] };
    const markers = await markersIn(db, viewerId, where, MAP_MARKERS_MAX);
    return { ...tile, total: markers.length, cells: [], markers };
  }

  // With a filter, or deeper than the kept levels: from the spots. No order, so the index scan stops as soon as
  // it has one more than the most a tile sends one by one.
  const markers = await markersIn(db, viewerId, where, MAP_MARKERS_MAX + 1);
  if (markers.length <= MAP_MARKERS_MAX) return { ...tile, total: markers.length, cells: [], markers };
  const cells = cellsOf(await countedCells(db, viewerId, level, where));
  return { ...tile, total: cells.reduce((sum, cell) => sum + cell.count, 0), cells, markers: [] };
}

async function markersIn(db: Database, viewerId: string, where: SQL, limit: number): Promise<MapMarker[]> {
  const { lat, lng } = shownPosition(viewerId);
  const result = (await db.execute(sql`
    select l.id, ${lat} as latitude, ${lng} as longitude, l.type, l.user_id = ${viewerId} as is_owner, l.is_public,
           exists (select 1 from ${spotPhotos} p where p.location_id = l.id and ${notHiddenFrom(viewerId, 'p')}) as has_photos,
           case when l.user_id = ${viewerId} then 'exact' else l.precision end as precision
    from ${spots} l where ${where}
    limit ${limit}`)) as unknown as Rows<MapMarker>;
  return result.rows.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** The spots matching `where`, counted by cell of `level` where the viewer sees them. */
async function countedCells(db: Database, viewerId: string, level: number, where: SQL): Promise<CellRow[]> {
  const { lat, lng } = shownPosition(viewerId);
  const result = (await db.execute(sql`
    select foray_tile_x(${lng}, ${level}) as cx, foray_tile_y(${lat}, ${level}) as cy,
           count(*) filter (where l.type = 'mushroom_spot')::int as mushroom_spot,
           count(*) filter (where l.type = 'car_park')::int as car_park,
           sum(${lat}) as sum_latitude, sum(${lng}) as sum_longitude
    from ${spots} l where ${where} group by 1, 2`)) as unknown as Rows<CellRow>;
  return result.rows;
}

/**
 * The tile's cells at `level` for this viewer, each the sum of its kept cells at level `kept` (2^(kept − level) a
 * side) from every source the viewer sees: the public counts (`map_cells`), the viewer's own private ones
 * (`map_owner_cells`) and the viewer's circles' (`map_circle_cells`). Only the sum over a cell's rows is a count: a
 * public shard's row may be negative (a spot added through one connection, deleted or retyped through another), so
 * rows are never left out one by one. One statement and one row a cell: on the embedded database each row sent back
 * costs more than adding up a circle's rows where they are read.
 *
 * Another forager's spot shared with two or more of the viewer's circles is in each one's cells, and the viewer sees
 * it once; the extra counts come off here (negative rows, `countedTwice`).
 */
async function keptCells(
  db: Database,
  viewerId: string,
  tile: MapTileKey,
  level: number,
  kept: number,
): Promise<CellRow[]> {
  const side = 2 ** MAP_CELL_SUBDIVISION;
  const shift = kept - level;
  const first = { x: (tile.x * side) << shift, y: (tile.y * side) << shift };
  const span = (side << shift) - 1;
  const rowsOf = (source: SQL) => sql`select cx >> ${shift} as cx, cy >> ${shift} as cy, mushroom_spots, car_parks,
      sum_latitude, sum_longitude
    from ${source} and level = ${kept} and cx between ${first.x} and ${first.x + span}
      and cy between ${first.y} and ${first.y + span}`;
  const others = othersPosition;
  const result = (await db.execute(sql`
    select k.cx, k.cy, sum(k.mushroom_spots)::int as mushroom_spot, sum(k.car_parks)::int as car_park,
           sum(k.sum_latitude) as sum_latitude, sum(k.sum_longitude) as sum_longitude
    from (
      ${rowsOf(publicCells)}
      union all
      ${rowsOf(ownPrivateCells(viewerId))}
      union all
      ${rowsOf(circleCells(viewerId))}
      union all
      select foray_tile_x(${others.lng}, ${level}), foray_tile_y(${others.lat}, ${level}),
             -d.extra * (l.type = 'mushroom_spot')::int, -d.extra * (l.type = 'car_park')::int,
             -d.extra * ${others.lat}, -d.extra * ${others.lng}
      from (${countedTwice(viewerId)}) d join ${spots} l on l.id = d.location_id
      where not l.is_public and not l.withheld and l.user_id <> ${viewerId}
        and foray_tile_x(${others.lng}, ${tile.z}) = ${tile.x} and foray_tile_y(${others.lat}, ${tile.z}) = ${tile.y}
    ) k group by 1, 2`)) as unknown as Rows<CellRow>;
  return result.rows;
}

/** Everyone's public spots, kept per cell and shard. */
const publicCells = sql`${mapCells} where true`;
/**
 * What the viewer's own spots add to the public cells, kept per owner and cell (migration 0015): nobody else's rows
 * are read. A cell of these may be negative (an approximate public spot moved from its shown point to its true one);
 * only the merged count is one.
 */
const ownPrivateCells = (viewerId: string) => sql`${mapOwnerCells} where user_id = ${viewerId}`;
/** The circles the viewer is in (at most CIRCLES_PER_USER_MAX). */
export const myCircles = (viewerId: string) => sql`select circle_id from ${circleMembers} where user_id = ${viewerId}`;
/**
 * The spots shared with two or more of the viewer's circles, each with how many times too often those circles' kept
 * cells count it (`extra`), read from location_circle_overlaps (ADR 0060): with no overlap among the viewer's
 * circles, one index probe per circle. Callers keep only others' private spots (the viewer's own and public ones are
 * not in circle cells).
 */
export const countedTwice = (viewerId: string) => sql`select o.location_id, count(*) - 1 as extra
  from ${spotCircleOverlaps} o where o.circle_id = any(array(${myCircles(viewerId)}))
  group by o.location_id having count(*) > 1`;
/**
 * What the viewer's circles hold, kept per circle and cell at the shares' shown points (migration 0016): every circle
 * of the viewer's is read, and nobody else's. Their owners' own spots in them are taken off in map_owner_cells.
 */
const circleCells = (viewerId: string) => sql`${mapCircleCells} where circle_id = any(array(${myCircles(viewerId)}))`;

/** The cells as the map gets them (one row a cell, as the queries add them up): their mean position; empty ones left out. */
function cellsOf(rows: CellRow[]): MapCell[] {
  return rows
    .map((row) => ({
      cx: Number(row.cx),
      cy: Number(row.cy),
      mushroom_spot: Number(row.mushroom_spot),
      car_park: Number(row.car_park),
      count: Number(row.mushroom_spot) + Number(row.car_park),
      sum_latitude: Number(row.sum_latitude),
      sum_longitude: Number(row.sum_longitude),
    }))
    .filter((row) => row.count > 0)
    .map((row) => ({
      cx: row.cx,
      cy: row.cy,
      latitude: round(row.sum_latitude / row.count),
      longitude: round(row.sum_longitude / row.count),
      count: row.count,
      mushroom_spot: row.mushroom_spot,
      car_park: row.car_park,
    }))
    .sort((a, b) => a.cy - b.cy || a.cx - b.cx);
}

/** Six decimals (about 10 cm): a bubble's place needs no more, and the answer stays small. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;
