// GeoJSON (RFC 7946): each Feature whose geometry is a Point is a spot; any other geometry — MultiPoint included,
// whose points share one set of properties and so are not one spot each — is counted and left out (ADR 0036).
import { TEXT_FIELD_NAMES } from '../../../../common/spot-fields.ts';
import {
  emptyRecord,
  splitLinks,
  textOf,
  unreadable,
  type ReadResult,
  type RawRecord,
  type RawVisit,
  type Sourced,
} from './records.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The first of the named properties that holds a string (or a number, for times). */
function pick<T extends string | number = string>(
  properties: Json,
  names: string[],
  numbers = false,
): Sourced<T> | null {
  for (const name of names) {
    const value = properties[name];
    if (typeof value === 'string' || (numbers && typeof value === 'number')) return { value: value as T, from: name };
  }
  return null;
}

const visitOf = (value: unknown): RawVisit => {
  const visit = isObject(value) ? value : {};
  const text = (key: string) => (typeof visit[key] === 'string' ? textOf(visit[key]) : null);
  const photos = Array.isArray(visit.photos)
    ? visit.photos.filter((link): link is string => typeof link === 'string')
    : [];
  return {
    date: text('date'),
    outcome: text('outcome'),
    amount: text('amount'),
    note: typeof visit.note === 'string' ? visit.note : null,
    photos,
  };
};

export function readGeoJson(text: string): ReadResult {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw unreadable('IMPORT_UNREADABLE', 'The file is not valid JSON.');
  }
  let features: unknown[];
  if (isObject(document) && document.type === 'FeatureCollection' && Array.isArray(document.features))
    features = document.features;
  else if (isObject(document) && document.type === 'Feature') features = [document];
  else throw unreadable('IMPORT_UNREADABLE', 'The file is not GeoJSON: expected a FeatureCollection or a Feature.');

  const result: ReadResult = { records: [], skippedGeometries: 0, problems: [] };
  features.forEach((feature, i) => {
    const where = { kind: 'feature' as const, number: i + 1 };
    const geometry = isObject(feature) ? feature.geometry : undefined;
    if (!isObject(geometry)) {
      result.problems.push({ where, code: 'IMPORT_NO_POSITION', message: 'This feature has no geometry.' });
      return;
    }
    if (geometry.type !== 'Point') {
      result.skippedGeometries += 1;
      return;
    }
    const record: RawRecord = emptyRecord(where);
    const coordinates = Array.isArray(geometry.coordinates) ? geometry.coordinates : [];
    record.longitude = typeof coordinates[0] === 'number' || typeof coordinates[0] === 'string' ? coordinates[0] : null;
    record.latitude = typeof coordinates[1] === 'number' || typeof coordinates[1] === 'string' ? coordinates[1] : null;
    const properties = isObject(feature) && isObject(feature.properties) ? feature.properties : {};
    record.name = pick(properties, ['mushroom_types', 'name', 'title']);
    record.notes = pick(properties, ['notes', 'description', 'desc']);
    record.date = pick<string | number>(properties, ['date_found', 'date', 'time', 'timestamp'], true);
    record.type = pick(properties, ['type', 'category']);
    record.finder = pick(properties, ['finder']);
    for (const field of TEXT_FIELD_NAMES) {
      const value = properties[field];
      if (typeof value === 'string' && value.trim()) record.text[field] = value;
    }
    const accuracy = properties.accuracy_m;
    record.accuracy = typeof accuracy === 'number' || typeof accuracy === 'string' ? accuracy : null;
    const photos = properties.photos;
    record.photos = Array.isArray(photos)
      ? photos.filter((link): link is string => typeof link === 'string')
      : typeof photos === 'string'
        ? splitLinks(photos)
        : [];
    record.fromForay = typeof properties.mushroom_types === 'string' && typeof properties.finder === 'string';
    const plain = (value: unknown) => (typeof value === 'string' || typeof value === 'boolean' ? String(value) : null);
    record.audience = plain(properties.audience);
    record.isPublic = plain(properties.is_public);
    record.precision = plain(properties.precision);
    // Foray's export writes a spot's history as `visits`: a list of { date, outcome, amount, note, photos }.
    if (record.fromForay && Array.isArray(properties.visits)) record.visits = properties.visits.map(visitOf);
    result.records.push(record);
  });
  return result;
}
