// Codes from an authenticator app, computed the way RFC 6238 (TOTP over RFC 4226 HOTP) describes, on node:crypto
// alone: the tests check Foray's two-step sign-in against the standard, not against the code it runs.
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The key bytes of a base32 secret as an app reads it from the QR code (RFC 4648, no padding needed). */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226: HMAC-SHA-1 of the 8-byte counter, dynamic truncation, the last `digits` decimal digits. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const number = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(number % 10 ** digits).padStart(digits, '0');
}

/** RFC 6238: the code of the 30-second step `stepOffset` steps from now. */
export function totp(secret: string, stepOffset = 0, now = Date.now()): string {
  return hotp(base32Decode(secret), Math.floor(now / 30_000) + stepOffset);
}

/** Six digits that are not the code of the previous, current or next step: certainly wrong. */
export function wrongTotp(secret: string, seed = 0): string {
  const near = new Set([-1, 0, 1, 2].map((step) => totp(secret, step)));
  for (let candidate = 123_456 + seed * 7919; ; candidate = (candidate + 1) % 1_000_000) {
    const code = String(candidate).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/** The base32 secret in an otpauth:// URI. */
export function secretOf(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  return secret;
}
