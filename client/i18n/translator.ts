// Foray's translator (ADR 0068): flat keys ("auth.signIn"), {{name}} placeholders, plural forms chosen by
// Intl.PluralRules (English one/other; Lithuanian one/few/many/other), English behind every other language.
// No side effects: client/i18n/i18n.ts sets the app's instance up (its words, the language, loading).
import type en from '../../locales/en.json';
import { LANGUAGES } from '../../common/limits.ts';

export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

type PluralBase<Key extends string> = Key extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
  ? Base
  : Key;
/** Every key locales/en.json has, plural keys by their base: a wrong key is a compile error. */
export type TranslationKey = PluralBase<keyof typeof en & string>;
/** What fills the placeholders; `count` also picks the plural form. */
export type TranslationValues = { count?: number } & Record<string, unknown>;
export type TFunction = (key: TranslationKey, values?: TranslationValues) => string;

type Words = Record<string, string>;
type Listener = () => void;

/** Whether a code names one of Foray's languages, after dropping any region ("lt-LT" → "lt"). */
export function supportedLanguage(code: string | null | undefined): Language | undefined {
  const base = code?.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language === base);
}

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralOf(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

export type Translator = ReturnType<typeof createTranslator>;

/** A translator holding words per language. `load` brings a language's words when it is chosen (the app's reads the server). */
export function createTranslator(options: { language?: Language; words?: Partial<Record<Language, Words>> } = {}) {
  const words = new Map<Language, Words>(
    Object.entries(options.words ?? {}).map(([language, set]) => [language as Language, { ...set }]),
  );
  const languageListeners = new Set<(language: Language) => void>();
  const storeListeners = new Set<Listener>();
  let language: Language = options.language ?? FALLBACK_LANGUAGE;
  let version = 0;
  let isInitialized = false;
  // The latest choice of language, and the first while its words are still on their way.
  let chosen: Promise<void> | null = null;
  let first: Promise<void> | null = null;
  let load: ((language: Language) => Promise<void>) | undefined;
  let onMissing: ((key: string) => void) | undefined;

  const changed = () => {
    version += 1;
    for (const listener of storeListeners) listener();
  };

  /** The word for a key in one language, its plural form first when a count is given; undefined when it has none. */
  function lookup(inLanguage: Language, key: string, count: number | undefined): string | undefined {
    const set = words.get(inLanguage);
    if (!set) return undefined;
    const plural = typeof count === 'number' ? set[`${key}_${pluralOf(inLanguage, count)}`] : undefined;
    // An empty word counts as none, so English shows rather than a blank.
    return plural || set[key] || undefined;
  }

  function find(key: string, count: number | undefined): string | undefined {
    return (
      lookup(language, key, count) ??
      (language === FALLBACK_LANGUAGE ? undefined : lookup(FALLBACK_LANGUAGE, key, count))
    );
  }

  const t: TFunction = (key, values) => {
    const count = typeof values?.count === 'number' ? values.count : undefined;
    const word = find(key, count);
    if (word === undefined) {
      onMissing?.(key);
      return key;
    }
    if (!values) return word;
    // A placeholder with no value stays as it is: a visible slip rather than a silent gap.
    return word.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (placeholder, name: string) =>
      values[name] === undefined || values[name] === null ? placeholder : String(values[name]),
    );
  };

  return {
    t,
    /** Whether a key has a word in the language shown or in English. */
    exists: (key: string): boolean => find(key, undefined) !== undefined,
    get resolvedLanguage(): Language {
      return language;
    },
    /** Whether a language has been shown yet (the error screen falls back to English text before). */
    get isInitialized(): boolean {
      return isInitialized;
    },
    /** Adds words to a language; `silent` leaves what is on screen as it is (nobody has asked for them yet). */
    addWords(inLanguage: Language, set: Words, { silent = false } = {}) {
      words.set(inLanguage, { ...words.get(inLanguage), ...set });
      if (!silent) changed();
    },
    /** Shows another language, once its words are in (or could not be had: English then shows). */
    changeLanguage(next: Language): Promise<void> {
      const show = () => {
        isInitialized = true;
        language = next;
        changed();
        for (const listener of languageListeners) listener(next);
      };
      const loading = !words.has(next) && load ? load(next).catch(() => undefined) : undefined;
      // The words are here (bundled, or a copy kept on the device that the loader added at once): shown now, with
      // nothing for the screens to wait for, so the first paint is not held back by a wait of no length.
      if (!loading || words.has(next)) {
        chosen = null;
        first = null;
        show();
        return loading ?? Promise.resolve();
      }
      const done: Promise<void> = loading.then(() => {
        if (first === done) first = null;
        // A later choice made while these words were on their way wins.
        if (chosen !== done) return;
        show();
      });
      chosen = done;
      if (!isInitialized) first = done;
      return done;
    },
    /**
     * A promise while the first language's words are on their way (the screens wait for it), else null. A later
     * change keeps the words on screen until the new ones are in.
     */
    pending: (): Promise<void> | null => first,
    setLoader(loader: (language: Language) => Promise<void>) {
      load = loader;
    },
    whenMissing(handler: (key: string) => void) {
      onMissing = handler;
    },
    on(_event: 'languageChanged', listener: (language: Language) => void) {
      languageListeners.add(listener);
    },
    off(_event: 'languageChanged', listener: (language: Language) => void) {
      languageListeners.delete(listener);
    },
    /** For React: called whenever what `t` returns may have changed. */
    subscribe(listener: Listener): () => void {
      storeListeners.add(listener);
      return () => storeListeners.delete(listener);
    },
    version: (): number => version,
  };
}

/** The app's translator: every screen and message reads its words here. */
export const i18n = createTranslator();
