// Holds the browser's install offer. The event can fire before the main screen's code has loaded,
// so this module is imported by client/main.tsx and starts listening at once.
import { useSyncExternalStore } from 'react';

/** Chromium's event; not in TypeScript's DOM types. */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
};

let held: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function setHeldPrompt(event: BeforeInstallPromptEvent | null) {
  held = event;
  notify();
}

export function listenForInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // show our own button instead of the browser's mini-infobar
    setHeldPrompt(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => setHeldPrompt(null));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useHeldInstallPrompt(): BeforeInstallPromptEvent | null {
  return useSyncExternalStore(
    subscribe,
    () => held,
    () => null,
  );
}
