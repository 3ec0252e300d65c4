import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.ts';
import { isStatementTimeout } from './unavailable.ts';

// No statement of the app runs past DB_STATEMENT_TIMEOUT_MS on PostgreSQL (issue #10): a request that went wrong,
// or that the browser gave up on, frees its connection instead of working on for nobody. PGlite runs in the
// server's own process and has no such bound.
describe.runIf(process.env.FORAY_TEST_DB === 'postgres')('the statement timeout on PostgreSQL', () => {
  it('cancels a statement that runs too long, leaves nothing running, and the connection serves the next query', async () => {
    const database = await openTestDatabase({ statementTimeoutMs: 200 });
    try {
      const error = await database.db.execute(sql`select pg_sleep(5)`).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).not.toBeNull();
      expect(isStatementTimeout(error)).toBe(true);
      const running = await database.db.execute(sql`select count(*)::int as n from pg_stat_activity where query like 'select pg_sleep(5)%' and state = 'active'`);
      expect((running as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
      const after = await database.db.execute(sql`select 1 as one`);
      expect((after as unknown as { rows: Array<{ one: number }> }).rows[0]!.one).toBe(1);
    } finally {
      await database.dispose();
    }
  });
});
