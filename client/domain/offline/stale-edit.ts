// The user's choice about an edit the server refused as stale (409 STALE, ADR 0019). Only the comparison
// dialog uses it, so it loads with that dialog, not with the main screen.
import { deviceDb } from './device-db.ts';
import type { OutboxEntry } from './outbox-model.ts';
import { announce } from './outbox.ts';

/** "Keep mine": the refused edit goes again, now made on the version the server showed. */
export function keepMyEdit(entry: OutboxEntry): OutboxEntry {
  if (entry.kind !== 'edit' || !entry.error?.current) return entry;
  const { error, ...rest } = entry;
  return { ...rest, baseVersion: error.current!.version, status: 'waiting' };
}

/**
 * "mine" queues the edit again on the server's version; "server" drops the edit and keeps the server's copy
 * of the spot on the device. Every tab hears of it and shows the outbox anew.
 */
export async function resolveStaleEdit(seq: number, choice: 'mine' | 'server'): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction(['outbox', 'spots'], 'readwrite');
  const entry = await tx.objectStore('outbox').get(seq);
  const current = entry?.error?.current;
  if (entry && current) {
    if (choice === 'mine') await tx.objectStore('outbox').put(keepMyEdit(entry));
    else {
      await tx.objectStore('outbox').delete(seq);
      await tx.objectStore('spots').put({ userId: entry.userId, id: current.id, spot: current });
    }
  }
  await tx.done;
  announce({ type: 'changed' });
}
