// The four files a forager can take their spots away in (issue #11). Each writer turns one spot at a time into
// text, so an export of any size streams: the route hands them a page of spots at a time.
//   GPX 1.1   — waypoints (OsmAnd, Organic Maps, Gaia GPS, Garmin); Foray's own fields in an extension.
//   KML 2.2   — placemarks with a style for each type and every field as ExtendedData (Google Earth, uMap).
//   GeoJSON   — RFC 7946: a FeatureCollection of Points [longitude, latitude], every field as a property.
//   CSV       — RFC 4180: UTF-8, a header row, CRLF, decimal degrees.
import type { Spot, Photo } from '../../../common/schemas/spots.ts';
import type { Visit } from '../../../common/schemas/visits.ts';
import { CSV_COLUMNS, type CsvColumn, type ExportFormat } from '../../../common/schemas/export.ts';
import { SPOT_FIELD_LIST, fieldsWhere, type SpotFieldName } from '../../../common/spot-fields.ts';
import { FORAY_GPX_NAMESPACE } from '../../../common/export-formats.ts';

export type ExportContext = {
  /**
   * How a record names its photo: an absolute link to the server (PUBLIC_URL) in a lone file, or a path inside
   * the zip (`photos/<key>.webp`) when the photos travel with it.
   */
  photoLink: (photo: Photo) => string;
  /** When the export was made, ISO 8601. */
  exportedAt: string;
};

export type ExportWriter = {
  contentType: string;
  extension: string;
  start(context: ExportContext): string;
  /**
   * One spot and its visits, oldest first. GPX and GeoJSON carry each visit whole (date, outcome, amount, note,
   * photos), so Foray's import brings them back; KML and CSV give the count and the last one, as a table shows.
   * `index` counts from 0: a writer that separates items (GeoJSON) needs to know the first.
   */
  item(spot: Spot, visits: Visit[], index: number, context: ExportContext): string;
  end(): string;
};

const TYPE_NAMES: Record<Spot['type'], string> = { mushroom_spot: 'Mushroom spot', car_park: 'Car park' };

/** A spot's name in other apps: its mushroom types (a car park's label), or the type when that is empty. */
export const spotName = (spot: Spot) => spot.mushroom_types.trim() || TYPE_NAMES[spot.type];

/** Text as XML character data or an attribute value; characters XML 1.0 cannot carry are dropped. */
export function xmlText(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- exactly the control characters XML 1.0 forbids
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // A parser turns a bare CR (or CRLF) into LF; as a reference it comes back as written.
      .replace(/\r/g, '&#13;')
  );
}

/** The list's plain text fields (common/spot-fields.ts): GPX and KML write them among Foray's own, by name. */
const TEXT_FIELDS = fieldsWhere('export', 'text').map((field) => field.name);
const textField = (spot: Spot, name: SpotFieldName) => spot[name] as string | null;

const photoLinks = (spot: Spot, context: ExportContext) => spot.photos.map(context.photoLink);

/** A date_found (YYYY-MM-DD) as an instant: midnight UTC of that day. */
const dayAsTime = (date: string) => `${date}T00:00:00Z`;

const element = (name: string, value: string | null | undefined) =>
  value ? `<${name}>${xmlText(value)}</${name}>` : '';

/** A visit in a waypoint's Foray extension: `<foray:visit date outcome amount>` with its note and photo paths. */
const gpxVisit = (visit: Visit, context: ExportContext) =>
  `<foray:visit date="${visit.date}" outcome="${visit.outcome}"${visit.amount ? ` amount="${visit.amount}"` : ''}>` +
  (visit.note ? `<foray:note>${xmlText(visit.note)}</foray:note>` : '') +
  visit.photos.map((photo) => `<foray:photo>${xmlText(context.photoLink(photo))}</foray:photo>`).join('') +
  '</foray:visit>';

export const gpxWriter: ExportWriter = {
  contentType: 'application/gpx+xml; charset=utf-8',
  extension: 'gpx',
  start: (context) =>
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<gpx version="1.1" creator="Foray" xmlns="http://www.topografix.com/GPX/1/1" xmlns:foray="${FORAY_GPX_NAMESPACE}" ` +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    'xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">\n' +
    `<metadata><name>Foray spots</name><time>${xmlText(context.exportedAt)}</time></metadata>\n`,
  item: (spot, visits, _index, context) => {
    // The schema fixes the order: time, name, desc, link*, type, extensions.
    const links = photoLinks(spot, context)
      .map((url, i) => `<link href="${xmlText(url)}"><text>Photo ${i + 1}</text><type>image/webp</type></link>`)
      .join('');
    const foray =
      `<foray:id>${spot.id}</foray:id><foray:mushroom_types>${xmlText(spot.mushroom_types)}</foray:mushroom_types>` +
      `<foray:finder>${xmlText(spot.finder)}</foray:finder>` +
      `<foray:public>${spot.is_public}</foray:public>` +
      `<foray:audience>${spot.audience}</foray:audience>` +
      spot.circle_ids.map((id) => `<foray:circle>${id}</foray:circle>`).join('') +
      `<foray:precision>${spot.precision}</foray:precision>` +
      (spot.accuracy_m === null ? '' : `<foray:accuracy_m>${spot.accuracy_m}</foray:accuracy_m>`) +
      TEXT_FIELDS.map((name) => element(`foray:${name}`, textField(spot, name))).join('') +
      `<foray:visits>${spot.visits.count}</foray:visits>` +
      visits.map((visit) => gpxVisit(visit, context)).join('');
    return (
      `<wpt lat="${spot.latitude}" lon="${spot.longitude}">` +
      `<time>${dayAsTime(spot.date_found)}</time>` +
      element('name', spotName(spot)) +
      element('desc', spot.notes) +
      links +
      `<type>${spot.type}</type>` +
      `<extensions>${foray}</extensions>` +
      '</wpt>\n'
    );
  },
  end: () => '</gpx>\n',
};

const data = (name: string, value: string | number | boolean | null) =>
  value === null || value === '' ? '' : `<Data name="${name}"><value>${xmlText(String(value))}</value></Data>`;

export const kmlWriter: ExportWriter = {
  contentType: 'application/vnd.google-earth.kml+xml; charset=utf-8',
  extension: 'kml',
  start: () =>
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<kml xmlns="http://www.opengis.net/kml/2.2">\n<Document>\n<name>Foray spots</name>\n' +
    // KML colours are aabbggrr: Foray's green for mushroom spots, blue for car parks.
    '<Style id="mushroom_spot"><IconStyle><color>ff3d7a15</color></IconStyle><LabelStyle><scale>0.8</scale></LabelStyle></Style>\n' +
    '<Style id="car_park"><IconStyle><color>ffeb6325</color></IconStyle><LabelStyle><scale>0.8</scale></LabelStyle></Style>\n',
  item: (spot, _visits, _index, context) =>
    // The schema fixes the order: name, description, TimeStamp, styleUrl, ExtendedData, then the geometry.
    `<Placemark id="spot-${spot.id}">` +
    element('name', spotName(spot)) +
    element('description', spot.notes) +
    `<TimeStamp><when>${spot.date_found}</when></TimeStamp>` +
    `<styleUrl>#${spot.type}</styleUrl>` +
    '<ExtendedData>' +
    data('type', spot.type) +
    data('mushroom_types', spot.mushroom_types) +
    data('finder', spot.finder) +
    data('date_found', spot.date_found) +
    data('accuracy_m', spot.accuracy_m) +
    data('is_public', spot.is_public) +
    data('audience', spot.audience) +
    data('circle_ids', spot.circle_ids.join(' ')) +
    data('precision', spot.precision) +
    TEXT_FIELDS.map((name) => data(name, textField(spot, name))).join('') +
    data('photos', photoLinks(spot, context).join(' ')) +
    data('visits', spot.visits.count) +
    '</ExtendedData>' +
    `<Point><coordinates>${spot.longitude},${spot.latitude}</coordinates></Point>` +
    '</Placemark>\n',
  end: () => '</Document>\n</kml>\n',
};

export const geojsonWriter: ExportWriter = {
  contentType: 'application/geo+json; charset=utf-8',
  extension: 'geojson',
  start: () => '{"type":"FeatureCollection","features":[\n',
  item: (spot, visits, index, context) => {
    // The cover's server paths (photo_url, thumbnail_url) would mean nothing elsewhere: `photos` names them all.
    // `visits` is the whole history rather than the app's summary (its count and last one follow from it).
    const {
      latitude,
      longitude,
      photos,
      photo_url: _cover,
      thumbnail_url: _thumbnail,
      visits: _summary,
      ...fields
    } = spot;
    const feature = {
      type: 'Feature',
      id: spot.id,
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
      properties: {
        ...fields,
        name: spotName(spot),
        photos: photos.map(context.photoLink),
        visits: visits.map((visit) => ({
          date: visit.date,
          outcome: visit.outcome,
          amount: visit.amount,
          note: visit.note,
          photos: visit.photos.map(context.photoLink),
        })),
      },
    };
    return `${index === 0 ? '' : ',\n'}${JSON.stringify(feature)}`;
  },
  end: () => '\n]}\n',
};

/**
 * A text a spreadsheet would run as a formula: starting with one of OWASP's characters (= + - @, a tab or a carriage
 * return), after any apostrophes. Those apostrophes count: the import takes one off before such a character
 * (readers/csv.ts), so a forager's own "'=" must be written "''=" to come back as written.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma or line break. A text that a spreadsheet would run
 * as a formula gets a leading apostrophe, which the spreadsheet shows as text. Only text: a number (a longitude of
 * -3.7) is written as it is, so a spreadsheet reads it as the number it is.
 */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvWriter: ExportWriter = {
  contentType: 'text/csv; charset=utf-8; header=present',
  extension: 'csv',
  start: () => `${CSV_COLUMNS.join(',')}\r\n`,
  item: (spot, _visits, _index, context) => {
    const fields = Object.fromEntries(
      SPOT_FIELD_LIST.map(({ name }) => {
        const value = spot[name];
        return [name, Array.isArray(value) ? value.join(' ') : value];
      }),
    ) as Record<SpotFieldName, string | number | boolean | null>;
    const values: Record<CsvColumn, string | number | boolean | null> = {
      id: spot.id,
      ...fields,
      owner_name: spot.owner_name,
      photo_urls: photoLinks(spot, context).join(' '),
      visits: spot.visits.count,
      last_visit: spot.visits.last ? `${spot.visits.last.date} ${spot.visits.last.outcome}` : null,
      created_at: spot.created_at,
      updated_at: spot.updated_at,
    };
    return `${CSV_COLUMNS.map((column) => csvField(values[column])).join(',')}\r\n`;
  },
  end: () => '',
};

export const EXPORT_WRITERS: Record<ExportFormat, ExportWriter> = {
  gpx: gpxWriter,
  kml: kmlWriter,
  geojson: geojsonWriter,
  csv: csvWriter,
};
