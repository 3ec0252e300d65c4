// The README picture's base map: a made-up forest of a few km² around the spots the screenshot seeds, drawn
// here from invented shapes (no map data copied from anywhere) and written as a PMTiles archive of vector tiles
// in the Protomaps basemap's layers and kinds, so the app's region map draws it as it would a real extract.
import zlib from 'node:zlib';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { writePmtiles } from '../server/test/pmtiles-writer.ts';
import { tileAt } from '../server/test/pmtiles-fixture.ts';

type Metres = [x: number, y: number];
type Centre = { latitude: number; longitude: number };

/** How far the map reaches from the centre, in metres each way. */
const REACH = 5000;
const MAX_ZOOM = 15;

/** A smooth, repeatable wobble in −1…1 for a position along a line or round a shape. */
function wobble(t: number, seed: number): number {
  return 0.55 * Math.sin(t * 1.7 + seed) + 0.3 * Math.sin(t * 4.3 + seed * 2.1) + 0.15 * Math.sin(t * 9.1 + seed * 3.7);
}

/** An irregular round shape (a lake, a clearing, a copse): an ellipse whose edge wobbles. */
function blob(centre: Metres, rx: number, ry: number, seed: number, roughness = 0.18): Metres[] {
  return Array.from({ length: 72 }, (_, i) => {
    const angle = (i / 72) * 2 * Math.PI;
    const r = 1 + roughness * wobble(angle * 2, seed);
    return [centre[0] + rx * r * Math.cos(angle), centre[1] + ry * r * Math.sin(angle)];
  });
}

/** A line through the waypoints, cut into short steps that each move sideways a little: a road or a river. */
function winding(points: Metres[], amplitude: number, seed: number, step = 25): Metres[] {
  const out: Metres[] = [];
  let travelled = 0;
  points.slice(1).forEach((to, i) => {
    const from = points[i]!;
    const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
    const steps = Math.max(1, Math.round(length / step));
    const normal: Metres = [-(to[1] - from[1]) / length, (to[0] - from[0]) / length];
    for (let s = i === 0 ? 0 : 1; s <= steps; s++) {
      const f = s / steps;
      // No sideways move at the waypoints themselves, so joined lines meet where they are meant to.
      const side = amplitude * Math.sin(Math.PI * f) * wobble((travelled + f * length) / 120, seed);
      out.push([
        from[0] + f * (to[0] - from[0]) + side * normal[0],
        from[1] + f * (to[1] - from[1]) + side * normal[1],
      ]);
    }
    travelled += length;
  });
  return out;
}

/** A small house: a rectangle turned to face the road. */
function house(centre: Metres, angle: number, w = 16, h = 11): Metres[] {
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  return [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ].map(([x, y]) => [centre[0] + x! * c - y! * s, centre[1] + x! * s + y! * c]);
}

/** The region's features by Protomaps layer, in metres east and north of the centre. */
function shapes() {
  const area = (kind: string, ring: Metres[], name?: string) => ({ kind, name, ring });
  const line = (kind: string, points: Metres[], name?: string, detail?: string) => ({ kind, name, points, detail });
  const point = (kind: string, at: Metres, name: string) => ({ kind, name, at });
  // The big forest: its eastern edge winds from the south-east up through the view, fields and a village beyond.
  const forestEdge = winding(
    [
      [REACH, -REACH],
      [REACH, -1400],
      [1100, -1000],
      [330, -420],
      [120, 140],
      [80, 420],
      [-40, 820],
      [260, 1500],
      [-300, REACH],
    ],
    45,
    1,
    30,
  );
  const forest = [...forestEdge, [-REACH, REACH] as Metres, [-REACH, -REACH] as Metres];
  const road: Metres[] = winding(
    [
      [150, -REACH],
      [240, -1400],
      [200, -620],
      [250, 0],
      [250, 480],
      [330, 1200],
      [420, REACH],
    ],
    30,
    2,
  );
  // Houses on both sides of the road where it passes the village, turned along it.
  const village = road
    .map((at, i) => ({ at, next: road[i + 1] ?? at }))
    .filter(({ at }, i) => at[1] > 120 && at[1] < 470 && i % 2 === 0)
    .map(({ at, next }, i) => {
      const angle = Math.atan2(next[1] - at[1], next[0] - at[0]);
      const side = i % 2 === 0 ? 1 : -1;
      return { at: [at[0] - side * 28 * Math.sin(angle), at[1] + side * 28 * Math.cos(angle)] as Metres, angle };
    });
  return {
    earth: [
      area('earth', [
        [-REACH, -REACH],
        [REACH, -REACH],
        [REACH, REACH],
        [-REACH, REACH],
      ]),
    ],
    landuse: [
      area('forest', forest),
      // Copses in the fields, and clearings in the forest.
      area('forest', blob([430, 20], 80, 55, 3)),
      area('forest', blob([1250, 250], 190, 120, 4)),
      area('forest', blob([470, -330], 100, 70, 5)),
      area('grassland', blob([60, -270], 95, 70, 6)),
      area('grassland', blob([-300, 40], 80, 60, 7)),
      area('grassland', blob([-700, -600], 140, 90, 8)),
    ],
    water: [
      area('lake', blob([-20, 525], 210, 105, 9, 0.22), 'Samanių ežeras'),
      area('lake', blob([-1300, 1200], 260, 170, 10, 0.25), 'Kiaunių ežeras'),
      line(
        'river',
        winding(
          [
            [-60, 430],
            [-110, 220],
            [-240, 40],
            [-200, -250],
            [-330, -480],
            [-300, -1100],
            [-600, -REACH],
          ],
          35,
          11,
        ),
        'Šilupė',
      ),
      point('lake', [-20, 525], 'Samanių ežeras'),
    ],
    roads: [
      line('major_road', road, 'Šilo kelias'),
      // A lane into the forest to the car park, and a street through the village.
      line(
        'minor_road',
        winding(
          [
            [225, -330],
            [120, -260],
            [-150, -185],
            [-390, -190],
            [-900, -320],
          ],
          25,
          12,
        ),
        undefined,
        'service',
      ),
      line(
        'minor_road',
        winding(
          [
            [250, 290],
            [420, 360],
            [900, 420],
          ],
          15,
          13,
        ),
        'Grybų g.',
      ),
      line(
        'path',
        winding(
          [
            [-390, -190],
            [-520, 200],
            [-380, 700],
            [-120, 900],
          ],
          40,
          14,
        ),
        undefined,
        'track',
      ),
      line(
        'path',
        winding(
          [
            [120, -260],
            [260, -700],
            [120, -1300],
          ],
          40,
          15,
        ),
        undefined,
        'track',
      ),
    ],
    buildings: village.map(({ at, angle }) => area('building', house(at, angle))),
    places: [point('locality', [350, 215], 'Grybiškės'), point('locality', [1500, -1700], 'Pušynė')],
  };
}

/** The region around `centre` as PMTiles bytes: gzipped MVT tiles at zooms 10–15. */
export function makeScreenshotRegion(centre: Centre): Buffer {
  const metresPerDegreeLat = 111_320;
  const metresPerDegreeLon = metresPerDegreeLat * Math.cos((centre.latitude * Math.PI) / 180);
  const lonLat = ([x, y]: Metres): [number, number] => [
    centre.longitude + x / metresPerDegreeLon,
    centre.latitude + y / metresPerDegreeLat,
  ];
  const props = (kind: string, name?: string, detail?: string) => ({
    kind,
    ...(name && { name }),
    ...(detail && { kind_detail: detail }),
  });
  const layers = Object.entries(shapes()).map(([layer, items]) => {
    const features = items.map((item): GeoJSON.Feature => {
      const properties = props(item.kind, item.name, 'detail' in item ? item.detail : undefined);
      if ('ring' in item) {
        const ring = item.ring.map(lonLat);
        return { type: 'Feature', properties, geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]!]] } };
      }
      if ('points' in item)
        return { type: 'Feature', properties, geometry: { type: 'LineString', coordinates: item.points.map(lonLat) } };
      return { type: 'Feature', properties, geometry: { type: 'Point', coordinates: lonLat(item.at) } };
    });
    const index = new GeoJSONVT(
      { type: 'FeatureCollection', features },
      { maxZoom: MAX_ZOOM, indexMaxZoom: MAX_ZOOM, extent: 4096, buffer: 64, tolerance: 1 },
    );
    return [layer, index] as const;
  });
  const [minLon, minLat] = lonLat([-REACH, -REACH]);
  const [maxLon, maxLat] = lonLat([REACH, REACH]);
  const tiles: Array<{ z: number; x: number; y: number; data: Uint8Array }> = [];
  for (let z = 10; z <= MAX_ZOOM; z++) {
    const topLeft = tileAt(minLon, maxLat, z);
    const bottomRight = tileAt(maxLon, minLat, z);
    for (let x = topLeft.x; x <= bottomRight.x; x++) {
      for (let y = topLeft.y; y <= bottomRight.y; y++) {
        const inTile = Object.fromEntries(
          layers.flatMap(([name, index]) => {
            const tile = index.getTile(z, x, y);
            return tile && tile.features.length > 0 ? [[name, tile]] : [];
          }),
        );
        if (Object.keys(inTile).length === 0) continue;
        tiles.push({ z, x, y, data: zlib.gzipSync(fromGeojsonVt(inTile, { version: 2, extent: 4096 })) });
      }
    }
  }
  return writePmtiles({
    tiles,
    bounds: { minLon, minLat, maxLon, maxLat },
    center: { lon: centre.longitude, lat: centre.latitude, zoom: 14 },
    metadata: {
      name: 'Foray screenshot forest',
      description: 'An invented forest, lake, river, roads and village for the README picture (scripts/screenshot.ts)',
      type: 'baselayer',
      version: '1',
      vector_layers: layers.map(([id]) => ({
        id,
        fields: { kind: 'String', kind_detail: 'String', name: 'String' },
        minzoom: 10,
        maxzoom: MAX_ZOOM,
      })),
    },
  });
}
