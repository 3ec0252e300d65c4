// Deleting an account: every row of the user's in one transaction, then the photo files those rows named.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { PhotoStorage } from '../../storage/storage.ts';
import { removePhotoFiles } from '../../photos/photo-files.ts';
import { handOverCirclesOf } from '../circles/circles.queries.ts';

type Keys = { photo_key: string; thumbnail_key: string };

/**
 * Removes the account of `user` and everything that is theirs, in this order (ADR 0037):
 *
 * 1. One transaction: the circles they own, handed to their longest-standing admin or else member (a circle with
 *    nobody else in it is deleted); the photo rows of their spots and visits (keeping the file keys they name), their
 *    spots (visits and circle shares go with them; the map_cells trigger takes public ones off the counts), the ids
 *    of everything of theirs ever deleted (kept taken while the account exists, ADR 0070), imports,
 *    mail still waiting for their address, sign-in failures counted against it, the tokens better-auth keeps for them
 *    (verification rows), and the user row, whose deletion takes sessions, accounts, two-step secrets, circle
 *    memberships and the invitations they made along.
 *    All or nothing: a failure leaves the account whole, and the forager can try again.
 * 2. After the commit, the files. Only keys read from the deleted rows are removed, so nobody else's photo is
 *    touched; a file that cannot be removed now has no row naming it, and the reconciler (photo-reconcile.ts)
 *    removes it on its next pass.
 */
export async function deleteAccountAndData(
  deps: { db: Database; storage: PhotoStorage; log: FastifyBaseLogger },
  user: { id: string; email: string },
  /** Runs in the deletion's transaction, before its commit: an administrator's deletion writes its audit entry so. */
  alsoInTransaction?: (tx: Pick<Database, 'insert' | 'execute'>) => Promise<void>,
): Promise<{ spots: number; files: number }> {
  const rows = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
  const email = user.email.trim().toLowerCase();

  const { keys, spots } = await deps.db.transaction(async (tx) => {
    // Lock the user's row first: a spot written for them while this runs waits, then fails on the foreign key.
    await tx.execute(sql`select id from "user" where id = ${user.id} for update`);
    // Before the user row takes their memberships with it: no circle is left without an owner.
    await handOverCirclesOf(tx, user.id);
    const spotPhotos = rows<Keys>(
      await tx.execute(sql`
        delete from location_photos where location_id in (select id from locations where user_id = ${user.id})
        returning photo_key, thumbnail_key`),
    );
    const visitPhotos = rows<Keys>(
      await tx.execute(sql`
        delete from visit_photos where visit_id in
          (select v.id from visits v join locations l on l.id = v.location_id where l.user_id = ${user.id})
        returning photo_key, thumbnail_key`),
    );
    const deletedSpots = rows<{ id: string }>(
      await tx.execute(sql`delete from locations where user_id = ${user.id} returning id`),
    );
    // After the spots: their trigger has taken them off the owner's kept private counts; the emptied rows go.
    await tx.execute(sql`delete from map_owner_cells where user_id = ${user.id}`);
    // And the ids their deleted spots, photos, visits and visits' photos leave taken (ADR 0053, 0070), which the
    // deletions above have just added to: nothing of the account stays, so once it is gone those ids are free again.
    for (const table of [
      'deleted_location_ids',
      'deleted_location_photo_ids',
      'deleted_visit_ids',
      'deleted_visit_photo_ids',
    ])
      await tx.execute(sql`delete from ${sql.identifier(table)} where user_id = ${user.id}`);
    await tx.execute(sql`delete from imports where user_id = ${user.id}`);
    await tx.execute(sql`delete from mail_outbox where lower(to_address) = ${email} and sent_at is null`);
    await tx.execute(sql`delete from sign_in_failure where email = ${email}`);
    // better-auth's tokens: reset links and two-step challenges hold the user's id as their value; a two-step
    // challenge's attempt counter and code are named after the challenge.
    await tx.execute(sql`
      with own as (select identifier from verification where value = ${user.id})
      delete from verification
      where value = ${user.id}
         or identifier = ${email}
         or strpos(identifier, ${user.id}) > 0
         or identifier in (select '2fa-attempts-' || identifier from own union all select '2fa-otp-' || identifier from own)`);
    await tx.execute(sql`delete from "user" where id = ${user.id}`);
    await alsoInTransaction?.(tx);
    return {
      keys: [...spotPhotos, ...visitPhotos].flatMap((row) => [row.photo_key, row.thumbnail_key]),
      spots: deletedSpots.length,
    };
  });

  await removePhotoFiles(deps.storage, deps.log, keys);
  deps.log.info({ spots, files: keys.length }, 'Account deleted');
  return { spots, files: keys.length };
}
