// CSV (RFC 4180 and what spreadsheets write): a header row names the columns, matched without regard to case;
// the separator is a comma, a semicolon (Lithuanian and other European spreadsheets) or a tab, whichever the
// header uses most; a UTF-8 byte-order mark is dropped. Foray's own columns (CSV_COLUMNS) are read by name.
import { parse } from 'csv-parse/sync';
import { emptyRecord, splitLinks, textOf, unreadable, type ReadResult, type RawRecord } from './records.ts';

/** Header names for each field, most specific first. */
const COLUMNS = {
  name: ['mushroom_types', 'name', 'title', 'species', 'mushrooms'],
  latitude: ['latitude', 'lat', 'y'],
  longitude: ['longitude', 'lng', 'lon', 'long', 'x'],
  notes: ['notes', 'description', 'desc', 'comment', 'comments'],
  date: ['date_found', 'date', 'time', 'datetime', 'timestamp'],
  type: ['type', 'category'],
  finder: ['finder', 'found_by'],
  accuracy: ['accuracy_m', 'accuracy'],
  photos: ['photo_urls', 'photos', 'photo'],
} as const;

/** The separator the header line uses most, counting outside quotes. */
export function detectSeparator(text: string): string {
  const counts = new Map<string, number>([[',', 0], [';', 0], ['\t', 0]]);
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

/** Foray's export defuses spreadsheet formulas with a leading apostrophe (csvField): taken off again here. */
const undefuse = (value: string | null) => (value !== null && /^'[=+@\t\r]/.test(value) ? value.slice(1) : value);

export function readCsv(input: string): ReadResult {
  const text = input.replace(/^\uFEFF/, '');
  let rows: Array<{ record: string[]; info: { lines: number; empty_lines: number } }>;
  try {
    rows = parse(text, { delimiter: detectSeparator(text), info: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as unknown as typeof rows;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw unreadable('IMPORT_UNREADABLE', `The CSV could not be read${line ? ` (line ${line})` : ''}: ${(error as Error).message.split(':')[0]}.`);
  }
  const [header, ...body] = rows;
  if (!header) throw unreadable('IMPORT_NO_SPOTS', 'The file is empty.');
  const names = header.record.map((name) => name.trim().toLowerCase());
  const column = (field: keyof typeof COLUMNS) => {
    for (const candidate of COLUMNS[field]) {
      const at = names.indexOf(candidate);
      if (at >= 0) return { at, from: header.record[at]!.trim() };
    }
    return null;
  };
  const latitude = column('latitude');
  const longitude = column('longitude');
  if (!latitude || !longitude) {
    throw unreadable('IMPORT_NO_COORDINATES', 'The CSV needs a latitude and a longitude column (for example "latitude" and "longitude", or "lat" and "lon").');
  }
  const fields = { name: column('name'), notes: column('notes'), date: column('date'), type: column('type'), finder: column('finder'), accuracy: column('accuracy'), photos: column('photos') };
  const isForay = fields.name?.from.toLowerCase() === 'mushroom_types' && fields.finder !== null;
  let previous = header.info;
  const records: RawRecord[] = body.map(({ record: values, info }) => {
    // Where the row starts: after the previous one and any blank lines between (a quoted field may span lines).
    const line = previous.lines + 1 + (info.empty_lines - previous.empty_lines);
    previous = info;
    const record = emptyRecord({ kind: 'line', number: line });
    const value = (found: { at: number } | null) => (found ? undefuse(textOf(values[found.at])) : null);
    record.latitude = value(latitude);
    record.longitude = value(longitude);
    const sourced = (found: { at: number; from: string } | null) => {
      const text = value(found);
      return found && text !== null ? { value: text, from: found.from } : null;
    };
    record.name = fields.name && isForay ? { value: value(fields.name) ?? '', from: fields.name.from } : sourced(fields.name);
    record.notes = sourced(fields.notes);
    record.date = sourced(fields.date);
    record.type = sourced(fields.type);
    record.finder = sourced(fields.finder);
    record.accuracy = value(fields.accuracy);
    record.photos = splitLinks(value(fields.photos));
    record.fromForay = isForay;
    return record;
  });
  return { records, skippedGeometries: 0, problems: [] };
}
