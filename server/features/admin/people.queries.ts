// The people on the server as administrators see them: account facts and counts, never content (ADR 0077, 0082).
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { AuditAction } from '../../../common/schemas/admin-audit.ts';
import type { AccountRole, AccountStatus, AdminUser, AdminUsersQuery } from '../../../common/schemas/admin-users.ts';

export const PEOPLE_PAGE_SIZE = 50;

type Row = {
  id: string;
  name: string | null;
  email: string;
  role: AccountRole;
  status: AccountStatus;
  email_verified: boolean;
  two_factor_enabled: boolean;
  created_at: Date | string;
  created_key: string;
  last_active_at: Date | string | null;
  spots: number;
  photo_bytes: number | string;
  photo_quota_mb: number;
  photo_quota_is_default: boolean;
};

type Executor = Pick<Database, 'execute'>;
const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;
const iso = (value: Date | string) => new Date(value).toISOString();

/** A keyset cursor: the sort key's exact text as PostgreSQL printed it (microseconds kept) and the id. */
const TIMESTAMP_TEXT = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:?\d\d)?|Z)?$/;

const badCursor = () => new AppError(400, 'VALIDATION_ERROR', 'The cursor is not one this server gave out.');

export function encodeCursor(key: string, id: string | number): string {
  return Buffer.from(JSON.stringify([key, String(id)])).toString('base64url');
}

export function decodeCursor(cursor: string): { key: string; id: string } {
  try {
    const [key, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof key === 'string' && TIMESTAMP_TEXT.test(key) && typeof id === 'string' && id.length <= 100)
      return { key, id };
  } catch {
    // Falls through to the 400 below.
  }
  throw badCursor();
}

/** A cursor's time that passes the pattern but is no date (February 30th): PostgreSQL's 22007/22008, a 400. */
async function withCursorChecked<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    let current: unknown = error;
    for (let depth = 0; depth < 5 && current; depth++) {
      const code = (current as { code?: unknown }).code;
      if (code === '22007' || code === '22008') throw badCursor();
      current = (current as { cause?: unknown }).cause;
    }
    throw error;
  }
}

/** The quota in force for an account: its own, else the server's (server_policy), else PHOTO_QUOTA_MB. */
const quotaOf = (defaultQuotaMb: number) =>
  sql`coalesce(u.photo_quota_mb, (select photo_quota_mb from server_policy where id = 1), ${defaultQuotaMb})::int`;

function selectPeople(where: SQL, defaultQuotaMb: number, limit: number) {
  return sql`
    select u.id, u.name, u.email, u.role, u.status, u.email_verified, u.two_factor_enabled,
           u.created_at, u.created_at::text as created_key, u.last_active_at,
           (select count(*)::int from locations l where l.user_id = u.id) as spots,
           u.photo_bytes, ${quotaOf(defaultQuotaMb)} as photo_quota_mb,
           (u.photo_quota_mb is null) as photo_quota_is_default
    from "user" u
    where ${where}
    order by u.created_at desc, u.id desc
    limit ${limit}`;
}

function toAdminUser(row: Row): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.status,
    email_verified: row.email_verified,
    two_step: row.two_factor_enabled,
    created_at: iso(row.created_at),
    last_active_at: row.last_active_at === null ? null : iso(row.last_active_at),
    spots: row.spots,
    photo_bytes: Number(row.photo_bytes),
    photo_quota_mb: row.photo_quota_mb,
    photo_quota_is_default: row.photo_quota_is_default,
  };
}

/** Words for ILIKE, with its own wildcards taken literally. */
const likePattern = (words: string) => `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Newest accounts first; a page of PEOPLE_PAGE_SIZE and the cursor of the next one. */
export async function listPeople(db: Executor, query: AdminUsersQuery, defaultQuotaMb: number) {
  const conditions: SQL[] = [sql`true`];
  if (query.status) conditions.push(sql`u.status = ${query.status}`);
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(sql`(u.email ilike ${pattern} or u.name ilike ${pattern})`);
  }
  if (query.cursor) {
    const { key, id } = decodeCursor(query.cursor);
    conditions.push(sql`(u.created_at, u.id) < (${key}::timestamptz, ${id})`);
  }
  const rows = rowsOf<Row>(
    await withCursorChecked(() =>
      db.execute(selectPeople(sql.join(conditions, sql` and `), defaultQuotaMb, PEOPLE_PAGE_SIZE + 1)),
    ),
  );
  const page = rows.slice(0, PEOPLE_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toAdminUser),
    next_cursor: rows.length > PEOPLE_PAGE_SIZE && last ? encodeCursor(last.created_key, last.id) : null,
  };
}

export async function findPerson(db: Executor, id: string, defaultQuotaMb: number): Promise<AdminUser | null> {
  const [row] = rowsOf<Row>(await db.execute(selectPeople(sql`u.id = ${id}`, defaultQuotaMb, 1)));
  return row ? toAdminUser(row) : null;
}

/** What an action needs to know of its subject, locked until the transaction ends. */
export type Subject = {
  id: string;
  email: string;
  status: AccountStatus;
  role: AccountRole;
  email_verified: boolean;
  two_factor_enabled: boolean;
  has_password: boolean;
  /** The app's language at sign-up: the language of mails about the account (null: both). */
  language: 'en' | 'lt' | null;
};

export async function lockSubject(db: Executor, id: string): Promise<Subject> {
  const [row] = rowsOf<Subject>(
    await db.execute(sql`
      select u.id, u.email, u.status, u.role, u.email_verified, u.two_factor_enabled, u.language,
             exists (select 1 from account a where a.user_id = u.id and a.provider_id = 'credential'
                     and a.password is not null) as has_password
      from "user" u where u.id = ${id} for update`),
  );
  if (!row) throw new AppError(404, 'NOT_FOUND', 'There is no such account on this server.');
  return row;
}

type AuditRow = {
  id: number | string;
  at: Date | string;
  at_key: string;
  actor_id: string | null;
  action: string;
  subject_id: string | null;
  address: string | null;
};

/** The audit log, newest first, PEOPLE_PAGE_SIZE a page. */
export async function listAudit(db: Executor, cursor: string | undefined) {
  let after = sql`true`;
  if (cursor) {
    const { key, id } = decodeCursor(cursor);
    if (!/^\d{1,18}$/.test(id)) throw badCursor();
    after = sql`(at, id) < (${key}::timestamptz, ${id}::bigint)`;
  }
  const rows = rowsOf<AuditRow>(
    await withCursorChecked(() =>
      db.execute(sql`
      select id, at, at::text as at_key, actor_id, action, subject_id, address from audit_log
      where ${after} order by at desc, id desc limit ${PEOPLE_PAGE_SIZE + 1}`),
    ),
  );
  const page = rows.slice(0, PEOPLE_PAGE_SIZE);
  const last = page.at(-1);
  const ids = [...new Set(page.flatMap((row) => [row.actor_id, row.subject_id]).filter((id) => id !== null))];
  const named =
    ids.length === 0
      ? []
      : rowsOf<{ id: string; name: string | null; email: string }>(
          await db.execute(
            sql`select id, name, email from "user" where id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          ),
        );
  return {
    people: Object.fromEntries(named.map((person) => [person.id, { name: person.name, email: person.email }])),
    items: page.map((row) => ({
      at: iso(row.at),
      actor_id: row.actor_id,
      action: row.action as AuditAction,
      subject_id: row.subject_id,
      address: row.address,
    })),
    next_cursor: rows.length > PEOPLE_PAGE_SIZE && last ? encodeCursor(last.at_key, last.id) : null,
  };
}
