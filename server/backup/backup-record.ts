import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/**
 * The last backup's outcome, kept in `server_settings` so that every server on one database reports the same one,
 * whichever server (or `npm run backup`) made it: the admin page's health panel and /metrics read it (ADR 0080).
 */
const LAST_RESULT_KEY = 'backup_last_result';
const LAST_SUCCESS_KEY = 'backup_last_success_at';

export type BackupRecord = {
  /** When the last backup ended, well or not; null when none was ever made. */
  lastAt: Date | null;
  lastOk: boolean | null;
  /** What went wrong with the last one, when it failed. */
  lastError: string | null;
  /** When the last one that worked ended. */
  lastSuccessAt: Date | null;
};

/** Longest error message kept: the first line of a failure says enough, and the log has the rest. */
const ERROR_MAX_CHARS = 500;

export async function recordBackupResult(db: Database, outcome: { ok: true } | { ok: false; error: string }) {
  const at = new Date().toISOString();
  const result = JSON.stringify({
    at,
    ok: outcome.ok,
    error: outcome.ok ? null : outcome.error.slice(0, ERROR_MAX_CHARS),
  });
  await db.execute(sql`
    insert into server_settings (key, value) values (${LAST_RESULT_KEY}, ${result})
    on conflict (key) do update set value = excluded.value`);
  if (outcome.ok)
    await db.execute(sql`
      insert into server_settings (key, value) values (${LAST_SUCCESS_KEY}, ${at})
      on conflict (key) do update set value = excluded.value`);
}

export async function readBackupRecord(db: Database): Promise<BackupRecord> {
  const { rows } = (await db.execute(
    sql`select key, value from server_settings where key in (${LAST_RESULT_KEY}, ${LAST_SUCCESS_KEY})`,
  )) as unknown as { rows: { key: string; value: string }[] };
  const value = (key: string) => rows.find((row) => row.key === key)?.value ?? null;
  let last: { at?: string; ok?: boolean; error?: string | null } = {};
  try {
    last = JSON.parse(value(LAST_RESULT_KEY) ?? '{}') as typeof last;
  } catch {
    // A value no Foray wrote: as if no backup were recorded.
  }
  const success = value(LAST_SUCCESS_KEY);
  return {
    lastAt: last.at ? new Date(last.at) : null,
    lastOk: typeof last.ok === 'boolean' ? last.ok : null,
    lastError: last.error ?? null,
    lastSuccessAt: success ? new Date(success) : null,
  };
}
