import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signInDeviceFailure, signInFailure } from '../../db/schema.ts';

/** Who a sign-in attempt is counted against: a browser the account knows, or the account for all others. */
export type SignInSubject = { email: string; deviceId: string | null };

/**
 * Failed sign-ins, counted in the database so every Foray server on one PostgreSQL counts together.
 * After `maxFailures` failures inside `windowSeconds` the counted party may not sign in until the window ends —
 * never permanently, and a password reset still works.
 *
 * Following OWASP's device-cookie pattern (ADR 0011), two parties are counted apart:
 * - a browser holding a valid device cookie for the account has its own count, which failures from elsewhere
 *   never touch: an attacker guessing from many addresses cannot lock the owner's own phone out;
 * - every other attempt counts against the account itself: credential stuffing spread over many addresses,
 *   which a per-address limit never trips, still stops after `maxFailures`.
 */
export function createSignInLimiter(db: Database, options = { maxFailures: 10, windowSeconds: 15 * 60 }) {
  const normalize = (email: string) => email.trim().toLowerCase();
  const window = sql`make_interval(secs => ${options.windowSeconds})`;

  // The same counter over either table: a row per key, a window that restarts when it is over.
  const which = (subject: SignInSubject) =>
    subject.deviceId
      ? {
          table: signInDeviceFailure,
          c: signInDeviceFailure,
          key: signInDeviceFailure.deviceId,
          value: subject.deviceId,
        }
      : { table: signInFailure, c: signInFailure, key: signInFailure.email, value: normalize(subject.email) };
  const rows = async <Row>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

  return {
    /** Seconds until this party may try again, or 0. */
    async blockedFor(subject: SignInSubject): Promise<number> {
      const { table, c, key, value } = which(subject);
      const [row] = await rows<{ seconds: number | null }>(
        sql`select ceil(extract(epoch from (${c.blockedUntil} - now())))::int as seconds from ${table} where ${key} = ${value}`,
      );
      return row?.seconds && row.seconds > 0 ? row.seconds : 0;
    },
    async recordFailure(subject: SignInSubject): Promise<void> {
      const { table, c, key, value } = which(subject);
      const expired = sql`${c.windowStartedAt} + ${window} < now()`;
      await db.execute(sql`
        insert into ${table} (${sql.identifier(key.name)}, failures) values (${value}, 1)
        on conflict (${sql.identifier(key.name)}) do update set
          failures = case when ${expired} then 1 else ${c.failures} + 1 end,
          window_started_at = case when ${expired} then now() else ${c.windowStartedAt} end,
          blocked_until = case when not (${expired}) and ${c.failures} + 1 >= ${options.maxFailures}
                               then ${c.windowStartedAt} + ${window} else null end`);
    },
    async recordSuccess(subject: SignInSubject): Promise<void> {
      const { table, key, value } = which(subject);
      await db.execute(sql`delete from ${table} where ${key} = ${value}`);
    },
  };
}
export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
