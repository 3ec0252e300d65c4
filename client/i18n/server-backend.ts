// Loads a language's words from GET /api/v1/translations/{lng}: the server's translations table is where
// the words live. It retries a failed load (350 ms, doubling, up to 5 times) and keeps the last good copy
// in localStorage so a phone that starts offline in the forest shows its language at once.
import type { Language } from './translator.ts';

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

/**
 * Brings a language's words from the server for the translator. A copy kept from an earlier load shows at once,
 * and the server's answer replaces it when it comes (`fresh`: redraw with it). Without a kept copy it waits for
 * the server, and fails when the server cannot be had: English words then show.
 */
export function createServerLoader(
  onWords: (language: Language, words: Record<string, string>, fresh: boolean) => void,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): (language: Language) => Promise<void> {
  return async (language) => {
    const stored = readStored(language);
    const loading = fetchTranslations(language, fetchImpl).then(
      (words) => {
        store(language, words);
        onWords(language, words, stored !== undefined);
      },
      (error: unknown) => {
        console.warn(`[foray] Could not load the "${language}" translations; English words will show.`, error);
        throw error;
      },
    );
    if (!stored) return loading;
    onWords(language, stored, false);
    // The kept copy shows now; the request above refreshes it in the background.
    loading.catch(() => undefined);
  };
}
