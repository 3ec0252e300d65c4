import { createHmac } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { Database } from '../../db/client.ts';
import { twoFactor } from '../../db/schema.ts';

/** better-auth's TOTP settings, which Foray keeps (ADR 0038): 6 digits, 30-second steps, one step either side. */
const DIGITS = 6;
const PERIOD_MS = 30_000;
const WINDOW = 1;

const TOTP_CODE_USED = 'TOTP_CODE_USED';

/** RFC 4226 with the key as better-auth keeps it: the stored secret's own bytes (the app gets them in base32). */
function hotp(secret: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const number = mac.readUInt32BE(offset) & 0x7fff_ffff;
  return String(number % 10 ** DIGITS).padStart(DIGITS, '0');
}

/**
 * The time step whose code this is, among the steps better-auth accepts now, or null. The latest one if two
 * steps happen to share the code: claiming it refuses more later, never less.
 */
export function stepOfCode(secret: string, code: string, now: number): number | null {
  const current = Math.floor(now / PERIOD_MS);
  for (let step = current + WINDOW; step >= current - WINDOW; step--) {
    if (hotp(secret, step) === code) return step;
  }
  return null;
}

/**
 * Refuses a code from the app that was already accepted (RFC 6238 §5.2): better-auth (1.7.25, as 1.7.7) takes the
 * same code again for as long as its window lasts (up to 90 s), so a code seen over a shoulder or phished with the
 * password would open a second session.
 *
 * A `before` hook of `/two-factor/verify-totp`, so the check sits in front of the only path that accepts a code
 * and nothing is undone afterwards. It finds the user the way better-auth will (the session when there is one,
 * else the signed cookie of the pending sign-in), works out which step the code belongs to with the user's
 * secret, and claims that step in one conditional UPDATE on `two_factor.last_totp_step`. The database decides:
 * of two requests with the same code, on one server or several, exactly one claims it; the other is refused
 * before better-auth runs. A code that matches no step is left to better-auth, which counts it as wrong.
 *
 * A step is claimed before better-auth's own checks that follow (its lockout, five codes per code step), so
 * a right code that they then refuse is spent too: the next code works. Spent, never accepted twice.
 */
export function totpReplayGuard(db: Database) {
  return {
    id: 'foray-totp-replay',
    hooks: {
      before: [
        {
          matcher: (context) => context.path === '/two-factor/verify-totp',
          handler: createAuthMiddleware(async (ctx) => {
            const code: unknown = ctx.body?.code;
            if (typeof code !== 'string' || !/^\d+$/.test(code)) return;
            const userId = await userOfCode(ctx);
            if (!userId) return;
            // The row better-auth will read for this user (it, too, looks it up by user id).
            const row = await ctx.context.adapter.findOne<{ id: string; secret: string }>({
              model: 'twoFactor',
              where: [{ field: 'userId', value: userId }],
            });
            if (!row) return;
            const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
            const step = stepOfCode(secret, code, Date.now());
            if (step === null) return;
            const claimed = await db
              .update(twoFactor)
              .set({ lastTotpStep: step })
              .where(
                and(eq(twoFactor.id, row.id), or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step))),
              )
              .returning({ id: twoFactor.id });
            if (claimed.length === 0) {
              // 401 like a wrong code: the sign-in limiter counts it against the same party (auth.routes.ts).
              // Returned, not thrown: better-auth answers a returned error as it is, but logs a thrown one as an error.
              return APIError.from('UNAUTHORIZED', {
                code: TOTP_CODE_USED,
                message: 'That code has been used already. Wait for the next code in the app and enter that one.',
              });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Whose code it is, found in better-auth's order: a signed-in user (turning it on), else the pending sign-in. */
async function userOfCode(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  // better-auth's cookie for the code step (`two_factor` under Foray's prefix), signed with AUTH_SECRET.
  const cookie = ctx.context.createAuthCookie('two_factor');
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending?.value ?? null;
}
