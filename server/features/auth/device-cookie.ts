import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's device cookie ("Slow Down Online Guessing Attacks with Device Cookies"): after a successful sign-in
 * the browser gets `<random id>.<HMAC(key, e-mail | id)>`. A later sign-in to the same account from that browser
 * is counted on its own (sign-in-limiter.ts), so failures from other browsers cannot lock it out.
 * - The e-mail is in the signature, not in the cookie: the cookie says nothing about whose it is, and a cookie
 *   from one account is worth nothing for another.
 * - The key is derived from AUTH_SECRET for this purpose only, so it never signs anything else.
 * - Path /api/auth, HttpOnly, SameSite=Strict: only sign-in ever reads it.
 * - The account's device epoch (`user.device_epoch`) is signed too: disabling the account raises it, and every
 *   cookie issued before no longer names a browser the account knows (ADR 0082). Epoch 0 signs as before it existed.
 */
export const DEVICE_COOKIE_NAME = 'foray.device';
const MAX_AGE_SECONDS = 365 * 24 * 3600;

export function createDeviceCookies(options: { secret: string; secure: boolean }) {
  const key = createHmac('sha256', options.secret).update('foray device cookie').digest();
  const name = options.secure ? `__Secure-${DEVICE_COOKIE_NAME}` : DEVICE_COOKIE_NAME;
  const sign = (email: string, epoch: number, id: string) =>
    createHmac('sha256', key)
      .update(`${email.trim().toLowerCase()}|${epoch === 0 ? '' : `${epoch}|`}${id}`)
      .digest('base64url');

  return {
    /** The Set-Cookie header for a browser that just signed in as `email`. A new id each time. */
    issue(email: string, epoch: number): string {
      const id = randomBytes(16).toString('base64url');
      const attributes = [
        `Max-Age=${MAX_AGE_SECONDS}`,
        'Path=/api/auth',
        'HttpOnly',
        'SameSite=Strict',
        ...(options.secure ? ['Secure'] : []),
      ];
      return [`${name}=${id}.${sign(email, epoch, id)}`, ...attributes].join('; ');
    },
    /** The device id of a cookie this server issued for `email` at `epoch`, or null (none, forged, another account's, dropped). */
    verify(cookieHeader: string | undefined, email: string, epoch: number): string | null {
      const raw = cookieValue(cookieHeader, name);
      if (!raw) return null;
      const dot = raw.indexOf('.');
      if (dot < 1) return null;
      const id = raw.slice(0, dot);
      const given = Buffer.from(raw.slice(dot + 1));
      const expected = Buffer.from(sign(email, epoch, id));
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

/** One cookie of a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}
