// Where and when a photo was taken, read on the device from its EXIF (JPEG APP1, WebP "EXIF" chunk, PNG eXIf),
// so "Place at the photo's position" needs no network and nothing of the file leaves the phone. Only the
// handful of tags Foray uses are read; a damaged or hostile file gives null, never an exception. The photo
// that is uploaded is re-encoded without any metadata (shrink-photo.ts and the server both drop it).

export interface PhotoPlace {
  /** Decimal degrees, WGS 84 as GPS records them; null when the photo has no usable position. */
  latitude: number | null;
  longitude: number | null;
  /** GPSHPositioningError in metres, when the camera wrote it. */
  accuracyM: number | null;
  /** YYYY-MM-DD from DateTimeOriginal (the camera's local date), else the GPS date (UTC). */
  takenOn: string | null;
}

// A JPEG's EXIF is in its first segments; a WebP or PNG may keep it at the end, and photos are at most 5 MiB.
const JPEG_HEAD_BYTES = 256 * 1024;

export async function readPhotoPlace(file: Blob): Promise<PhotoPlace | null> {
  try {
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    const whole = isJpeg(head) ? file.slice(0, JPEG_HEAD_BYTES) : file;
    return parsePhotoPlace(new Uint8Array(await whole.arrayBuffer()));
  } catch {
    return null;
  }
}

/** The place and date in an image file's bytes, or null when it has neither. */
export function parsePhotoPlace(bytes: Uint8Array): PhotoPlace | null {
  try {
    const tiff = findTiff(bytes);
    if (!tiff) return null;
    const place = readTiff(tiff);
    return place.latitude === null && place.takenOn === null ? null : place;
  } catch {
    return null; // a truncated or malformed file: as if it had no EXIF
  }
}

const isJpeg = (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8;
const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));
const EXIF_HEADER = 'Exif\0\0';

function findTiff(b: Uint8Array): Uint8Array | null {
  if (isJpeg(b)) return jpegTiff(b);
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return webpTiff(b);
  if (b[0] === 0x89 && ascii(b, 1, 3) === 'PNG') return pngTiff(b);
  return null;
}

function jpegTiff(b: Uint8Array): Uint8Array | null {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null; // image data starts: no EXIF before it
    const length = (b[at + 2]! << 8) | b[at + 3]!;
    if (length < 2) return null;
    if (marker === 0xe1 && ascii(b, at + 4, 6) === EXIF_HEADER) return b.subarray(at + 10, at + 2 + length);
    at += 2 + length;
  }
  return null;
}

function webpTiff(b: Uint8Array): Uint8Array | null {
  let at = 12;
  while (at + 8 <= b.length) {
    const size = (b[at + 4]! | (b[at + 5]! << 8) | (b[at + 6]! << 16) | (b[at + 7]! << 24)) >>> 0;
    if (ascii(b, at, 4) === 'EXIF') {
      const data = b.subarray(at + 8, at + 8 + size);
      return ascii(data, 0, 6) === EXIF_HEADER ? data.subarray(6) : data;
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

function pngTiff(b: Uint8Array): Uint8Array | null {
  let at = 8;
  while (at + 12 <= b.length) {
    const size = ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
    const type = ascii(b, at + 4, 4);
    if (type === 'eXIf') return b.subarray(at + 8, at + 8 + size);
    if (type === 'IDAT' || type === 'IEND') return null;
    at += 12 + size;
  }
  return null;
}

type Entry = { type: number; count: number; valueAt: number };

const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8 };
const TAG = {
  exifIfd: 0x8769,
  gpsIfd: 0x8825,
  dateTime: 0x0132,
  dateTimeOriginal: 0x9003,
  dateTimeDigitized: 0x9004,
  latitudeRef: 0x0001,
  latitude: 0x0002,
  longitudeRef: 0x0003,
  longitude: 0x0004,
  gpsStatus: 0x0009,
  gpsDateStamp: 0x001d,
  horizontalError: 0x001f,
} as const;

function readTiff(t: Uint8Array): PhotoPlace {
  const view = new DataView(t.buffer, t.byteOffset, t.byteLength);
  const order = ascii(t, 0, 2);
  if (order !== 'II' && order !== 'MM') throw new Error('not TIFF');
  const little = order === 'II';
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  if (u16(2) !== 42) throw new Error('not TIFF');

  function directory(offset: number): Map<number, Entry> {
    const entries = new Map<number, Entry>();
    if (offset < 8 || offset + 2 > t.length) return entries;
    const count = u16(offset);
    for (let i = 0; i < count; i++) {
      const at = offset + 2 + i * 12;
      if (at + 12 > t.length) break;
      const type = u16(at + 2);
      const n = u32(at + 4);
      const size = (TYPE_SIZES[type] ?? 0) * n;
      if (size === 0) continue;
      const valueAt = size <= 4 ? at + 8 : u32(at + 8);
      if (valueAt + size > t.length) continue; // points outside the block: ignore that tag
      entries.set(u16(at), { type, count: n, valueAt });
    }
    return entries;
  }
  const text = (e: Entry | undefined) =>
    e && e.type === 2 ? ascii(t, e.valueAt, e.count).replace(/\0.*$/s, '').trim() : null;
  const rationals = (e: Entry | undefined): number[] | null => {
    if (!e || e.type !== 5) return null;
    const values: number[] = [];
    for (let i = 0; i < e.count; i++) {
      const denominator = u32(e.valueAt + i * 8 + 4);
      if (denominator === 0) return null;
      values.push(u32(e.valueAt + i * 8) / denominator);
    }
    return values;
  };
  const pointer = (ifd: Map<number, Entry>, tag: number) => {
    const e = ifd.get(tag);
    return e && (e.type === 4 || e.type === 13) && e.count === 1 ? u32(e.valueAt) : 0;
  };

  const ifd0 = directory(u32(4));
  const exif = directory(pointer(ifd0, TAG.exifIfd));
  const gps = directory(pointer(ifd0, TAG.gpsIfd));

  const takenOn =
    exifDate(text(exif.get(TAG.dateTimeOriginal))) ??
    exifDate(text(exif.get(TAG.dateTimeDigitized))) ??
    exifDate(text(gps.get(TAG.gpsDateStamp))) ??
    exifDate(text(ifd0.get(TAG.dateTime)));

  let latitude: number | null = null;
  let longitude: number | null = null;
  const latitudeRef = text(gps.get(TAG.latitudeRef));
  const longitudeRef = text(gps.get(TAG.longitudeRef));
  const lat = degrees(rationals(gps.get(TAG.latitude)));
  const lng = degrees(rationals(gps.get(TAG.longitude)));
  const void_ = text(gps.get(TAG.gpsStatus)) === 'V'; // the receiver said its fix was void
  if (
    lat !== null &&
    lng !== null &&
    (latitudeRef === 'N' || latitudeRef === 'S') &&
    (longitudeRef === 'E' || longitudeRef === 'W') &&
    !void_
  ) {
    const signedLat = latitudeRef === 'S' ? -lat : lat;
    const signedLng = longitudeRef === 'W' ? -lng : lng;
    // 0,0 is what some cameras write when they had no fix: nobody forages at sea off West Africa.
    if (Math.abs(signedLat) <= 90 && Math.abs(signedLng) <= 180 && !(signedLat === 0 && signedLng === 0)) {
      latitude = signedLat;
      longitude = signedLng;
    }
  }
  const error = rationals(gps.get(TAG.horizontalError))?.[0];
  const accuracyM = latitude !== null && error !== undefined && error > 0 && error < 100_000 ? error : null;
  return { latitude, longitude, accuracyM, takenOn };
}

function degrees(parts: number[] | null): number | null {
  if (!parts || parts.length === 0) return null;
  const [d = 0, m = 0, s = 0] = parts;
  if (m >= 60 || s >= 60) return null;
  return d + m / 60 + s / 3600;
}

/** "2026:09:14 10:22:33" or "2026:09:14" → "2026-09-14"; the all-zero "unknown" date and impossible dates → null. */
export function exifDate(value: string | null): string | null {
  const match = value ? /^(\d{4})[:-](\d{2})[:-](\d{2})/.exec(value) : null;
  if (!match) return null;
  const [, y, m, d] = match;
  const iso = `${y}-${m}-${d}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso ? null : iso;
}
