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
      const running = await database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where query like 'select pg_sleep(5)%' and state = 'active'`,
      );
      expect((running as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
      const after = await database.db.execute(sql`select 1 as one`);
      expect((after as unknown as { rows: Array<{ one: number }> }).rows[0]!.one).toBe(1);
    } finally {
      await database.dispose();
    }
  });

  it('gives a request’s reads (tiles, the list) read-only connections with the shorter read timeout, and writes the longer one', async () => {
    const database = await openTestDatabase({ statementTimeoutMs: 5000, readStatementTimeoutMs: 150 });
    const never = new AbortController().signal;
    try {
      const settings = await database.readFor(never, (db) =>
        db.execute(
          sql`select current_setting('statement_timeout') as timeout, current_setting('transaction_read_only') as read_only`,
        ),
      );
      expect((settings as unknown as { rows: unknown[] }).rows[0]).toEqual({ timeout: '150ms', read_only: 'on' });
      const write = await database
        .readFor(never, (db) => db.execute(sql`create temporary table never_made (x int)`))
        .then(
          () => null,
          (caught: unknown) => caught,
        );
      expect(
        String(
          (write as { cause?: { code?: string }; code?: string })?.cause?.code ?? (write as { code?: string })?.code,
        ),
      ).toBe('25006');
      const slow = await database
        .readFor(never, (db) => db.execute(sql`select pg_sleep(2)`))
        .then(
          () => null,
          (caught: unknown) => caught,
        );
      expect(isStatementTimeout(slow)).toBe(true);
      // The app's own pool keeps writing, with its own bound.
      const own = await database.db.execute(
        sql`select current_setting('statement_timeout') as timeout, current_setting('transaction_read_only') as read_only`,
      );
      expect((own as unknown as { rows: unknown[] }).rows[0]).toEqual({ timeout: '5s', read_only: 'off' });
    } finally {
      await database.dispose();
    }
  });
});
