import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * What a browser may store of Foray's answers (ADR 0074). Under /api/ everything is private unless its route says it
 * is public: spots, photos, thumbnails, visits, counted tiles, pins, counts, circles, exports, the account. A browser
 * keeps a `private, no-cache` answer in its disk cache (it only asks before showing it again), and when a spot is
 * taken back nothing asks for those addresses again: the copy would outlive the owner's choice. `no-store` forbids
 * keeping it at all. Where a phone should keep a photo for use with no signal, the service worker keeps it in Cache
 * Storage, which the app clears (client/service-worker/photo-cache.ts).
 */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * Marks the answer private (`PRIVATE_NO_STORE`): the one way a route says so, also for answers that set other
 * headers (it returns the reply, to chain them).
 */
export const privateAnswer = (reply: FastifyReply): FastifyReply => reply.header('cache-control', PRIVATE_NO_STORE);

/**
 * Public answers the browser may keep and must ask about before using again: the operator's settings and the words.
 * Set by their routes; only answers that hold nothing of anyone take it.
 */
export const PUBLIC_REVALIDATE = 'no-cache';

/**
 * Sent when something the browser may have kept is no longer the user's to see: sign-out, a deleted account, a device
 * check that takes a spot back. It empties the browser's HTTP cache of this origin, so that copies an older Foray let it
 * keep (before `no-store`) go too; Cache Storage (the app shell, kept tiles and photos) and IndexedDB are the app's to
 * clear, and stay. Browsers apply it over https and on localhost only.
 */
export const CLEAR_HTTP_CACHE = '"cache"';

/** Every /api/ answer without a Cache-Control of its own route's leaves as `private, no-store`, errors included. */
export function registerCachePolicy(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) privateAnswer(reply);
    return payload;
  });
}
