// i18next backend that reads GET /api/v1/translations/{lng} — the server's translations table is where
// the words live. It retries a failed load (350 ms, doubling, up to 5 times) and keeps the last good copy
// in localStorage so a phone that starts offline in the forest shows its language at once.
import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';

const RETRIES = 5;
const FIRST_DELAY_MS = 350;
const storageKey = (language: string) => `foray.translations.${language}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function fetchTranslations(
  language: string,
  fetchImpl: typeof fetch = fetch,
): Promise<Record<string, string>> {
  let delay = FIRST_DELAY_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetchImpl(`/api/v1/translations/${encodeURIComponent(language)}`, {
        headers: { accept: 'application/json' },
        credentials: 'same-origin',
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return (await response.json()) as Record<string, string>;
    } catch (error) {
      if (attempt >= RETRIES) throw error;
      await sleep(delay);
      delay *= 2;
    }
  }
}

function readStored(language: string): Record<string, string> | undefined {
  try {
    const raw = localStorage.getItem(storageKey(language));
    return raw ? (JSON.parse(raw) as Record<string, string>) : undefined;
  } catch {
    return undefined;
  }
}

function store(language: string, data: Record<string, string>) {
  try {
    localStorage.setItem(storageKey(language), JSON.stringify(data));
  } catch {
    // Storage full or disabled (private mode): the app still works, it just refetches next time.
  }
}

/** Called with fresher words after a stored copy was shown; the i18n setup merges them in. */
type OnFresh = (language: string, namespace: string, data: ResourceKey) => void;

export function createServerBackend(onFresh: OnFresh): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      const stored = readStored(language);
      const loading = fetchTranslations(language).then(
        (data) => {
          store(language, data);
          if (stored) onFresh(language, namespace, data);
          else callback(null, data);
        },
        (error: unknown) => {
          console.warn(`[foray] Could not load the "${language}" translations; keys will show.`, error);
          if (!stored) callback(error as Error, false);
        },
      );
      // Show the stored copy now; the request above refreshes it in the background.
      if (stored) callback(null, stored);
      return loading;
    },
  };
}
