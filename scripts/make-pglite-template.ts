/**
 * Writes a freshly initialised embedded database (PostgreSQL's initdb, run by PGlite) to dist/ as PGlite's gzipped
 * dump of its data folder: a step of `npm run build`, so the container image and a checkout both have it. The
 * server then makes a new data folder from it instead of running initdb itself (ADR 0055): a first start, a
 * restore into a new folder. Migrations are not in it: they run at start, as on any database.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgliteTemplateFile } from '../server/db/pglite-template.ts';

const file = pgliteTemplateFile();
// In memory: nothing of the build machine's file system ends up in the template.
const database = await PGlite.create();
try {
  const dump = await database.dumpDataDir('gzip');
  fs.mkdirSync(new URL('../dist/', import.meta.url), { recursive: true });
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
} finally {
  await database.close();
}
console.log(`Wrote ${file} (${Math.round(fs.statSync(file).size / 1024)} KB)`);
