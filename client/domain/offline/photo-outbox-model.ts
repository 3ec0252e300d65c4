// How a change to a spot's photos folds into what already waits for the spot (ADR 0024). Apart from
// outbox-model.ts because only the photo manager (a lazy chunk) makes such changes: the main screen does not
// carry these rules. The manager hands this planner to the outbox with each change.
import {
  createPhotoId,
  editable,
  seqs,
  type EnqueuePlan,
  type OutboxChange,
  type OutboxEntry,
} from './outbox-model.ts';

/**
 * - a spot still only on the device and without a photo takes the photo into its create: one request;
 * - removing a photo that never left the device drops it, and drops it from any order still to be sent;
 * - a newer order replaces one not sent yet;
 * - anything else is queued behind what waits, in order.
 */
export function planPhotoEnqueue(
  pending: OutboxEntry[],
  change: OutboxChange,
  base: Pick<OutboxEntry, 'userId' | 'createdAt' | 'savedOffline'>,
): EnqueuePlan {
  const fresh = (): OutboxEntry => ({ ...change, ...base, status: 'waiting', sends: 0 });
  const create = pending.find((entry) => entry.kind === 'create');

  if (change.kind === 'add-photo') {
    // The spot is still only on the device and has no photo yet: the photo goes with it, in one request.
    if (create && create.kind === 'create' && editable(create) && !create.photo) {
      return {
        remove: [],
        update: [{ ...create, photo: change.photo, photoName: change.photoName, photoId: change.photoId }],
        add: null,
      };
    }
    return { remove: [], update: [], add: fresh() };
  }

  if (change.kind === 'remove-photo') {
    const id = change.photoId;
    // A photo that never left the device is dropped from the device (its create or its own entry), and from any
    // order still to be sent. Otherwise the server has (or may have) it: the removal is queued, and orders queued
    // before it still name the photo, as the server will when they arrive.
    const local =
      create?.kind === 'create' && editable(create) && create.photo && createPhotoId(create) === id
        ? create
        : pending.find((entry) => entry.kind === 'add-photo' && entry.photoId === id && editable(entry));
    if (!local) return { remove: [], update: [], add: fresh() };
    const orders = pending.flatMap((entry) =>
      entry.kind === 'order-photos' && editable(entry)
        ? [{ ...entry, photoIds: entry.photoIds.filter((other) => other !== id) }]
        : [],
    );
    return local.kind === 'create'
      ? { remove: [], update: [{ ...local, photo: null, photoName: null, photoId: null }, ...orders], add: null }
      : { remove: seqs([local]), update: orders, add: null };
  }

  if (change.kind === 'order-photos') {
    const last = pending.at(-1);
    if (last && last.kind === 'order-photos' && last.status === 'waiting' && last.sends === 0) {
      return { remove: [], update: [{ ...last, photoIds: change.photoIds }], add: null };
    }
    return { remove: [], update: [], add: fresh() };
  }

  return { remove: [], update: [], add: fresh() };
}
