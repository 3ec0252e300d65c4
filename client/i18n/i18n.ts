// The app's words (ADR 0068): English bundled with each first screen, every other language from the server, and
// the language the forager chose, or their browser's.
import signInWords from 'virtual:foray-words/sign-in';
import { createServerLoader } from './server-backend.ts';
import { FALLBACK_LANGUAGE, i18n, supportedLanguage, type Language } from './translator.ts';

/** Where the chosen language is kept; the name is the one earlier releases used, so the choice carries over. */
const LANGUAGE_KEY = 'i18nextLng';

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/** `?lng=` in the address, then the choice kept on the device, then the browser's languages, then <html lang>. */
function detectLanguage(): Language {
  const candidates = [
    new URLSearchParams(window.location.search).get('lng'),
    storedLanguage(),
    ...(navigator.languages ?? []),
    navigator.language,
    document.documentElement.lang,
  ];
  for (const candidate of candidates) {
    const language = supportedLanguage(candidate);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage disabled (private mode): the browser's language is used next time.
  }
});

// English is bundled so the sign-in screen paints in words, not keys, without waiting for a round trip on a weak
// signal: only the words the sign-in screen's code names; the main screen brings its own and later screens load
// the rest (ADR 0033). The server fills its table from the same locales/en.json, so the bundled copy matches it
// for a given release. Any other language comes from the server route, whole (a kept copy shows first).
i18n.addWords('en', signInWords, { silent: true });
i18n.setLoader(createServerLoader((language, words, fresh) => i18n.addWords(language, words, { silent: !fresh })));

/** Whether some screen has painted a key for want of its word since words were last added. */
let keyShown = false;

/**
 * Adds English words that arrive with a later screen (client/i18n/later-words.ts, ADR 0033). Quietly, unless
 * a key was painted for want of one of them: words nobody has asked for yet change nothing on the screen, and
 * a re-render of everything would rebuild what is open (the map's pins under an open popup, for one).
 */
export function addEnglishWords(words: Record<string, string>) {
  const silent = !keyShown;
  keyShown = false;
  i18n.addWords('en', words, { silent });
}

/** What to do when a key has no English word yet: set by the main screen, which can load them all. */
let onMissingWord: (() => void) | undefined;
export function whenWordMissing(handler: () => void) {
  onMissingWord = handler;
}
i18n.whenMissing(() => {
  keyShown = true;
  onMissingWord?.();
});

void i18n.changeLanguage(detectLanguage());
