// For scripts/lighthouse.ts: the floor a page with a map can reach on this machine — a page holding nothing but
// Leaflet, its tiles from the same stub and a few markers — served from a small local server, so it is measured
// in the same run as Foray's screens. Where this page cannot score 95, no map page can, and Foray's map is read
// against it.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { FORAY_ROOT } from '../e2e/support/foray-server.ts';

const LEAFLET = path.join(FORAY_ROOT, 'node_modules/leaflet/dist');

function page(tileTemplate: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>A map with a few markers</title><link rel="stylesheet" href="/leaflet.css">
<style>html, body { height: 100%; margin: 0 } h1 { font: 1rem sans-serif; margin: 0.5rem } #map { height: 80% }</style></head>
<body><main><h1>A map with a few markers</h1><div id="map"></div></main>
<script src="/leaflet.js"></script>
<script>
  const map = L.map('map').setView([55.1694, 23.8813], 7);
  L.tileLayer(${JSON.stringify(tileTemplate)}, { attribution: 'Tiles' }).addTo(map);
  for (let i = 0; i < 5; i++) L.marker([55.1694 + Math.sin(i) * 0.5, 23.8813 + Math.cos(i * 1.3) * 0.8], { alt: 'Marker ' + (i + 1) }).addTo(map);
</script></body></html>`;
}

/** Starts the floor page's server; `url` is the page, `close` stops it. */
export async function startFloorPage(tileTemplate: string) {
  const files: Record<string, [string, string]> = {
    '/leaflet.js': [path.join(LEAFLET, 'leaflet.js'), 'text/javascript'],
    '/leaflet.css': [path.join(LEAFLET, 'leaflet.css'), 'text/css'],
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://floor');
    const file = files[url.pathname];
    if (url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(tileTemplate));
    } else if (file) {
      response.writeHead(200, { 'content-type': file[1] }).end(fs.readFileSync(file[0]));
    } else if (url.pathname.startsWith('/images/')) {
      const image = path.join(LEAFLET, 'images', path.basename(url.pathname));
      if (fs.existsSync(image)) response.writeHead(200, { 'content-type': 'image/png' }).end(fs.readFileSync(image));
      else response.writeHead(404).end();
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
