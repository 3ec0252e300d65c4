import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_FILE_MAX_BYTES, IMPORT_SPOTS_MAX } from '../../../common/limits.ts';
import type { ImportPreview, ImportResult } from '../../../common/schemas/import.ts';
import type { Spot, SpotPage } from '../../../common/schemas/spots.ts';
import type { MapTile } from '../../../common/schemas/map-tiles.ts';
import { multipart } from '../../test/multipart.ts';
import { createTestContext, validSpot, type TestContext } from '../../test/test-app.ts';
import { derivedId } from './import.queries.ts';
import { SPOT_FIELD_LIST } from '../../../common/spot-fields.ts';

// Import (issue #11, ADR 0036): a preview that saves nothing, a confirm that saves every valid spot or none,
// duplicates judged against one's own spots only, a retry that saves nothing twice — and the same spots back
// from Foray's own export.

let t: TestContext;
type User = { cookie: string; id: string };
let a: User;
let b: User;

async function signedIn(email: string, name?: string): Promise<User> {
  const user = await t.createUser(email, undefined, name);
  const me = await t.app.inject({ url: '/api/v1/me', headers: { cookie: user.cookie } });
  return { cookie: user.cookie, id: me.json<{ id: string }>().id };
}

async function send(
  url: string,
  user: User,
  file: { bytes: Uint8Array; name: string },
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const body = await multipart(fields, {
    bytes: file.bytes,
    name: file.name,
    type: 'application/octet-stream',
    field: 'file',
  });
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: user.cookie, ...body.headers, ...headers },
    payload: body.payload,
  });
}
const preview = (user: User, file: { bytes: Uint8Array; name: string }) => send('/api/v1/import/preview', user, file);
const confirm = (user: User, file: { bytes: Uint8Array; name: string }, fields: Record<string, string> = {}) =>
  send('/api/v1/import', user, file, { import_id: crypto.randomUUID(), ...fields });

const gpxFile = (points: Array<{ lat: number; lon: number; name: string; time?: string }>, name = 'walks.gpx') => ({
  name,
  bytes: strToU8(
    `<?xml version="1.0"?><gpx version="1.1" creator="Other app" xmlns="http://www.topografix.com/GPX/1/1">` +
      points
        .map(
          (p) =>
            `<wpt lat="${p.lat}" lon="${p.lon}"><time>${p.time ?? '2025-09-20T08:00:00Z'}</time><name>${p.name}</name></wpt>`,
        )
        .join('') +
      '<trk><name>Walk</name><trkseg><trkpt lat="54.1" lon="25.1"/><trkpt lat="54.2" lon="25.2"/></trkseg></trk></gpx>',
  ),
});

async function own(user: User): Promise<Spot[]> {
  const page = (
    await t.app.inject({ url: '/api/v1/locations?owner=mine&limit=200', headers: { cookie: user.cookie } })
  ).json<SpotPage>();
  return page.items;
}
const visibleIds = async (viewer: User) =>
  (await t.app.inject({ url: '/api/v1/locations?limit=200', headers: { cookie: viewer.cookie } }))
    .json<SpotPage>()
    .items.map((spot) => spot.id);
const bboxIds = async (viewer: User) =>
  (
    await t.app.inject({
      url: '/api/v1/locations?bbox=-180,-90,180,90&limit=10000',
      headers: { cookie: viewer.cookie },
    })
  )
    .json<SpotPage>()
    .items.map((spot) => spot.id);
const worldTotal = async (viewer: User) =>
  (await t.app.inject({ url: '/api/v1/map/tiles/0/0/0', headers: { cookie: viewer.cookie } })).json<MapTile>().total;
const photoFiles = () => {
  const dir = path.join(t.dataDir, 'photos');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
const spotCount = async () =>
  Number((await t.query<{ n: number }>(sql`select count(*)::int as n from locations`)).rows[0]!.n);

const jpeg = (shade: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: shade, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  t = await createTestContext();
  // A chosen display name: what an imported spot's finder is when the file names none.
  a = await signedIn('import-a@example.com', 'Ona Importer');
  b = await signedIn('import-b@example.com');
});
afterAll(() => t?.close());

describe('import preview', () => {
  it('shows the spots, mapping, skipped geometries and invalid records, and saves nothing', async () => {
    const before = await spotCount();
    const file = gpxFile([
      { lat: 54.60001, lon: 25.10001, name: 'Baravykai' },
      { lat: 54.61, lon: 25.11, name: 'Parking by the road' },
      { lat: 91, lon: 25.11, name: 'Nowhere' },
    ]);
    const response = await preview(a, file);
    expect(response.statusCode).toBe(200);
    const body = response.json<ImportPreview>();
    expect(body).toMatchObject({ format: 'gpx', file_name: 'walks.gpx', skipped_geometries: 1, photos_missing: 0 });
    expect(body.mapping).toEqual({ mushroom_types: 'name', notes: null, date_found: 'time', type: null, finder: null });
    expect(
      body.spots.map((spot) => [
        spot.index,
        spot.mushroom_types,
        spot.type,
        spot.type_guessed,
        spot.date_found,
        spot.finder,
      ]),
    ).toEqual([
      [0, 'Baravykai', 'mushroom_spot', true, '2025-09-20', 'Ona Importer'],
      [1, 'Parking by the road', 'car_park', true, '2025-09-20', 'Ona Importer'],
    ]);
    // A forager with no display name: the finder stays empty, and nothing of the address takes its place.
    const nameless = (await preview(b, file)).json<ImportPreview>();
    expect(nameless.spots.map((spot) => spot.finder)).toEqual(['', '']);
    expect(body.invalid).toEqual([
      { where: { kind: 'waypoint', number: 3 }, code: 'IMPORT_INVALID_POSITION', message: expect.any(String) },
    ]);
    expect(await spotCount()).toBe(before);
    expect((await t.query(sql`select 1 from imports`)).rows).toHaveLength(0);
  });

  it('shows a file of only invalid records, and refuses to confirm it', async () => {
    const file = gpxFile([
      { lat: 91, lon: 1, name: 'North of the pole' },
      { lat: 1, lon: 1, name: 'Too early', time: '1850-01-01T00:00:00Z' },
    ]);
    const shown = (await preview(a, file)).json<ImportPreview>();
    expect(shown.spots).toEqual([]);
    expect(shown.invalid.map((problem) => problem.code)).toEqual(['IMPORT_INVALID_POSITION', 'IMPORT_INVALID_DATE']);
    const refused = await confirm(a, file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('IMPORT_NO_SPOTS');
  });

  it('needs a signed-in user and a same-site request', async () => {
    const file = gpxFile([{ lat: 1, lon: 2, name: 'A' }]);
    const body = await multipart({}, { bytes: file.bytes, name: file.name, field: 'file' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/import/preview',
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await send(
      '/api/v1/import',
      a,
      file,
      { import_id: crypto.randomUUID() },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe('CROSS_SITE_REQUEST');
  });
});

describe('import confirm', () => {
  it('saves the valid spots as private by default: the owner sees them everywhere, nobody else anywhere', async () => {
    const before = await worldTotal(b);
    const file = gpxFile([
      { lat: 10.1, lon: 20.1, name: 'Private chanterelles' },
      { lat: 10.2, lon: 20.2, name: 'Private car park' },
      { lat: 10.3, lon: 20.3, name: '' },
    ]);
    const importId = crypto.randomUUID();
    const response = await confirm(a, file, { import_id: importId });
    expect(response.statusCode).toBe(201);
    expect(response.json<ImportResult>()).toEqual({
      import_id: importId,
      created: 2,
      photos: 0,
      skipped: 1,
      repeated: false,
    });
    const mine = (await own(a)).filter((spot) => spot.mushroom_types.startsWith('Private'));
    expect(
      mine.map((spot) => [spot.mushroom_types, spot.type, spot.is_public, spot.latitude, spot.longitude]).sort(),
    ).toEqual([
      ['Private car park', 'car_park', false, 10.2, 20.2],
      ['Private chanterelles', 'mushroom_spot', false, 10.1, 20.1],
    ]);
    expect(mine.map((spot) => spot.id).sort()).toEqual(
      [derivedId(importId, 'spot:0'), derivedId(importId, 'spot:1')].sort(),
    );
    for (const spot of mine) {
      expect(await visibleIds(b)).not.toContain(spot.id);
      expect(await bboxIds(b)).not.toContain(spot.id);
      expect(
        (await t.app.inject({ url: `/api/v1/locations/${spot.id}`, headers: { cookie: b.cookie } })).statusCode,
      ).toBe(404);
      expect(await bboxIds(a)).toContain(spot.id);
    }
    expect(await worldTotal(b)).toBe(before);
    const stored = await t.query<{ user_id: string; created_count: number; format: string }>(
      sql`select * from imports where id = ${importId}`,
    );
    expect(stored.rows[0]).toMatchObject({ user_id: a.id, created_count: 2, format: 'gpx' });
  });

  it('shares them with sharing=public, and the map counts them', async () => {
    const before = await worldTotal(b);
    const file = gpxFile([
      { lat: -10.1, lon: -20.1, name: 'Shared boletes' },
      { lat: -10.2, lon: -20.2, name: 'Shared morels' },
    ]);
    const response = await confirm(a, file, { sharing: 'public' });
    expect(response.statusCode).toBe(201);
    const shared = (await own(a)).filter((spot) => spot.mushroom_types.startsWith('Shared'));
    expect(shared.every((spot) => spot.is_public)).toBe(true);
    for (const spot of shared) expect(await visibleIds(b)).toContain(spot.id);
    expect(await worldTotal(b)).toBe(before + 2);
  });

  it('applies the forager’s type choices', async () => {
    const file = gpxFile([
      { lat: 30.1, lon: 30.1, name: 'Auto stop morels' },
      { lat: 30.2, lon: 30.2, name: 'Meadow' },
    ]);
    const shown = (await preview(a, file)).json<ImportPreview>();
    expect(shown.spots.map((spot) => spot.type)).toEqual(['car_park', 'mushroom_spot']);
    const response = await confirm(a, file, { types: JSON.stringify({ 0: 'mushroom_spot', 1: 'car_park' }) });
    expect(response.statusCode).toBe(201);
    const saved = (await own(a)).filter((spot) => spot.latitude === 30.1 || spot.latitude === 30.2);
    expect(saved.map((spot) => [spot.mushroom_types, spot.type]).sort()).toEqual([
      ['Auto stop morels', 'mushroom_spot'],
      ['Meadow', 'car_park'],
    ]);
    for (const types of ['{"9":"car_park"}', '{"0":"lake"}', 'not json']) {
      const refused = await confirm(a, file, { types });
      expect(refused.statusCode, types).toBe(400);
      expect(refused.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('makes a record a mushroom spot only when it has a name; the finder may stay empty (ADR 0072)', async () => {
    // Foray's own GeoJSON: two car parks without a finder, as a car park may be; the first has a name.
    const carPark = (latitude: number, mushroomTypes: string) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [31, latitude] },
      properties: {
        type: 'car_park',
        mushroom_types: mushroomTypes,
        finder: '',
        date_found: '2025-09-20',
        notes: null,
      },
    });
    const file = {
      name: 'foray-spots.geojson',
      bytes: strToU8(
        JSON.stringify({ type: 'FeatureCollection', features: [carPark(31.1, 'By the oak'), carPark(31.2, '')] }),
      ),
    };
    const shown = (await preview(a, file)).json<ImportPreview>();
    expect(shown.spots.map((spot) => [spot.type, spot.mushroom_types, spot.finder])).toEqual([
      ['car_park', 'By the oak', ''],
      ['car_park', '', ''],
    ]);
    const before = await spotCount();
    const nameless = await confirm(a, file, { types: JSON.stringify({ 1: 'mushroom_spot' }) });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().error).toMatchObject({
      code: 'IMPORT_SPOT_UNNAMED',
      message: expect.stringContaining('Spot 2'),
    });
    expect(await spotCount()).toBe(before);

    expect((await confirm(a, file, { types: JSON.stringify({ 0: 'mushroom_spot' }) })).statusCode).toBe(201);
    const saved = (await own(a)).find((spot) => spot.latitude === 31.1);
    expect(saved).toMatchObject({ type: 'mushroom_spot', mushroom_types: 'By the oak', finder: '' });
  });

  it('finds duplicates among one’s own spots only, and within the file; leaves them out unless asked', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: a.cookie },
      payload: validSpot({ mushroom_types: 'Voveraitės', latitude: 40.5, longitude: 40.5 }),
    });
    const existing = created.json<Spot>();
    // ~3 m north, the name in another case and without accents; then the same again within the file; then 50 m away.
    const file = gpxFile([
      { lat: 40.500027, lon: 40.5, name: 'VOVERAITES' },
      { lat: 40.6, lon: 40.6, name: 'Twice' },
      { lat: 40.60002, lon: 40.6, name: 'twice' },
      { lat: 40.50045, lon: 40.5, name: 'Voveraitės' },
    ]);
    const mineShown = (await preview(a, file)).json<ImportPreview>();
    expect(mineShown.spots.map((spot) => [spot.duplicate_of, spot.duplicate_of_index])).toEqual([
      [existing.id, null],
      [null, null],
      [null, 1],
      [null, null],
    ]);
    // A's spot makes nothing in B's file a duplicate.
    const theirsShown = (await preview(b, file)).json<ImportPreview>();
    expect(theirsShown.spots[0]!.duplicate_of).toBeNull();

    const skipping = await confirm(a, file);
    expect(skipping.json<ImportResult>()).toMatchObject({ created: 2, skipped: 2 });
    const near = (await own(a)).filter((spot) => spot.latitude > 40.4 && spot.latitude < 40.7);
    expect(near).toHaveLength(3);
    const all = await confirm(b, file, { include_duplicates: 'true' });
    expect(all.json<ImportResult>()).toMatchObject({ created: 4, skipped: 0 });
  });

  it('saves nothing twice when retried with the same import id, and refuses another user’s id', async () => {
    const file = gpxFile([
      { lat: 50.1, lon: 50.1, name: 'Retried one' },
      { lat: 50.2, lon: 50.2, name: 'Retried two' },
    ]);
    const importId = crypto.randomUUID();
    const first = await confirm(a, file, { import_id: importId });
    expect(first.statusCode).toBe(201);
    const countAfterFirst = await spotCount();
    const again = await confirm(a, file, { import_id: importId });
    expect(again.statusCode).toBe(200);
    expect(again.json<ImportResult>()).toEqual({ ...first.json<ImportResult>(), repeated: true });
    // Two at once, with a fresh id: one saves, the other answers as a retry.
    const raceId = crypto.randomUUID();
    const other = gpxFile([
      { lat: 50.3, lon: 50.3, name: 'Raced one' },
      { lat: 50.4, lon: 50.4, name: 'Raced two' },
    ]);
    const raced = await Promise.all([
      confirm(a, other, { import_id: raceId }),
      confirm(a, other, { import_id: raceId }),
    ]);
    expect(raced.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    expect(await spotCount()).toBe(countAfterFirst + 2);
    const stolen = await confirm(b, file, { import_id: importId });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.body).not.toContain('Retried');
    expect(await spotCount()).toBe(countAfterFirst + 2);
  });
});

async function forayZip(spots: Array<{ lat: number; name: string; photos: Array<Buffer | string> }>) {
  const files: Record<string, Uint8Array> = {};
  const features = spots.map((spot, i) => {
    const links = spot.photos.map((photo, n) => {
      if (typeof photo === 'string') return photo;
      files[`photos/${i}-${n}.jpg`] = photo;
      return `photos/${i}-${n}.jpg`;
    });
    return {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [60, spot.lat] },
      properties: { name: spot.name, photos: links },
    };
  });
  files['foray-spots.geojson'] = strToU8(JSON.stringify({ type: 'FeatureCollection', features }));
  return { name: 'foray.zip', bytes: zipSync(files) };
}

describe('all or nothing', () => {
  it('saves no spot and keeps no photo file when a photo cannot be read', async () => {
    const before = { spots: await spotCount(), files: photoFiles() };
    const zip = await forayZip([
      { lat: 60.1, name: 'Good photo', photos: [await jpeg(10)] },
      { lat: 60.2, name: 'Two good photos', photos: [await jpeg(20), await jpeg(30)] },
      { lat: 60.3, name: 'Bad photo', photos: [Buffer.from('this is no image at all')] },
    ]);
    const shown = (await preview(a, zip)).json<ImportPreview>();
    expect(shown.format).toBe('zip');
    expect(shown.spots.map((spot) => spot.photos)).toEqual([1, 2, 1]);
    const response = await confirm(a, zip);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toContain('photos/2-0.jpg');
    expect(await spotCount()).toBe(before.spots);
    expect(photoFiles()).toBe(before.files);
  });

  it('saves no spot and keeps no photo file when the database fails half-way', async () => {
    const before = { spots: await spotCount(), files: photoFiles() };
    const zip = await forayZip([
      { lat: 61.1, name: 'First', photos: [await jpeg(40)] },
      { lat: 61.2, name: 'Second', photos: [await jpeg(50)] },
    ]);
    // The spots are written, then their photos' rows fail.
    await t.query(
      sql.raw(
        `create function import_test_fail() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`,
      ),
    );
    await t.query(
      sql.raw(
        'create trigger import_test_fail before insert on location_photos for each row execute function import_test_fail()',
      ),
    );
    try {
      const response = await confirm(a, zip);
      expect(response.statusCode).toBe(500);
    } finally {
      await t.query(sql.raw('drop trigger import_test_fail on location_photos'));
      await t.query(sql.raw('drop function import_test_fail()'));
    }
    expect(await spotCount()).toBe(before.spots);
    expect(photoFiles()).toBe(before.files);
    expect(
      (await t.query(sql`select 1 from imports where file_name = 'foray.zip' and created_count = 2`)).rows,
    ).toHaveLength(0);
  });

  it('brings the zip’s photos along, counts web links and absent paths as missing, and never fetches them', async () => {
    const zip = await forayZip([
      {
        lat: 62.1,
        name: 'With photos',
        photos: [await jpeg(60), 'https://photos.example/x.jpg', 'photos/absent.jpg', '../escape.jpg'],
      },
    ]);
    const shown = (await preview(a, zip)).json<ImportPreview>();
    expect(shown.photos_missing).toBe(3);
    expect(shown.spots[0]!.photos).toBe(1);
    const response = await confirm(a, zip);
    expect(response.json<ImportResult>()).toMatchObject({ created: 1, photos: 1 });
    const spot = (await own(a)).find((s) => s.mushroom_types === 'With photos')!;
    expect(spot.photos).toHaveLength(1);
    const served = await t.app.inject({ url: spot.photos[0]!.url, headers: { cookie: a.cookie } });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    expect((await t.app.inject({ url: spot.photos[0]!.url, headers: { cookie: b.cookie } })).statusCode).toBe(404);
  });
});

describe('limits and hostile files', () => {
  it('refuses a data file over the limit with 413', async () => {
    const big = new Uint8Array(IMPORT_FILE_MAX_BYTES + 1).fill(0x20);
    big.set(strToU8('<gpx>'), 0);
    const response = await preview(a, { name: 'big.gpx', bytes: big });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('IMPORT_FILE_TOO_LARGE');
  });

  it('refuses more spots than one import takes, whole', async () => {
    const rows = Array.from(
      { length: IMPORT_SPOTS_MAX + 1 },
      (_, i) => `S${i},${(i % 80) + 0.5},${(i % 170) + 0.5}`,
    ).join('\n');
    const before = await spotCount();
    const response = await confirm(a, { name: 'many.csv', bytes: strToU8(`name,lat,lon\n${rows}\n`) });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('IMPORT_TOO_MANY_SPOTS');
    expect(await spotCount()).toBe(before);
  });

  it('takes a record with a coordinate or accuracy too close to zero to store for an invalid one, in every format', async () => {
    // Subnormal doubles (5e-324 the smallest): PostgreSQL underflows on them, so before they were a 500 at the confirm.
    const files = [
      {
        name: 'tiny.gpx',
        text:
          '<?xml version="1.0"?><gpx version="1.1" creator="Other app" xmlns="http://www.topografix.com/GPX/1/1">' +
          '<wpt lat="54.5" lon="25.5"><name>Good</name></wpt><wpt lat="5e-324" lon="25.5"><name>Tiny</name></wpt>' +
          '<wpt lat="54.5" lon="-1e-310"><name>Tiny</name></wpt></gpx>',
      },
      {
        name: 'tiny.kml',
        text:
          '<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>' +
          '<Placemark><name>Good</name><Point><coordinates>25.5,54.5</coordinates></Point></Placemark>' +
          '<Placemark><name>Tiny</name><Point><coordinates>25.5,-5e-324</coordinates></Point></Placemark>' +
          '<Placemark><name>Tiny</name><Point><coordinates>1e-310,54.5</coordinates></Point></Placemark>' +
          '</Document></kml>',
      },
      {
        name: 'tiny.geojson',
        text: JSON.stringify({
          type: 'FeatureCollection',
          features: [
            [25.5, 54.5],
            [25.5, 5e-324],
            [-5e-324, 54.5],
          ].map((coordinates, i) => ({
            type: 'Feature',
            geometry: { type: 'Point', coordinates },
            properties: { name: i === 0 ? 'Good' : 'Tiny' },
          })),
        }),
      },
      { name: 'tiny.csv', text: 'name,lat,lon\nGood,54.5,25.5\nTiny,1e-310,25.5\nTiny,54.5,-5e-324\n' },
    ];
    for (const { name, text } of files) {
      const file = { name, bytes: strToU8(text) };
      const shown = await preview(a, file);
      expect(shown.statusCode, name).toBe(200);
      const body = shown.json<ImportPreview>();
      expect(
        body.spots.map((spot) => spot.mushroom_types),
        name,
      ).toEqual(['Good']);
      expect(
        body.invalid.map((problem) => problem.code),
        name,
      ).toEqual(['IMPORT_INVALID_POSITION', 'IMPORT_INVALID_POSITION']);
      // Each file's good spot is where the last one's was: taken anyway.
      const saved = await confirm(a, file, { include_duplicates: 'true' });
      expect(saved.statusCode, `${name}: ${saved.body}`).toBe(201);
      expect(saved.json<ImportResult>()).toMatchObject({ created: 1, skipped: 2 });
    }
    const withAccuracy = {
      name: 'tiny-accuracy.csv',
      bytes: strToU8('name,lat,lon,accuracy_m\nGood,54.5,25.5,4\nTiny,54.5,25.5,5e-324\n'),
    };
    const body = (await preview(a, withAccuracy)).json<ImportPreview>();
    expect(body.spots.map((spot) => spot.accuracy_m)).toEqual([4]);
    expect(body.invalid.map((problem) => problem.code)).toEqual(['IMPORT_INVALID_ACCURACY']);
    expect((await confirm(a, withAccuracy, { include_duplicates: 'true' })).statusCode).toBe(201);
  });

  it('refuses DOCTYPEs, zip paths that climb out, zip bombs, unknown formats and empty files with a 4xx and a code', async () => {
    const cases: Array<[string, { name: string; bytes: Uint8Array }, number, string]> = [
      [
        'xxe',
        {
          name: 'x.gpx',
          bytes: strToU8(
            '<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY x SYSTEM "file:///etc/passwd">]><gpx><wpt lat="1" lon="2"><name>&x;</name></wpt></gpx>',
          ),
        },
        400,
        'IMPORT_XML_UNSAFE',
      ],
      [
        'path',
        { name: 'x.kmz', bytes: zipSync({ 'doc.kml': strToU8('<kml/>'), '../../etc/x': strToU8('x') }) },
        400,
        'IMPORT_ZIP_PATH',
      ],
      [
        'bomb',
        {
          name: 'bomb.zip',
          bytes: zipSync(
            { 'foray-spots.csv': new Uint8Array(IMPORT_FILE_MAX_BYTES + 1024 * 1024).fill(0x41) },
            { level: 9 },
          ),
        },
        413,
        'IMPORT_FILE_TOO_LARGE',
      ],
      ['pdf', { name: 'x.pdf', bytes: strToU8('%PDF-1.4 nothing') }, 415, 'IMPORT_UNSUPPORTED_FORMAT'],
      ['empty', { name: 'x.gpx', bytes: new Uint8Array() }, 400, 'IMPORT_NO_SPOTS'],
      [
        'tracks only',
        { name: 'x.gpx', bytes: strToU8('<gpx><trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk></gpx>') },
        400,
        'IMPORT_NO_SPOTS',
      ],
    ];
    for (const [label, file, status, code] of cases) {
      for (const response of [await preview(a, file), await confirm(a, file)]) {
        expect(response.statusCode, label).toBe(status);
        expect(response.json().error.code, label).toBe(code);
      }
    }
  });

  it('refuses a form without the file, with unknown fields or a bad import id', async () => {
    const file = gpxFile([{ lat: 1, lon: 2, name: 'A' }]);
    const noFile = await multipart({ import_id: crypto.randomUUID() });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/import',
          headers: { cookie: a.cookie, ...noFile.headers },
          payload: noFile.payload,
        })
      ).statusCode,
    ).toBe(400);
    expect((await send('/api/v1/import', a, file, { import_id: 'nope' })).statusCode).toBe(400);
    expect((await send('/api/v1/import', a, file, { import_id: crypto.randomUUID(), owner: 'x' })).statusCode).toBe(
      400,
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/import/preview',
          headers: { cookie: a.cookie },
          payload: { file: 'x' },
        })
      ).statusCode,
    ).toBe(415);
  });
});

describe('round trip', () => {
  let original: Spot[];
  let owner: User;

  /** The fields an import of Foray's own export gives back as they were. */
  const KEPT_FIELDS = SPOT_FIELD_LIST.filter((field) => field.import === 'kept').map((field) => field.name);

  it('gives the first spot a value in every field an import keeps, so a field dropped on the way is seen', () => {
    const first = original[0]!;
    for (const name of KEPT_FIELDS) expect([null, ''], name).not.toContain(first[name]);
  });

  beforeAll(async () => {
    owner = await signedIn('import-roundtrip@example.com');
    const addPhoto = async (id: string, photo: Buffer) => {
      const body = await multipart({}, { bytes: photo });
      const added = await t.app.inject({
        method: 'POST',
        url: `/api/v1/locations/${id}/photos`,
        headers: { cookie: owner.cookie, ...body.headers },
        payload: body.payload,
      });
      expect(added.statusCode).toBe(201);
    };
    // As JSON: a form would turn the notes' line break into CRLF, which XML itself reads back as LF.
    const make = async (fields: Record<string, unknown>, photo: Buffer | null) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/locations',
        headers: { cookie: owner.cookie },
        payload: validSpot({ id: crypto.randomUUID(), ...fields }),
      });
      expect(response.statusCode).toBe(201);
      const spot = response.json<Spot>();
      if (photo) await addPhoto(spot.id, photo);
      return spot;
    };
    const first = await make(
      {
        mushroom_types: 'Baravykai & "raudonviršiai"',
        notes: 'Under <old> spruce,\nby the stream',
        latitude: 54.6872123,
        longitude: 25.2797456,
        date_found: '2026-09-14',
        accuracy_m: 6.5,
        finder: 'Jonas',
      },
      await jpeg(70),
    );
    const second = await make(
      {
        type: 'car_park',
        mushroom_types: '',
        finder: '',
        notes: null,
        latitude: -33.123457,
        longitude: -70.654321,
        date_found: '2025-01-02',
      },
      null,
    );
    const third = await make(
      {
        mushroom_types: '=HYPERLINK("x")',
        // An apostrophe of the forager's own before a formula sign, and a text starting with a minus: each comes back
        // from the CSV as written, though the export defuses them for spreadsheets.
        finder: "'=Ona; Jonas",
        latitude: 0.000001,
        longitude: 179.999999,
        notes: '-Comma, semicolon; quote "\r\nand a Windows line break',
      },
      await jpeg(80),
    );
    // A second photo on the first spot.
    await addPhoto(first.id, await jpeg(90));
    // Two visits to the first spot, one with a note and a photo: its history goes with it.
    const visit = async (fields: Record<string, unknown>) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/locations/${first.id}/visits`,
        headers: { cookie: owner.cookie },
        payload: { id: crypto.randomUUID(), ...fields },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>();
    };
    const found = await visit({
      date: '2026-09-20',
      outcome: 'found',
      amount: 'many',
      note: 'Twelve <young> ones & a "big" one,\nby the old stump',
    });
    await visit({ date: '2026-10-05', outcome: 'nothing' });
    const visitPhoto = await multipart({ id: crypto.randomUUID() }, { bytes: await jpeg(100) });
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/v1/locations/${first.id}/visits/${found.id}/photos`,
      headers: { cookie: owner.cookie, ...visitPhoto.headers },
      payload: visitPhoto.payload,
    });
    expect(added.statusCode, added.body).toBe(201);
    original = [];
    for (const spot of [first, second, third]) {
      original.push(
        (await t.app.inject({ url: `/api/v1/locations/${spot.id}`, headers: { cookie: owner.cookie } })).json<Spot>(),
      );
    }
    // Export as the owner, as each format.
    exported = {};
    for (const format of ['geojson', 'gpx', 'kml', 'csv']) {
      const response = await t.app.inject({
        url: `/api/v1/export?format=${format}`,
        headers: { cookie: owner.cookie },
      });
      expect(response.statusCode).toBe(200);
      exported[format] = response.body;
    }
    // "Everything": the export's own zip of the file and its photos.
    zips = {};
    for (const format of ['geojson', 'gpx', 'kml', 'csv']) {
      const response = await t.app.inject({
        url: `/api/v1/export?format=${format}&photos=include`,
        headers: { cookie: owner.cookie },
      });
      expect(response.statusCode).toBe(200);
      zips[format] = new Uint8Array(response.rawPayload);
    }
  });
  let exported: Record<string, string>;
  let zips: Record<string, Uint8Array>;

  const zipOf = (format: string) => ({ name: 'foray-export.zip', bytes: zips[format]! });

  type VisitList = {
    items: Array<{ date: string; outcome: string; amount: string | null; note: string | null; photos: unknown[] }>;
  };
  const visitsOf = async (user: User, spotId: string) =>
    (
      await t.app.inject({ url: `/api/v1/locations/${spotId}/visits`, headers: { cookie: user.cookie } })
    ).json<VisitList>().items;
  /** GPX and GeoJSON carry each visit whole; KML and CSV only their count and the last one. */
  const carriesVisits = (name: string, format: string) =>
    name.endsWith('.zip') ? ['geojson', 'gpx'].includes(format) : /\.(geojson|gpx)$/.test(name);

  async function expectSameSpotsAfterImport(
    user: User,
    file: { name: string; bytes: Uint8Array },
    { photos, format }: { photos: boolean; format: string },
  ) {
    const response = await confirm(user, file);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ImportResult>().created).toBe(3);
    const copies = await own(user);
    for (const spot of original) {
      const copy = copies.find(
        (c) => Math.abs(c.latitude - spot.latitude) < 1e-6 && Math.abs(c.longitude - spot.longitude) < 1e-6,
      );
      expect(copy, `${file.name}: ${spot.mushroom_types}`).toBeDefined();
      // Every field the list (common/spot-fields.ts) says an import brings back as it was: one dropped anywhere
      // between the export and the import fails here.
      expect(copy).toMatchObject(Object.fromEntries(KEPT_FIELDS.map((name) => [name, spot[name]])));
      expect(copy).toMatchObject({ is_public: false });
      if (photos) expect(copy!.photos).toHaveLength(spot.photos.length);
      const visits = await visitsOf(user, copy!.id);
      if (!carriesVisits(file.name, format)) {
        expect(visits).toEqual([]);
        continue;
      }
      const before = await visitsOf(owner, spot.id);
      expect(
        visits.map(({ date, outcome, amount, note }) => ({ date, outcome, amount, note })),
        `${file.name}: visits`,
      ).toEqual(before.map(({ date, outcome, amount, note }) => ({ date, outcome, amount, note })));
      expect(visits.map((visit) => visit.photos.length)).toEqual(
        before.map((visit) => (photos ? visit.photos.length : 0)),
      );
    }
    // Clear the account for the next format.
    for (const copy of copies)
      await t.app.inject({ method: 'DELETE', url: `/api/v1/locations/${copy.id}`, headers: { cookie: user.cookie } });
  }

  it('brings a car park back into another account with no finder, as it was exported, from GPX and GeoJSON', async () => {
    const carPark = original.find((spot) => spot.type === 'car_park')!;
    expect(carPark.finder).toBe('');
    for (const format of ['gpx', 'geojson']) {
      const file = { name: `foray-spots.${format}`, bytes: strToU8(exported[format]!) };
      const shown = (await preview(b, file)).json<ImportPreview>();
      const previewed = shown.spots.find((spot) => spot.type === 'car_park');
      expect(previewed, format).toMatchObject({ finder: '', mushroom_types: '', type_guessed: false });
      const saved = await confirm(b, file);
      expect(saved.statusCode, saved.body).toBe(201);
      const copies = await own(b);
      const copy = copies.find((spot) => spot.type === 'car_park');
      expect(copy, format).toMatchObject({
        finder: '',
        mushroom_types: '',
        notes: null,
        date_found: carPark.date_found,
        latitude: carPark.latitude,
        longitude: carPark.longitude,
      });
      for (const spot of copies)
        await t.app.inject({ method: 'DELETE', url: `/api/v1/locations/${spot.id}`, headers: { cookie: b.cookie } });
    }
  });

  it('brings back the same spots, fields, positions and photos from a Foray zip of the GeoJSON export', async () => {
    await expectSameSpotsAfterImport(b, zipOf('geojson'), { photos: true, format: 'geojson' });
  });

  it('and of the GPX, KML and CSV exports', async () => {
    for (const format of ['gpx', 'kml', 'csv'])
      await expectSameSpotsAfterImport(b, zipOf(format), { photos: true, format });
  });

  it('brings back the same spots and fields from each export file alone', async () => {
    for (const format of ['geojson', 'gpx', 'kml', 'csv']) {
      const file = { name: `foray-spots.${format}`, bytes: strToU8(exported[format]!) };
      const shown = (await preview(b, file)).json<ImportPreview>();
      // Outside a zip the photo links are web addresses: counted, never fetched (the visit's photo too, where
      // the file carries visits).
      expect(shown.photos_missing, format).toBe(carriesVisits(file.name, format) ? 4 : 3);
      expect(
        shown.spots.every((spot) => !spot.type_guessed),
        format,
      ).toBe(true);
      expect(shown.spots.map((spot) => spot.visits).sort()).toEqual(
        carriesVisits(file.name, format) ? [0, 0, 2] : [0, 0, 0],
      );
      await expectSameSpotsAfterImport(b, file, { photos: false, format });
    }
  });
});
