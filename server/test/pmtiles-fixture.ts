import zlib from 'node:zlib';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { writePmtiles } from './pmtiles-writer.ts';

// A tiny region map around the web app's default view in Lithuania (~55.17 N, 23.88 E), in the layers and
// kinds of the Protomaps basemap (earth, landuse, water, roads) so its styles can draw it: what tests serve
// as MAP_REGION_FILE instead of a real country extract of hundreds of megabytes.

export const FIXTURE_CENTER = { lon: 23.88, lat: 55.17, zoom: 12 };
/** The area the fixture's tiles cover: land, with the forest, lake and road inside. */
export const FIXTURE_BOUNDS = { minLon: 23.78, minLat: 55.12, maxLon: 23.98, maxLat: 55.22 };

const polygon = (ring: Array<[number, number]>): GeoJSON.Polygon => ({
  type: 'Polygon',
  coordinates: [[...ring, ring[0]!]],
});

/** The features by Protomaps basemap layer. */
export const FIXTURE_LAYERS: Record<string, GeoJSON.Feature[]> = {
  earth: [
    {
      type: 'Feature',
      properties: { kind: 'earth' },
      geometry: polygon([
        [FIXTURE_BOUNDS.minLon, FIXTURE_BOUNDS.minLat],
        [FIXTURE_BOUNDS.maxLon, FIXTURE_BOUNDS.minLat],
        [FIXTURE_BOUNDS.maxLon, FIXTURE_BOUNDS.maxLat],
        [FIXTURE_BOUNDS.minLon, FIXTURE_BOUNDS.maxLat],
      ]),
    },
  ],
  landuse: [
    {
      type: 'Feature',
      properties: { kind: 'forest', name: 'Fixture Forest' },
      geometry: polygon([
        [23.84, 55.15],
        [23.9, 55.15],
        [23.91, 55.19],
        [23.85, 55.2],
      ]),
    },
  ],
  water: [
    {
      type: 'Feature',
      properties: { kind: 'lake', name: 'Fixture Lake' },
      geometry: polygon([
        [23.92, 55.14],
        [23.95, 55.14],
        [23.95, 55.16],
        [23.92, 55.16],
      ]),
    },
  ],
  roads: [
    {
      type: 'Feature',
      properties: { kind: 'major_road', name: 'Fixture Road' },
      geometry: {
        type: 'LineString',
        coordinates: [
          [23.79, 55.13],
          [23.86, 55.17],
          [23.97, 55.21],
        ],
      },
    },
  ],
};

/** Web Mercator tile of a point at zoom z (the slippy-map scheme PMTiles uses). */
export function tileAt(lon: number, lat: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)) };
}

export type FixtureOptions = { minZoom?: number; maxZoom?: number; maxRootEntries?: number; leafEntries?: number };

/** The fixture as PMTiles v3 bytes: gzipped MVT tiles at zooms 0–12 (by default) of every tile the area touches. */
export function makeRegionFixture(options: FixtureOptions = {}): Buffer {
  const minZoom = options.minZoom ?? 0;
  const maxZoom = options.maxZoom ?? 12;
  // tolerance 0: at zooms 0–3 the whole area is a few units of the 4096 extent and simplification would drop
  // it, leaving those zooms without tiles (real extracts have tiles at every zoom).
  const indexes = Object.entries(FIXTURE_LAYERS).map(
    ([name, features]) =>
      [
        name,
        new GeoJSONVT(
          { type: 'FeatureCollection', features },
          { maxZoom, indexMaxZoom: maxZoom, extent: 4096, buffer: 64, tolerance: 0 },
        ),
      ] as const,
  );
  const tiles: Array<{ z: number; x: number; y: number; data: Uint8Array }> = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    const topLeft = tileAt(FIXTURE_BOUNDS.minLon, FIXTURE_BOUNDS.maxLat, z);
    const bottomRight = tileAt(FIXTURE_BOUNDS.maxLon, FIXTURE_BOUNDS.minLat, z);
    for (let x = topLeft.x; x <= bottomRight.x; x++) {
      for (let y = topLeft.y; y <= bottomRight.y; y++) {
        const layers = Object.fromEntries(
          indexes.flatMap(([name, index]) => {
            const tile = index.getTile(z, x, y);
            return tile && tile.features.length > 0 ? [[name, tile]] : [];
          }),
        );
        if (Object.keys(layers).length === 0) continue;
        tiles.push({ z, x, y, data: zlib.gzipSync(fromGeojsonVt(layers, { version: 2, extent: 4096 })) });
      }
    }
  }
  return writePmtiles({
    tiles,
    bounds: FIXTURE_BOUNDS,
    center: FIXTURE_CENTER,
    maxRootEntries: options.maxRootEntries,
    leafEntries: options.leafEntries,
    metadata: {
      name: 'Foray test region',
      description: 'A forest, a lake and a road near 55.17 N, 23.88 E, made by server/test/pmtiles-fixture.ts',
      attribution: '<a href="https://www.openstreetmap.org/copyright">&copy; OpenStreetMap contributors</a>',
      type: 'baselayer',
      version: '1',
      vector_layers: Object.keys(FIXTURE_LAYERS).map((id) => ({
        id,
        fields: { kind: 'String', name: 'String' },
        minzoom: minZoom,
        maxzoom: maxZoom,
      })),
    },
  });
}
