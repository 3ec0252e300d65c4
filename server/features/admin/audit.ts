// The audit log's one writer: every administrator action goes through here, in the same transaction as the action.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import type { AuditAction } from '../../../common/schemas/admin-audit.ts';

/** How long entries are kept (ADR 0077); older ones are swept with the expired sessions. */
export const AUDIT_KEEP_DAYS = 365;

/** A database or a transaction of one (both have insert and execute). */
type Writer = Pick<Database, 'insert' | 'execute'>;

export type AuditEntryInput = {
  /** The administrator; null for `npm run admin` on the server's console. */
  actorId: string | null;
  action: AuditAction;
  subjectId?: string | null;
  /** request.ip: the address as TRUST_PROXY makes it; null for the console. */
  address?: string | null;
};

export async function recordAudit(db: Writer, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    subjectId: entry.subjectId ?? null,
    address: entry.address ?? null,
  });
}

export async function sweepAuditLog(db: Writer): Promise<void> {
  await db.execute(sql`delete from audit_log where at < now() - make_interval(days => ${AUDIT_KEEP_DAYS})`);
}
