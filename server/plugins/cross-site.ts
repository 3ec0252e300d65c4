import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** Methods that change nothing: a cross-site page may make a browser send them, and they do no harm. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The origins a browser may send state-changing requests from: PUBLIC_URL, and the request's own host
 * (a self-host is often reached by its LAN address too). Sign-in (better-auth's trustedOrigins) uses the same list.
 */
export function allowedOrigins(publicUrl: string, host: string | null | undefined): string[] {
  const candidates = [publicUrl, ...(host ? [`http://${host}`, `https://${host}`] : [])];
  // As browsers write an origin: `Host: foray.lan:80` is the origin http://foray.lan.
  return candidates.map(originOf).filter((origin): origin is string => origin !== null);
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request may have come from another site (CSRF). See ADR 0010:
 * - Origin, when present, decides; `null` (sandboxed frames, some redirects) is refused.
 * - Without Origin, the Referer's origin decides; without that, Sec-Fetch-Site must be same-origin (or none).
 * - A request with none of the three is not a browser's (browsers send Origin on every POST, PATCH and
 *   DELETE, the app's service worker included): curl and scripts pass, and still need the session cookie.
 */
export function isCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  const allowed = allowedOrigins(publicUrl, request.headers.host);
  const isAllowed = (url: string) => {
    const origin = originOf(url);
    return origin !== null && allowed.includes(origin);
  };
  const { origin, referer } = request.headers;
  if (origin !== undefined) return !isAllowed(origin);
  if (referer !== undefined) return !isAllowed(referer);
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  return false;
}

/** Refuses every state-changing request from another site with 403 CROSS_SITE_REQUEST, on every route. */
export function registerCrossSiteCheck(app: FastifyInstance, publicUrl: string) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (isCrossSite(request, publicUrl)) {
      throw new AppError(
        403,
        'CROSS_SITE_REQUEST',
        'This request came from another site and was refused. Open Foray at its own address.',
      );
    }
  });
}
