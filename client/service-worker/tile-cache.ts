// Map tiles the user viewed, kept for the forest without signal — but only of layers whose provider's terms
// allow it: the `cache` flag each layer carries in GET /api/v1/config (the operator's TILE_*_CACHE).
// Tiles are kept as they are viewed; nothing is ever fetched in advance (OpenStreetMap forbids bulk downloads).
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst } from 'workbox-strategies';
import type { TileLayer } from '../../common/schemas/config.ts';
import { tileTemplatePattern } from '../../common/tile-template.ts';
import { CONFIG_PATH, PUBLIC_CACHE } from './public-api.ts';

/** client/domain/session/private-data.ts deletes this cache on sign-out: the tiles show where the user has looked. */
export const TILE_CACHE = 'map-tiles';
/** The most tiles a page may hand over at once: a screenful or two, never an area. */
const MAX_SHOWN_TILES = 200;

// OpenStreetMap asks for viewed tiles to be kept 7 days or more; 30 days and ~3000 tiles (tens of MB) cover
// a season's forays, and the browser may take the space back when storage runs short.
const TILE_EXPIRATION = { maxEntries: 3000, maxAgeSeconds: 30 * 24 * 60 * 60 };

/**
 * CacheFirst: a tile at a given address does not change in a way that matters to a forager, and a kept one
 * shows at once under a weak signal.
 */
const tileStrategy = new CacheFirst({
  cacheName: TILE_CACHE,
  plugins: [
    // Only whole CORS answers: an opaque one (status 0) counts as several megabytes of Chrome's quota, an error is no tile.
    new CacheableResponsePlugin({ statuses: [200] }),
    // Old tiles go (TILE_EXPIRATION), and all of them first when the browser runs short of storage.
    new ExpirationPlugin({ ...TILE_EXPIRATION, purgeOnQuotaError: true }),
  ],
});

/** Deletes the kept tiles and the expiration's IndexedDB list of their URLs: on sign-out, nothing shows where the user looked. */
export async function forgetTiles(): Promise<void> {
  await caches.delete(TILE_CACHE);
  // Not the plugin's deleteCacheAndMetadata(): it forgets only what this run of the worker has touched.
  await new CacheExpiration(TILE_CACHE, TILE_EXPIRATION).delete();
}

/** URL patterns of the cacheable layers; undefined until this worker (which the browser restarts often) has read the config. */
let cacheableTiles: RegExp[] | undefined;
let cacheableTemplates = '';
let learning: Promise<RegExp[]> | undefined;

/**
 * Takes the layers from an answer of GET /api/v1/config. When the operator has changed which layers may be
 * kept (or their URLs), the kept tiles of layers no longer cacheable are deleted.
 */
export async function learnTileLayers(config: unknown): Promise<void> {
  const layers = (config as { tile_layers?: Array<Partial<TileLayer>> } | undefined)?.tile_layers;
  if (!Array.isArray(layers)) return;
  const templates = layers
    .filter((layer) => layer?.cache === true && typeof layer.url === 'string')
    .map((layer) => layer.url!);
  const changed = cacheableTiles !== undefined && templates.join('\n') !== cacheableTemplates;
  cacheableTiles = templates.map((template) => tileTemplatePattern(template, self.location.origin));
  cacheableTemplates = templates.join('\n');
  if (changed) await forgetTilesOfOtherLayers(cacheableTiles);
}

/** The cacheable layers' patterns: from memory, else the kept config, else the server's. */
function cacheableTilePatterns(): Promise<RegExp[]> {
  if (cacheableTiles) return Promise.resolve(cacheableTiles);
  learning ??= readConfig()
    .then(learnTileLayers)
    .then(() => cacheableTiles ?? [])
    .finally(() => {
      learning = undefined;
    });
  return learning;
}

async function readConfig(): Promise<unknown> {
  const kept = await caches.match(CONFIG_PATH, { cacheName: PUBLIC_CACHE });
  if (kept) return kept.json();
  const response = await fetch(CONFIG_PATH, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${CONFIG_PATH} answered ${response.status}`);
  // Kept as the page's own request would be, so the app also starts offline after a first visit.
  await (await caches.open(PUBLIC_CACHE)).put(CONFIG_PATH, response.clone());
  return response.json();
}

async function forgetTilesOfOtherLayers(patterns: RegExp[]) {
  const cache = await caches.open(TILE_CACHE);
  for (const request of await cache.keys()) {
    if (!patterns.some((pattern) => pattern.test(request.url))) await cache.delete(request);
  }
}

/** The route's match: a tile of a cacheable layer, or — before the layers are known — any picture that may be one. */
export function mayBeCacheableTile({
  request,
  url,
  sameOrigin,
}: {
  request: Request;
  url: URL;
  sameOrigin: boolean;
}): boolean {
  // Leaflet draws raster tiles as <img>; no other request is a tile.
  if (request.method !== 'GET' || request.destination !== 'image') return false;
  // Photos come from /api/v1/photos and are private: kept, if at all, by photo-cache.ts, never as tiles.
  if (sameOrigin && url.pathname.startsWith('/api/')) return false;
  // Once the layers are known, tiles of other layers (and all other pictures) go to the network untouched.
  return cacheableTiles === undefined || cacheableTiles.some((pattern) => pattern.test(url.href));
}

/** The route's handler. Only a just-started worker gets other pictures here: it passes them on uncached. */
export async function handleTileRequest({
  request,
  event,
}: {
  request: Request;
  event: ExtendableEvent;
}): Promise<Response> {
  const patterns = await cacheableTilePatterns().catch(() => []);
  if (patterns.some((pattern) => pattern.test(request.url))) return tileStrategy.handle({ request, event });
  return fetch(request);
}

/**
 * The first visit's tiles were fetched before this worker controlled the page: the page hands their URLs over
 * and the worker fetches and keeps those of cacheable layers (CacheFirst skips the ones it already has).
 */
export async function cacheShownTiles(urls: string[], event: ExtendableEvent): Promise<void> {
  // Without the layers (no kept config and no server) nothing can be told to be cacheable.
  const patterns = await cacheableTilePatterns().catch(() => []);
  const wanted = [...new Set(urls)]
    .filter((url) => patterns.some((pattern) => pattern.test(url)))
    .slice(0, MAX_SHOWN_TILES);
  await Promise.all(
    wanted.map(async (url) => {
      // The same request Leaflet's <img crossorigin="anonymous"> made, so the kept answer is a CORS one.
      const request = new Request(url, { mode: 'cors', credentials: 'same-origin' });
      await tileStrategy.handle({ request, event }).catch(() => undefined);
    }),
  );
}
