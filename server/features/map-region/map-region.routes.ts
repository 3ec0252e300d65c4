import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { AppError, notFound } from '../../errors.ts';
import { decideRange, ifRangeHolds, preconditionStatus } from '../../lib/byte-ranges.ts';
import type { RequireUser } from '../../plugins/session.ts';
import { MAP_REGION_URL, regionFileState } from './map-region-file.ts';

/** The media type the PMTiles specification recommends. */
const PMTILES_TYPE = 'application/vnd.pmtiles';

/**
 * The operator's region map, to signed-in users (ADR 0017). Registered only when MAP_REGION_FILE is set:
 * otherwise the path answers the ordinary 404 and the API documentation does not list it.
 */
export function registerMapRegionRoutes(
  root: FastifyInstance,
  { region, requireUser }: { region: NonNullable<Config['mapRegion']>; requireUser: RequireUser },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.route({
    // HEAD is a route of its own: Fastify's automatic one would run this handler and read the whole file away.
    method: ['GET', 'HEAD'],
    url: MAP_REGION_URL,
    // Byte ranges must arrive exactly as asked (and the vector tiles inside are compressed already).
    compress: false,
    schema: {
      tags: ['map'],
      summary: 'The region map (PMTiles), to signed-in users; one byte range (206) or the whole file',
    },
    async handler(request, reply) {
      await requireUser(request, reply);
      let file: fs.promises.FileHandle;
      try {
        file = await fs.promises.open(region.file, 'r');
      } catch {
        request.log.warn({ file: region.file }, 'The region map file (MAP_REGION_FILE) cannot be opened');
        throw notFound('Region map');
      }
      let streaming = false;
      try {
        // The validators come from the open file itself: if the operator swaps the file meanwhile, this answer
        // still describes the bytes it sends.
        const state = regionFileState(await file.stat({ bigint: true }));
        // Emptied in place by a careless update: there is nothing to serve (and no valid range of nothing).
        if (state.bytes === 0) throw notFound('Region map');
        reply
          .header('accept-ranges', 'bytes')
          .header('etag', state.etag)
          .header('last-modified', state.lastModified.toUTCString())
          // private: behind sign-in. no-cache: the URL stays the same across versions, so a kept copy must be
          // revalidated (a cheap 304); the phone's own copy for offline use is the downloaded file, not this cache.
          .header('cache-control', 'private, no-cache');

        const precondition = preconditionStatus(request.headers, state);
        if (precondition === 304) return reply.status(304).send();
        if (precondition === 412) throw new AppError(412, 'PRECONDITION_FAILED', 'The region map has changed.');

        // RFC 9110 defines ranges for GET only: HEAD describes the whole file.
        const range =
          request.method === 'GET' && ifRangeHolds(request.headers, state)
            ? decideRange(request.headers.range, state.bytes)
            : ({ kind: 'ignore' } as const);
        if (range.kind === 'unsatisfiable') {
          reply.header('content-range', `bytes */${state.bytes}`);
          throw new AppError(416, 'RANGE_NOT_SATISFIABLE', `The region map has ${state.bytes} bytes.`);
        }
        const [start, end] = range.kind === 'range' ? [range.start, range.end] : [0, state.bytes - 1];
        reply.type(PMTILES_TYPE).header('content-length', String(end - start + 1));
        if (range.kind === 'range') reply.status(206).header('content-range', `bytes ${start}-${end}/${state.bytes}`);
        if (request.method === 'HEAD') return reply.send();
        // Streamed from disk: a country is hundreds of megabytes. The stream closes the file when done or aborted.
        streaming = true;
        return reply.send(file.createReadStream({ start, end }));
      } finally {
        if (!streaming) await file.close();
      }
    },
  });
}
