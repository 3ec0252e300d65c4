import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config.ts';

/**
 * The origin of a tile URL template, for the Content-Security-Policy: `https://{s}.tile.example.org/…`
 * becomes `https://*.tile.example.org`.
 */
export function tileOrigin(template: string): string | null {
  const subdomainWildcard = template.includes('{s}.');
  try {
    const url = new URL(template.replace(/\{s\}/g, 'a').replace(/\{[a-z]+\}/gi, '0'));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = subdomainWildcard ? url.host.replace(/^a\./, '*.') : url.host;
    return `${url.protocol}//${host}`;
  } catch {
    return null;
  }
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const https = config.publicUrl.startsWith('https://');
  const tiles = [
    ...new Set(config.tileLayers.map((layer) => tileOrigin(layer.url)).filter((origin): origin is string => !!origin)),
  ];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Leaflet positions tiles and markers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tiles],
        // The service worker fetches (and caches) tiles the map showed.
        connectSrc: ["'self'", ...tiles],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // A plain-HTTP self-host on a LAN must keep working: only ask browsers to upgrade behind https.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // Leaflet tiles from other origins are images; the default would block them in some browsers.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}
