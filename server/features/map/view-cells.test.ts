import { describe, expect, it } from 'vitest';
import type { BBox } from '../../../common/schemas/spots.ts';
import {
  blocksOf,
  blockInView,
  cellsInside,
  cellsOverlapping,
  columnOf,
  northOf,
  rowOf,
  westOf,
  within,
} from './view-cells.ts';

// The exact count's geometry (ADR 0062): a cell taken as inside must hold only spots inside the view, and every spot
// inside the view must be in a cell taken as overlapping it.

function randomSource(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
const random = randomSource(62);
const between = (low: number, high: number) => low + random() * (high - low);
const LEVELS = [7, 10, 13, 16];

const inside = (view: BBox, latitude: number, longitude: number) =>
  longitude >= view.minLng && longitude <= view.maxLng && latitude >= view.minLat && latitude <= view.maxLat;

function randomView(): BBox {
  const size = 10 ** between(-3, 1.5);
  const [longitude, latitude] = [between(-179, 179), between(-80, 80)];
  return {
    minLng: Math.max(-180, longitude - size),
    maxLng: Math.min(180, longitude + size),
    minLat: Math.max(-90, latitude - size / 2),
    maxLat: Math.min(90, latitude + size / 2),
  };
}

describe('the cells of a view', () => {
  it('numbers cells as the SQL functions do, and puts their edges where the next cell starts', () => {
    expect([columnOf(25.2797, 10), rowOf(54.6872, 10)]).toEqual([583, 325]);
    expect([columnOf(-180, 7), columnOf(180, 7), rowOf(90, 7), rowOf(-90, 7)]).toEqual([0, 127, 0, 127]);
    for (const level of LEVELS) {
      const [x, y] = [Math.floor(2 ** level / 3), Math.floor(2 ** level / 5)];
      expect(columnOf(westOf(x, level) + 1e-7, level)).toBe(x);
      expect(columnOf(westOf(x, level) - 1e-7, level)).toBe(x - 1);
      expect(rowOf(northOf(y, level) - 1e-7, level)).toBe(y);
      expect(rowOf(northOf(y, level) + 1e-7, level)).toBe(y - 1);
    }
  });

  it('takes a cell as inside only when every point in it is, and as overlapping whenever a point inside is in it', () => {
    for (let i = 0; i < 300; i++) {
      const view = randomView();
      for (const level of LEVELS) {
        const all = cellsOverlapping(view, level);
        const whole = cellsInside(view, level);
        for (let j = 0; j < 40; j++) {
          // Points inside the view, on its edges, and around it (a spot's place is always within the world).
          const longitude = Math.max(
            -180,
            j % 4 === 0 ? view.minLng : between(view.minLng - 0.2 * (view.maxLng - view.minLng), view.maxLng),
          );
          const latitude = Math.min(90, j % 5 === 0 ? view.maxLat : between(view.minLat, view.maxLat + 0.1));
          const [x, y] = [columnOf(longitude, level), rowOf(latitude, level)];
          if (inside(view, latitude, longitude)) {
            expect(within(x, all.columns) && within(y, all.rows)).toBe(true);
          }
          if (within(x, whole.columns) && within(y, whole.rows)) {
            expect(inside(view, latitude, longitude)).toBe(true);
          }
        }
      }
    }
  });

  it('finds the cells wholly inside, and leaves a cell out when the view ends on its edge or the world’s', () => {
    const level = 10;
    const view = { minLng: westOf(500, level) + 1e-6, maxLng: westOf(520, level), minLat: -10, maxLat: 10 };
    expect(cellsInside(view, level).columns).toEqual({ first: 501, last: 518 });
    const world = cellsInside({ minLng: -180, maxLng: 180, minLat: -90, maxLat: 90 }, 7);
    expect(world).toEqual({ columns: { first: 0, last: 127 }, rows: { first: 0, last: 127 } });
    const mercator = cellsInside({ minLng: -180, maxLng: 180, minLat: -85.06, maxLat: 85.06 }, 7);
    expect(mercator.rows).toEqual({ first: 1, last: 126 });
    expect(cellsInside({ minLng: 24, maxLng: 24.001, minLat: 55, maxLat: 55.001 }, 7).columns.first).toBeGreaterThan(
      cellsInside({ minLng: 24, maxLng: 24.001, minLat: 55, maxLat: 55.001 }, 7).columns.last,
    );
  });

  it('joins the cells along a view’s edge into a few strips that hold each cell once', () => {
    const ring: { level: number; x: number; y: number }[] = [];
    for (let x = 10; x <= 30; x++) ring.push({ level: 13, x, y: 5 }, { level: 13, x, y: 20 });
    for (let y = 6; y <= 19; y++) ring.push({ level: 13, x: 10, y }, { level: 13, x: 30, y });
    ring.push({ level: 16, x: 400, y: 90 }, { level: 16, x: 401, y: 90 }, { level: 16, x: 403, y: 90 });
    const blocks = blocksOf(ring);
    expect(blocks).toHaveLength(4 + 2);
    const covered = blocks.flatMap((block) => {
      const cells: string[] = [];
      for (let x = block.columns.first; x <= block.columns.last; x++)
        for (let y = block.rows.first; y <= block.rows.last; y++) cells.push(`${block.level}/${x}/${y}`);
      return cells;
    });
    expect(covered.sort()).toEqual(ring.map((cell) => `${cell.level}/${cell.x}/${cell.y}`).sort());
    const view = { minLng: 20, maxLng: 30, minLat: 50, maxLat: 60 };
    const part = blockInView(view, { level: 7, columns: { first: 70, last: 80 }, rows: { first: 0, last: 60 } });
    expect(part).toEqual({ minLng: 20, maxLng: 30, minLat: 50, maxLat: 60 });
  });
});
