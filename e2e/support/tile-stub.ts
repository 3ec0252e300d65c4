import http from 'node:http';
import sharp from 'sharp';
import type { BaseLayerId } from '../../common/schemas/config.ts';

export type TileRequest = { z: number; x: number; y: number };

/** Each layer gets its own colour, so a screenshot would show which one is drawn. */
const LAYER_COLOURS: Record<BaseLayerId, { r: number; g: number; b: number }> = {
  street: { r: 236, g: 232, b: 220 },
  satellite: { r: 60, g: 90, b: 50 },
  topo: { r: 210, g: 225, b: 190 },
  dark: { r: 40, g: 40, b: 48 },
};

/**
 * Map tiles from the internet are unreachable in tests: this serves a small PNG for any
 * `/{layer}/{z}/{x}/{y}.png` and remembers every request, so a test can tell which layer was fetched
 * and at which zoom.
 */
export async function startTileStub() {
  const pngs = new Map<string, Buffer>();
  for (const [layer, background] of Object.entries(LAYER_COLOURS)) {
    pngs.set(
      layer,
      await sharp({ create: { width: 256, height: 256, channels: 3, background } })
        .png()
        .toBuffer(),
    );
  }
  const requests: Record<BaseLayerId, TileRequest[]> = { street: [], satellite: [], topo: [], dark: [] };

  const server = http.createServer((request, response) => {
    const match = /^\/(street|satellite|topo|dark)\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(request.url ?? '');
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    const layer = match[1] as BaseLayerId;
    requests[layer].push({ z: Number(match[2]), x: Number(match[3]), y: Number(match[4]) });
    // Leaflet asks for tiles with crossOrigin set, so the answer must allow any origin.
    response.writeHead(200, {
      'content-type': 'image/png',
      'access-control-allow-origin': '*',
      'cache-control': 'no-store',
    });
    response.end(pngs.get(layer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    origin,
    requests,
    /** The URL template for one layer, as Foray's TILE_*_URL variables expect it. */
    template: (layer: BaseLayerId) => `${origin}/${layer}/{z}/{x}/{y}.png`,
    /** Forgets the requests seen so far (a test then looks only at what its own action fetched). */
    reset() {
      for (const list of Object.values(requests)) list.length = 0;
    },
    /** Whether the tile holding (lat, lng) at `zoom` was requested from `layer`. */
    fetchedTileAt(layer: BaseLayerId, zoom: number, lat: number, lng: number): boolean {
      const { x, y } = tileAt(zoom, lat, lng);
      return requests[layer].some((tile) => tile.z === zoom && tile.x === x && tile.y === y);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type TileStub = Awaited<ReturnType<typeof startTileStub>>;

/** The Web Mercator (slippy map) tile that holds a point. */
export function tileAt(zoom: number, lat: number, lng: number): { x: number; y: number } {
  const scale = 2 ** zoom;
  const latRad = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lng + 180) / 360) * scale),
    y: Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * scale),
  };
}
