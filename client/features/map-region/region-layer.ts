// The layer that draws the region map in the browser: protomaps-leaflet paints the PMTiles file's vector tiles
// on canvas tiles, reading them from the device's copy or, online, from the server in byte ranges (ADR 0018).
// A lazy chunk of its own, with pmtiles (its size: docs/performance.md): loaded only when the region map is shown.
import L from 'leaflet';
import { FetchSource, PMTiles, type Source } from 'pmtiles';
import { leafletLayer } from 'protomaps-leaflet';
import type { RegionSource } from './region-store.ts';

/** The data is OpenStreetMap's, under the ODbL: this line goes wherever the region map is shown. */
export const REGION_ATTRIBUTION = '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** Leaflet zooms past the file's deepest tiles by enlarging them: a forager wants to see paths up close. */
const MAX_DISPLAY_ZOOM = 19;

export async function makeRegionLayer(from: { url: string } | RegionSource, language: string): Promise<L.Layer> {
  // protomaps-leaflet extends the global `L` (Leaflet's script build sets it; say so rather than rely on it).
  (window as unknown as { L?: typeof L }).L ??= L;
  const source: Source = 'url' in from ? new FetchSource(from.url) : from;
  const archive = new PMTiles(source);
  // The file says how deep its tiles go; asked for deeper ones, the layer would draw nothing.
  const header = await archive.getHeader();
  return leafletLayer({
    url: archive,
    flavor: 'light',
    lang: language,
    attribution: REGION_ATTRIBUTION,
    maxDataZoom: header.maxZoom,
    maxZoom: MAX_DISPLAY_ZOOM,
  }) as unknown as L.Layer;
}
