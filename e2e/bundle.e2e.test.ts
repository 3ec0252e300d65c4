// The built web app's import graph (needs `npm run build`, as every browser test does): the region map's
// renderer, protomaps-leaflet and pmtiles, must not be loaded by the main screen (ADR 0018), only when the
// region map is drawn.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGETS, chunksWith, fileSizes, readGraph, RENDERER_MARK, screensOf } from '../scripts/bundle-graph.ts';
import { FORAY_ROOT } from './support/foray-server.ts';

const DIST = path.join(FORAY_ROOT, 'dist/client');

describe('the built web app', () => {
  const graph = readGraph(DIST);
  const { signIn, main, later } = screensOf(graph);

  it('keeps the region map’s renderer out of the main screen, in a chunk loaded later', () => {
    const withRenderer = chunksWith(DIST, [...main, ...later], RENDERER_MARK);
    // The mark must be found somewhere, or this test would pass for a build that lost the renderer.
    expect(withRenderer.length).toBeGreaterThan(0);
    expect(withRenderer.filter((file) => main.has(file))).toEqual([]);
    expect(withRenderer.every((file) => later.has(file))).toBe(true);
  });

  it('loads the region layer module itself only lazily', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const layerChunk = manifest['client/features/map-region/region-layer.ts']?.file;
    expect(layerChunk).toBeDefined();
    expect(main.has(layerChunk!)).toBe(false);
  });

  it('keeps the sign-in screen and the main screen within their gzipped budgets', () => {
    const sizes = fileSizes(DIST, main);
    const total = (files: Set<string>) => [...files].reduce((sum, file) => sum + sizes.get(file)!.gzip, 0);
    // Sanity: the screens hold real code (tens of KB), so a build that lost its chunks cannot pass.
    expect(total(signIn)).toBeGreaterThan(50 * 1024);
    expect(total(signIn)).toBeLessThanOrEqual(BUDGETS.signIn);
    expect(total(main)).toBeLessThanOrEqual(BUDGETS.main);
  });
});
