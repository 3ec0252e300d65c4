// Who may join the server (ADR 0079): the sign-up policy held in the database (one row, server_policy), the domains
// that may always sign up, server invitations, and the first account that becomes the administrator. Every decision
// is made in the database, so all Foray servers on one database agree.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { OPEN_SERVER_INVITES_MAX } from '../../../common/limits.ts';
import type { AdminSettings, SignupInfo, SignupPolicy } from '../../../common/schemas/admin-settings.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { circleInviteAdmitsSignUp } from '../circles/invite-use.queries.ts';

type Executor = Pick<Database, 'execute'>;
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/**
 * Every start: the policy row of a new server, with SIGNUP_POLICY's policy (else `invite`). A server that has the
 * row keeps it (migration 0025 wrote `open` for one upgraded with accounts), so the setting counts at a first start only.
 */
export async function ensureSignupPolicy(db: Executor, policy: SignupPolicy | undefined): Promise<void> {
  await db.execute(sql`
    insert into server_policy (id, signup_policy) values (1, ${policy ?? 'invite'}) on conflict (id) do nothing`);
}

type PolicyRow = { signup_policy: SignupPolicy; signup_domains: string[]; photo_quota_mb: number | null };

async function policyRow(db: Executor): Promise<PolicyRow> {
  const [row] = rowsOf<PolicyRow>(
    await db.execute(sql`select signup_policy, signup_domains, photo_quota_mb from server_policy where id = 1`),
  );
  // The row is written at every start before the routes; were it gone, the strictest ordinary default holds.
  return row ?? { signup_policy: 'invite', signup_domains: [], photo_quota_mb: null };
}

/** What the sign-in screen is told: the policy, and whether any domain is listed (not which). */
export async function signupInfo(db: Executor): Promise<SignupInfo> {
  const row = await policyRow(db);
  return { policy: row.signup_policy, some_domains: row.signup_domains.length > 0 };
}

/** The administrators' settings; `photo_quota_mb` falls back on PHOTO_QUOTA_MB (`defaultQuotaMb`). */
export async function adminSettings(db: Executor, defaultQuotaMb: number): Promise<AdminSettings> {
  const row = await policyRow(db);
  return {
    signup_policy: row.signup_policy,
    signup_domains: row.signup_domains,
    photo_quota_mb: row.photo_quota_mb ?? defaultQuotaMb,
  };
}

/** Changes the fields given; the rest stay. */
export async function updateSettings(
  db: Executor,
  patch: { signup_policy?: SignupPolicy; signup_domains?: string[]; photo_quota_mb?: number },
): Promise<void> {
  // As JSON: an array in Drizzle's sql template would become a list of parameters.
  const domains = patch.signup_domains === undefined ? null : JSON.stringify(patch.signup_domains);
  await db.execute(sql`
    update server_policy set
      signup_policy = coalesce(${patch.signup_policy ?? null}, signup_policy),
      signup_domains = case when ${domains}::jsonb is null then signup_domains
                            else array(select jsonb_array_elements_text(${domains}::jsonb)) end,
      photo_quota_mb = coalesce(${patch.photo_quota_mb ?? null}::int, photo_quota_mb),
      updated_at = now()
    where id = 1`);
}

// ── Server invitations ──

export type ServerInviteRow = {
  id: string;
  token: string;
  expires_at: string;
  max_uses: number | null;
  uses: number;
  email: string | null;
  created_at: string;
};

const INVITE_COLUMNS = sql.raw(`i.id, i.token,
  to_char(i.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at,
  i.max_uses, i.uses, i.email,
  to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`);

/** Open: not revoked, not expired, not used up. Written against the alias `i`. */
const OPEN = sql.raw(`i.revoked_at is null and i.expires_at > now() and (i.max_uses is null or i.uses < i.max_uses)`);

/** 192 random bits, base64url: the link's only secret. */
const newToken = () => randomBytes(24).toString('base64url');

/** A new invitation; past OPEN_SERVER_INVITES_MAX open ones, 409 INVITE_LIMIT. Under a lock: two at once count right. */
export async function createServerInvite(
  db: Database,
  input: { createdBy: string; expiresInDays: number; maxUses: number | null; email: string | null },
  audit: (tx: Pick<Database, 'insert' | 'execute'>, inviteId: string) => Promise<void>,
): Promise<ServerInviteRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('foray_server_invites'))`);
    const [open] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from server_invites i where ${OPEN}`),
    );
    if ((open?.n ?? 0) >= OPEN_SERVER_INVITES_MAX) {
      throw new AppError(
        409,
        'INVITE_LIMIT',
        `At most ${OPEN_SERVER_INVITES_MAX} server invitations can be open at once. Revoke one before making another.`,
      );
    }
    const [invite] = rowsOf<ServerInviteRow>(
      await tx.execute(sql`
        insert into server_invites as i (id, token, created_by, email, expires_at, max_uses)
        values (${crypto.randomUUID()}, ${newToken()}, ${input.createdBy}, ${input.email},
                now() + make_interval(days => ${input.expiresInDays}), ${input.maxUses})
        returning ${INVITE_COLUMNS}`),
    );
    await audit(tx, invite!.id);
    return invite!;
  });
}

/** Removes an invitation just made whose mail could not be queued. */
export async function dropServerInvite(db: Executor, id: string): Promise<void> {
  await db.execute(sql`delete from server_invites where id = ${id}`);
}

/** The open invitations, newest first. */
export async function listServerInvites(db: Executor): Promise<ServerInviteRow[]> {
  return rowsOf<ServerInviteRow>(
    await db.execute(sql`
      select ${INVITE_COLUMNS} from server_invites i where ${OPEN} order by i.created_at desc, i.id`),
  );
}

/** Revokes an invitation (its link then lets no one in); revoking it again changes nothing. 404 if there is none. */
export async function revokeServerInvite(
  db: Database,
  id: string,
  audit: (tx: Pick<Database, 'insert' | 'execute'>) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const revoked = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update server_invites set revoked_at = coalesce(revoked_at, now()) where id = ${id} returning id`),
    );
    if (revoked.length === 0) throw notFound('Invitation');
    await audit(tx);
  });
}

/**
 * Takes one use of a server invitation for an account about to be made with `email`, if the invitation is open and
 * (when it was mailed) for this address: one conditional update, so of two sign-ups racing for its last use exactly
 * one gets it. The id, to give the use back if no account is made; null if it does not admit.
 */
async function takeServerInviteUse(db: Executor, token: string, email: string): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      update server_invites i set uses = i.uses + 1
      where i.token = ${token} and ${OPEN} and (i.email is null or lower(i.email) = ${email})
      returning i.id`),
  );
  return row?.id ?? null;
}

export async function giveBackServerInviteUse(db: Executor, id: string): Promise<void> {
  await db.execute(sql`update server_invites set uses = greatest(uses - 1, 0) where id = ${id}`);
}

// ── Admission of a sign-up ──

export type Refusal = 'SIGNUP_CLOSED' | 'INVITE_REQUIRED';

/**
 * What a sign-up may do, decided before better-auth looks the address up: from the policy, the address's domain and
 * the invitation sent, never from whether the address has an account, so a refusal is the same for both (ADR 0079).
 * `first`: the server has no account yet; the first account made is its administrator whatever the policy, and
 * `decision` is what holds should another sign-up win that race (settleNewAccount).
 */
export type Admission = {
  first: boolean;
  decision: { refused: Refusal } | { refused: null; status: 'active' | 'pending' };
  /** A server invitation's use taken for this sign-up: given back unless an account is made. */
  serverInviteId: string | null;
};

export async function admitSignUp(db: Executor, input: { email: string; invite: string | null }): Promise<Admission> {
  const email = input.email.trim().toLowerCase();
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const [{ none } = { none: false }] = rowsOf<{ none: boolean }>(
    await db.execute(sql`select not exists (select 1 from "user") as none`),
  );
  const policy = await policyRow(db);
  // A server invitation is an administrator's own choice: it lets its holder in whatever the policy, never held.
  const serverInviteId = input.invite ? await takeServerInviteUse(db, input.invite, email) : null;
  let decision: Admission['decision'];
  if (serverInviteId || (domain !== '' && policy.signup_domains.includes(domain)) || policy.signup_policy === 'open') {
    decision = { refused: null, status: 'active' };
  } else if (policy.signup_policy === 'approval') {
    decision = { refused: null, status: 'pending' };
  } else if (policy.signup_policy === 'invite') {
    const circle = input.invite ? await circleInviteAdmitsSignUp(db, input.invite, email) : false;
    decision = circle ? { refused: null, status: 'active' } : { refused: 'INVITE_REQUIRED' };
  } else {
    decision = { refused: 'SIGNUP_CLOSED' };
  }
  return { first: none, decision, serverInviteId };
}

/**
 * The account better-auth has just made, given its standing: the earliest account of a server with no administrator
 * and no account before it becomes the administrator (under the administrators' lock, so of two first sign-ups at
 * once exactly one does); any other takes the admission's decision. A refused one (it came in as "first" and lost the
 * race) is deleted again. What became of it.
 */
export async function settleNewAccount(
  db: Database,
  input: { userId: string; admission: Admission; language: 'en' | 'lt' | null },
): Promise<{ role: 'admin' | 'user'; status: 'active' | 'pending' } | { refused: Refusal }> {
  const { userId, admission } = input;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('foray_administrators'))`);
    const [first] = rowsOf<{ first: boolean }>(
      await tx.execute(sql`
        select not exists (select 1 from "user" where role = 'admin')
           and not exists (select 1 from "user" o, "user" me
                           where me.id = ${userId} and o.id <> me.id
                             and (o.created_at, o.id) < (me.created_at, me.id)) as first`),
    );
    if (admission.first && first?.first) {
      await tx.execute(sql`
        update "user" set role = 'admin', status = 'active', language = ${input.language} where id = ${userId}`);
      return { role: 'admin' as const, status: 'active' as const };
    }
    const { decision } = admission;
    if (decision.refused) {
      await tx.execute(sql`delete from "user" where id = ${userId}`);
      return { refused: decision.refused };
    }
    await tx.execute(sql`
      update "user" set status = ${decision.status}, language = ${input.language} where id = ${userId}`);
    return { role: 'user' as const, status: decision.status };
  });
}

/** The addresses of the active administrators (told when someone waits for approval). */
export async function administratorAddresses(db: Executor): Promise<string[]> {
  return rowsOf<{ email: string }>(
    await db.execute(sql`select email from "user" where role = 'admin' and status = 'active' order by created_at`),
  ).map((row) => row.email);
}

/** A server upgraded with accounts and no administrator yet: the start line says how to name one. */
export async function lacksAdministrator(db: Executor): Promise<boolean> {
  const [row] = rowsOf<{ lacks: boolean }>(
    await db.execute(sql`
      select exists (select 1 from "user") and not exists (select 1 from "user" where role = 'admin') as lacks`),
  );
  return row?.lacks ?? false;
}

/** An account's standing by address, for sign-in (null: no such account). */
export async function accountStatus(db: Executor, email: string): Promise<'active' | 'pending' | 'disabled' | null> {
  const [row] = rowsOf<{ status: 'active' | 'pending' | 'disabled' }>(
    await db.execute(sql`select status from "user" where email = ${email.trim().toLowerCase()}`),
  );
  return row?.status ?? null;
}
