import crypto from 'node:crypto';
import net from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiError } from '../../common/schemas/errors.ts';

/** A request id taken from a trusted proxy: a plain token, so it cannot forge log lines or carry markup (ADR 0080). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The names proxy-addr (Fastify's TRUST_PROXY list) gives to well-known ranges. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Whether the peer that connected is a proxy TRUST_PROXY trusts, by the same setting Fastify reads `request.ip` from:
 * `true` and a hop count trust the peer; a list trusts the addresses and ranges it names; `false` trusts no one.
 */
export function trustsPeer(trustProxy: boolean | number | string): (address: string | undefined) => boolean {
  if (trustProxy === false || trustProxy === 0) return () => false;
  if (trustProxy === true || typeof trustProxy === 'number') return () => true;
  const list = new net.BlockList();
  for (const entry of trustProxy.split(',').map((part) => part.trim())) {
    for (const range of NAMED_RANGES[entry] ?? [entry]) {
      const [address = '', bits] = range.split('/');
      const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
      if (!net.isIP(address)) continue;
      if (bits === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(bits), family);
    }
  }
  return (address) => {
    if (!address) return false;
    // A dual-stack socket names an IPv4 peer as ::ffff:a.b.c.d.
    const plain = address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
    return list.check(plain, net.isIPv6(plain) ? 'ipv6' : 'ipv4');
  };
}

/** A new request id: 16 hex characters, the first 8 of which the web app shows in its error toast. */
export const newRequestId = () => crypto.randomBytes(8).toString('hex');

/**
 * Fastify's request-id options: the id is in every log line about the request (`reqId`). The proxy's
 * `X-Request-Id` is kept only when the connection comes from a trusted proxy and the id is a plain token;
 * anyone else's header is ignored, so a client cannot choose the id its requests are logged under.
 */
export function requestIdOptions(trustProxy: boolean | number | string) {
  const trusted = trustsPeer(trustProxy);
  return {
    requestIdHeader: false as const,
    genReqId: (raw: IncomingMessage) => {
      const header = raw.headers['x-request-id'];
      if (typeof header === 'string' && SANE_REQUEST_ID.test(header) && trusted(raw.socket?.remoteAddress))
        return header;
      return newRequestId();
    },
  };
}

/** Every answer names its request, errors and successes alike. First of the hooks, so even a refusal carries it. */
export function registerRequestIdHeader(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}

/** The API's one error body (ApiErrorSchema), naming the request it answers. */
export function errorBody(
  request: FastifyRequest,
  code: string,
  message: string,
  details?: ApiError['error']['details'],
): ApiError {
  return { error: { code, message, ...(details === undefined ? {} : { details }), request_id: request.id } };
}
