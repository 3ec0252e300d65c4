// The sharing a new spot starts with (ADR 0056): everyone (`default_public`), or else the circles in
// user_default_circles (none: only the user), and how exactly. Read with /api/v1/me and the account page.
import { eq, sql } from 'drizzle-orm';
import type { AccountSettings, AccountSettingsPatch } from '../../../common/schemas/account.ts';
import type { Audience, Precision } from '../../../common/schemas/spots.ts';
import type { Database } from '../../db/client.ts';
import { user as userTable, userDefaultCircles } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { circleIdsOfMember } from '../circles/circles.queries.ts';

type Row = { default_public: boolean; default_precision: Precision; circle_ids: string[] | null };

const settingsOf = (row: Row): AccountSettings => {
  const circleIds = [...(row.circle_ids ?? [])].sort();
  const audience: Audience = row.default_public ? 'public' : circleIds.length > 0 ? 'circles' : 'private';
  return {
    default_public: row.default_public,
    default_audience: audience,
    default_circle_ids: audience === 'circles' ? circleIds : [],
    default_precision: row.default_precision,
  };
};

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

async function readSettings(db: Executor, userId: string, { lock = false } = {}): Promise<AccountSettings> {
  const result = await db.execute(sql`
    select u.default_public, u.default_precision,
      (select array_agg(d.circle_id::text) from ${userDefaultCircles} d where d.user_id = u.id) as circle_ids
    from ${userTable} u where u.id = ${userId}
    ${lock ? sql`for update` : sql``}`);
  const [row] = (result as unknown as { rows: Row[] }).rows;
  if (!row) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in.');
  return settingsOf(row);
}

/** The user's defaults for a new spot. */
export const sharingDefaults = (db: Database, userId: string) => readSettings(db, userId);

/**
 * Changes the defaults, in one transaction with the user's row held; 400 UNKNOWN_CIRCLE for a circle the user is not
 * in (answered like one that does not exist). Returns them as they are now.
 */
export async function changeSharingDefaults(
  db: Database,
  userId: string,
  patch: AccountSettingsPatch,
): Promise<AccountSettings> {
  return db.transaction(async (tx) => {
    const current = await readSettings(tx, userId, { lock: true });
    let isPublic = current.default_public;
    let circleIds = current.default_audience === 'circles' ? current.default_circle_ids : [];
    const asked =
      patch.default_audience ??
      (patch.default_public === true
        ? 'public'
        : patch.default_circle_ids !== undefined
          ? patch.default_circle_ids.length > 0
            ? 'circles'
            : 'private'
          : patch.default_public === false
            ? 'not-public'
            : null);
    if (asked === 'public') [isPublic, circleIds] = [true, []];
    else if (asked === 'circles') [isPublic, circleIds] = [false, patch.default_circle_ids ?? []];
    else if (asked === 'private') [isPublic, circleIds] = [false, []];
    else if (asked === 'not-public') isPublic = false;

    if (asked !== null) {
      if (circleIds.length > 0) {
        // Held until the end, like a spot's shares: someone leaving meanwhile waits, then takes the default away.
        const member = await circleIdsOfMember(tx, userId, circleIds, { lock: true });
        if (member.length !== circleIds.length) {
          throw new AppError(400, 'UNKNOWN_CIRCLE', 'You can share only with circles you are in.');
        }
      }
      await tx.delete(userDefaultCircles).where(eq(userDefaultCircles.userId, userId));
      if (circleIds.length > 0) {
        await tx.insert(userDefaultCircles).values(circleIds.map((circleId) => ({ userId, circleId })));
      }
    }
    await tx
      .update(userTable)
      .set({
        defaultPublic: isPublic,
        ...(patch.default_precision ? { defaultPrecision: patch.default_precision } : {}),
        updatedAt: new Date(),
      })
      .where(eq(userTable.id, userId));
    return readSettings(tx, userId);
  });
}
