// A Fastify request as the Web-standard Request better-auth's handler takes (auth.routes.ts).
import type { FastifyRequest } from 'fastify';

/** The request for better-auth: the client's address as Fastify trusts it, JSON, and the origin Foray vouches for. */
export function toWebRequest(request: FastifyRequest, body: unknown, publicUrl: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === 'content-length') continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  // Overwrite, never append: Fastify's request.ip already honours TRUST_PROXY. Keeping the client's own
  // header would let anyone dodge the limits with a made-up address on every request.
  headers.set('x-forwarded-for', request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  if (hasBody) headers.set('content-type', 'application/json');
  // A change with neither Origin nor Referer is a script's, not a browser's: a browser sends Origin on every POST,
  // and Foray's own check (plugins/cross-site.ts) has already refused any other site's request, before this route.
  // better-auth would refuse the script (MISSING_OR_NULL_ORIGIN) as soon as it sends a cookie or a Sec-Fetch-*
  // header, as Node's fetch does; it is given the origin Foray vouches for instead (ADR 0075).
  if (hasBody && !headers.has('origin') && !headers.has('referer')) headers.set('origin', new URL(publicUrl).origin);
  return new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(body ?? {}) : undefined,
  });
}
