// What Foray keeps in the browser, read the way the app stores it, for tests about the device side.
import type { Page } from 'playwright-core';

export type OutboxRow = {
  kind: string;
  spotId: string;
  status: string;
  errorCode: string | null;
  photoBytes: number | null;
  photoType: string | null;
};

/** The outbox's entries in IndexedDB, oldest first. */
export function outboxOf(page: Page): Promise<OutboxRow[]> {
  return page.evaluate(
    () =>
      new Promise<OutboxRow[]>((resolve, reject) => {
        const open = indexedDB.open('foray');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('outbox')) {
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction('outbox').objectStore('outbox').getAll();
          request.onsuccess = () => {
            db.close();
            resolve(
              (request.result as Array<Record<string, unknown>>).map((entry) => {
                const photo = entry.photo instanceof Blob ? entry.photo : null;
                return {
                  kind: String(entry.kind),
                  spotId: String(entry.spotId),
                  status: String(entry.status),
                  errorCode: (entry.error as { code?: string } | undefined)?.code ?? null,
                  photoBytes: photo ? photo.size : null,
                  photoType: photo ? photo.type : null,
                };
              }),
            );
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

/** The queued photo of the first outbox entry: its size, pixel size, and whether it still holds `marker`. */
export function queuedPhotoOf(page: Page, marker: string) {
  return page.evaluate(
    (text) =>
      new Promise<{ bytes: number; width: number; height: number; type: string; holdsMarker: boolean }>(
        (resolve, reject) => {
          const open = indexedDB.open('foray');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const request = open.result.transaction('outbox').objectStore('outbox').getAll();
            request.onsuccess = async () => {
              open.result.close();
              const photo = (request.result as Array<{ photo?: Blob }>)[0]?.photo;
              if (!photo) return reject(new Error('no queued photo'));
              const bitmap = await createImageBitmap(photo);
              const bytes = new TextDecoder('latin1').decode(await photo.arrayBuffer());
              resolve({
                bytes: photo.size,
                width: bitmap.width,
                height: bitmap.height,
                type: photo.type,
                holdsMarker: bytes.includes(text),
              });
            };
          };
        },
      ),
    marker,
  );
}

/** Every record of every IndexedDB store and every Cache Storage entry this origin holds, as text. */
export function everythingStoredIn(page: Page): Promise<{ indexedDb: string[]; caches: Record<string, string[]> }> {
  return page.evaluate(async () => {
    const indexedDb: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        for (const row of rows) indexedDb.push(`${info.name}/${store}: ${JSON.stringify(row)}`);
      }
      db.close();
    }
    const caches: Record<string, string[]> = {};
    for (const name of await self.caches.keys()) {
      caches[name] = (await (await self.caches.open(name)).keys()).map((request) => request.url);
    }
    return { indexedDb, caches };
  });
}

/**
 * Which of these addresses the browser's HTTP cache holds an answer for, of any age: each is asked with
 * `cache: 'only-if-cached'`, which never reaches the network. The page's service worker is bypassed while they are
 * asked (DevTools' "Bypass for network"), so neither its Cache Storage nor its own fetches can answer instead.
 */
export async function heldInHttpCache(page: Page, urls: readonly string[]): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Network.enable');
    await cdp.send('Network.setBypassServiceWorker', { bypass: true });
    return await page.evaluate(async (addresses) => {
      const held: string[] = [];
      for (const address of addresses) {
        try {
          await fetch(address, { cache: 'only-if-cached', mode: 'same-origin', credentials: 'same-origin' });
          held.push(address);
        } catch {
          // Not in the HTTP cache: only-if-cached fails rather than ask the server.
        }
      }
      return held;
    }, urls);
  } finally {
    await cdp.send('Network.setBypassServiceWorker', { bypass: false }).catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  }
}
