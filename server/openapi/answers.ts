// Answers that are not JSON, and the headers a call may send or gets back, for the operations whose route schema
// cannot say them (a stream, a file, a byte range): what the OpenAPI document adds to those operations (ADR 0075).
import { EXPORT_WRITERS } from '../features/export/export-formats.ts';

type Json = Record<string, unknown>;

const BINARY = { type: 'string', format: 'binary' };
const API_ERROR = { $ref: '#/components/schemas/ApiError' };
const file = (mediaTypes: string[]) => Object.fromEntries(mediaTypes.map((type) => [type, { schema: BINARY }]));
const header = (description: string) => ({ description, schema: { type: 'string' } });
const requestHeader = (name: string, description: string) => ({
  name,
  in: 'header',
  required: false,
  description,
  schema: { type: 'string' },
});

/** One of the export's files, by the media type each format is sent with (`format`), or a zip with the photos. */
const EXPORT_TYPES = [
  ...new Set(Object.values(EXPORT_WRITERS).map((writer) => writer.contentType.split(';')[0]!.trim())),
  'application/zip',
];

const NOT_MODIFIED = { description: 'Not modified: the copy the caller has (If-None-Match) is current' };
const ETAG = { ETag: header('Send it back in If-None-Match to revalidate') };
const IF_NONE_MATCH = requestHeader('If-None-Match', 'The ETag of the copy the caller has: 304 when it is current');

export type OperationExtras = {
  /** Answers to set or replace, by status. */
  responses?: Record<string, Json>;
  /** Request headers the call may send. */
  parameters?: Json[];
};

const REGION_ANSWERS = {
  200: {
    description: 'The whole file',
    headers: { ETag: header('The file’s version'), 'Last-Modified': header('When the file changed') },
    content: file(['application/vnd.pmtiles']),
  },
  206: {
    description: 'The byte range asked for (Range)',
    headers: { 'Content-Range': header('bytes <first>-<last>/<size>'), ETag: header('The file’s version') },
    content: file(['application/vnd.pmtiles']),
  },
  304: NOT_MODIFIED,
  404: { description: 'NOT_FOUND: no region map', content: { 'application/json': { schema: API_ERROR } } },
  412: {
    description: 'PRECONDITION_FAILED: the file has changed',
    content: { 'application/json': { schema: API_ERROR } },
  },
  416: {
    description: 'RANGE_NOT_SATISFIABLE',
    headers: { 'Content-Range': header('bytes */<size>') },
    content: { 'application/json': { schema: API_ERROR } },
  },
};
const REGION_HEADERS = [
  requestHeader('Range', 'One byte range, `bytes=<first>-<last>`: a 206 of it'),
  requestHeader('If-Range', 'The ETag or date the range belongs to: the whole file when the file changed since'),
  IF_NONE_MATCH,
  requestHeader('If-Match', 'The ETag the file must still have (else 412)'),
];

export const OPERATION_EXTRAS: Record<string, OperationExtras> = {
  'GET /api/v1/export': {
    responses: {
      200: {
        description: 'The file (`format`), or with `photos=include` a zip of it and the photos',
        headers: { 'Content-Disposition': header('attachment; filename="foray-spots-<day>.<extension>"') },
        content: file(EXPORT_TYPES),
      },
    },
  },
  'GET /api/v1/photos/{key}': {
    parameters: [IF_NONE_MATCH],
    responses: {
      200: {
        description: 'The photo or thumbnail, re-encoded as WebP without metadata',
        headers: ETAG,
        content: file(['image/webp']),
      },
      304: NOT_MODIFIED,
      404: {
        description: 'NOT_FOUND: no such photo, or not one the caller may see',
        content: { 'application/json': { schema: API_ERROR } },
      },
    },
  },
  'GET /api/v1/admin/photos/{key}': {
    parameters: [IF_NONE_MATCH],
    responses: {
      200: {
        description: 'The photo or thumbnail of reported public content, re-encoded as WebP without metadata',
        headers: ETAG,
        content: file(['image/webp']),
      },
      304: NOT_MODIFIED,
    },
  },
  'GET /api/v1/map/tiles/{z}/{x}/{y}': { parameters: [IF_NONE_MATCH] },
  'GET /api/v1/map-region/region.pmtiles': { parameters: REGION_HEADERS, responses: REGION_ANSWERS },
  'HEAD /api/v1/map-region/region.pmtiles': {
    parameters: REGION_HEADERS,
    responses: {
      200: { description: 'The whole file’s headers, without the file', headers: REGION_ANSWERS[200].headers },
      304: NOT_MODIFIED,
      404: REGION_ANSWERS[404],
      412: REGION_ANSWERS[412],
    },
  },
};
