/**
 * `node --import tsx scripts/measure-parse.ts`: what checking a server answer with its zod schema costs on top
 * of reading its JSON. Builds a page of SPOTS realistic spots (text, photos, visit summaries), turns it into
 * the JSON the server would send, then times `JSON.parse` alone and `SpotPageSchema.parse(JSON.parse(…))`,
 * interleaved, RUNS times each after a warm-up; prints the medians. Node on this machine, not a phone: a
 * phone's CPU is several times slower, so read the figures as a ratio and an order of magnitude.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { SpotPageSchema, type Spot } from '../common/schemas/spots.ts';
import { exampleApiSpot } from '../common/spot-examples.ts';

const SPOTS = Number(process.env.MEASURE_SPOTS ?? 10_000);
const RUNS = Number(process.env.MEASURE_RUNS ?? 15);

function spot(index: number): Spot {
  const id = randomUUID();
  const photos = Array.from({ length: index % 4 }, () => {
    const photoId = randomUUID();
    return { id: photoId, url: `/api/v1/photos/${photoId}`, thumbnail_url: `/api/v1/photos/${photoId}/thumbnail` };
  });
  const when = new Date(Date.UTC(2026, 8, 1 + (index % 60), 7, index % 60)).toISOString();
  return exampleApiSpot({
    id,
    type: index % 10 === 0 ? 'car_park' : 'mushroom_spot',
    mushroom_types: index % 10 === 0 ? '' : 'Chanterelles, Boletus edulis',
    finder: 'Ona Petraitytė',
    date_found: when.slice(0, 10),
    notes: index % 3 === 0 ? 'By the old birch, north of the path; come back after rain.' : null,
    latitude: 54 + (index % 1000) / 500,
    longitude: 23 + (index % 997) / 400,
    accuracy_m: index % 2 === 0 ? 6.4 : null,
    is_public: index % 5 === 0,
    audience: index % 5 === 0 ? 'public' : 'private',
    circle_ids: [],
    precision: 'exact',
    area: null,
    photo_url: photos[0]?.url ?? null,
    thumbnail_url: photos[0]?.thumbnail_url ?? null,
    photos,
    created_at: when,
    updated_at: when,
    version: 1 + (index % 3),
    is_owner: index % 5 !== 0,
    owner_name: 'ona',
    visits:
      index % 2 === 0 ? { count: 2, last: { date: when.slice(0, 10), outcome: 'found' } } : { count: 0, last: null },
  });
}

const json = JSON.stringify({ items: Array.from({ length: SPOTS }, (_, index) => spot(index)), next_cursor: null });

function time(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const parseOnly = () => JSON.parse(json) as unknown;
const parseAndCheck = () => SpotPageSchema.parse(JSON.parse(json));
for (let warm = 0; warm < 3; warm += 1) {
  parseOnly();
  parseAndCheck();
}
const plain: number[] = [];
const checked: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  plain.push(time(parseOnly));
  checked.push(time(parseAndCheck));
}
const a = median(plain);
const b = median(checked);
console.log(
  `${SPOTS} spots, ${(json.length / 1024 / 1024).toFixed(2)} MB of JSON, median of ${RUNS} runs (Node ${process.version})`,
);
console.log(`JSON.parse alone:                        ${a.toFixed(1)} ms`);
console.log(
  `SpotPageSchema.parse(JSON.parse(...)):   ${b.toFixed(1)} ms  (the check adds ${(b - a).toFixed(1)} ms, ×${(b / a).toFixed(2)})`,
);
