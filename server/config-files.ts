import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

/** The files the configuration reads at start: the region map's header and the kept signing secret. */

/** The shortest signing secret taken, from AUTH_SECRET or the file kept beside the data. */
export const AUTH_SECRET_MIN = 32;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The 127-byte header every PMTiles v3 archive starts with; byte 99 is the tile type (1 = vector tiles, MVT). */
const PMTILES_HEADER_BYTES = 127;

/**
 * Why a region file cannot be served, or null when it starts like a PMTiles v3 archive of vector tiles.
 * Only the header is read: a whole country is hundreds of megabytes, and a mistyped path or the wrong
 * download should stop the server at start, not show up as a broken map on a phone in the forest.
 */
export function pmtilesProblem(file: string): string | null {
  let header: Buffer;
  try {
    if (!fs.statSync(file).isFile()) return `${file} is not a file`;
    const fd = fs.openSync(file, 'r');
    try {
      header = Buffer.alloc(PMTILES_HEADER_BYTES);
      header = header.subarray(0, fs.readSync(fd, header, 0, PMTILES_HEADER_BYTES, 0));
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    return `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  }
  if (header.length < PMTILES_HEADER_BYTES || header.toString('latin1', 0, 7) !== 'PMTiles')
    return `${file} is not a PMTiles archive`;
  if (header[7] !== 3)
    return `${file} is PMTiles version ${header[7]}; Foray reads version 3 (convert it with \`pmtiles convert\`)`;
  // The web app draws the region with vector styles; a raster archive would download and then show nothing.
  if (header[99] !== 1) return `${file} does not hold vector tiles (MVT)`;
  return null;
}

/**
 * Embedded mode keeps its signing secret beside the data, so a restart keeps everyone signed in. A kept secret
 * that is empty or short (a truncated file) stops the server: an empty one would make better-auth sign with its
 * own default, which anyone can read in its source.
 */
export function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  let kept: string | null = null;
  try {
    kept = fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (kept !== null) {
    if (kept.length >= AUTH_SECRET_MIN) return kept;
    throw new ConfigError(
      `Invalid configuration:\n  ${file}: the kept signing secret is shorter than ${AUTH_SECRET_MIN} characters; ` +
        'remove the file to make a new one (everyone signs in again) or set AUTH_SECRET',
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
