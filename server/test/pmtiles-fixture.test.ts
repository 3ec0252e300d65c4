import { describe, expect, it } from 'vitest';
import { PMTiles, TileType, Compression, zxyToTileId, type Source, type RangeResponse } from 'pmtiles';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { FIXTURE_BOUNDS, FIXTURE_CENTER, makeRegionFixture, tileAt } from './pmtiles-fixture.ts';
import { tileIdOf } from './pmtiles-writer.ts';

/** The reader the web app will use, over bytes in memory instead of HTTP ranges or a file in OPFS. */
class BufferSource implements Source {
  reads: Array<{ offset: number; length: number }> = [];
  private readonly bytes: Buffer;
  constructor(bytes: Buffer) {
    this.bytes = bytes;
  }
  getKey() {
    return 'fixture';
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    this.reads.push({ offset, length });
    const slice = this.bytes.subarray(offset, offset + length);
    return { data: slice.buffer.slice(slice.byteOffset, slice.byteOffset + slice.byteLength) as ArrayBuffer };
  }
}

/** The features of one layer of the tile at z/x/y, as the MVT decoder reads them. */
async function layerOf(archive: PMTiles, z: number, x: number, y: number, layer: string) {
  const tile = await archive.getZxy(z, x, y);
  if (!tile) return undefined;
  const decoded = new VectorTile(new PbfReader(new Uint8Array(tile.data))).layers[layer];
  if (!decoded) return [];
  return Array.from({ length: decoded.length }, (_, i) => decoded.feature(i));
}

describe('the PMTiles region fixture', () => {
  const bytes = makeRegionFixture();

  it('numbers tiles on the Hilbert curves as the PMTiles reader does', () => {
    for (const [z, x, y] of [
      [0, 0, 0],
      [1, 0, 0],
      [1, 1, 0],
      [1, 1, 1],
      [1, 0, 1],
      [3, 5, 2],
      [12, 2319, 1297],
      [15, 18555, 10382],
      [20, 600_000, 300_000],
    ] as const) {
      expect(tileIdOf(z, x, y)).toBe(zxyToTileId(z, x, y));
    }
  });

  it('has a header the pmtiles reader accepts: gzipped vector tiles, zooms 0–12, the area around the default view', async () => {
    const header = await new PMTiles(new BufferSource(bytes)).getHeader();
    expect(header).toMatchObject({
      specVersion: 3,
      tileType: TileType.Mvt,
      tileCompression: Compression.Gzip,
      internalCompression: Compression.Gzip,
      minZoom: 0,
      maxZoom: 12,
      centerZoom: FIXTURE_CENTER.zoom,
      clustered: true,
    });
    expect(header.minLon).toBeCloseTo(FIXTURE_BOUNDS.minLon, 6);
    expect(header.minLat).toBeCloseTo(FIXTURE_BOUNDS.minLat, 6);
    expect(header.maxLon).toBeCloseTo(FIXTURE_BOUNDS.maxLon, 6);
    expect(header.maxLat).toBeCloseTo(FIXTURE_BOUNDS.maxLat, 6);
    expect(header.centerLon).toBeCloseTo(FIXTURE_CENTER.lon, 6);
    expect(header.centerLat).toBeCloseTo(FIXTURE_CENTER.lat, 6);
    expect(header.rootDirectoryOffset).toBe(127);
    expect(header.tileDataOffset + (header.tileDataLength ?? 0)).toBe(bytes.length);
  });

  it('carries metadata with the vector layers the styles need and the OpenStreetMap attribution', async () => {
    const metadata = (await new PMTiles(new BufferSource(bytes)).getMetadata()) as {
      vector_layers: Array<{ id: string }>;
      attribution: string;
    };
    expect(metadata.vector_layers.map((layer) => layer.id)).toEqual(['earth', 'landuse', 'water', 'roads']);
    expect(metadata.attribution).toMatch(/OpenStreetMap/);
  });

  it('decodes the tile over the forest at zoom 12 to the forest, the road and the land', async () => {
    const archive = new PMTiles(new BufferSource(bytes));
    const { x, y } = tileAt(23.87, 55.17, 12);
    const forest = await layerOf(archive, 12, x, y, 'landuse');
    expect(forest?.map((feature) => feature.properties)).toEqual([{ kind: 'forest', name: 'Fixture Forest' }]);
    expect(forest?.[0]?.type).toBe(3); // polygon
    const roads = await layerOf(archive, 12, x, y, 'roads');
    expect(roads?.[0]?.properties).toEqual({ kind: 'major_road', name: 'Fixture Road' });
    expect(roads?.[0]?.type).toBe(2); // line
    expect((await layerOf(archive, 12, x, y, 'earth'))?.length).toBe(1);
    // Back to longitude and latitude: the forest's outline lies where it was drawn.
    const [lon, lat] = (forest![0]!.toGeoJSON(x, y, 12).geometry as GeoJSON.Polygon).coordinates[0]![0]!;
    expect(lon).toBeGreaterThan(23.83);
    expect(lon).toBeLessThan(23.92);
    expect(lat).toBeGreaterThan(55.14);
    expect(lat).toBeLessThan(55.21);
  });

  it('has the lake at zoom 12 and the whole area in the one tile of zoom 0, and nothing far away', async () => {
    const archive = new PMTiles(new BufferSource(bytes));
    const lake = tileAt(23.935, 55.15, 12);
    expect((await layerOf(archive, 12, lake.x, lake.y, 'water'))?.[0]?.properties).toEqual({
      kind: 'lake',
      name: 'Fixture Lake',
    });
    expect((await layerOf(archive, 0, 0, 0, 'landuse'))?.length).toBe(1);
    const vilnius = tileAt(25.28, 54.69, 12);
    expect(await archive.getZxy(12, vilnius.x, vilnius.y)).toBeUndefined();
  });

  it('reads tiles through leaf directories when the root would be too long', async () => {
    const leafy = makeRegionFixture({ maxRootEntries: 4, leafEntries: 5 });
    const header = await new PMTiles(new BufferSource(leafy)).getHeader();
    expect(header.leafDirectoryLength).toBeGreaterThan(0);
    const source = new BufferSource(leafy);
    const archive = new PMTiles(source);
    const { x, y } = tileAt(23.87, 55.17, 12);
    expect((await layerOf(archive, 12, x, y, 'landuse'))?.[0]?.properties).toMatchObject({ kind: 'forest' });
    expect(
      source.reads.some((read) => read.offset >= header.leafDirectoryOffset && read.offset < header.tileDataOffset),
    ).toBe(true);
  });

  it('is small and the same every time', () => {
    expect(bytes.length).toBeLessThan(64 * 1024);
    expect(makeRegionFixture().equals(bytes)).toBe(true);
  });
});
