import { describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import lt from '../../locales/lt.json' with { type: 'json' };
import { createServerLoader } from './server-backend.ts';
import { createTranslator, supportedLanguage, type Translator } from './translator.ts';

/** A loader whose words arrive when the test says so: `arrive()` adds them (quietly, as the app's loader does). */
function heldLoader(translator: Translator, words: Record<string, string>): { arrive: () => void } {
  const held = { arrive: (): void => undefined };
  translator.setLoader(
    (language) =>
      new Promise<void>((resolve) => {
        held.arrive = () => {
          translator.addWords(language, words, { silent: true });
          resolve();
        };
      }),
  );
  return held;
}

describe('the translator', () => {
  it('fills placeholders and picks the plural form each language asks for', () => {
    const { t } = createTranslator({ language: 'lt', words: { en, lt } });
    // Lithuanian: 1 and 21 take one; 2–9 and 22 few; 0 and 10–20 other; fractions many.
    expect(t('map.locationCount', { count: 1 })).toBe(lt['map.locationCount_one'].replace('{{count}}', '1'));
    expect(t('map.locationCount', { count: 21 })).toBe(lt['map.locationCount_one'].replace('{{count}}', '21'));
    expect(t('map.locationCount', { count: 3 })).toBe(lt['map.locationCount_few'].replace('{{count}}', '3'));
    expect(t('map.locationCount', { count: 12 })).toBe(lt['map.locationCount_other'].replace('{{count}}', '12'));
    expect(t('map.locationCount', { count: 1.5 })).toBe(lt['map.locationCount_many'].replace('{{count}}', '1.5'));
    const english = createTranslator({ language: 'en', words: { en } }).t;
    expect(english('map.locationCount', { count: 1 })).toBe(en['map.locationCount_one'].replace('{{count}}', '1'));
    expect(english('map.locationCount', { count: 12 })).toBe(en['map.locationCount_other'].replace('{{count}}', '12'));
  });

  it('shows English for a word the language lacks, and the key, reported, for one nobody has', () => {
    const missing: string[] = [];
    const translator = createTranslator({
      language: 'lt',
      words: {
        en: { 'tabs.map': 'Map', 'tabs.locations': 'List' },
        lt: { 'tabs.map': 'Žemėlapis', 'tabs.locations': '' },
      },
    });
    translator.whenMissing((key) => missing.push(key));
    expect(translator.t('tabs.map')).toBe('Žemėlapis');
    // An empty word counts as none.
    expect(translator.t('tabs.locations')).toBe('List');
    expect(missing).toEqual([]);
    expect(translator.t('map.clusterLabel')).toBe('map.clusterLabel');
    expect(missing).toEqual(['map.clusterLabel']);
    expect(translator.exists('tabs.map')).toBe(true);
    expect(translator.exists('map.clusterLabel')).toBe(false);
  });

  it('leaves a placeholder with no value as it is', () => {
    const { t } = createTranslator({ words: { en: { 'map.locationCount_other': '{{count}} spots by {{ name }}' } } });
    expect(t('map.locationCount', { count: 2 })).toBe('2 spots by {{ name }}');
  });

  it('shows a language whose words are here at once, and waits only for a first language still on its way', async () => {
    const bundled = createTranslator({ words: { en: { 'tabs.map': 'Map' } } });
    void bundled.changeLanguage('en');
    // Nothing to wait for: the first paint is not held back.
    expect(bundled.pending()).toBeNull();
    expect(bundled.isInitialized).toBe(true);

    const fetched = createTranslator({ words: { en: { 'tabs.map': 'Map' } } });
    const held = heldLoader(fetched, { 'tabs.map': 'Žemėlapis' });
    const first = fetched.changeLanguage('lt');
    expect(fetched.pending()).toBe(first);
    expect(fetched.isInitialized).toBe(false);
    held.arrive();
    await first;
    expect(fetched.pending()).toBeNull();
    expect(fetched.t('tabs.map')).toBe('Žemėlapis');
  });

  it('keeps the words on screen while a later language loads', async () => {
    const translator = createTranslator({ words: { en: { 'tabs.map': 'Map' } } });
    const held = heldLoader(translator, { 'tabs.map': 'Žemėlapis' });
    const shown: string[] = [];
    translator.on('languageChanged', (language) => shown.push(language));
    await translator.changeLanguage('en');

    const redraws = vi.fn();
    translator.subscribe(redraws);
    const switching = translator.changeLanguage('lt');
    // A later change does not hold the screens: the English words stay until the Lithuanian ones are in.
    expect(translator.pending()).toBeNull();
    expect(translator.t('tabs.map')).toBe('Map');
    held.arrive();
    await switching;
    expect(translator.resolvedLanguage).toBe('lt');
    expect(translator.t('tabs.map')).toBe('Žemėlapis');
    expect(redraws).toHaveBeenCalled();
    expect(shown).toEqual(['en', 'lt']);
  });

  it('shows a kept copy that the loader adds at once without waiting', async () => {
    const translator = createTranslator({ words: { en: {} } });
    translator.setLoader(async (language) =>
      translator.addWords(language, { 'tabs.map': 'Žemėlapis' }, { silent: true }),
    );
    void translator.changeLanguage('lt');
    expect(translator.pending()).toBeNull();
    expect(translator.t('tabs.map')).toBe('Žemėlapis');
  });

  it('lets the last choice win when an earlier one is still loading', async () => {
    const translator = createTranslator({ words: { en: {} } });
    const held = heldLoader(translator, {});
    await translator.changeLanguage('en');
    const toLithuanian = translator.changeLanguage('lt');
    await translator.changeLanguage('en');
    held.arrive();
    await toLithuanian;
    expect(translator.resolvedLanguage).toBe('en');
  });

  it('shows the chosen language with English words when its words cannot be had', async () => {
    const translator = createTranslator({ words: { en: { 'tabs.map': 'Map' } } });
    translator.setLoader(() => Promise.reject(new Error('offline')));
    await translator.changeLanguage('lt');
    expect(translator.resolvedLanguage).toBe('lt');
    expect(translator.t('tabs.map')).toBe('Map');
  });

  it('knows its languages by their base code', () => {
    expect(supportedLanguage('lt-LT')).toBe('lt');
    expect(supportedLanguage('EN_gb')).toBe('en');
    expect(supportedLanguage('de')).toBeUndefined();
    expect(supportedLanguage(null)).toBeUndefined();
  });
});

describe('createServerLoader', () => {
  const storage = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
  });

  it('shows a kept copy at once and redraws with the server’s words when they come', async () => {
    storage.set('foray.translations.lt', JSON.stringify({ 'tabs.map': 'Senas žemėlapis' }));
    const received: Array<[string, boolean]> = [];
    let answer: ((response: Response) => void) | undefined;
    const load = createServerLoader(
      (_language, words, fresh) => received.push([words['tabs.map']!, fresh]),
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    await load('lt');
    expect(received).toEqual([['Senas žemėlapis', false]]);
    answer!(Response.json({ 'tabs.map': 'Žemėlapis' }));
    await vi.waitFor(() =>
      expect(received).toEqual([
        ['Senas žemėlapis', false],
        ['Žemėlapis', true],
      ]),
    );
    expect(JSON.parse(storage.get('foray.translations.lt')!)).toEqual({ 'tabs.map': 'Žemėlapis' });
  });

  it('waits for the server when nothing is kept', async () => {
    storage.clear();
    const received: string[] = [];
    const load = createServerLoader(
      (_language, words) => received.push(words['tabs.map']!),
      async () => Response.json({ 'tabs.map': 'Žemėlapis' }),
    );
    await load('lt');
    expect(received).toEqual(['Žemėlapis']);
  });
});
