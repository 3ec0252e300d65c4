// CSV (RFC 4180 and what spreadsheets write): a header row names the columns, matched without regard to case;
// the separator is a comma, a semicolon (Lithuanian and other European spreadsheets) or a tab, whichever the
// header uses most; a UTF-8 byte-order mark is dropped. Foray's own columns (CSV_COLUMNS) are read by name.
import { TEXT_FIELD_NAMES } from '../../../../common/spot-fields.ts';
import { parse } from 'csv-parse/sync';
import { foldName } from '../import-mapping.ts';
import { emptyRecord, splitLinks, textOf, unreadable, type ReadResult, type RawRecord } from './records.ts';

/** Header names for each field, most specific first. */
const COLUMNS = {
  name: ['mushroom_types', 'name', 'title', 'species', 'mushrooms', 'pavadinimas', 'grybai'],
  latitude: ['latitude', 'lat', 'y', 'platuma'],
  longitude: ['longitude', 'lng', 'lon', 'long', 'x', 'ilguma'],
  notes: ['notes', 'description', 'desc', 'comment', 'comments', 'aprasymas', 'pastabos'],
  date: ['date_found', 'date', 'time', 'datetime', 'timestamp', 'data'],
  type: ['type', 'category', 'tipas'],
  finder: ['finder', 'found_by', 'radejas'],
  accuracy: ['accuracy_m', 'accuracy', 'tikslumas'],
  photos: ['photo_urls', 'photos', 'photo'],
  audience: ['audience'],
  isPublic: ['is_public'],
  precision: ['precision'],
} as const;

/** The separator the header line uses most, counting outside quotes. */
export function detectSeparator(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && counts.has(character)) counts.set(character, counts.get(character)! + 1);
  }
  let best = ',';
  for (const [separator, count] of counts) if (count > counts.get(best)!) best = separator;
  return best;
}

/**
 * The line each non-empty record starts on, from 1: a quoted field may span lines, and blank lines are skipped
 * as the parser skips them. CRLF, LF and a lone CR each end a line.
 */
export function recordLines(text: string): number[] {
  const starts: number[] = [];
  let line = 1;
  let quoted = false;
  let atStart = true;
  for (let i = 0; i < text.length; i++) {
    const character = text[i]!;
    const isBreak = character === '\n' || (character === '\r' && text[i + 1] !== '\n');
    if (atStart && character !== '\r' && character !== '\n') {
      starts.push(line);
      atStart = false;
    }
    if (character === '"') quoted = !quoted;
    if (isBreak) {
      line += 1;
      if (!quoted) atStart = true;
    }
  }
  return starts;
}

/**
 * Foray's export defuses spreadsheet formulas with a leading apostrophe (csvField, export-formats.ts): one is taken
 * off again here, before apostrophes and a character a formula starts with (= + - @, a tab or a carriage return).
 * The export adds one to a forager's own apostrophes there too, so what was written comes back.
 */
const undefuse = (value: string | null) => (value !== null && /^''*[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

export function readCsv(input: string): ReadResult {
  const text = input.replace(/^\uFEFF/, '');
  const separator = detectSeparator(text);
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter: separator,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw unreadable(
      'IMPORT_UNREADABLE',
      `The CSV could not be read${line ? ` (line ${line})` : ''}: ${(error as Error).message.split(':')[0]}.`,
    );
  }
  const [header, ...body] = rows;
  if (!header) throw unreadable('IMPORT_NO_SPOTS', 'The file is empty.');
  // Case and accents aside: "Aprašymas" is "aprasymas".
  const names = header.map((name) => foldName(name));
  const column = (field: keyof typeof COLUMNS) => {
    for (const candidate of COLUMNS[field]) {
      const at = names.indexOf(candidate);
      if (at >= 0) return { at, from: header[at]!.trim() };
    }
    return null;
  };
  const latitude = column('latitude');
  const longitude = column('longitude');
  if (!latitude || !longitude) {
    throw unreadable(
      'IMPORT_NO_COORDINATES',
      'The CSV needs a latitude and a longitude column (for example "latitude" and "longitude", or "lat" and "lon").',
    );
  }
  const fields = {
    name: column('name'),
    notes: column('notes'),
    date: column('date'),
    type: column('type'),
    finder: column('finder'),
    accuracy: column('accuracy'),
    photos: column('photos'),
    audience: column('audience'),
    isPublic: column('isPublic'),
    precision: column('precision'),
  };
  const isForay = fields.name?.from.toLowerCase() === 'mushroom_types' && fields.finder !== null;
  // The list's plain text fields (common/spot-fields.ts), in Foray's own CSV by their names.
  const textColumns = TEXT_FIELD_NAMES.flatMap((field) => {
    const at = names.indexOf(foldName(field));
    return at >= 0 ? [[field, at] as const] : [];
  });
  const lines = recordLines(text);
  const records: RawRecord[] = body.map((values, i) => {
    const record = emptyRecord({ kind: 'line', number: lines[i + 1] ?? i + 2 });
    const value = (found: { at: number } | null) => (found ? undefuse(textOf(values[found.at])) : null);
    record.latitude = value(latitude);
    record.longitude = value(longitude);
    const sourced = (found: { at: number; from: string } | null) => {
      const text = value(found);
      return found && text !== null ? { value: text, from: found.from } : null;
    };
    record.name =
      fields.name && isForay ? { value: value(fields.name) ?? '', from: fields.name.from } : sourced(fields.name);
    record.notes = sourced(fields.notes);
    record.date = sourced(fields.date);
    record.type = sourced(fields.type);
    record.finder = sourced(fields.finder);
    record.accuracy = value(fields.accuracy);
    for (const [field, at] of textColumns) {
      const text = value({ at });
      if (text !== null) record.text[field] = text;
    }
    record.photos = splitLinks(value(fields.photos));
    record.audience = value(fields.audience);
    record.isPublic = value(fields.isPublic);
    record.precision = value(fields.precision);
    record.fromForay = isForay;
    return record;
  });
  return { records, skippedGeometries: 0, problems: [] };
}
