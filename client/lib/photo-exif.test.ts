// The EXIF reader against files written by an independent encoder (libvips, through sharp), in the formats a
// phone hands the browser.
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { exifDate, parsePhotoPlace, readPhotoPlace } from './photo-exif.ts';

type Exif = NonNullable<Parameters<Sharp['withExif']>[0]>;

function image() {
  return sharp({ create: { width: 32, height: 24, channels: 3, background: '#7a4a20' } });
}

const VILNIUS_FOREST: Exif = {
  IFD0: { Make: 'Phone' },
  IFD2: { DateTimeOriginal: '2026:09:14 10:22:33' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '54/1 41/1 2400/100', // 54° 41' 24.00"
    GPSLongitudeRef: 'E',
    GPSLongitude: '25/1 16/1 3000/100', // 25° 16' 30.00"
    GPSHPositioningError: '65/10',
  },
};

describe('parsePhotoPlace', () => {
  it('reads position, accuracy and the date a JPEG was taken', async () => {
    const jpeg = await image().jpeg().withExif(VILNIUS_FOREST).toBuffer();
    const place = parsePhotoPlace(new Uint8Array(jpeg));
    expect(place).not.toBeNull();
    expect(place!.latitude).toBeCloseTo(54 + 41 / 60 + 24 / 3600, 9);
    expect(place!.longitude).toBeCloseTo(25 + 16 / 60 + 30 / 3600, 9);
    expect(place!.accuracyM).toBeCloseTo(6.5, 9);
    expect(place!.takenOn).toBe('2026-09-14');
  });

  it('gives southern and western positions a minus sign', async () => {
    const jpeg = await image()
      .jpeg()
      .withExif({
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '33/1 52/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '70/1 30/1 0/1',
        },
      })
      .toBuffer();
    const place = parsePhotoPlace(new Uint8Array(jpeg));
    expect(place?.latitude).toBeCloseTo(-(33 + 52 / 60), 9);
    expect(place?.longitude).toBeCloseTo(-70.5, 9);
    expect(place?.takenOn).toBeNull();
    expect(place?.accuracyM).toBeNull();
  });

  it('reads WebP and PNG too', async () => {
    for (const encoded of [
      await image().webp().withExif(VILNIUS_FOREST).toBuffer(),
      await image().png().withExif(VILNIUS_FOREST).toBuffer(),
    ]) {
      const place = parsePhotoPlace(new Uint8Array(encoded));
      expect(place?.latitude).toBeCloseTo(54.69, 2);
      expect(place?.takenOn).toBe('2026-09-14');
    }
  });

  it('reads a big-endian (Motorola order) block', () => {
    // IFD0 with one entry, the GPS pointer; the GPS IFD with latitude and longitude, both N/E.
    const tiff = new DataView(new ArrayBuffer(200));
    const bytes = new Uint8Array(tiff.buffer);
    bytes.set([0x4d, 0x4d], 0);
    tiff.setUint16(2, 42);
    tiff.setUint32(4, 8);
    tiff.setUint16(8, 1);
    tiff.setUint16(10, 0x8825);
    tiff.setUint16(12, 4);
    tiff.setUint32(14, 1);
    tiff.setUint32(18, 26);
    tiff.setUint32(22, 0);
    const gps = 26;
    tiff.setUint16(gps, 4);
    const entry = (i: number, tag: number, type: number, count: number, value: number) => {
      const at = gps + 2 + i * 12;
      tiff.setUint16(at, tag);
      tiff.setUint16(at + 2, type);
      tiff.setUint32(at + 4, count);
      tiff.setUint32(at + 8, value);
    };
    entry(0, 1, 2, 2, 0x4e000000); // "N\0" in place
    entry(1, 2, 5, 3, 100);
    entry(2, 3, 2, 2, 0x45000000); // "E\0"
    entry(3, 4, 5, 3, 124);
    [55, 1, 10, 1, 12, 1].forEach((v, i) => tiff.setUint32(100 + i * 4, v));
    [23, 1, 52, 1, 48, 1].forEach((v, i) => tiff.setUint32(124 + i * 4, v));
    const app1 = new Uint8Array([0xff, 0xe1, 0, 0, ...new TextEncoder().encode('Exif\0\0'), ...bytes]);
    new DataView(app1.buffer).setUint16(2, app1.length - 2);
    const jpeg = new Uint8Array([0xff, 0xd8, ...app1, 0xff, 0xd9]);
    const place = parsePhotoPlace(jpeg);
    expect(place?.latitude).toBeCloseTo(55 + 10 / 60 + 12 / 3600, 9);
    expect(place?.longitude).toBeCloseTo(23 + 52 / 60 + 48 / 3600, 9);
  });

  it('finds nothing in a photo without EXIF, and treats 0,0 as no position', async () => {
    expect(parsePhotoPlace(new Uint8Array(await image().jpeg().toBuffer()))).toBeNull();
    const nullIsland = await image()
      .jpeg()
      .withExif({
        IFD2: { DateTimeOriginal: '2025:08:01 08:00:00' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '0/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '0/1 0/1 0/1' },
      })
      .toBuffer();
    expect(parsePhotoPlace(new Uint8Array(nullIsland))).toEqual({
      latitude: null,
      longitude: null,
      accuracyM: null,
      takenOn: '2025-08-01',
    });
  });

  it('never throws on a damaged file: every truncation and many corruptions give a place or null', async () => {
    const jpeg = new Uint8Array(await image().jpeg().withExif(VILNIUS_FOREST).toBuffer());
    for (let length = 0; length < 600 && length <= jpeg.length; length++) {
      expect(() => parsePhotoPlace(jpeg.subarray(0, length))).not.toThrow();
    }
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 2000; round++) {
      const copy = jpeg.slice();
      for (let k = 0; k < 4; k++) copy[Math.floor(random() * Math.min(copy.length, 400))] = Math.floor(random() * 256);
      const place = parsePhotoPlace(copy);
      if (place?.latitude != null) expect(Math.abs(place.latitude)).toBeLessThanOrEqual(90);
      if (place?.longitude != null) expect(Math.abs(place.longitude)).toBeLessThanOrEqual(180);
    }
  });
});

describe('readPhotoPlace', () => {
  it('reads from a Blob as the file input gives it', async () => {
    const jpeg = await image().jpeg().withExif(VILNIUS_FOREST).toBuffer();
    const place = await readPhotoPlace(new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }));
    expect(place?.takenOn).toBe('2026-09-14');
  });
});

describe('exifDate', () => {
  it('takes the date part and refuses unknown or impossible dates', () => {
    expect(exifDate('2026:09:14 10:22:33')).toBe('2026-09-14');
    expect(exifDate('2024:02:29')).toBe('2024-02-29');
    expect(exifDate('0000:00:00 00:00:00')).toBeNull();
    expect(exifDate('2025:02:30 10:00:00')).toBeNull();
    expect(exifDate('    :  :     :  :  ')).toBeNull();
    expect(exifDate(null)).toBeNull();
  });
});
