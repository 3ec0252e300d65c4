// An uploaded file, whatever its kind, as records: the format is sniffed from the content (the name's
// extension only breaks ties), and a zip's data file is read with its photos resolved inside the zip.
import path from 'node:path/posix';
import {
  IMPORT_FILE_MAX_BYTES,
  IMPORT_SPOTS_MAX,
  IMPORT_ZIP_MAX_BYTES,
  PHOTO_MAX_BYTES,
  PHOTOS_PER_SPOT_MAX,
  PHOTOS_PER_VISIT_MAX,
} from '../../../common/limits.ts';
import type { ImportFormat } from '../../../common/schemas/import.ts';
import { AppError } from '../../errors.ts';
import { readCsv } from './readers/csv.ts';
import { readGeoJson } from './readers/geojson.ts';
import { readGpx } from './readers/gpx.ts';
import { readKml } from './readers/kml.ts';
import type { ReadResult } from './readers/records.ts';
import { extractZip, isZip, listZip, type ZipEntry } from './readers/zip.ts';

type DataFormat = 'gpx' | 'kml' | 'geojson' | 'csv';

export type ImportFile = ReadResult & {
  format: ImportFormat;
  /** For each record, the zip entries of its photos (at most PHOTOS_PER_SPOT_MAX). */
  photoEntries: string[][];
  /** For each record, for each of its visits, the zip entries of the visit's photos (at most PHOTOS_PER_VISIT_MAX). */
  visitPhotoEntries: string[][][];
  photosMissing: number;
  /** Decompresses photos by entry name (a zip upload only). */
  extractPhotos: (names: string[]) => Map<string, Uint8Array>;
  /** A photo entry's declared size. */
  photoSize: (name: string) => number;
};

export const tooLarge = (limit: number) =>
  new AppError(413, 'IMPORT_FILE_TOO_LARGE', `The file is larger than ${Math.round(limit / 1024 / 1024)} MB.`);

const EXTENSIONS: Record<string, DataFormat> = {
  '.gpx': 'gpx',
  '.kml': 'kml',
  '.geojson': 'geojson',
  '.json': 'geojson',
  '.csv': 'csv',
  '.txt': 'csv',
};

/** Text from bytes: UTF-8 (a byte-order mark dropped), or UTF-16 when its byte-order mark says so. */
function decode(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

/** What a data file is, from its first characters; its name's extension decides only for CSV. */
export function sniffText(text: string, fileName: string): DataFormat | null {
  const start = text.slice(0, 4096).trimStart();
  if (start.startsWith('<')) {
    if (/<(\w+:)?gpx[\s>]/.test(start)) return 'gpx';
    if (/<(\w+:)?kml[\s>]/.test(start)) return 'kml';
    return null;
  }
  if (start.startsWith('{')) return 'geojson';
  const byName = EXTENSIONS[path.extname(fileName.toLowerCase())];
  if (byName === 'csv') return 'csv';
  // No extension to go by: a first line with a separator and a latitude-like header is a CSV.
  const firstLine = start.split(/\r?\n/, 1)[0] ?? '';
  if (/[,;\t]/.test(firstLine) && /lat/i.test(firstLine)) return 'csv';
  return null;
}

function readData(format: DataFormat, text: string): ReadResult {
  switch (format) {
    case 'gpx':
      return readGpx(text);
    case 'kml':
      return readKml(text);
    case 'geojson':
      return readGeoJson(text);
    case 'csv':
      return readCsv(text);
  }
}

const unsupported = () =>
  new AppError(
    415,
    'IMPORT_UNSUPPORTED_FORMAT',
    'Foray reads GPX, KML, KMZ, GeoJSON, CSV and Foray’s own zip; this file is none of them.',
  );

/** The zip's data file: Foray's foray-spots.* or a KMZ's doc.kml at the top, else the only data file in it. */
function chooseDataEntry(entries: Map<string, ZipEntry>): { entry: ZipEntry; format: DataFormat } {
  const candidates = [...entries.values()]
    .map((entry) => ({ entry, format: EXTENSIONS[path.extname(entry.name.toLowerCase())] }))
    .filter(
      (candidate): candidate is { entry: ZipEntry; format: DataFormat } =>
        candidate.format !== undefined && !candidate.entry.name.endsWith('.txt'),
    );
  const rank = (name: string) =>
    /^foray-spots\.\w+$/.test(name) ? 0 : name === 'doc.kml' ? 1 : !name.includes('/') ? 2 : 3;
  candidates.sort((a, b) => rank(a.entry.name) - rank(b.entry.name) || a.entry.name.localeCompare(b.entry.name));
  const chosen = candidates[0];
  if (!chosen) throw new AppError(400, 'IMPORT_NO_DATA_FILE', 'The zip holds no GPX, KML, GeoJSON or CSV file.');
  return chosen;
}

export function readImportFile(bytes: Uint8Array, fileName: string): ImportFile {
  if (bytes.length === 0) throw new AppError(400, 'IMPORT_NO_SPOTS', 'The file is empty.');
  if (isZip(bytes)) return readZipUpload(bytes, fileName);
  if (bytes.length > IMPORT_FILE_MAX_BYTES) throw tooLarge(IMPORT_FILE_MAX_BYTES);
  const text = decode(bytes);
  const format = sniffText(text, fileName);
  if (!format) throw unsupported();
  const read = checked(readData(format, text));
  return {
    ...read,
    format,
    // Outside a zip there is nothing to bring a photo from: every link is missing.
    photoEntries: read.records.map(() => []),
    visitPhotoEntries: read.records.map((record) => record.visits.map(() => [])),
    photosMissing: read.records.reduce(
      (sum, record) => sum + record.photos.length + record.visits.reduce((n, visit) => n + visit.photos.length, 0),
      0,
    ),
    extractPhotos: () => new Map(),
    photoSize: () => 0,
  };
}

function readZipUpload(bytes: Uint8Array, fileName: string): ImportFile {
  if (bytes.length > IMPORT_ZIP_MAX_BYTES) throw tooLarge(IMPORT_ZIP_MAX_BYTES);
  const entries = listZip(bytes);
  const { entry, format } = chooseDataEntry(entries);
  if (entry.originalSize > IMPORT_FILE_MAX_BYTES) throw tooLarge(IMPORT_FILE_MAX_BYTES);
  const data = extractZip(bytes, entries, [entry.name], IMPORT_FILE_MAX_BYTES).get(entry.name) ?? new Uint8Array();
  const text = decode(data);
  const read = checked(readData(format, text));
  const base = path.dirname(entry.name);
  let photosMissing = 0;
  const resolve = (links: string[], max: number) => {
    const found: string[] = [];
    for (const link of links) {
      // Web addresses are never fetched; a path names an entry relative to the data file.
      const name = /^[a-z][a-z0-9+.-]*:/i.test(link)
        ? null
        : path.normalize(path.join(base, decodeURIComponentSafe(link)));
      const photo = name === null || name.startsWith('..') ? undefined : entries.get(name);
      if (photo && photo.originalSize <= PHOTO_MAX_BYTES && found.length < max && !found.includes(photo.name))
        found.push(photo.name);
      else photosMissing += 1;
    }
    return found;
  };
  const photoEntries = read.records.map((record) => resolve(record.photos, PHOTOS_PER_SPOT_MAX));
  const visitPhotoEntries = read.records.map((record) =>
    record.visits.map((visit) => resolve(visit.photos, PHOTOS_PER_VISIT_MAX)),
  );
  const isKmz =
    format === 'kml' && (path.extname(fileName.toLowerCase()) === '.kmz' || !entry.name.startsWith('foray-spots.'));
  return {
    ...read,
    format: isKmz ? 'kmz' : 'zip',
    photoEntries,
    visitPhotoEntries,
    photosMissing,
    // Photos come out a batch at a time, each within PHOTO_MAX_BYTES as checked above.
    extractPhotos: (names) => extractZip(bytes, entries, names, names.length * PHOTO_MAX_BYTES),
    photoSize: (name) => entries.get(name)?.originalSize ?? 0,
  };
}

function decodeURIComponentSafe(link: string): string {
  try {
    return decodeURIComponent(link);
  } catch {
    return link;
  }
}

/** A file with nothing in it, or more spots than one import may hold, is refused whole. */
function checked(read: ReadResult): ReadResult {
  if (read.records.length > IMPORT_SPOTS_MAX) {
    throw new AppError(
      413,
      'IMPORT_TOO_MANY_SPOTS',
      `The file holds ${read.records.length} spots; one import takes at most ${IMPORT_SPOTS_MAX}. Split it into smaller files.`,
    );
  }
  if (read.records.length === 0 && read.problems.length === 0) {
    throw new AppError(
      400,
      'IMPORT_NO_SPOTS',
      read.skippedGeometries > 0
        ? 'The file holds tracks, routes or shapes but no points: nothing to import as spots.'
        : 'The file holds no spots.',
    );
  }
  return read;
}
