const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const ALL_INTERFACES = new Set(['0.0.0.0', '::', '[::]']);

const isLoopback = (host: string) => LOOPBACK_HOSTS.has(host) || host.startsWith('127.');

/**
 * Why PUBLIC_URL — the address mailed links use — cannot reach this server as configured, or null. Only what
 * can be known here is said: a PUBLIC_URL on another host name is taken to be a reverse proxy's (the common
 * self-host setup), which Foray cannot check.
 */
export function publicUrlMismatch(publicUrl: string, listen: { host: string; port: number }): string | null {
  const url = new URL(publicUrl);
  const publicPort = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const pointsHere = isLoopback(url.hostname) || url.hostname === listen.host;
  if (!pointsHere) return null;
  if (isLoopback(url.hostname) && !isLoopback(listen.host) && !ALL_INTERFACES.has(listen.host)) {
    return `PUBLIC_URL is ${publicUrl}, but Foray listens on ${listen.host} only (HOST), not on this machine's loopback: links in mails will not open. Set PUBLIC_URL to the address people use.`;
  }
  if (publicPort !== listen.port) {
    return `PUBLIC_URL is ${publicUrl}, but Foray listens on port ${listen.port} (PORT): links in mails will not open. Set PUBLIC_URL to the address people use.`;
  }
  return null;
}
