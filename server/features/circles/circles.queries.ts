// Circles (issue #20): the people a forager shares chosen spots with. Every function that changes a circle
// runs in one transaction holding the circle's row, so two admins acting at once take turns and every rule is
// checked on the roles as they are at that moment. A user's own row is taken before a circle's (joining and
// creating count the user's circles), never after, so two transactions cannot wait for each other.
import { sql } from 'drizzle-orm';
import { CIRCLES_PER_USER_MAX } from '../../../common/limits.ts';
import type { Circle, CircleRole } from '../../../common/schemas/circles.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';

type Executor = Pick<Database, 'execute'>;
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** What an outsider gets for every circle route: exactly what a circle that does not exist gets. */
export const circleNotFound = () => notFound('Circle');
/** A member without the role for it: they know the circle exists, so saying why is no leak. */
export const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);
export const circleLimit = () =>
  new AppError(
    409,
    'CIRCLE_LIMIT',
    `You can be in at most ${CIRCLES_PER_USER_MAX} circles. Leave one before you create or join another.`,
  );

/** The circle as `viewerId` sees it (with their role), or null when they are not in it or it does not exist. */
export async function findCircle(db: Executor, viewerId: string, circleId: string): Promise<Circle | null> {
  const [row] = rowsOf<Circle>(
    await db.execute(sql`
      select c.id, c.name, m.role,
             (select count(*)::int from circle_members n where n.circle_id = c.id) as member_count
      from circles c join circle_members m on m.circle_id = c.id and m.user_id = ${viewerId}
      where c.id = ${circleId}`),
  );
  return row ?? null;
}

/** The caller's circles, by name. */
export async function listCircles(db: Executor, userId: string): Promise<Circle[]> {
  return rowsOf<Circle>(
    await db.execute(sql`
      select c.id, c.name, m.role,
             (select count(*)::int from circle_members n where n.circle_id = c.id) as member_count
      from circle_members m join circles c on c.id = m.circle_id
      where m.user_id = ${userId}
      order by lower(c.name), c.id`),
  );
}

/** Holds the user's row to the end of the transaction: their joins, new circles and invitations take turns. */
export async function lockUser(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select 1 from "user" where id = ${userId} for no key update`);
}

export async function circleCountOf(tx: Executor, userId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from circle_members where user_id = ${userId}`),
  );
  return row?.n ?? 0;
}

/**
 * Holds the circle's row to the end of the transaction and returns the caller's role in it; a circle they are not
 * in throws the same 404 as one that does not exist. NO KEY UPDATE: a member row being added for another circle, or
 * a spot shared into this one, still goes ahead (their foreign keys only share-lock the row).
 */
export async function lockCircle(tx: Executor, circleId: string, userId: string): Promise<CircleRole> {
  const [row] = rowsOf<{ role: CircleRole | null }>(
    await tx.execute(sql`
      select (select m.role from circle_members m where m.circle_id = c.id and m.user_id = ${userId}) as role
      from circles c where c.id = ${circleId}
      for no key update of c`),
  );
  if (!row?.role) throw circleNotFound();
  return row.role;
}

/**
 * Runs `work` in one transaction that holds the circle, with the caller's role in it (see `lockCircle`). An outsider
 * is turned away before any lock is taken, so a busy circle answers them as fast as a missing one.
 */
export async function inCircle<T>(
  db: Database,
  circleId: string,
  userId: string,
  work: (tx: Database, role: CircleRole) => Promise<T>,
): Promise<T> {
  if (!(await roleIn(db, circleId, userId))) throw circleNotFound();
  return db.transaction(async (tx) => work(tx, await lockCircle(tx, circleId, userId)));
}

/** The user's role in the circle, or null when they are not in it (or it does not exist). */
export async function roleIn(db: Executor, circleId: string, userId: string): Promise<CircleRole | null> {
  const [row] = rowsOf<{ role: CircleRole }>(
    await db.execute(sql`select role from circle_members where circle_id = ${circleId} and user_id = ${userId}`),
  );
  return row?.role ?? null;
}

/** A new circle, with its maker as owner; refused once the maker is in CIRCLES_PER_USER_MAX circles. */
export async function createCircle(db: Database, ownerId: string, name: string): Promise<Circle> {
  return db.transaction(async (tx) => {
    await lockUser(tx, ownerId);
    if ((await circleCountOf(tx, ownerId)) >= CIRCLES_PER_USER_MAX) throw circleLimit();
    const id = crypto.randomUUID();
    await tx.execute(sql`insert into circles (id, name) values (${id}, ${name})`);
    await tx.execute(sql`insert into circle_members (circle_id, user_id, role) values (${id}, ${ownerId}, 'owner')`);
    return (await findCircle(tx, ownerId, id))!;
  });
}

const ownerOnly = (role: CircleRole, message: string) => {
  if (role !== 'owner') throw forbidden(message);
};

export async function renameCircle(db: Database, userId: string, circleId: string, name: string): Promise<Circle> {
  return inCircle(db, circleId, userId, async (tx, role) => {
    ownerOnly(role, 'Only the circle’s owner can rename it.');
    await tx.execute(sql`update circles set name = ${name} where id = ${circleId}`);
    return (await findCircle(tx, userId, circleId))!;
  });
}

/** Hands the circle to another member: they become its owner, the old owner an admin. */
export async function handOverCircle(
  db: Database,
  userId: string,
  circleId: string,
  newOwnerId: string,
): Promise<Circle> {
  return inCircle(db, circleId, userId, async (tx, role) => {
    ownerOnly(role, 'Only the circle’s owner can hand it over.');
    if (newOwnerId !== userId) {
      const [heir] = rowsOf<{ role: CircleRole }>(
        await tx.execute(
          sql`select role from circle_members where circle_id = ${circleId} and user_id = ${newOwnerId}`,
        ),
      );
      if (!heir) throw new AppError(409, 'NOT_A_MEMBER', 'A circle can only be handed to one of its members.');
      // The old owner steps down first: one owner a circle, by the unique index, at every statement.
      await tx.execute(
        sql`update circle_members set role = 'admin' where circle_id = ${circleId} and user_id = ${userId}`,
      );
      await tx.execute(
        sql`update circle_members set role = 'owner' where circle_id = ${circleId} and user_id = ${newOwnerId}`,
      );
    }
    return (await findCircle(tx, userId, circleId))!;
  });
}

/**
 * Deletes the circle; its members, invitations and shares (location_circles) go with it by their foreign keys, so
 * a spot shared only through it is seen by its owner alone again.
 */
export async function deleteCircle(db: Database, userId: string, circleId: string): Promise<void> {
  await inCircle(db, circleId, userId, async (tx, role) => {
    ownerOnly(role, 'Only the circle’s owner can delete it.');
    await tx.execute(sql`delete from circles where id = ${circleId}`);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Which of `circleIds` the user is a member of (any role), for sharing a spot into them and reading what is shared
 * through them. Ids that are not UUIDs are simply not among them.
 *
 * `lock`: inside the transaction that writes a spot's shares, holds the user's member rows found until it ends, so
 * leaving or being removed waits for the share to be written and then takes it away with the rest; one who left a
 * moment before is not found. (A role change does not wait: KEY SHARE.)
 */
export async function circleIdsOfMember(
  db: Executor,
  userId: string,
  circleIds: readonly string[],
  options: { lock?: boolean } = {},
): Promise<string[]> {
  const ids = [...new Set(circleIds.filter((id) => UUID.test(id)))];
  if (ids.length === 0) return [];
  return rowsOf<{ circle_id: string }>(
    await db.execute(sql`
      select circle_id from circle_members
      where user_id = ${userId} and circle_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      ${options.lock ? sql`for key share` : sql``}`),
  ).map((row) => row.circle_id);
}

/**
 * Before an account is deleted (inside its transaction, with the user's row held): each circle the user owns goes
 * to its longest-standing admin, or else its longest-standing member; a circle with nobody else in it is deleted.
 * Their memberships elsewhere, their shares and the invitations they made go with the user row, by foreign key.
 */
export async function handOverCirclesOf(
  tx: Executor,
  userId: string,
): Promise<{ handedOver: number; deleted: number }> {
  const owned = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select c.id from circles c
      where exists (select 1 from circle_members m where m.circle_id = c.id and m.user_id = ${userId} and m.role = 'owner')
      order by c.id
      for no key update of c`),
  ).map((row) => row.id);
  if (owned.length === 0) return { handedOver: 0, deleted: 0 };
  const list = sql.join(
    owned.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`delete from circle_members where user_id = ${userId} and circle_id in (${list})`);
  const heirs = rowsOf<{ circle_id: string }>(
    await tx.execute(sql`
      update circle_members m set role = 'owner'
      from (
        select distinct on (circle_id) circle_id, user_id from circle_members
        where circle_id in (${list})
        order by circle_id, (role = 'admin') desc, joined_at, user_id
      ) heir
      where m.circle_id = heir.circle_id and m.user_id = heir.user_id
      returning m.circle_id`),
  );
  const deleted = rowsOf<{ id: string }>(
    await tx.execute(sql`
      delete from circles c
      where c.id in (${list}) and not exists (select 1 from circle_members m where m.circle_id = c.id)
      returning c.id`),
  );
  return { handedOver: heirs.length, deleted: deleted.length };
}
