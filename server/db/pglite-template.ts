import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The installed PGlite's version: a template is only used by the PGlite that made it. */
function pgliteVersion(): string {
  // The package's entry point is in dist/; its package.json is one folder up. (createRequire rather than
  // import.meta.resolve, which Vitest's module runner does not provide.)
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * Where a freshly initialised embedded database is kept, as PGlite's own gzipped dump of its data folder. The
 * container image makes it when it is built (scripts/make-pglite-template.ts) so that a new data folder is a copy
 * of it: initdb inside the server took most of a first start's time and memory (ADR 0055).
 */
export const pgliteTemplateFile = (root = ROOT) => path.join(root, 'dist', `pglite-${pgliteVersion()}-initdb.tar.gz`);

/** The template's bytes, or null when there is none for this PGlite (a checkout, where initdb runs as before). */
export function readPgliteTemplate(root = ROOT): Blob | null {
  try {
    return new Blob([fs.readFileSync(pgliteTemplateFile(root))]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
