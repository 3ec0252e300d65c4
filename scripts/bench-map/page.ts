// What `npm run bench:map` reads from the page it drives (scripts/bench-map.ts): frame times and long tasks recorded
// in the page, the downloads Chromium saw, the scripts' gzipped sizes, the view the map really shows, its header count.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { CDPSession, Page } from 'playwright-core';

export type FrameStats = { medianFrameMs: number; p95FrameMs: number; longTasks: number; longestTaskMs: number };

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
};

/** Frame times, long tasks and the moment the first counted bubble appeared, recorded in the page from the start. */
export const RECORDER = `
  window.__foray_frames = []; window.__foray_long = []; window.__foray_first_cluster = null;
  let last = 0;
  const loop = (time) => { if (last) window.__foray_frames.push(time - last); last = time; requestAnimationFrame(loop); };
  requestAnimationFrame(loop);
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__foray_long.push(entry.duration); })
    .observe({ type: 'longtask', buffered: true });
  new MutationObserver((_, observer) => {
    if (document.querySelector('.foray-cluster')) { window.__foray_first_cluster = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
`;

export async function resetRecorder(page: Page) {
  await page.evaluate('window.__foray_frames = []; window.__foray_long = [];');
}
export async function readRecorder(page: Page): Promise<FrameStats> {
  const { frames, long } = (await page.evaluate('({ frames: window.__foray_frames, long: window.__foray_long })')) as {
    frames: number[];
    long: number[];
  };
  return {
    medianFrameMs: median(frames),
    p95FrameMs: percentile(frames, 0.95),
    longTasks: long.length,
    longestTaskMs: long.length ? Math.max(...long) : 0,
  };
}

/** What the page downloaded, from Chromium's network events: each answer's URL, kind, bytes on the wire and end. */
export type Download = { url: string; type: string; bytes: number; finished: number };
export function recordDownloads(cdp: CDPSession) {
  const seen = new Map<string, { url: string; type: string }>();
  const done: Download[] = [];
  cdp.on('Network.responseReceived', (event) =>
    seen.set(event.requestId, { url: event.response.url, type: event.type }),
  );
  cdp.on('Network.loadingFinished', (event) => {
    const response = seen.get(event.requestId);
    if (response) done.push({ ...response, bytes: event.encodedDataLength, finished: event.timestamp });
  });
  return done;
}

const gzipSizes = new Map<string, number>();
/** The file's size gzipped at level 9, read from the variant's build (as `npm run size` counts it). */
export function gzipSize(dist: string, url: string): number {
  const file = path.join(dist, new URL(url).pathname);
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : 0;
    gzipSizes.set(file, size);
  }
  return size;
}

/**
 * The view the map really shows, read from the page: the container's size, and where one base-map tile of `zoom`
 * (whose place in the world is in its address) sits inside it. Worked out from the locate target instead, the view
 * was a fraction of a pixel off the map's, and a spot on the edge made the "truth" one off.
 */
export async function shownBounds(page: Page, zoom: number) {
  const view = (await page.evaluate(
    `(() => { const box = document.querySelector('.leaflet-container').getBoundingClientRect();` +
      ` const tile = [...document.querySelectorAll('img.leaflet-tile')].find((img) => img.src.includes('/street/${zoom}/'));` +
      ` const [, x, y] = tile.src.match(/\\/street\\/\\d+\\/(\\d+)\\/(\\d+)/).map(Number);` +
      ` const at = tile.getBoundingClientRect();` +
      ` return { left: x * at.width - (at.left - box.left), top: y * at.height - (at.top - box.top), width: box.width, height: box.height }; })()`,
  )) as { left: number; top: number; width: number; height: number };
  const topLeft = pixelToLatLng(view.left, view.top, zoom);
  const bottomRight = pixelToLatLng(view.left + view.width, view.top + view.height, zoom);
  return { west: topLeft.longitude, north: topLeft.latitude, east: bottomRight.longitude, south: bottomRight.latitude };
}

function pixelToLatLng(px: number, py: number, zoom: number) {
  const scale = 256 * 2 ** zoom;
  return {
    longitude: (px / scale) * 360 - 180,
    latitude: (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / scale))) * 180) / Math.PI,
  };
}

/** Waits until the expression is true in the page (the page's CSP forbids Playwright's own polling of a string). */
export async function until(page: Page, expression: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`Still not true after ${timeoutMs} ms: ${expression}`);
    await page.waitForTimeout(100);
  }
}

export async function headerCount(page: Page): Promise<number> {
  const text = await page
    .getByText(/^[\d,.\s\u00a0]+ locations?/)
    .first()
    .textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}
