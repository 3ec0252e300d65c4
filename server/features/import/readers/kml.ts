// KML 2.2 (OGC 07-147r2): every Placemark with a Point is a spot, in whatever Document or Folder it sits; lines,
// polygons, tracks and multi-geometries are counted and left out. Fields come from name, description,
// TimeStamp/when (or TimeSpan/begin), styleUrl and ExtendedData (Data or SchemaData), Foray's own by their names.
import { TEXT_FIELD_NAMES } from '../../../../common/spot-fields.ts';
import { XMLParser } from 'fast-xml-parser';
import { all, child, parseSafeXml } from './safe-xml.ts';
import { emptyRecord, splitLinks, textOf, unreadable, type ReadResult } from './records.ts';

const OTHER_GEOMETRIES = [
  'LineString',
  'LinearRing',
  'Polygon',
  'MultiGeometry',
  'Model',
  'gx:Track',
  'gx:MultiTrack',
  'Track',
  'MultiTrack',
];
const CONTAINERS = ['Document', 'Folder'];

export function readKml(text: string): ReadResult {
  const root = parseSafeXml(text, {
    captureMetaData: true,
    isArray: (name) => ['Placemark', 'Folder', 'Document', 'Data', 'SimpleData', 'SchemaData'].includes(name),
  });
  const kml = root.kml;
  if (kml === undefined) throw unreadable('IMPORT_UNREADABLE', 'The file is not KML: it has no <kml> element.');
  const placemarks: unknown[] = [];
  // Depth-first, containers in the order the parser kept them. Nesting is bounded by the parser (XML_DEPTH_MAX).
  const collect = (node: unknown) => {
    for (const placemark of all(child(node, 'Placemark'))) placemarks.push(placemark);
    for (const name of CONTAINERS) for (const inner of all(child(node, name))) collect(inner);
  };
  collect(kml);
  // Numbered in the order the file has them, as the forager's other app lists them, whatever folders hold them.
  const META = XMLParser.getMetaDataSymbol() as unknown as symbol;
  const startOf = (node: unknown) =>
    node !== null && typeof node === 'object'
      ? ((node as Record<symbol, { startIndex?: number }>)[META]?.startIndex ?? Infinity)
      : Infinity;
  placemarks.sort((a, b) => startOf(a) - startOf(b));
  const result: ReadResult = { records: [], skippedGeometries: 0, problems: [] };
  placemarks.forEach((placemark, i) => {
    const where = { kind: 'placemark' as const, number: i + 1 };
    const point = child(placemark, 'Point');
    if (point === undefined) {
      if (OTHER_GEOMETRIES.some((name) => child(placemark, name) !== undefined)) result.skippedGeometries += 1;
      else result.problems.push({ where, code: 'IMPORT_NO_POSITION', message: 'This placemark has no point.' });
      return;
    }
    const record = emptyRecord(where);
    const coordinates = (textOf(child(point, 'coordinates')) ?? '').split(/[\s,]+/).filter(Boolean);
    record.longitude = coordinates[0] ?? null;
    record.latitude = coordinates[1] ?? null;
    const data = new Map<string, string | null>();
    const extended = child(placemark, 'ExtendedData');
    for (const item of all(child(extended, 'Data'))) {
      const name = textOf(child(item, '@name'));
      if (name) data.set(name, textOf(child(item, 'value')));
    }
    for (const schemaData of all(child(extended, 'SchemaData'))) {
      for (const item of all(child(schemaData, 'SimpleData'))) {
        const name = textOf(child(item, '@name'));
        if (name && !data.has(name)) data.set(name, textOf(item));
      }
    }
    const name = textOf(child(placemark, 'name'));
    if (data.has('mushroom_types'))
      record.name = { value: data.get('mushroom_types') ?? '', from: 'ExtendedData mushroom_types' };
    else if (name !== null) record.name = { value: name, from: 'name' };
    for (const field of TEXT_FIELD_NAMES) {
      const value = data.get(field);
      if (value) record.text[field] = value;
    }
    const description = textOf(child(placemark, 'description'));
    if (description !== null) record.notes = { value: description, from: 'description' };
    const dateFound = data.get('date_found');
    const when = textOf(child(child(placemark, 'TimeStamp'), 'when'));
    const begin = textOf(child(child(placemark, 'TimeSpan'), 'begin'));
    if (dateFound) record.date = { value: dateFound, from: 'ExtendedData date_found' };
    else if (when !== null) record.date = { value: when, from: 'TimeStamp' };
    else if (begin !== null) record.date = { value: begin, from: 'TimeSpan' };
    const type = data.get('type');
    const style = textOf(child(placemark, 'styleUrl'));
    if (type) record.type = { value: type, from: 'ExtendedData type' };
    else if (style !== null) record.type = { value: style.replace(/^#/, ''), from: 'styleUrl' };
    const finder = data.get('finder');
    if (finder) record.finder = { value: finder, from: 'ExtendedData finder' };
    record.accuracy = data.get('accuracy_m') ?? null;
    record.audience = data.get('audience') ?? null;
    record.isPublic = data.get('is_public') ?? null;
    record.precision = data.get('precision') ?? null;
    record.photos = splitLinks(data.get('photos'));
    // Foray's export always writes these two; empty fields it leaves out.
    record.fromForay = data.has('type') && data.has('is_public');
    result.records.push(record);
  });
  return result;
}
