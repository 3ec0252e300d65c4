// What Foray keeps on the device, in one IndexedDB database shared by the tabs and the service worker.
// Everything a user owns is keyed by their id: another user signing in on the same browser never reads it,
// and sign-out deletes it.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Me } from '../../../common/schemas/config.ts';
import type { MapPin } from '../../../common/schemas/map-pins.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import type { OutboxEntry } from './outbox-model.ts';

export type CachedSpot = { userId: string; id: string; spot: Spot };
/**
 * Other people's spots kept for the user: `pins`, those of the areas last loaded on the map (ADR 0065), and `items`,
 * those whose popup was opened, in full. A record from before pins holds whole spots in `items` only.
 */
export type PublicSpots = { userId: string; items: Spot[]; pins?: MapPin[]; savedAt: number };
export type SyncState = { failures: number; retryAt: number };

interface ForayDeviceDb extends DBSchema {
  /** The user who last signed in here: lets Foray open with no network. One record, 'current'. */
  session: { key: string; value: { user: Me; savedAt: number } };
  /** The user's own spots in full. */
  spots: { key: [string, string]; value: CachedSpot; indexes: { byUser: string } };
  /** Other people's spots last loaded on the map and opened, one record per user. */
  publicSpots: { key: string; value: PublicSpots };
  /** Changes made on the device that the server has not confirmed yet, oldest first. */
  outbox: { key: number; value: OutboxEntry; indexes: { byUser: string; bySpot: [string, string] } };
  /** The sender's backoff (shared by every tab and the worker), and small per-user flags. */
  meta: { key: string; value: unknown };
}

export type DeviceDb = IDBPDatabase<ForayDeviceDb>;

/** Where the answer to `navigator.storage.persist()` is kept, per user, for the "On this device" panel. */
export const persistKey = (userId: string) => `persist:${userId}`;
/** The user's circles as last listed (client/domain/sharing/circles.ts), for use offline. */
const circlesKey = (userId: string) => `circles:${userId}`;
/** The user's own visits as last listed (kept-visits.ts): "due now" with no signal. */
export const ownVisitsKey = (userId: string) => `visits:${userId}`;

const DB_NAME = 'foray';
const DB_VERSION = 1;

let opening: Promise<DeviceDb> | null = null;

/** The database, opened once per page or worker. */
export function deviceDb(): Promise<DeviceDb> {
  opening ??= openDB<ForayDeviceDb>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('session');
      db.createObjectStore('spots', { keyPath: ['userId', 'id'] }).createIndex('byUser', 'userId');
      db.createObjectStore('publicSpots', { keyPath: 'userId' });
      const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      outbox.createIndex('byUser', 'userId');
      outbox.createIndex('bySpot', ['userId', 'spotId']);
      db.createObjectStore('meta');
    },
    blocking() {
      // A newer Foray in another tab wants to upgrade the database: let it, this page reloads later.
      void opening?.then((db) => db.close());
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** Whether this browser can keep anything (private modes and old browsers may have no IndexedDB). */
export function hasDeviceStorage(): boolean {
  return typeof indexedDB !== 'undefined';
}

export async function rememberUser(user: Me): Promise<void> {
  const db = await deviceDb();
  await db.put('session', { user, savedAt: Date.now() }, 'current');
}

export async function rememberedUser(): Promise<Me | null> {
  const db = await deviceDb();
  return (await db.get('session', 'current'))?.user ?? null;
}

/**
 * The server no longer knows this session: forget who was signed in and the spots kept for them, but keep
 * what they recorded and did not upload yet — it is sent once they sign in again.
 */
export async function forgetSession(userId: string): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction(['session', 'spots', 'publicSpots', 'meta'], 'readwrite');
  const current = await tx.objectStore('session').get('current');
  if (current?.user.id === userId) await tx.objectStore('session').delete('current');
  const spots = tx.objectStore('spots');
  for (const key of await spots.index('byUser').getAllKeys(userId)) await spots.delete(key);
  await tx.objectStore('publicSpots').delete(userId);
  await tx.objectStore('meta').delete(circlesKey(userId));
  await tx.objectStore('meta').delete(ownVisitsKey(userId));
  await tx.done;
}

/** Sign-out: nothing of the user stays on the device, unsent changes included (the user chose to discard them). */
/**
 * Counts the times a user's data was forgotten (sign-out). Writes put off to an idle moment (the map's answers,
 * the refresh of one's own spots) note it when planned and are dropped if it moved: nothing of a user who signed
 * out is written back afterwards.
 */
let forgettings = 0;
export const forgetGeneration = () => forgettings;

export async function forgetEverything(userId: string): Promise<void> {
  // Before any await: a put-off write that checks after this sees it.
  forgettings += 1;
  const db = await deviceDb();
  const tx = db.transaction(['session', 'spots', 'publicSpots', 'outbox', 'meta'], 'readwrite');
  const current = await tx.objectStore('session').get('current');
  if (current?.user.id === userId) await tx.objectStore('session').delete('current');
  const spots = tx.objectStore('spots');
  for (const key of await spots.index('byUser').getAllKeys(userId)) await spots.delete(key);
  const outbox = tx.objectStore('outbox');
  for (const key of await outbox.index('byUser').getAllKeys(userId)) await outbox.delete(key);
  await tx.objectStore('publicSpots').delete(userId);
  await tx.objectStore('meta').delete(persistKey(userId));
  await tx.objectStore('meta').delete(circlesKey(userId));
  await tx.objectStore('meta').delete(ownVisitsKey(userId));
  await tx.done;
}
