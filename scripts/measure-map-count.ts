/**
 * `npm run measure:map-count`: what the map header's exact count (ADR 0062) costs, beside what the view's tiles cost
 * (one zoom out, as the map asks them) and counting the view's spots one by one, for views of 1,000 × 700 px from a
 * country to a street, over spots spread across Lithuania (scripts/bench-seed.ts: half of them the viewer's, a third
 * of the rest public). In process, no HTTP: the database's work alone. Each count is checked against the spots
 * counted one by one. MEASURE_COUNT_PGLITE (default 100,000) and MEASURE_COUNT_POSTGRES (default 1,000,000) spots;
 * PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names one (BENCH_PGLITE=0 skips PGlite).
 */
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/db/client.ts';
import { countInView } from '../server/features/map/map-count.queries.ts';
import { mapTile } from '../server/features/map/map-tiles.queries.ts';
import { placedInBox, visibleTo } from '../server/features/spots/spot-privacy.queries.ts';
import { tilesForView } from '../client/features/map/overview-tiles.ts';
import type { BBox } from '../common/schemas/spots.ts';
import { onEachDatabase, seedBenchData } from './bench-seed.ts';

const ROUNDS = Number(process.env.MEASURE_ROUNDS ?? 21);

/** A 1,000 × 700 px view at a map zoom (Web Mercator, near enough for a measurement). */
function viewAt(latitude: number, longitude: number, zoom: number): BBox {
  const degrees = 360 / (256 * 2 ** zoom);
  const [width, height] = [1000 * degrees, 700 * degrees * Math.cos((latitude * Math.PI) / 180)];
  return {
    minLng: longitude - width / 2,
    maxLng: longitude + width / 2,
    minLat: latitude - height / 2,
    maxLat: latitude + height / 2,
  };
}

const VIEWS: [string, BBox, number][] = [
  ['country (z 7)', viewAt(55.2, 23.9, 7), 7],
  ['region (z 9)', viewAt(55.0, 24.2, 9), 9],
  ['district (z 11)', viewAt(55.0, 24.2, 11), 11],
  ['city (z 12, Kaunas)', viewAt(54.897, 23.886, 12), 12],
  ['town (z 13, Kaunas)', viewAt(54.897, 23.886, 13), 13],
  ['street (z 15, Kaunas)', viewAt(54.897, 23.886, 15), 15],
];

/** The median and the fastest of ROUNDS runs, after one to warm up: on a shared machine the fastest shows the work. */
async function timed(run: () => Promise<unknown>): Promise<string> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return `${times[Math.floor(times.length / 2)]!.toFixed(1)} (${times[0]!.toFixed(1)})`;
}

async function plainCount(db: Database, viewerId: string, view: BBox): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as count from locations l where ${visibleTo(viewerId)} and ${placedInBox(viewerId, view)}`,
  );
  return Number((result as unknown as { rows: { count: number }[] }).rows[0]!.count);
}

await onEachDatabase(
  'measure-map-count',
  {
    pglite: [Number(process.env.MEASURE_COUNT_PGLITE ?? 100_000)],
    postgres: [Number(process.env.MEASURE_COUNT_POSTGRES ?? 1_000_000)],
  },
  async (label, options, spots) => {
    const database = await openDatabase(options);
    try {
      const { db } = database;
      await seedBenchData(db, spots);
      const viewer = await db.execute(sql`select id from "user" where email = 'bench-a@example.com'`);
      const viewerId = (viewer as unknown as { rows: { id: string }[] }).rows[0]!.id;
      console.log(`\n${label}, ${spots.toLocaleString('en')} spots (${new Date().toISOString().slice(0, 10)})`);
      console.log(`  ms: median (fastest) of ${ROUNDS}`);
      console.log('  view                      exact count   count route ms      its tiles ms  counting spots ms');
      for (const [name, view, zoom] of VIEWS) {
        const count = await countInView(db, viewerId, view, {});
        const plain = await plainCount(db, viewerId, view);
        if (count !== plain) throw new Error(`${name}: the count says ${count}, the spots ${plain}`);
        const exactMs = await timed(() => countInView(db, viewerId, view, {}));
        const tiles = tilesForView(
          { west: view.minLng, south: view.minLat, east: view.maxLng, north: view.maxLat },
          zoom,
        );
        const tilesMs = await timed(() => Promise.all(tiles.map((tile) => mapTile(db, viewerId, tile, {}))));
        const plainMs = await timed(() => plainCount(db, viewerId, view));
        console.log(
          `  ${name.padEnd(24)} ${count.toLocaleString('en').padStart(12)} ${exactMs.padStart(16)} ` +
            `${tilesMs.padStart(17)} ${plainMs.padStart(18)}`,
        );
      }
    } finally {
      await database.close();
    }
  },
);
