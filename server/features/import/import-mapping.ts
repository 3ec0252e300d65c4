// Records in the file's terms → spots in Foray's, checked by the same rules as a spot made in the app
// (CreateSpotSchema) but for the finder, which an import may leave empty (importLacksName). A record that breaks
// one is kept out and reported with where it is and why.
import { TEXT_FIELD_NAMES, type TextFields } from '../../../common/spot-fields.ts';
import {
  AudienceSchema,
  CreateSpotSchema,
  PrecisionSchema,
  type Audience,
  type Precision,
  type SpotType,
} from '../../../common/schemas/spots.ts';
import { distanceMetres } from '../../../common/geodesy.ts';
import { CreateVisitSchema, type CreateVisit } from '../../../common/schemas/visits.ts';
import {
  importLacksName,
  type ImportMapping,
  type ImportProblem,
  type ImportWhere,
} from '../../../common/schemas/import.ts';
import type { RawRecord } from './readers/records.ts';

export type MappedSpot = {
  where: ImportWhere;
  /** The record's place in the file's records: its photos are found by it. */
  record: number;
  latitude: number;
  longitude: number;
  type: SpotType;
  type_guessed: boolean;
  mushroom_types: string;
  finder: string;
  date_found: string;
  notes: string | null;
  accuracy_m: number | null;
  /** The list's plain text fields (common/spot-fields.ts), trimmed; null when blank or not in the file. */
  text: TextFields;
  /** The spot's visits from Foray's own export, oldest first, checked like a visit recorded in the app. */
  visits: Array<Omit<CreateVisit, 'id'>>;
  /** Who the file says sees it, and how exactly; null where it does not say (or says what Foray does not know). */
  file_audience: Audience | null;
  file_precision: Precision | null;
};

/**
 * Who the file says sees a spot: Foray's `audience`, else its `is_public` from before circles ("false" was only its
 * owner then). A value Foray does not know says nothing.
 */
export function fileAudienceOf(record: Pick<RawRecord, 'audience' | 'isPublic'>): Audience | null {
  const audience = AudienceSchema.safeParse(record.audience?.trim().toLowerCase());
  if (audience.success) return audience.data;
  const isPublic = record.isPublic?.trim().toLowerCase();
  return isPublic === 'true' ? 'public' : isPublic === 'false' ? 'private' : null;
}

export function filePrecisionOf(record: Pick<RawRecord, 'precision'>): Precision | null {
  const precision = PrecisionSchema.safeParse(record.precision?.trim().toLowerCase());
  return precision.success ? precision.data : null;
}

/** Lower case, accents gone: "Stovėjimo aikštelė" and "stovejimo aikstele" are the same words. */
export const foldName = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** Words that name a place to leave the car, in English, Lithuanian and the languages of nearby foragers. */
const CAR_PARK_WORDS =
  /(^|[^\p{L}])(parking|parkplatz|parkovka|car ?park|car|auto|automobil\p{L}*|stovejim\p{L}*|aikstel\p{L}*|parkavim\p{L}*)(?=[^\p{L}]|$)/u;

export const looksLikeCarPark = (text: string) => CAR_PARK_WORDS.test(foldName(text));

const TYPE_NAMES: Record<SpotType, string> = { mushroom_spot: 'Mushroom spot', car_park: 'Car park' };

/** What the file says the record is, if Foray understands it; else guessed from the name. */
export function typeOf(hint: string | null, name: string): { type: SpotType; guessed: boolean } {
  if (hint !== null) {
    const folded = foldName(hint).replace(/[\s-]+/g, '_');
    if (folded === 'mushroom_spot' || folded === 'car_park') return { type: folded, guessed: false };
    if (looksLikeCarPark(hint)) return { type: 'car_park', guessed: false };
  }
  return { type: looksLikeCarPark(name) ? 'car_park' : 'mushroom_spot', guessed: true };
}

/** A number as files write them: 54.6872, "54.6872", or "54,6872" from a spreadsheet with a decimal comma. */
export function numberOf(value: number | string | null): number | null {
  if (value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim().replace(/^(-?\d+),(\d+)$/, '$1.$2');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return null;
  return Number(text);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date_found (YYYY-MM-DD) from what a file writes: an ISO date or time (its own calendar day, as written),
 * 2026/09/14, 14.09.2026, or a Unix time in seconds or milliseconds. Null when it is none of them.
 */
export function dateOf(value: string | number): string | null {
  if (typeof value === 'number') {
    const ms = Math.abs(value) > 1e11 ? value : value * 1000;
    const date = new Date(ms);
    return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
  }
  const text = value.trim();
  let match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T\s])/.exec(text);
  if (match) return `${match[1]}-${match[2]}-${match[3]}`;
  match = /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?:$|\s)/.exec(text);
  if (match) return `${match[1]}-${pad(Number(match[2]))}-${pad(Number(match[3]))}`;
  match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:$|\s)/.exec(text);
  if (match) return `${match[3]}-${pad(Number(match[2]))}-${pad(Number(match[1]))}`;
  if (/^\d{9,13}$/.test(text)) return dateOf(Number(text));
  return null;
}

const FIELD_CODES: Record<string, string> = {
  latitude: 'IMPORT_INVALID_POSITION',
  longitude: 'IMPORT_INVALID_POSITION',
  date_found: 'IMPORT_INVALID_DATE',
  accuracy_m: 'IMPORT_INVALID_ACCURACY',
  mushroom_types: 'IMPORT_INVALID_TEXT',
  finder: 'IMPORT_INVALID_TEXT',
  notes: 'IMPORT_INVALID_TEXT',
};

export type MapContext = { defaultFinder: string; today: string };

/**
 * Who found the spot: the file's finder; where another app's file names none, the importer. Foray's own export
 * writes every spot's finder, an empty one too (a car park has none): it comes back as it was, not as the importer.
 */
function finderOf(record: RawRecord, context: MapContext): string {
  const written = record.finder?.value.trim() ?? '';
  return written || (record.fromForay ? '' : context.defaultFinder);
}

export function mapRecord(record: RawRecord, index: number, context: MapContext): MappedSpot | ImportProblem {
  const problem = (code: string, message: string): ImportProblem => ({ where: record.where, code, message });
  const latitude = numberOf(record.latitude);
  const longitude = numberOf(record.longitude);
  if (latitude === null || longitude === null)
    return problem('IMPORT_INVALID_POSITION', 'No latitude and longitude that Foray can read.');
  let date = context.today;
  if (record.date) {
    const parsed = dateOf(record.date.value);
    if (parsed === null)
      return problem(
        'IMPORT_INVALID_DATE',
        `"${String(record.date.value).slice(0, 40)}" is not a date Foray can read.`,
      );
    date = parsed;
  }
  const rawName = record.name?.value.trim() ?? '';
  const { type, guessed } = typeOf(record.type?.value ?? null, rawName);
  // Foray's GPX and KML write a spot without mushroom types under its type's name: that name is no mushroom.
  const name =
    record.fromForay && !guessed && record.name?.from === 'name' && rawName === TYPE_NAMES[type] ? '' : rawName;
  const accuracy = record.accuracy === null ? null : numberOf(record.accuracy);
  if (record.accuracy !== null && record.accuracy !== '' && accuracy === null)
    return problem('IMPORT_INVALID_ACCURACY', 'The accuracy is not a number.');
  const text = Object.fromEntries(
    TEXT_FIELD_NAMES.map((field) => [field, record.text[field]?.trim() || null]),
  ) as TextFields;
  const candidate = {
    ...text,
    type,
    mushroom_types: name,
    finder: finderOf(record, context),
    date_found: date,
    notes: record.notes?.value.trim() || null,
    latitude,
    longitude,
    accuracy_m: accuracy,
    is_public: false,
  };
  const parsed = CreateSpotSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? '');
    return problem(FIELD_CODES[field] ?? 'IMPORT_INVALID', `${field || 'record'}: ${issue?.message ?? 'invalid'}`);
  }
  if (importLacksName(candidate)) {
    return problem('IMPORT_MISSING_NAME', 'A mushroom spot needs a name (its mushroom types); this record has none.');
  }
  const visits: MappedSpot['visits'] = [];
  for (const [at, visit] of record.visits.entries()) {
    // The id is made at the confirm; here only the rest is checked, by the app's own rule for a visit.
    const checked = CreateVisitSchema.safeParse({
      id: '00000000-0000-4000-8000-000000000000',
      date: visit.date,
      outcome: visit.outcome,
      amount: visit.amount,
      note: visit.note,
    });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      return problem(
        'IMPORT_INVALID_VISIT',
        `Visit ${at + 1}: ${String(issue?.path[0] ?? 'visit')}: ${issue?.message ?? 'invalid'}`,
      );
    }
    const { id: _id, ...fields } = checked.data;
    visits.push(fields);
  }
  return {
    where: record.where,
    record: index,
    latitude,
    longitude,
    type,
    type_guessed: guessed,
    mushroom_types: candidate.mushroom_types,
    finder: candidate.finder,
    date_found: candidate.date_found,
    notes: candidate.notes,
    accuracy_m: accuracy,
    text,
    visits,
    file_audience: fileAudienceOf(record),
    file_precision: filePrecisionOf(record),
  };
}

/** Which field of the file fed each of Foray's, as most records had it. */
export function mappingOf(records: RawRecord[]): ImportMapping {
  const most = (pick: (record: RawRecord) => string | undefined) => {
    const counts = new Map<string, number>();
    for (const record of records) {
      const from = pick(record);
      if (from) counts.set(from, (counts.get(from) ?? 0) + 1);
    }
    let best: string | null = null;
    for (const [from, count] of counts) if (best === null || count > counts.get(best)!) best = from;
    return best;
  };
  return {
    mushroom_types: most((record) => record.name?.from),
    notes: most((record) => record.notes?.from),
    date_found: most((record) => record.date?.from),
    type: most((record) => record.type?.from),
    finder: most((record) => record.finder?.from),
  };
}

/** Metres between two positions (haversine on a sphere of the Earth's mean radius). */
export const metresBetween = distanceMetres;

type Place = { latitude: number; longitude: number; mushroom_types: string };

/**
 * For each spot, the first of `others` with the same name (folded) within `metres`, by the index in `others`;
 * -1 when none. Spots are grouped by name and sorted by latitude, so a file of 20,000 spots compares each only
 * with the few of the same name in a narrow band.
 */
export function nearestSameName(spots: Place[], others: Place[], metres: number, { before = false } = {}): number[] {
  const groups = new Map<string, Array<{ at: number; latitude: number; place: Place }>>();
  others.forEach((place, at) => {
    const key = foldName(place.mushroom_types);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push({ at, latitude: place.latitude, place });
  });
  for (const group of groups.values()) group.sort((a, b) => a.latitude - b.latitude || a.at - b.at);
  const band = metres / 111_000;
  return spots.map((spot, self) => {
    const group = groups.get(foldName(spot.mushroom_types));
    if (!group) return -1;
    let low = 0;
    let high = group.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (group[mid]!.latitude < spot.latitude - band) low = mid + 1;
      else high = mid;
    }
    let found = -1;
    for (let i = low; i < group.length && group[i]!.latitude <= spot.latitude + band; i++) {
      const other = group[i]!;
      // Within one file, a spot repeats only an earlier one.
      if (before && other.at >= self) continue;
      if ((found === -1 || other.at < found) && metresBetween(spot, other.place) <= metres) found = other.at;
    }
    return found;
  });
}
