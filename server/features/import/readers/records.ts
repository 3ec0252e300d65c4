// What every reader turns a file into: the records it holds, in the file's own terms, before Foray's rules apply.
import type { ImportWhere } from '../../../../common/schemas/import.ts';
import { AppError } from '../../../errors.ts';

/** A visit to the spot, as Foray's GPX and GeoJSON write it (the spot's history); checked later. */
export type RawVisit = {
  date: string | null;
  outcome: string | null;
  amount: string | null;
  note: string | null;
  photos: string[];
};

/** A value from the file and the name of the field it came from (shown as the preview's mapping). */
export type Sourced<T> = { value: T; from: string };

export type RawRecord = {
  where: ImportWhere;
  /** As the file wrote them: numbers or text; checked later. Null when the record had no position at all. */
  latitude: number | string | null;
  longitude: number | string | null;
  /** Foray's mushroom types: a waypoint's name, a placemark's name, a Foray field… */
  name: Sourced<string> | null;
  notes: Sourced<string> | null;
  /** A date or a time, as written. */
  date: Sourced<string | number> | null;
  /** What the file says the record is (mushroom_spot, car_park, a symbol, a style…). */
  type: Sourced<string> | null;
  finder: Sourced<string> | null;
  accuracy: number | string | null;
  /** Photo links as written: paths inside a zip, or web addresses (never fetched). */
  photos: string[];
  /** The record came with Foray's own fields: its name was written from the type when mushroom types were empty. */
  fromForay: boolean;
  /** Visits Foray's own export carried with the spot, oldest first; none from other apps. */
  visits: RawVisit[];
  /** Who the file says sees the spot, as written: Foray's `audience` and `is_public` (before circles); checked later. */
  audience: string | null;
  isPublic: string | null;
  /** How exactly Foray's export says others see it (`exact`, `1km`, `10km`), as written. */
  precision: string | null;
  /** The list's plain text fields (common/spot-fields.ts) that Foray's own export wrote, by name. */
  text: Record<string, string>;
};

export type ReadResult = {
  records: RawRecord[];
  /** Tracks, routes, lines, polygons and other records that are not points. */
  skippedGeometries: number;
  /** Records the reader could not make sense of at all (no position…). */
  problems: Array<{ where: ImportWhere; code: string; message: string }>;
};

export const emptyRecord = (where: ImportWhere): RawRecord => ({
  where,
  latitude: null,
  longitude: null,
  name: null,
  notes: null,
  date: null,
  type: null,
  finder: null,
  accuracy: null,
  photos: [],
  fromForay: false,
  visits: [],
  audience: null,
  isPublic: null,
  precision: null,
  text: {},
});

/** A file Foray cannot read at all: a 400 with a code the app can explain. */
export const unreadable = (code: string, message: string) => new AppError(400, code, message);

/** Links separated by spaces (KML Data, CSV column), as Foray's export writes them. */
export const splitLinks = (text: string | null | undefined): string[] => (text ?? '').split(/\s+/).filter(Boolean);

/** Text or null for blank. */
export const textOf = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') {
    // An XML element that had attributes and text: the text is under '#text'.
    const inner = (value as Record<string, unknown>)['#text'];
    return inner === undefined ? null : textOf(inner);
  }
  const text = String(value).trim();
  return text === '' ? null : text;
};
