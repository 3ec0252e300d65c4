import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signInFailure } from '../../db/schema.ts';

/**
 * Failed sign-ins counted per account: credential stuffing spreads its guesses over many addresses, so
 * a per-IP limit alone never trips. After `maxFailures` failures inside `windowSeconds` the account
 * refuses sign-in until the window ends — never permanently, so an attacker can at most delay its
 * owner briefly, and a password reset still works.
 */
export function createSignInLimiter(db: Database, options = { maxFailures: 10, windowSeconds: 15 * 60 }) {
  const normalize = (email: string) => email.trim().toLowerCase();
  return {
    /** Seconds until the account may try again, or 0. */
    async blockedFor(email: string): Promise<number> {
      const [row] = await db
        .select({
          seconds: sql<number>`ceil(extract(epoch from (${signInFailure.blockedUntil} - now())))::int`,
        })
        .from(signInFailure)
        .where(eq(signInFailure.email, normalize(email)));
      return row && row.seconds > 0 ? row.seconds : 0;
    },
    async recordFailure(email: string): Promise<void> {
      const window = sql`make_interval(secs => ${options.windowSeconds})`;
      await db
        .insert(signInFailure)
        .values({ email: normalize(email), failures: 1 })
        .onConflictDoUpdate({
          target: signInFailure.email,
          set: {
            // A new window starts when the old one is over.
            failures: sql`case when ${signInFailure.windowStartedAt} + ${window} < now() then 1 else ${signInFailure.failures} + 1 end`,
            windowStartedAt: sql`case when ${signInFailure.windowStartedAt} + ${window} < now() then now() else ${signInFailure.windowStartedAt} end`,
            blockedUntil: sql`case when ${signInFailure.windowStartedAt} + ${window} >= now() and ${signInFailure.failures} + 1 >= ${options.maxFailures} then ${signInFailure.windowStartedAt} + ${window} else null end`,
          },
        });
    },
    async recordSuccess(email: string): Promise<void> {
      await db.delete(signInFailure).where(eq(signInFailure.email, normalize(email)));
    },
  };
}
export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
