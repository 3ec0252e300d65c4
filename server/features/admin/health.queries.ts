import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { readBackupRecord, type BackupRecord } from '../../backup/backup-record.ts';

/**
 * The server's figures that live in the database, read when asked (several servers share one database, so no
 * process keeps its own copy): the admin page's health panel and /metrics read the same ones (ADR 0080).
 */
export type ServerFigures = {
  accounts: { status: string; count: number }[];
  photoBytes: number;
  mail: { backlog: number; oldestAt: Date | null };
  backup: BackupRecord;
};

export async function readServerFigures(db: Database): Promise<ServerFigures> {
  const rows = async <Row>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const [accounts, photos, mail] = await Promise.all([
    rows<{ status: string; count: number }>(
      sql`select status, count(*)::int as count from "user" group by status order by status`,
    ),
    rows<{ bytes: string | null }>(sql`select sum(photo_bytes)::text as bytes from "user"`),
    rows<{ backlog: number; oldest_at: string | Date | null }>(
      sql`select count(*)::int as backlog, min(created_at) as oldest_at from mail_outbox where sent_at is null`,
    ),
  ]);
  return {
    accounts,
    photoBytes: Number(photos[0]?.bytes ?? 0),
    mail: { backlog: mail[0]?.backlog ?? 0, oldestAt: mail[0]?.oldest_at ? new Date(mail[0].oldest_at) : null },
    backup: await readBackupRecord(db),
  };
}

/** The database's size on disk, as PostgreSQL counts it (the embedded one too). */
export async function databaseSizeBytes(db: Database): Promise<number> {
  const { rows } = (await db.execute(sql`select pg_database_size(current_database())::text as bytes`)) as unknown as {
    rows: { bytes: string }[];
  };
  return Number(rows[0]?.bytes ?? 0);
}
