// Background Sync (Chromium only) is not in TypeScript's WebWorker library: its event, for the `sync` listener
// that sw.ts leaves room for.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

interface ServiceWorkerGlobalScopeEventMap {
  sync: SyncEvent;
}
