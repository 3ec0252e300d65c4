import crypto from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { unzipSync, strFromU8 } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, validSpot, type TestContext } from '../../test/test-app.ts';
import { multipart } from '../../test/multipart.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import { CSV_COLUMNS } from '../../../common/schemas/export.ts';
import { EXPORT_PAGE } from './export.routes.ts';
import { schemaErrors } from '../../test/xml-schema.ts';

// Export (issue #11): one's spots in four formats other apps read; never anyone else's private spot.

let t: TestContext;
let owner: { cookie: string };
let other: { cookie: string };
let mine: Spot[];
let othersPublic: Spot;
let othersPrivate: Spot;

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['wpt', 'Placemark', 'Data', 'link'].includes(name),
});
const exportOf = (query: string, cookie = owner.cookie) =>
  t.app.inject({ url: `/api/v1/export?${query}`, headers: { cookie } });

async function create(cookie: string, overrides: Record<string, unknown>): Promise<Spot> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/locations',
    headers: { cookie },
    payload: validSpot({ id: crypto.randomUUID(), ...overrides }),
  });
  expect(response.statusCode).toBe(201);
  return response.json<Spot>();
}

beforeAll(async () => {
  t = await createTestContext();
  owner = await t.createUser('export-owner@example.com');
  other = await t.createUser('export-other@example.com');
  mine = [
    await create(owner.cookie, {
      mushroom_types: 'Baravykai & "raudonviršiai"',
      notes: 'Under <old> spruce,\nby the stream',
      latitude: 54.6872123,
      longitude: 25.2797456,
      date_found: '2026-09-14',
    }),
    await create(owner.cookie, {
      type: 'car_park',
      mushroom_types: 'Forest road',
      notes: null,
      latitude: 54.9,
      longitude: 23.9,
      is_public: true,
      accuracy_m: 8,
    }),
    await create(owner.cookie, {
      mushroom_types: '=HYPERLINK("x")',
      finder: 'Jonas; Ona',
      latitude: -33.5,
      longitude: -70.25,
    }),
  ];
  othersPublic = await create(other.cookie, { mushroom_types: 'Shared chanterelles', is_public: true });
  othersPrivate = await create(other.cookie, { mushroom_types: 'Secret morels', is_public: false });
});

afterAll(async () => {
  await t?.close();
});

describe('export', () => {
  it('writes GPX 1.1 waypoints with name, time, description, type and Foray’s fields, all one’s own spots and no one else’s', async () => {
    const response = await exportOf('format=gpx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gpx+xml; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="foray-spots-\d{4}-\d{2}-\d{2}\.gpx"$/,
    );
    expect(XMLValidator.validate(response.body)).toBe(true);
    expect(schemaErrors('gpx', response.body)).toEqual([]);
    const gpx = xml.parse(response.body).gpx;
    expect(gpx['@version']).toBe('1.1');
    expect(gpx['@xmlns']).toBe('http://www.topografix.com/GPX/1/1');
    const points = gpx.wpt as Array<Record<string, unknown>>;
    expect(points.map((point) => (point.extensions as Record<string, string>)['foray:id']).sort()).toEqual(
      mine.map((spot) => spot.id).sort(),
    );
    const first = points.find((point) => (point.extensions as Record<string, string>)['foray:id'] === mine[0]!.id)!;
    expect(first.name).toBe('Baravykai & "raudonviršiai"');
    expect(first.desc).toBe('Under <old> spruce,\nby the stream');
    expect(first.time).toBe('2026-09-14T00:00:00Z');
    expect(first.type).toBe('mushroom_spot');
    // Who sees it and how exactly, in Foray's namespace.
    expect(first.extensions).toMatchObject({ 'foray:audience': 'private', 'foray:precision': 'exact' });
    expect(Math.abs(Number(first['@lat']) - 54.6872123)).toBeLessThan(1e-7);
    expect(Math.abs(Number(first['@lon']) - 25.2797456)).toBeLessThan(1e-7);
    expect(response.body).not.toContain('Shared chanterelles');
    expect(response.body).not.toContain('Secret morels');
  });

  it('writes KML 2.2 placemarks styled by type, with every field as ExtendedData and lng,lat coordinates', async () => {
    const response = await exportOf('format=kml');
    expect(response.statusCode).toBe(200);
    expect(XMLValidator.validate(response.body)).toBe(true);
    expect(schemaErrors('kml', response.body)).toEqual([]);
    const document = xml.parse(response.body).kml.Document;
    expect((document.Style as Array<{ '@id': string }>).map((style) => style['@id'])).toEqual([
      'mushroom_spot',
      'car_park',
    ]);
    const placemarks = document.Placemark as Array<Record<string, unknown>>;
    expect(placemarks).toHaveLength(3);
    const car = placemarks.find((placemark) => placemark['@id'] === `spot-${mine[1]!.id}`)!;
    expect(car.styleUrl).toBe('#car_park');
    expect((car.Point as { coordinates: string }).coordinates).toBe('23.9,54.9');
    const fields = Object.fromEntries(
      (car.ExtendedData as { Data: Array<{ '@name': string; value: unknown }> }).Data.map((d) => [
        d['@name'],
        String(d.value),
      ]),
    );
    expect(fields).toMatchObject({
      type: 'car_park',
      mushroom_types: 'Forest road',
      accuracy_m: '8',
      is_public: 'true',
      audience: 'public',
      precision: 'exact',
    });
  });

  it('writes RFC 7946 GeoJSON: a FeatureCollection of [longitude, latitude] points with every field as a property', async () => {
    const response = await exportOf('format=geojson');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    const collection = JSON.parse(response.body) as {
      type: string;
      features: Array<{
        id: string;
        geometry: { type: string; coordinates: number[] };
        properties: Record<string, unknown>;
      }>;
    };
    expect(collection.type).toBe('FeatureCollection');
    const far = collection.features.find((feature) => feature.id === mine[2]!.id)!;
    expect(far.geometry).toEqual({ type: 'Point', coordinates: [-70.25, -33.5] });
    expect(far.properties).toMatchObject({
      mushroom_types: '=HYPERLINK("x")',
      finder: 'Jonas; Ona',
      type: 'mushroom_spot',
      is_public: false,
      audience: 'private',
      circle_ids: [],
      precision: 'exact',
    });
    expect(collection.features.map((feature) => feature.id).sort()).toEqual(mine.map((spot) => spot.id).sort());
  });

  it('writes RFC 4180 CSV a standard parser reads back field for field, with formulas defused', async () => {
    const response = await exportOf('format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    const rows = parseCsv(response.body, { columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(rows[0]!)).toEqual([...CSV_COLUMNS]);
    const first = rows.find((row) => row.id === mine[0]!.id)!;
    expect(first.mushroom_types).toBe('Baravykai & "raudonviršiai"');
    expect(first.notes).toBe('Under <old> spruce,\nby the stream');
    expect(Number(first.latitude)).toBe(54.6872123);
    expect(first).toMatchObject({ audience: 'private', circle_ids: '', precision: 'exact' });
    expect(rows.find((row) => row.id === mine[1]!.id)).toMatchObject({ audience: 'public', is_public: 'true' });
    expect(rows.find((row) => row.id === mine[2]!.id)!.mushroom_types).toBe(`'=HYPERLINK("x")`);
  });

  it('defuses a text starting with - as it does = + @, keeps an apostrophe the forager wrote, and leaves negative coordinates numbers', async () => {
    // A forager of their own: the other tests count the owner's spots.
    const dasher = await t.createUser('export-dash@example.com');
    const spot = await create(dasher.cookie, {
      mushroom_types: "-2+3+cmd|' /C calc'!A0",
      finder: "'=Ona",
      notes: '-',
      latitude: -33.5,
      longitude: -3.7,
      accuracy_m: 4,
    });
    const response = await exportOf('format=csv', dasher.cookie);
    expect(response.statusCode).toBe(200);
    const [header, line] = response.body.split('\r\n');
    const raw = Object.fromEntries(header!.split(',').map((column, i) => [column, line!.split(',')[i]]));
    // Numbers stay numbers a spreadsheet reads: a minus sign in a numeric column is no formula.
    expect(raw).toMatchObject({ latitude: '-33.5', longitude: '-3.7', accuracy_m: '4' });
    const [row] = parseCsv(response.body, { columns: true }) as Array<Record<string, string>>;
    expect(row!.id).toBe(spot.id);
    expect(row!.mushroom_types).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(row!.notes).toBe("'-");
    // The forager's own apostrophe before a formula sign gets one more, so the import takes off only Foray's.
    expect(row!.finder).toBe("''=Ona");
  });

  it('adds the public spots of others with scope=visible — never a private one — and takes the list’s filter', async () => {
    const visible = JSON.parse((await exportOf('format=geojson&scope=visible')).body).features.map(
      (feature: { id: string }) => feature.id,
    );
    expect(visible).toContain(othersPublic.id);
    expect(visible).not.toContain(othersPrivate.id);
    expect(visible).toHaveLength(4);
    // The other forager's own export holds their private spot, and of the owner's only the public one.
    const theirs = JSON.parse((await exportOf('format=geojson&scope=visible', other.cookie)).body).features.map(
      (feature: { id: string }) => feature.id,
    );
    expect(theirs.sort()).toEqual([othersPublic.id, othersPrivate.id, mine[1]!.id].sort());
    const cars = JSON.parse((await exportOf('format=geojson&type=car_park')).body).features;
    expect(cars.map((feature: { id: string }) => feature.id)).toEqual([mine[1]!.id]);
  });

  it('exports only the spots inside a bbox (the area on screen), in every format, as the list does', async () => {
    const idsOf = async (query: string, cookie = owner.cookie) => {
      const response = await exportOf(query, cookie);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
      return (JSON.parse(response.body).features as Array<{ id: string }>).map((feature) => feature.id).sort();
    };
    // Vilnius and the road to Kaunas, not Chile.
    expect(await idsOf('format=geojson&bbox=23,54,26,55')).toEqual([mine[0]!.id, mine[1]!.id].sort());
    expect(await idsOf('format=geojson&bbox=25,54,26,55')).toEqual([mine[0]!.id]);
    expect(await idsOf('format=geojson&bbox=-71,-34,-70,-33')).toEqual([mine[2]!.id]);
    expect(await idsOf('format=geojson&bbox=0,0,1,1')).toEqual([]);
    // The same as the list's answer for that box; with scope=visible, others' public spots in it and no private one.
    const listed = (
      await t.app.inject({ url: '/api/v1/locations?bbox=25,54,26,55&limit=200', headers: { cookie: owner.cookie } })
    )
      .json<{ items: Spot[] }>()
      .items.map((spot) => spot.id)
      .sort();
    expect(await idsOf('format=geojson&scope=visible&bbox=25,54,26,55')).toEqual(listed);
    expect(listed).toEqual([mine[0]!.id, othersPublic.id].sort());
    // Combined with the filter bar.
    expect(await idsOf('format=geojson&bbox=23,54,26,55&type=car_park')).toEqual([mine[1]!.id]);
    const gpx = xml.parse((await exportOf('format=gpx&bbox=25,54,26,55')).body);
    expect(gpx.gpx.wpt.map((point: { '@lat': string }) => Number(point['@lat']))).toEqual([mine[0]!.latitude]);
    const kml = xml.parse((await exportOf('format=kml&bbox=23,54,24,55')).body);
    expect(kml.kml.Document.Placemark.map((placemark: { '@id': string }) => placemark['@id'])).toEqual([
      `spot-${mine[1]!.id}`,
    ]);
    const rows = parseCsv((await exportOf('format=csv&bbox=-71,-34,-70,-33')).body, { columns: true }) as Array<{
      id: string;
    }>;
    expect(rows.map((row) => row.id)).toEqual([mine[2]!.id]);
    for (const bad of ['1,2,3', '26,54,25,55', '0,95,1,96', 'a,b,c,d']) {
      const refused = await exportOf(`format=csv&bbox=${bad}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('pages through more spots than one read holds, each once', async () => {
    const user = await t.createUser('export-many@example.com');
    const total = EXPORT_PAGE + 7;
    for (let start = 0; start < total; start += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, total - start) }, (_, i) =>
          create(user.cookie, { mushroom_types: `Spot ${start + i}` }),
        ),
      );
    }
    const rows = parseCsv((await exportOf('format=csv', user.cookie)).body, { columns: true }) as Array<{ id: string }>;
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((row) => row.id)).size).toBe(total);
  });

  it('packs "everything" as a zip: the file plus each photo it names by a path inside, and no photo of a spot one may not see', async () => {
    const jpeg = (colour: string) =>
      sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
    const withPhoto = async (cookie: string, fields: Record<string, unknown>, colour: string) => {
      const body = await multipart(validSpot({ id: crypto.randomUUID(), ...fields }), { bytes: await jpeg(colour) });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/locations',
        headers: { cookie, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(201);
      return response.json<Spot>();
    };
    const user = await t.createUser('export-zip@example.com');
    const neighbour = await t.createUser('export-zip-neighbour@example.com');
    const own = await withPhoto(user.cookie, { mushroom_types: 'Voveraitės' }, '#c80');
    const extra = await multipart({ id: crypto.randomUUID() }, { bytes: await jpeg('#08c') });
    const second = await t.app.inject({
      method: 'POST',
      url: `/api/v1/locations/${own.id}/photos`,
      headers: { cookie: user.cookie, ...extra.headers },
      payload: extra.payload,
    });
    expect(second.statusCode).toBe(201);
    const ownPhotos = second.json<Spot>().photos;
    expect(ownPhotos).toHaveLength(2);
    const shared = await withPhoto(neighbour.cookie, { mushroom_types: 'Shared ceps', is_public: true }, '#4a4');
    const secret = await withPhoto(neighbour.cookie, { mushroom_types: 'Secret ceps', is_public: false }, '#a44');

    const response = await t.app.inject({
      url: '/api/v1/export?format=geojson&scope=visible&photos=include',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="foray-spots-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const collection = JSON.parse(strFromU8(entries['foray-spots.geojson']!)) as {
      features: Array<{ id: string; properties: { photos: string[] } }>;
    };
    // Every spot the forager may see (own plus a neighbour's public one), and not the secret one.
    const ids = collection.features.map((feature) => feature.id);
    expect(ids).toContain(own.id);
    expect(ids).toContain(shared.id);
    expect(ids).not.toContain(secret.id);
    const paths = collection.features.flatMap((feature) => feature.properties.photos);
    expect(paths.length).toBe(ownPhotos.length + shared.photos.length);
    for (const path of paths) expect(path).toMatch(/^photos\/[A-Za-z0-9_-]+\.webp$/);
    // The zip holds exactly the named photos, each the very bytes the server serves for it.
    expect(Object.keys(entries).sort()).toEqual(['foray-spots.geojson', ...paths].sort());
    for (const photo of [...ownPhotos, ...shared.photos]) {
      const served = await t.app.inject({ url: photo.url, headers: { cookie: user.cookie } });
      const path = paths.find((candidate) => photo.url.endsWith(candidate.slice('photos/'.length, -'.webp'.length)))!;
      expect(Buffer.from(entries[path]!).equals(served.rawPayload)).toBe(true);
    }
    expect(
      Object.keys(entries).some((name) => secret.photos.some((photo) => photo.url.endsWith(name.slice(7, -5)))),
    ).toBe(false);

    // The same in GPX: the links are the paths in the zip.
    const gpxZip = unzipSync(
      new Uint8Array(
        (await t.app.inject({ url: '/api/v1/export?format=gpx&photos=include', headers: { cookie: user.cookie } }))
          .rawPayload,
      ),
    );
    expect(schemaErrors('gpx', gpxZip['foray-spots.gpx']!)).toEqual([]);
    const gpx = xml.parse(strFromU8(gpxZip['foray-spots.gpx']!)).gpx;
    const links = (gpx.wpt as Array<{ link?: Array<{ '@href': string }> }>).flatMap((point) =>
      (point.link ?? []).map((link) => link['@href']),
    );
    expect(links.sort()).toEqual(
      Object.keys(gpxZip)
        .filter((name) => name.startsWith('photos/'))
        .sort(),
    );
    expect(links).toHaveLength(ownPhotos.length);

    // Photos linked from a lone file (absolute addresses) and from a zip (paths inside it) keep GPX and KML
    // valid against their published schemas, with a neighbour's public spot among one's own.
    for (const format of ['gpx', 'kml'] as const) {
      const lone = await t.app.inject({
        url: `/api/v1/export?format=${format}&scope=visible`,
        headers: { cookie: user.cookie },
      });
      expect(lone.statusCode).toBe(200);
      expect(lone.body).toContain(ownPhotos[0]!.url.split('?')[0]);
      expect(schemaErrors(format, lone.body)).toEqual([]);
      const zipped = unzipSync(
        new Uint8Array(
          (
            await t.app.inject({
              url: `/api/v1/export?format=${format}&scope=visible&photos=include`,
              headers: { cookie: user.cookie },
            })
          ).rawPayload,
        ),
      );
      expect(schemaErrors(format, zipped[`foray-spots.${format}`]!)).toEqual([]);
    }
  });

  it('carries each spot’s visits in GeoJSON and GPX, with a neighbour’s note never in it', async () => {
    const user = await t.createUser('export-visits@example.com');
    const neighbour = await t.createUser('export-visits-neighbour@example.com');
    const mineSpot = await create(user.cookie, { mushroom_types: 'Rudmėsės' });
    const shared = await create(neighbour.cookie, { mushroom_types: 'Shared milk caps', is_public: true });
    const visit = async (cookie: string, spotId: string, fields: Record<string, unknown>) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/locations/${spotId}/visits`,
        headers: { cookie },
        payload: { id: crypto.randomUUID(), ...fields },
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    await visit(user.cookie, mineSpot.id, { date: '2026-09-01', outcome: 'nothing' });
    await visit(user.cookie, mineSpot.id, {
      date: '2026-09-20',
      outcome: 'found',
      amount: 'some',
      note: 'Under <birches> & "pines"',
    });
    await visit(neighbour.cookie, shared.id, {
      date: '2026-09-10',
      outcome: 'found',
      amount: 'few',
      note: 'Neighbour’s own words',
    });

    const geojson = await t.app.inject({
      url: '/api/v1/export?format=geojson&scope=visible',
      headers: { cookie: user.cookie },
    });
    const features = (
      JSON.parse(geojson.body) as { features: Array<{ id: string; properties: { visits: unknown[] } }> }
    ).features;
    // Oldest first, whole; on a neighbour's public spot the dates and outcomes only, as the app shows them.
    expect(features.find((feature) => feature.id === mineSpot.id)!.properties.visits).toEqual([
      { date: '2026-09-01', outcome: 'nothing', amount: null, note: null, photos: [] },
      { date: '2026-09-20', outcome: 'found', amount: 'some', note: 'Under <birches> & "pines"', photos: [] },
    ]);
    expect(features.find((feature) => feature.id === shared.id)!.properties.visits).toEqual([
      { date: '2026-09-10', outcome: 'found', amount: 'few', note: null, photos: [] },
    ]);
    expect(geojson.body).not.toContain('Neighbour’s own words');

    const gpx = await t.app.inject({
      url: '/api/v1/export?format=gpx&scope=visible',
      headers: { cookie: user.cookie },
    });
    expect(schemaErrors('gpx', gpx.body)).toEqual([]);
    const visitsIn = (id: string) => {
      const points = xml.parse(gpx.body).gpx.wpt as Array<{ extensions: Record<string, unknown> }>;
      const point = points.find((candidate) => candidate.extensions['foray:id'] === id)!;
      const raw = point.extensions['foray:visit'];
      return (Array.isArray(raw) ? raw : [raw]) as Array<Record<string, unknown>>;
    };
    expect(visitsIn(mineSpot.id).map((v) => [v['@date'], v['@outcome'], v['@amount'], v['foray:note']])).toEqual([
      ['2026-09-01', 'nothing', undefined, undefined],
      ['2026-09-20', 'found', 'some', 'Under <birches> & "pines"'],
    ]);
    expect(visitsIn(shared.id).map((v) => [v['@date'], v['foray:note']])).toEqual([['2026-09-10', undefined]]);
    expect(gpx.body).not.toContain('Neighbour’s own words');
  });

  it('refuses an unknown format, a bad filter and a visitor with no session', async () => {
    const unknown = await exportOf('format=shp');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('VALIDATION_ERROR');
    expect((await exportOf('format=csv&from=2026-10-01&to=2026-09-01')).statusCode).toBe(400);
    expect((await exportOf('format=csv&owner=mine')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/v1/export?format=gpx' })).statusCode).toBe(401);
  });
});
