import { PassThrough, Readable } from 'node:stream';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { ExportQuerySchema, type ExportQuery } from '../../../common/schemas/export.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import type { SpotFilter } from '../../../common/spot-filter.ts';
import type { Database } from '../../db/client.ts';
import type { PhotoStorage } from '../../storage/storage.ts';
import type { RequireUser } from '../../plugins/session.ts';
import { decodeCursor, listSpots, type Cursor } from '../spots/spot-list.queries.ts';
import { PHOTO_URL_PREFIX } from '../../db/spot-json.ts';
import { visitsOfSpots } from '../visits/visits.queries.ts';
import { EXPORT_WRITERS, type ExportContext } from './export-formats.ts';
import { privateAnswer } from '../../plugins/cache-policy.ts';

/** Spots read from the database at a time: what an export holds in memory, whatever its size. */
export const EXPORT_PAGE = 500;

/** Where a spot's photo lives inside an "everything" zip; the records name it by this path. */
export const zipPhotoPath = (key: string) => `photos/${key}.webp`;
const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

type Deps = { db: Database; storage: PhotoStorage; requireUser: RequireUser; publicUrl: string };

/**
 * `GET /api/v1/export`: the caller's spots (or everything they may see) as GPX, KML, GeoJSON or CSV, newest
 * first, streamed a page at a time — never the whole export in memory. Same filter as the list; the privacy
 * rule is the list's own query, so nobody's private spot but one's own can be in it. With `photos=include` the
 * answer is a zip: the file, then each photo of the exported spots, one at a time.
 */
export function registerExportRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/export',
    {
      schema: {
        tags: ['export'],
        summary: 'Download one’s spots as GPX 1.1, KML 2.2, GeoJSON or CSV, alone or in a zip with their photos',
        description:
          'scope=mine (default) exports the caller’s own spots, private, shared and public; scope=visible adds the ' +
          'others’ spots the caller may see: public ones and those shared with the caller’s circles. Takes the filter bar’s parameters and the list’s bbox (the area on screen). Streamed. With photos=links (default) photo links are absolute ' +
          'and need the session; photos=include answers a zip holding the file and photos/<key>.webp, named by those paths.',
        querystring: ExportQuerySchema,
      },
    },
    async (request, reply) => {
      const user = await deps.requireUser(request, reply);
      const query = request.query;
      const writer = EXPORT_WRITERS[query.format];
      const exportedAt = new Date().toISOString();
      const day = exportedAt.slice(0, 10);
      privateAnswer(reply);
      if (query.photos === 'links') {
        const context: ExportContext = { photoLink: (photo) => `${deps.publicUrl}${photo.url}`, exportedAt };
        reply
          .header('content-type', writer.contentType)
          .header('content-disposition', `attachment; filename="foray-spots-${day}.${writer.extension}"`);
        return reply.send(Readable.from(exportText(deps.db, user.id, query, context)));
      }
      const keys: string[] = [];
      const context: ExportContext = {
        photoLink: (photo) => {
          if (!photo.url.startsWith(PHOTO_URL_PREFIX)) throw new Error(`unexpected photo url ${photo.url}`);
          keys.push(keyOf(photo.url));
          return zipPhotoPath(keyOf(photo.url));
        },
        exportedAt,
      };
      const out = new PassThrough();
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="foray-spots-${day}.zip"`);
      void writeZip(
        out,
        exportText(deps.db, user.id, query, context),
        `foray-spots.${writer.extension}`,
        keys,
        deps.storage,
      ).catch((error: unknown) => {
        // The headers have gone: all that is left is to cut the answer off, so the download shows as failed.
        // A forager who cancelled is not an error.
        if (out.destroyed) request.log.info('export zip cancelled by the browser');
        else request.log.error({ err: error }, 'export zip failed');
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply.send(out);
    },
  );
}

/**
 * The zip, written as it is read: the data file first (deflated), then each photo stored as it is (WebP gains
 * nothing from deflate). `keys` fills while the file is written, so the photos' list is known when it ends. The
 * photos go one at a time and wait while the browser is behind, so the server holds at most one photo at a time.
 */
async function writeZip(
  out: PassThrough,
  text: AsyncGenerator<string>,
  fileName: string,
  keys: string[],
  storage: PhotoStorage,
) {
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const drained = async () => {
    if (out.destroyed) throw new Error('the download was cancelled');
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  const encoder = new TextEncoder();
  const file = new ZipDeflate(fileName, { level: 6 });
  zip.add(file);
  for await (const part of text) {
    file.push(encoder.encode(part));
    await drained();
  }
  file.push(new Uint8Array(0), true);
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    const stored = await storage.get(key);
    // A photo removed while the export ran: its spot was changed since; the link stays, the file is absent.
    if (!stored) continue;
    const entry = new ZipPassThrough(zipPhotoPath(key));
    zip.add(entry);
    entry.push(new Uint8Array(stored.body.buffer, stored.body.byteOffset, stored.body.byteLength), true);
    await drained();
  }
  zip.end();
}

function filterOf(query: ExportQuery): SpotFilter {
  const { format: _format, scope, photos: _photos, bbox: _bbox, ...filter } = query;
  return { ...filter, ...(scope === 'mine' ? { owner: 'mine' as const } : {}) };
}

async function* exportText(
  db: Database,
  userId: string,
  query: ExportQuery,
  context: ExportContext,
): AsyncGenerator<string> {
  const writer = EXPORT_WRITERS[query.format];
  const filter = filterOf(query);
  yield writer.start(context);
  let cursor: Cursor | null = null;
  let index = 0;
  do {
    const page = await listSpots(db, userId, { limit: EXPORT_PAGE, cursor, bbox: query.bbox, filter });
    const spots = JSON.parse(page.itemsJson) as Spot[];
    const visits = await visitsOfSpots(
      db,
      userId,
      spots.filter((spot) => spot.visits.count > 0).map((spot) => spot.id),
    );
    let text = '';
    for (const spot of spots) text += writer.item(spot, visits.get(spot.id) ?? [], index++, context);
    if (text) yield text;
    cursor = page.nextCursor ? decodeCursor(page.nextCursor) : null;
  } while (cursor);
  yield writer.end();
}
