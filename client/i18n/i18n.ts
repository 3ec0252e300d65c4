// i18next for Foray: flat keys ("auth.signIn"), English and Lithuanian, words from the server.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { LANGUAGES } from '../../common/limits.ts';
import signInWords from 'virtual:foray-words/sign-in';
import { createServerBackend } from './server-backend.ts';

const backend = createServerBackend((language, namespace, data) => {
  i18next.addResourceBundle(language, namespace, data, true, true);
});

function setHtmlLang(language: string | undefined) {
  if (language) document.documentElement.lang = language;
}
i18next.on('languageChanged', setHtmlLang);

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
  i18next.addResourceBundle('en', 'translation', words, true, true, { silent });
}

/** What to do when a key has no English word yet: set by the main screen, which can load them all. */
let onMissingWord: (() => void) | undefined;
export function whenWordMissing(handler: () => void) {
  onMissingWord = handler;
}

export const i18nReady = i18next
  .use(backend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    // English is bundled so the sign-in screen paints in words, not keys, without waiting for a round trip
    // on a weak signal — only the words the sign-in screen's code names; the main screen brings its own and
    // later screens load the rest (ADR 0033). The server fills its table from the same locales/en.json, so
    // the bundled copy matches it for a given release. Lithuanian always comes from the server route, whole.
    resources: { en: { translation: signInWords } },
    partialBundledLanguages: true,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false }, // React escapes
    returnEmptyString: false,
    // A key with no English word yet (a screen whose words were not loaded with it): load them all.
    saveMissing: true,
    missingKeyHandler: () => {
      keyShown = true;
      onMissingWord?.();
    },
    detection: {
      order: ['querystring', 'localStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupLocalStorage: 'i18nextLng',
      caches: ['localStorage'],
      // "lt-LT" from the browser is stored and set on <html lang> as plain "lt", the code the app knows.
      convertDetectedLanguage: (language: string) => language.split('-')[0] ?? language,
    },
    // Re-render when fresher words arrive after a stored copy was shown.
    react: { useSuspense: true, bindI18nStore: 'added' },
  })
  .then(() => setHtmlLang(i18next.resolvedLanguage));

export default i18next;
