// Asking the browser to keep what waits on the device: done by a page when a spot is first saved with no signal (a
// file apart from device-db.ts, which the service worker shares and where the Storage API cannot be asked).
import { deviceDb, persistKey } from './device-db.ts';

/** Asks the browser to keep Foray's storage through clean-ups; remembered for the "On this device" panel. */
export async function askToPersistStorage(userId: string): Promise<void> {
  try {
    const db = await deviceDb();
    if ((await db.get('meta', persistKey(userId))) !== undefined) return;
    const granted = (await navigator.storage?.persist?.()) ?? false;
    await db.put('meta', granted, persistKey(userId));
  } catch {
    // Without the Storage API the browser decides alone; the panel then says storage is not kept for sure.
  }
}
