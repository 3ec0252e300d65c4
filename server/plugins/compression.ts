import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** The largest answer compressed in one synchronous call (a short pause of the event loop); larger ones stream. */
const SYNC_COMPRESS_MAX_BYTES = 256 * 1024;
/** What is worth compressing: JSON, text, HTML, scripts, SVG, the export files. Images and the region map's PMTiles are not. */
const COMPRESSIBLE =
  /^(application\/(json|javascript|manifest\+json|geo\+json|gpx\+xml|vnd\.google-earth\.kml\+xml)|text\/|image\/svg\+xml)/;

/**
 * JSON and text answers travel compressed when the browser accepts it: a map area's spots are several times
 * smaller gzipped, which is most of their time on one bar of signal. Brotli at quality 4 costs about what gzip does;
 * its top quality would cost the server far more than it saves a phone. Photos (already compressed) and the
 * region map's byte ranges (which must arrive exactly as asked) are not touched.
 * An answer up to SYNC_COMPRESS_MAX_BYTES is compressed in one call rather than through a stream: a list page
 * took far longer through the stream (zlib's thread pool and a pipeline per answer) than in one call. Bigger answers
 * (a map box of thousands of spots, an export) stream, so none holds the event loop long.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    syncThreshold: SYNC_COMPRESS_MAX_BYTES,
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
