// How dates, coordinates and directions links look everywhere in the app.
import { storageSize } from '../../common/storage-size.ts';

/** Today's date where the user is standing, as YYYY-MM-DD (not UTC: a spot found at 1 a.m. is today's). */
export function todayLocal(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Lithuanian short month names (CLDR's abbreviated format). Browsers' data has none: asked for a short month
 * in Lithuanian they write the date all in digits ("2026-11-23"), which reads unlike the English "Nov 23, 2026".
 */
const LT_SHORT_MONTHS = [
  'saus.',
  'vas.',
  'kov.',
  'bal.',
  'geg.',
  'birž.',
  'liep.',
  'rugp.',
  'rugs.',
  'spal.',
  'lapkr.',
  'gruod.',
];

/**
 * Formats a YYYY-MM-DD date, always with the month's name. It is read as a calendar date at noon UTC and
 * formatted in UTC, so no time zone can move it to the day before or after.
 */
export function formatDate(date: string, language: string, style: 'short' | 'long'): string {
  const parsed = new Date(`${date.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  const lithuanianShort = style === 'short' && language.split('-')[0] === 'lt';
  const formatter = new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    year: 'numeric',
    month: style === 'short' && !lithuanianShort ? 'short' : 'long',
    day: 'numeric',
  });
  if (!lithuanianShort) return formatter.format(parsed);
  // "2026 m. lapkričio 23 d." with the month shortened: "2026 m. lapkr. 23 d.".
  return formatter
    .formatToParts(parsed)
    .map((part) => (part.type === 'month' ? LT_SHORT_MONTHS[parsed.getUTCMonth()] : part.value))
    .join('');
}

export function formatCoordinates(lat: number, lng: number, decimals: 4 | 6): string {
  return `${lat.toFixed(decimals)}, ${lng.toFixed(decimals)}`;
}

/** Directions from wherever the user is to the spot, in an external maps service. */
export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat.toFixed(6)},${lng.toFixed(6)}`;
}

/** Stored bytes as a person reads them in their language: "312 MB", "1,5 GB" (common/storage-size.ts). */
export function formatStorageSize(bytes: number, language: string): string {
  const { value, unit } = storageSize(bytes);
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
}
