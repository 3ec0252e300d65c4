import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ExportQuerySchema, type ExportQuery } from '../../../common/schemas/export.ts';
import type { Location } from '../../../common/schemas/locations.ts';
import type { SpotFilter } from '../../../common/spot-filter.ts';
import type { Database } from '../../db/client.ts';
import type { RequireUser } from '../auth/session.ts';
import { decodeCursor, listLocations, type Cursor } from '../locations/locations.queries.ts';
import { EXPORT_WRITERS, type ExportContext } from './export-formats.ts';

/** Spots read from the database at a time: what an export holds in memory, whatever its size. */
export const EXPORT_PAGE = 500;

/**
 * `GET /api/v1/export`: the caller's spots (or everything they may see) as GPX, KML, GeoJSON or CSV, newest
 * first, streamed a page at a time — never the whole export in memory. Same filter as the list; the privacy
 * rule is the list's own query, so nobody's private spot but one's own can be in it.
 */
export function registerExportRoutes(root: FastifyInstance, deps: { db: Database; requireUser: RequireUser; publicUrl: string }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/export',
    {
      schema: {
        tags: ['export'],
        summary: 'Download one’s spots as GPX 1.1, KML 2.2, GeoJSON or CSV',
        description:
          'scope=mine (default) exports the caller’s own spots, private and public; scope=visible adds the public spots ' +
          'of others. Takes the filter bar’s parameters. Streamed; photo links are absolute and need the session.',
        querystring: ExportQuerySchema,
      },
    },
    async (request, reply) => {
      const user = await deps.requireUser(request, reply);
      const query = request.query;
      const writer = EXPORT_WRITERS[query.format];
      const context: ExportContext = { publicUrl: deps.publicUrl, exportedAt: new Date().toISOString() };
      const day = context.exportedAt.slice(0, 10);
      reply
        .header('content-type', writer.contentType)
        .header('content-disposition', `attachment; filename="foray-spots-${day}.${writer.extension}"`)
        .header('cache-control', 'private, no-store');
      return reply.send(Readable.from(exportText(deps.db, user.id, query, context)));
    },
  );
}

function filterOf(query: ExportQuery): SpotFilter {
  const { format: _format, scope, ...filter } = query;
  return { ...filter, ...(scope === 'mine' ? { owner: 'mine' as const } : {}) };
}

async function* exportText(db: Database, userId: string, query: ExportQuery, context: ExportContext): AsyncGenerator<string> {
  const writer = EXPORT_WRITERS[query.format];
  const filter = filterOf(query);
  yield writer.start(context);
  let cursor: Cursor | null = null;
  let index = 0;
  do {
    const page = await listLocations(db, userId, { limit: EXPORT_PAGE, cursor, bbox: undefined, filter });
    const spots = JSON.parse(page.itemsJson) as Location[];
    let text = '';
    for (const spot of spots) text += writer.item(spot, index++, context);
    if (text) yield text;
    cursor = page.nextCursor ? decodeCursor(page.nextCursor) : null;
  } while (cursor);
  yield writer.end();
}
