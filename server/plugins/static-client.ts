import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app. Hashed files under /assets/ never change, so browsers keep them a year;
 * index.html, /sw.js and the manifest must be revalidated or an update would never reach anyone.
 */
export async function registerStaticClient(app: FastifyInstance, clientDir: string | null) {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : null;
  const hasClient = !!indexFile && fs.existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir!,
      // One route per built file (the build is done before start); every other path falls to the app below.
      wildcard: false,
      index: false,
      cacheControl: false,
      // `npm run build` writes .br and .gz copies beside each text asset; send the one the browser accepts.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A file that is not there (an old hashed asset after an update) is a 404, not the app's page: the
    // browser would otherwise try to run HTML as a script.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname) && !pathname.endsWith('.html');
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/healthz' && !looksLikeFile;
    if (!wantsPage) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route ${request.method} ${pathname}` } });
    }
    reply.header('cache-control', 'no-cache');
    if (hasClient) return reply.type('text/html; charset=utf-8').sendFile('index.html');
    return reply
      .type('text/html; charset=utf-8')
      .send('<!doctype html><html lang="en"><title>Foray</title><p>The Foray web app has not been built. Run <code>npm run build</code>.</p></html>');
  });
}
