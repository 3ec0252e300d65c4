import { describe, expect, it } from 'vitest';
import { tileTemplatePattern } from './tile-template.ts';

const OSM = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ESRI = 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}';
const TOPO = 'https://{s}.tile.opentopomap.org/{z}/{x}/{y}.png';
const CARTO = 'https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}{r}.png';

describe('tileTemplatePattern', () => {
  it('matches the tiles Leaflet requests from each default layer', () => {
    expect(tileTemplatePattern(OSM).test('https://tile.openstreetmap.org/12/2318/1287.png')).toBe(true);
    expect(
      tileTemplatePattern(ESRI).test(
        'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/12/1287/2318',
      ),
    ).toBe(true);
    expect(tileTemplatePattern(TOPO).test('https://b.tile.opentopomap.org/12/2318/1287.png')).toBe(true);
    expect(tileTemplatePattern(CARTO).test('https://c.basemaps.cartocdn.com/dark_all/12/2318/1287.png')).toBe(true);
    expect(tileTemplatePattern(CARTO).test('https://a.basemaps.cartocdn.com/dark_all/12/2318/1287@2x.png')).toBe(true);
  });

  it('keeps each layer to its own tiles', () => {
    const local = (layer: string) => `http://127.0.0.1:4321/${layer}/{z}/{x}/{y}.png`;
    expect(tileTemplatePattern(local('street')).test('http://127.0.0.1:4321/street/7/72/40.png')).toBe(true);
    expect(tileTemplatePattern(local('street')).test('http://127.0.0.1:4321/satellite/7/72/40.png')).toBe(false);
    expect(tileTemplatePattern(local('street')).test('http://127.0.0.1:9999/street/7/72/40.png')).toBe(false);
    expect(tileTemplatePattern(OSM).test('https://b.tile.opentopomap.org/12/2318/1287.png')).toBe(false);
    expect(tileTemplatePattern(TOPO).test('https://a.basemaps.cartocdn.com/dark_all/12/2318/1287.png')).toBe(false);
  });

  it('treats the template’s dots and other characters literally', () => {
    expect(tileTemplatePattern(OSM).test('https://tileXopenstreetmap.org/12/2318/1287.png')).toBe(false);
    expect(tileTemplatePattern(OSM).test('https://tile.openstreetmap.org/12/2318/1287Xpng')).toBe(false);
    const withQuery = 'https://tiles.example.org/{z}/{x}/{y}.png?style=forest+trails';
    expect(tileTemplatePattern(withQuery).test('https://tiles.example.org/3/4/2.png?style=forest+trails')).toBe(true);
    expect(tileTemplatePattern(withQuery).test('https://tiles.example.org/3/4/2.png?style=foresttrails')).toBe(false);
  });

  it('matches whole URLs only, with numbers where the coordinates go', () => {
    expect(tileTemplatePattern(OSM).test('https://evil.example/?u=https://tile.openstreetmap.org/1/2/3.png')).toBe(
      false,
    );
    expect(tileTemplatePattern(OSM).test('https://tile.openstreetmap.org/1/2/3.png.evil')).toBe(false);
    expect(tileTemplatePattern(OSM).test('https://tile.openstreetmap.org/a/b/c.png')).toBe(false);
    expect(tileTemplatePattern(OSM).test('https://tile.openstreetmap.org/1/2/3/4.png')).toBe(false);
    expect(tileTemplatePattern(TOPO).test('https://evil.example/x.tile.opentopomap.org/1/2/3.png')).toBe(false);
  });

  it('accepts the host in any case, TMS rows, named options, protocol-relative and own-server templates', () => {
    expect(
      tileTemplatePattern('https://Tile.OpenStreetMap.org/{z}/{x}/{y}.png').test(
        'https://tile.openstreetmap.org/1/0/0.png',
      ),
    ).toBe(true);
    expect(
      tileTemplatePattern('https://tms.example.org/{z}/{x}/{-y}.png').test('https://tms.example.org/5/3/28.png'),
    ).toBe(true);
    expect(
      tileTemplatePattern('https://t.example.org/{id}/{z}/{x}/{y}.png').test('https://t.example.org/forest/5/3/28.png'),
    ).toBe(true);
    expect(
      tileTemplatePattern('https://t.example.org/{id}/{z}/{x}/{y}.png').test('https://t.example.org/a/b/5/3/28.png'),
    ).toBe(false);
    expect(
      tileTemplatePattern('//tile.openstreetmap.org/{z}/{x}/{y}.png').test('https://tile.openstreetmap.org/1/0/0.png'),
    ).toBe(true);
    const own = tileTemplatePattern('/tiles/{z}/{x}/{y}.png', 'https://foray.example');
    expect(own.test('https://foray.example/tiles/1/0/0.png')).toBe(true);
    expect(own.test('https://elsewhere.example/tiles/1/0/0.png')).toBe(false);
  });
});
