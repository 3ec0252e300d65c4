// What a page may ask Foray's service worker, with `navigator.serviceWorker.controller.postMessage(message)`.
// Pure types and a guard: imported by the worker (sw.ts) and by the page (client/lib/service-worker.ts).

export type WorkerMessage =
  /** Tiles the page showed before the worker controlled it; the worker keeps those of cacheable layers. */
  | { type: 'cache-tiles'; urls: string[] }
  /** Sign-out: delete the kept tiles and the list of their addresses and ages (both show where the user looked). */
  | { type: 'forget-tiles' };
// Add a member here and a `case` in sw.ts's message handler for each new request.

/** On an answer the worker gave from its cache because the server did not answer: the page can tell it is offline. */
export const KEPT_COPY_HEADER = 'x-foray-kept-copy';

/** The message if `data` is one the worker knows, else null (anything else a page posts is ignored). */
export function readWorkerMessage(data: unknown): WorkerMessage | null {
  if (typeof data !== 'object' || data === null || !('type' in data)) return null;
  if (data.type === 'cache-tiles' && 'urls' in data && Array.isArray(data.urls)) {
    return { type: 'cache-tiles', urls: data.urls.filter((url): url is string => typeof url === 'string') };
  }
  if (data.type === 'forget-tiles') return { type: 'forget-tiles' };
  return null;
}
