// The words for React: a screen re-renders when the language changes or words it may be waiting for arrive, and
// waits (Suspense) while the first language's words are on their way.
import { use, useMemo, useSyncExternalStore } from 'react';
import { i18n, type TFunction, type Translator } from './translator.ts';

export function useTranslation(): { t: TFunction; i18n: Translator } {
  const version = useSyncExternalStore(i18n.subscribe, i18n.version, i18n.version);
  const pending = i18n.pending();
  if (pending) use(pending);
  // A new `t` with each change, so that memoised children that take it redraw too.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo<TFunction>(() => (key, values) => i18n.t(key, values), [version]);
  return { t, i18n };
}
