import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// Checks an XML document against a published schema with libxml2's xmllint (issue #11: GPX and KML "valid against
// their schemas"). The schemas are committed in ./schemas (their sources and terms are in its README); xmllint comes
// from Debian's libxml2-utils, which .ci/run installs. Nothing is fetched while a test runs (--nonet): the KML
// schema's imports are the local copies beside it.

const SCHEMA_DIR = path.resolve(import.meta.dirname, 'schemas');

export const SCHEMAS = {
  /** GPX 1.1, http://www.topografix.com/GPX/1/1/gpx.xsd */
  gpx: 'Topografix_gpx11.xsd',
  /** OGC KML 2.2, http://schemas.opengis.net/kml/2.2.0/ogckml22.xsd (2008-01-23) */
  kml: 'ogckml22.xsd',
} as const;

/** xmllint's complaints about `xml` against the schema; an empty list means the document is valid. */
export function schemaErrors(schema: keyof typeof SCHEMAS, xml: string | Uint8Array): string[] {
  const file = path.join(SCHEMA_DIR, SCHEMAS[schema]);
  if (!fs.existsSync(file)) throw new Error(`The ${schema.toUpperCase()} schema is missing (${file}).`);
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', file, '-'], {
    input: xml,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error)
    throw new Error(
      `xmllint could not run (${run.error.message}): the schema tests need it; install it with \`apt-get install libxml2-utils\`.`,
    );
  // 0: valid; 3: the document breaks the schema; 1: not well-formed XML. Anything else (4: the schema itself
  // could not be read) is a broken setup, not an answer about the document.
  if (run.status === 0) return [];
  if (run.status === 3 || run.status === 1) {
    return run.stderr.split('\n').filter((line) => line.trim() && !/^- fails to validate$/.test(line.trim()));
  }
  throw new Error(`xmllint exited ${run.status}: ${run.stderr}`);
}
