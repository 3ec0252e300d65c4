// English words beyond the first screens (ADR 0033). The main screen's own words come with its code; the words
// of screens opened later (a visit form, the photo manager, the list…) arrive in one chunk — precached by the
// service worker, so this works with no signal — loaded before such a screen's code resolves, or at once
// should any key turn up without its word.
import mainWords from 'virtual:foray-words/main';
import { addEnglishWords, whenWordMissing } from './i18n.ts';
import { loadOnce } from '../lib/load-once.ts';

addEnglishWords(mainWords);

// A failed load is not kept: a later screen may try again.
const allWords = loadOnce(() => import('../../locales/en.json').then((module) => addEnglishWords(module.default)));
export const loadAllWords = (): Promise<void> => allWords.load();
whenWordMissing(() => void loadAllWords().catch(() => undefined));

/** A lazy screen's loader that also brings every English word, so the screen never paints a key. */
export function withAllWords<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAllWords().catch(() => undefined)]).then(([module]) => module);
}
