// Which map cells a view overlaps and which lie wholly inside it (ADR 0062): the geometry of the exact count, with no
// database. A cell is the Web-Mercator tile (x, y) of its level, numbered as the SQL functions foray_tile_x/y
// (migration 0009) number it, which decide the cell of every spot.
import type { BBox } from '../../../common/schemas/spots.ts';

/** The SQL functions clamp latitudes to the Web-Mercator limit: a spot beyond it is in the first or last row. */
const MAX_LATITUDE = 85.0511287798;
/**
 * Far more than the rounding of a cell's edge in floating point, in SQL or here (~1e-12°), and far less than any
 * distance that matters: a cell counts as inside only when it is inside by this much, so that every spot the
 * database puts in it is inside the view, however its edge was rounded.
 */
const MARGIN = 1e-9;

/** A range of cell numbers, both ends included; empty when `first > last`. */
export type CellRange = { first: number; last: number };

const cellsAt = (level: number) => 2 ** level;
const clampCell = (value: number, level: number) => Math.min(cellsAt(level) - 1, Math.max(0, value));

/** The column of a longitude, as foray_tile_x computes it. */
export const columnOf = (longitude: number, level: number) =>
  clampCell(Math.floor(((longitude + 180) / 360) * cellsAt(level)), level);

/** The row of a latitude, as foray_tile_y computes it (row 0 is the north). */
export function rowOf(latitude: number, level: number): number {
  const rad = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude)) * Math.PI) / 180;
  return clampCell(
    Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * cellsAt(level)),
    level,
  );
}

/** The west edge of a column, in degrees. */
export const westOf = (column: number, level: number) => (column / cellsAt(level)) * 360 - 180;
/** The north edge of a row, in degrees. */
export const northOf = (row: number, level: number) =>
  (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / cellsAt(level)))) * 180) / Math.PI;

/** The columns and rows of the cells that may hold a spot inside the view: a hair wider, never narrower. */
export function cellsOverlapping(view: BBox, level: number): { columns: CellRange; rows: CellRange } {
  return {
    columns: { first: columnOf(view.minLng - MARGIN, level), last: columnOf(view.maxLng + MARGIN, level) },
    rows: { first: rowOf(view.maxLat + MARGIN, level), last: rowOf(view.minLat - MARGIN, level) },
  };
}

/**
 * The columns and rows of the cells whose every spot lies inside the view. The first column starts at −180° and the
 * last holds +180° too; the first row holds every latitude north of the Web-Mercator limit and the last every one
 * south of it (the SQL functions clamp them in): those are inside only when the view reaches the world's edge.
 */
export function cellsInside(view: BBox, level: number): { columns: CellRange; rows: CellRange } {
  const last = cellsAt(level) - 1;
  const westInside = (column: number) =>
    column === 0 ? view.minLng <= -180 : westOf(column, level) - MARGIN >= view.minLng;
  const eastInside = (column: number) =>
    column === last ? view.maxLng >= 180 : westOf(column + 1, level) + MARGIN <= view.maxLng;
  const northInside = (row: number) => (row === 0 ? view.maxLat >= 90 : northOf(row, level) + MARGIN <= view.maxLat);
  const southInside = (row: number) =>
    row === last ? view.minLat <= -90 : northOf(row + 1, level) - MARGIN >= view.minLat;
  // Each test holds from some cell on (or up to some cell): start where the view's edge falls and step inwards.
  const { columns, rows } = cellsOverlapping(view, level);
  let first = columns.first;
  while (first <= columns.last && !westInside(first)) first++;
  let lastColumn = columns.last;
  while (lastColumn >= first && !eastInside(lastColumn)) lastColumn--;
  let top = rows.first;
  while (top <= rows.last && !northInside(top)) top++;
  let bottom = rows.last;
  while (bottom >= top && !southInside(bottom)) bottom--;
  return { columns: { first, last: lastColumn }, rows: { first: top, last: bottom } };
}

export const within = (value: number, range: CellRange) => value >= range.first && value <= range.last;

/** Cells of one level from column `columns.first` to `columns.last` and row `rows.first` to `rows.last`. */
export type Block = { level: number; columns: CellRange; rows: CellRange };

/**
 * The same cells as fewer blocks: each row's neighbours joined, then blocks of the same columns in consecutive rows.
 * The cells the view's edge cuts lie along its four sides, so they become a few long strips.
 */
export function blocksOf(cells: readonly { level: number; x: number; y: number }[]): Block[] {
  const sorted = [...cells].sort((a, b) => a.level - b.level || a.y - b.y || a.x - b.x);
  const runs: Block[] = [];
  for (const { level, x, y } of sorted) {
    const run = runs.at(-1);
    if (run && run.level === level && run.rows.first === y && run.columns.last === x - 1) run.columns.last = x;
    else runs.push({ level, columns: { first: x, last: x }, rows: { first: y, last: y } });
  }
  const blocks: Block[] = [];
  const open = new Map<string, Block>();
  for (const run of runs) {
    const key = `${run.level}/${run.columns.first}/${run.columns.last}`;
    const above = open.get(key);
    if (above && above.rows.last === run.rows.first - 1) above.rows.last = run.rows.first;
    else {
      blocks.push(run);
      open.set(key, run);
    }
  }
  return blocks;
}

/** The part of a block inside the view, in degrees: where its spots are looked for. */
export function blockInView(view: BBox, { level, columns, rows }: Block): BBox {
  return {
    minLng: Math.max(view.minLng, westOf(columns.first, level)),
    maxLng: Math.min(view.maxLng, westOf(columns.last + 1, level)),
    // The first and last rows reach the poles (the SQL functions clamp latitudes into them).
    minLat: Math.max(view.minLat, rows.last === cellsAt(level) - 1 ? -90 : northOf(rows.last + 1, level)),
    maxLat: Math.min(view.maxLat, rows.first === 0 ? 90 : northOf(rows.first, level)),
  };
}
