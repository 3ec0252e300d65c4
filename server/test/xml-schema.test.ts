import { describe, expect, it } from 'vitest';
import { schemaErrors } from './xml-schema.ts';

// The schema check the export tests rely on must be able to fail: a GPX or KML document that breaks its schema
// in ways other apps notice is reported, with the line and what was expected.

const gpx = (waypoint: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="Foray" xmlns="http://www.topografix.com/GPX/1/1">${waypoint}</gpx>`;
const kml = (placemark: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${placemark}</Document></kml>`;

describe('schema check', () => {
  it('accepts a valid GPX 1.1 waypoint and a valid KML 2.2 placemark', () => {
    expect(
      schemaErrors(
        'gpx',
        gpx('<wpt lat="54.68" lon="25.27"><time>2026-09-14T00:00:00Z</time><name>Voveraitės</name></wpt>'),
      ),
    ).toEqual([]);
    expect(
      schemaErrors(
        'kml',
        kml('<Placemark><name>Voveraitės</name><Point><coordinates>25.27,54.68</coordinates></Point></Placemark>'),
      ),
    ).toEqual([]);
  });

  it('reports what breaks GPX 1.1: elements out of order, a latitude past 90°, a missing version', () => {
    expect(
      schemaErrors(
        'gpx',
        gpx('<wpt lat="54.68" lon="25.27"><name>Baravykai</name><time>2026-09-14T00:00:00Z</time></wpt>'),
      ).join('\n'),
    ).toMatch(/time.*not expected/);
    expect(schemaErrors('gpx', gpx('<wpt lat="95.5" lon="25.27"/>')).join('\n')).toMatch(/maxInclusive/);
    expect(schemaErrors('gpx', '<gpx creator="Foray" xmlns="http://www.topografix.com/GPX/1/1"/>').join('\n')).toMatch(
      /version.*required/,
    );
  });

  it('reports what breaks KML 2.2: an unknown element and a misplaced styleUrl', () => {
    expect(schemaErrors('kml', kml('<Placemark><colour>red</colour></Placemark>')).join('\n')).toMatch(
      /colour.*not expected/,
    );
    expect(
      schemaErrors(
        'kml',
        kml('<Placemark><Point><coordinates>25.27,54.68</coordinates></Point><styleUrl>#x</styleUrl></Placemark>'),
      ).join('\n'),
    ).toMatch(/styleUrl.*not expected/);
  });

  it('reports a document that is not XML at all', () => {
    expect(schemaErrors('gpx', '<gpx><wpt></gpx>')).not.toEqual([]);
  });
});
