import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorBody } from './request-id.ts';

/**
 * Serves the built web app. Hashed files under /assets/ never change, so browsers keep them a year;
 * index.html, /sw.js and the manifest must be revalidated or an update would never reach anyone.
 */
export async function registerStaticClient(app: FastifyInstance, clientDir: string | null) {
  const indexFile = clientDir ? path.join(clientDir, 'index.html') : null;
  const hasClient = !!indexFile && fs.existsSync(indexFile);
  const signedInPage = hasClient ? withMainScreenHints(fs.readFileSync(indexFile!, 'utf8'), clientDir!) : null;
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
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/healthz' &&
      pathname !== '/metrics' &&
      !looksLikeFile;
    if (!wantsPage) {
      return reply.status(404).send(errorBody(request, 'NOT_FOUND', `No route ${request.method} ${pathname}`));
    }
    reply.header('cache-control', 'no-cache');
    reply.header('vary', 'cookie');
    // Someone with a session cookie is most likely signed in: their browser fetches the map screen's code
    // alongside the entry instead of after the session check (the phone's first paint waits on both).
    if (signedInPage && SESSION_COOKIE.test(request.headers.cookie ?? ''))
      return reply.type('text/html; charset=utf-8').send(signedInPage);
    if (hasClient) return reply.type('text/html; charset=utf-8').sendFile('index.html');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="en"><title>Foray</title><p>The Foray web app has not been built. Run <code>npm run build</code>.</p></html>',
      );
  });
}

/** better-auth's session cookie, with or without the __Secure- prefix (only its presence is read here). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?foray\.session_token=/;

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };

/**
 * index.html with preload links for the main screen's chunks and styles that the entry does not already load,
 * read from the build's manifest (dist/client/.vite/manifest.json). Without a manifest, the page as built.
 */
export function withMainScreenHints(html: string, clientDir: string): string {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return html;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const loadedByEntry = new Set(entries.flatMap((key) => [...closure(key)]));
  const main = [...closure('client/app/main-screen.tsx')].filter((key) => !loadedByEntry.has(key));
  if (main.length === 0) return html;
  const links = main.flatMap((key) => [
    `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`,
    ...(manifest[key]!.css ?? []).map((css) => `<link rel="preload" as="style" crossorigin href="/${css}">`),
  ]);
  return html.replace('</head>', `${links.join('')}</head>`);
}
