// Naming and removing administrators from the server's console (`npm run admin -- grant|revoke <email>`, ADR 0082).
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isLastAdminRefusal, LAST_ADMIN_MESSAGE } from '../../db/last-admin.ts';
import { recordAudit } from './audit.ts';

export type AdminCommand = { command: 'grant' | 'revoke'; email: string };

/** A refusal meant for the person at the console: its message says what to do; the command exits non-zero. */
export class AdminCommandRefused extends Error {
  override name = 'AdminCommandRefused';
}

/**
 * Gives or takes the administrator role of the account with this e-mail, in one transaction with its audit entry
 * (actor and address null: the console). Returns what was done, in words for the console.
 */
export async function runAdminCommand(db: Database, { command, email }: AdminCommand): Promise<string> {
  const address = email.trim().toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      const found = (await tx.execute(
        sql`select id, role, status from "user" where email = ${address} for update`,
      )) as unknown as { rows: { id: string; role: string; status: string }[] };
      const person = found.rows[0];
      if (!person) throw new AdminCommandRefused(`There is no account with the e-mail ${address} on this server.`);
      const role = command === 'grant' ? 'admin' : 'user';
      if (person.role === role)
        return command === 'grant' ? `${address} is an administrator already.` : `${address} is no administrator.`;
      await tx.execute(sql`update "user" set role = ${role}, updated_at = now() where id = ${person.id}`);
      await recordAudit(tx, { actorId: null, action: 'user.role', subjectId: person.id, address: null });
      if (command === 'revoke') return `${address} is no longer an administrator.`;
      return person.status === 'active'
        ? `${address} is now an administrator.`
        : `${address} is now an administrator (the account is ${person.status}: it acts as one once it is active).`;
    });
  } catch (error) {
    if (isLastAdminRefusal(error)) throw new AdminCommandRefused(`Refused: ${LAST_ADMIN_MESSAGE}`);
    throw error;
  }
}
