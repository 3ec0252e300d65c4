import type { FastifyServerOptions } from 'fastify';

/**
 * Strips what must never reach a log from a URL: query strings (coordinates, tokens), reset tokens and the tokens
 * of circle invitations (the API's and the web app's /invite/ page) and of server invitations (/join/).
 */
export function loggableUrl(url: string): string {
  const pathname = url.split('?')[0] ?? '';
  return pathname
    .replace(/^(\/api\/auth\/reset-password\/)[^/]+/, '$1[redacted]')
    .replace(/^(\/api\/v1\/invites\/|\/invite\/|\/join\/)[^/]+/, '$1[redacted]');
}

/** The server's log: at LOG_LEVEL, to stdout unless a test reads it, with no cookie, credential or secret in a URL. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: loggableUrl(request.url),
      }),
    },
  };
}
