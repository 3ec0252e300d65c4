// GPX 1.0 / 1.1 (https://www.topografix.com/GPX/1/1/): every <wpt> is a spot; tracks and routes are not spots,
// so they are counted and left out. Foray's own fields come from <extensions> in the namespace urn:foray:spot:1.
import { TEXT_FIELD_NAMES } from '../../../../common/spot-fields.ts';
import { FORAY_GPX_NAMESPACE } from '../../../../common/export-formats.ts';
import { all, child, parseSafeXml } from './safe-xml.ts';
import { emptyRecord, textOf, unreadable, type ReadResult, type RawRecord, type RawVisit } from './records.ts';

export function readGpx(text: string): ReadResult {
  // Tracks and routes can hold most of a file's bytes; left unparsed, they cost almost nothing.
  const root = parseSafeXml(text, {
    stopNodes: ['gpx.trk', 'gpx.rte'],
    isArray: (name) => ['wpt', 'trk', 'rte', 'link'].includes(name),
  });
  const gpx = root.gpx as Record<string, unknown> | undefined;
  if (!gpx || typeof gpx !== 'object')
    throw unreadable('IMPORT_UNREADABLE', 'The file is not GPX: it has no <gpx> element.');
  // The prefix the file binds to Foray's namespace (Foray writes "foray", another tool might rename it).
  let prefix: string | null = null;
  for (const [key, value] of Object.entries(gpx)) {
    if (key.startsWith('@xmlns:') && value === FORAY_GPX_NAMESPACE) prefix = key.slice('@xmlns:'.length);
  }
  const records: RawRecord[] = all(gpx.wpt).map((point, i) => {
    const record = emptyRecord({ kind: 'waypoint', number: i + 1 });
    record.latitude = textOf(child(point, '@lat'));
    record.longitude = textOf(child(point, '@lon'));
    const extensions = child(point, 'extensions');
    const foray = (name: string) => (prefix ? child(extensions, `${prefix}:${name}`) : undefined);
    const forayTypes = foray('mushroom_types');
    const name = textOf(child(point, 'name'));
    if (forayTypes !== undefined) record.name = { value: textOf(forayTypes) ?? '', from: `${prefix}:mushroom_types` };
    else if (name !== null) record.name = { value: name, from: 'name' };
    for (const field of TEXT_FIELD_NAMES) {
      const value = textOf(foray(field));
      if (value !== null) record.text[field] = value;
    }
    const desc = textOf(child(point, 'desc'));
    const cmt = textOf(child(point, 'cmt'));
    if (desc !== null) record.notes = { value: desc, from: 'desc' };
    else if (cmt !== null) record.notes = { value: cmt, from: 'cmt' };
    const time = textOf(child(point, 'time'));
    if (time !== null) record.date = { value: time, from: 'time' };
    const type = textOf(child(point, 'type'));
    const sym = textOf(child(point, 'sym'));
    if (type !== null) record.type = { value: type, from: 'type' };
    else if (sym !== null) record.type = { value: sym, from: 'sym' };
    const finder = textOf(foray('finder'));
    if (finder !== null) record.finder = { value: finder, from: `${prefix}:finder` };
    record.accuracy = textOf(foray('accuracy_m'));
    record.audience = textOf(foray('audience'));
    record.isPublic = textOf(foray('public'));
    record.precision = textOf(foray('precision'));
    record.photos = all(child(point, 'link'))
      .map((link) => textOf(child(link, '@href')))
      .filter((href): href is string => href !== null);
    record.fromForay = prefix !== null && extensions !== undefined && foray('finder') !== undefined;
    // Foray's export writes each visit as <foray:visit date outcome amount> with <foray:note> and <foray:photo>s.
    if (record.fromForay) {
      record.visits = all(foray('visit')).map((visit): RawVisit => {
        return {
          date: textOf(child(visit, '@date')),
          outcome: textOf(child(visit, '@outcome')),
          amount: textOf(child(visit, '@amount')),
          note: textOf(child(visit, `${prefix}:note`)),
          photos: all(child(visit, `${prefix}:photo`))
            .map((photo) => textOf(photo))
            .filter((link): link is string => link !== null),
        };
      });
    }
    return record;
  });
  return { records, skippedGeometries: all(gpx.trk).length + all(gpx.rte).length, problems: [] };
}
