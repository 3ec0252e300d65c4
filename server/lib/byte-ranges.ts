// Range requests and conditional requests for a file served from disk (RFC 9110 §13, §14), written out because
// the region map is the only such file: its reader fetches one byte range per directory or tile, and a phone
// resuming a download must never splice bytes of two versions of the file.

/** What to send for a Range header. `ignore`: the whole file with 200, as RFC 9110 §14.2 allows or requires. */
export type RangeDecision =
  { kind: 'ignore' } | { kind: 'unsatisfiable' } | { kind: 'range'; start: number; end: number };

const RANGE_SPEC = /^(\d*)-(\d*)$/;

/**
 * The one byte range to send, from a `Range` header and the file's size (> 0).
 * - Absent, another unit, or a syntax error: ignored (§14.2: a server MAY ignore an invalid ranges-specifier),
 *   so a garbled header costs the whole file rather than an error a client cannot act on.
 * - More than one range: ignored too, and the whole file goes with 200. Answering multipart/byteranges is
 *   allowed but costs code no client of ours needs: the PMTiles reader asks one range at a time.
 * - One range that starts at or past the end (or a suffix of 0 bytes): unsatisfiable, 416.
 */
export function decideRange(header: string | undefined, size: number): RangeDecision {
  if (header === undefined) return { kind: 'ignore' };
  const equals = header.indexOf('=');
  if (equals < 0 || header.slice(0, equals).trim().toLowerCase() !== 'bytes') return { kind: 'ignore' };
  // Empty list elements are skipped, as RFC 9110 §5.6.1.2 asks of recipients.
  const specs = header
    .slice(equals + 1)
    .split(',')
    .map((spec) => spec.trim())
    .filter((spec) => spec !== '');
  if (specs.length !== 1) return { kind: 'ignore' };
  const match = RANGE_SPEC.exec(specs[0]!);
  if (!match) return { kind: 'ignore' };
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '') {
    // A suffix: the last N bytes.
    if (last === '') return { kind: 'ignore' };
    const length = Number(last);
    if (length === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'ignore' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

export type Validators = { etag: string; lastModified: Date };

/** The entity tags in an If-Match / If-None-Match list; `*` matches any current file. */
function entityTags(header: string): string[] {
  return header
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

const isWeak = (tag: string) => tag.startsWith('W/');
const opaque = (tag: string) => (isWeak(tag) ? tag.slice(2) : tag);

/** An HTTP-date, or null: a date that does not parse makes its condition count as absent (RFC 9110 §13.1.3). */
function httpDate(value: string | undefined): Date | null {
  if (value === undefined) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export type Headers = Record<string, string | string[] | undefined>;
const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

/**
 * The answer the preconditions call for before the body is chosen, in RFC 9110 §13.2.2's order:
 * If-Match (strong comparison), else If-Unmodified-Since → 412; If-None-Match (weak comparison), else
 * If-Modified-Since → 304 for GET and HEAD. null: go on and serve.
 */
export function preconditionStatus(headers: Headers, current: Validators): 304 | 412 | null {
  const ifMatch = single(headers['if-match']);
  if (ifMatch !== undefined) {
    const tags = entityTags(ifMatch);
    if (!tags.includes('*') && !tags.some((tag) => !isWeak(tag) && tag === current.etag)) return 412;
  } else {
    const since = httpDate(single(headers['if-unmodified-since']));
    if (since && seconds(current.lastModified) > since.getTime()) return 412;
  }
  const ifNoneMatch = single(headers['if-none-match']);
  if (ifNoneMatch !== undefined) {
    const tags = entityTags(ifNoneMatch);
    if (tags.includes('*') || tags.some((tag) => opaque(tag) === current.etag)) return 304;
  } else {
    const since = httpDate(single(headers['if-modified-since']));
    if (since && seconds(current.lastModified) <= since.getTime()) return 304;
  }
  return null;
}

/**
 * Whether a Range may be honoured under If-Range (RFC 9110 §13.1.5): only if the client's validator still
 * names this file — an entity tag compared strongly, or exactly the Last-Modified date. Otherwise the
 * whole file goes, so a download resumed across an update starts over instead of mixing two files.
 */
export function ifRangeHolds(headers: Headers, current: Validators): boolean {
  const ifRange = single(headers['if-range'])?.trim();
  if (ifRange === undefined) return true;
  if (ifRange.startsWith('"') || isWeak(ifRange)) return ifRange === current.etag;
  const date = httpDate(ifRange);
  return date !== null && date.getTime() === seconds(current.lastModified);
}

/** HTTP dates have whole seconds; comparisons use the file's time cut to the second it is sent as. */
function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000) * 1000;
}
