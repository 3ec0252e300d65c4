import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { IMPORT_FILE_MAX_BYTES, IMPORT_SPOTS_MAX } from '../../../../common/limits.ts';
import { readImportFile } from '../import-file.ts';
import { XML_DEPTH_MAX } from './safe-xml.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const refusal = (code: string) => expect.objectContaining({ code });

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE gpx [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="1" lon="2"><name>&lol4;</name></wpt></gpx>`;

const XXE = `<?xml version="1.0"?>
<!DOCTYPE kml [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>&secret;</name><Point><coordinates>1,2</coordinates></Point></Placemark></kml>`;

describe('hostile files', () => {
  it('refuses entity expansion (billion laughs) and external entities (XXE) before parsing', () => {
    expect(() => readImportFile(bytes(BILLION_LAUGHS), 'a.gpx')).toThrow(refusal('IMPORT_XML_UNSAFE'));
    expect(() => readImportFile(bytes(XXE), 'a.kml')).toThrow(refusal('IMPORT_XML_UNSAFE'));
    // Inside a KMZ too.
    expect(() => readImportFile(zipSync({ 'doc.kml': bytes(XXE) }), 'a.kmz')).toThrow(refusal('IMPORT_XML_UNSAFE'));
  });

  it(`refuses nesting deeper than ${XML_DEPTH_MAX}`, () => {
    const depth = XML_DEPTH_MAX + 10;
    const deep = `<kml><Document>${'<Folder>'.repeat(depth)}<Placemark><Point><coordinates>1,2</coordinates></Point></Placemark>${'</Folder>'.repeat(depth)}</Document></kml>`;
    expect(() => readImportFile(bytes(deep), 'deep.kml')).toThrow(refusal('IMPORT_XML_TOO_DEEP'));
    const fine = `<kml><Document>${'<Folder>'.repeat(20)}<Placemark><name>A</name><Point><coordinates>1,2</coordinates></Point></Placemark>${'</Folder>'.repeat(20)}</Document></kml>`;
    expect(readImportFile(bytes(fine), 'fine.kml').records).toHaveLength(1);
  });

  it('refuses XML that is not well-formed, and what is no format Foray reads', () => {
    expect(() => readImportFile(bytes('<gpx><wpt lat="1" lon="2"></gpx>'), 'a.gpx')).toThrow(
      refusal('IMPORT_UNREADABLE'),
    );
    expect(() => readImportFile(bytes('<html><body>hi</body></html>'), 'a.gpx')).toThrow(
      expect.objectContaining({ statusCode: 415, code: 'IMPORT_UNSUPPORTED_FORMAT' }),
    );
    expect(() => readImportFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), 'a.png')).toThrow(
      refusal('IMPORT_UNSUPPORTED_FORMAT'),
    );
    expect(() => readImportFile(new Uint8Array(), 'a.gpx')).toThrow(refusal('IMPORT_NO_SPOTS'));
  });

  it('refuses zip entries that are absolute or climb out', () => {
    const kml = bytes('<kml><Placemark><name>A</name><Point><coordinates>1,2</coordinates></Point></Placemark></kml>');
    for (const name of ['../evil.kml', 'a/../../evil.txt', '/etc/cron.d/x', 'C:/x.kml', 'a\\b.kml']) {
      expect(() => readImportFile(zipSync({ 'doc.kml': kml, [name]: strToU8('x') }), 'a.kmz'), name).toThrow(
        refusal('IMPORT_ZIP_PATH'),
      );
    }
  });

  it('refuses a zip bomb from its declared sizes, and an entry that lies about its size comes out cut short', () => {
    // 60 MB of one letter compresses to ~60 KB: more than a data file may unpack to.
    const bomb = zipSync(
      { 'doc.kml': new Uint8Array(IMPORT_FILE_MAX_BYTES + 10 * 1024 * 1024).fill(0x20) },
      { level: 9 },
    );
    expect(bomb.length).toBeLessThan(200_000);
    expect(() => readImportFile(bomb, 'bomb.kmz')).toThrow(expect.objectContaining({ statusCode: 413 }));
    // The same bomb declaring a small size: never decompressed beyond what it declared.
    const liar = Buffer.from(bomb);
    const end = liar.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const directory = liar.readUInt32LE(end + 16);
    liar.writeUInt32LE(100, directory + 24);
    expect(() => readImportFile(liar, 'liar.kmz')).toThrow(refusal('IMPORT_UNREADABLE'));
  });

  it(`refuses more than ${IMPORT_SPOTS_MAX} spots whole`, () => {
    const rows = Array.from(
      { length: IMPORT_SPOTS_MAX + 1 },
      (_, i) => `S${i},${(i % 80) + 0.5},${(i % 170) + 0.5}`,
    ).join('\n');
    expect(() => readImportFile(bytes(`name,lat,lon\n${rows}\n`), 'many.csv')).toThrow(
      expect.objectContaining({ statusCode: 413, code: 'IMPORT_TOO_MANY_SPOTS' }),
    );
  });
});
