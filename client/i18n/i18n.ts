// i18next for Foray: flat keys ("auth.signIn"), English and Lithuanian, words from the server.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { LANGUAGES } from '../../common/limits.ts';
import en from '../../locales/en.json';
import { createServerBackend } from './server-backend.ts';

const backend = createServerBackend((language, namespace, data) => {
  i18next.addResourceBundle(language, namespace, data, true, true);
});

function setHtmlLang(language: string | undefined) {
  if (language) document.documentElement.lang = language;
}
i18next.on('languageChanged', setHtmlLang);

export const i18nReady = i18next
  .use(backend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    // English is bundled (about 3 KB gzipped) so the sign-in screen paints in words, not keys, without waiting
    // for a round trip on a weak signal. The server fills its table from the same locales/en.json, so the
    // bundled copy matches it for a given release. Lithuanian always comes from the server route.
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'en',
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false }, // React escapes
    returnEmptyString: false,
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
