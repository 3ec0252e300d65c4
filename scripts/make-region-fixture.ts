/**
 * `npm run make:region-fixture -- <out.pmtiles> [maxZoom]`: writes the tests' small region map (a forest, a
 * lake and a road near Foray's default view in Lithuania, zooms 0–12) for trying MAP_REGION_FILE by hand
 * without downloading a country.
 */
import fs from 'node:fs';
import path from 'node:path';
import { makeRegionFixture } from '../server/test/pmtiles-fixture.ts';

const [out, maxZoomArgument] = process.argv.slice(2);
if (!out) {
  console.error('Usage: npm run make:region-fixture -- <out.pmtiles> [maxZoom, default 12]');
  process.exit(2);
}
const maxZoom = maxZoomArgument === undefined ? 12 : Number(maxZoomArgument);
if (!Number.isInteger(maxZoom) || maxZoom < 0 || maxZoom > 16) {
  console.error('maxZoom must be a whole number from 0 to 16');
  process.exit(2);
}
const bytes = makeRegionFixture({ maxZoom });
fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
fs.writeFileSync(out, bytes);
console.log(
  `Wrote ${out}: ${bytes.length} bytes, zooms 0–${maxZoom}. Try it: MAP_REGION_FILE=${out} MAP_REGION_NAME="Test region" npm start`,
);
