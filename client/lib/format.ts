// How dates, coordinates and directions links look everywhere in the app.

/** Today's date where the user is standing, as YYYY-MM-DD (not UTC: a spot found at 1 a.m. is today's). */
export function todayLocal(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Formats a YYYY-MM-DD date. It is read as a calendar date at noon UTC and formatted in UTC, so no time
 * zone can move it to the day before or after.
 */
export function formatDate(date: string, language: string, style: 'short' | 'long'): string {
  const parsed = new Date(`${date.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    year: 'numeric',
    month: style === 'short' ? 'short' : 'long',
    day: 'numeric',
  }).format(parsed);
}

export function formatCoordinates(lat: number, lng: number, decimals: 4 | 6): string {
  return `${lat.toFixed(decimals)}, ${lng.toFixed(decimals)}`;
}

/** Directions from wherever the user is to the spot, in an external maps service. */
export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat.toFixed(6)},${lng.toFixed(6)}`;
}
