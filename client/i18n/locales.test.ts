// The two locale files must stay in step: same keys, no blanks, same placeholders, and every plural form
// Lithuanian grammar asks for (Intl.PluralRules decides which).
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import lt from '../../locales/lt.json' with { type: 'json' };

const locales: Record<string, Record<string, string>> = { en, lt };
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

const placeholders = (value: string) =>
  [...value.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1]).sort();
const pluralBase = (key: string) => key.replace(PLURAL_SUFFIX, '');
const pluralBases = (dictionary: Record<string, string>) =>
  new Set(
    Object.keys(dictionary)
      .filter((key) => PLURAL_SUFFIX.test(key))
      .map(pluralBase),
  );

describe('locales', () => {
  it('are flat objects of strings', () => {
    for (const [language, dictionary] of Object.entries(locales)) {
      for (const [key, value] of Object.entries(dictionary)) {
        expect(typeof value, `${language}: ${key}`).toBe('string');
      }
    }
  });

  it('have no empty values', () => {
    for (const [language, dictionary] of Object.entries(locales)) {
      const empty = Object.entries(dictionary)
        .filter(([, value]) => value.trim() === '')
        .map(([key]) => key);
      expect(empty, language).toEqual([]);
    }
  });

  it('have every non-plural key in both files', () => {
    const singular = (dictionary: Record<string, string>) =>
      Object.keys(dictionary)
        .filter((key) => !PLURAL_SUFFIX.test(key))
        .sort();
    expect(singular(lt)).toEqual(singular(en));
    expect([...pluralBases(lt)].sort()).toEqual([...pluralBases(en)].sort());
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, value] of Object.entries(en)) {
      const counterpart = PLURAL_SUFFIX.test(key)
        ? lt[`${pluralBase(key)}_other` as keyof typeof lt]
        : lt[key as keyof typeof lt];
      expect(placeholders(counterpart ?? ''), key).toEqual(placeholders(value));
    }
    for (const [key, value] of Object.entries(lt)) {
      const counterpart = PLURAL_SUFFIX.test(key)
        ? en[`${pluralBase(key)}_other` as keyof typeof en]
        : en[key as keyof typeof en];
      expect(placeholders(value), key).toEqual(placeholders(counterpart ?? ''));
    }
  });

  it('have every plural form each language needs', () => {
    for (const [language, dictionary] of Object.entries(locales)) {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const base of pluralBases(en)) {
        for (const category of categories) {
          expect(dictionary[`${base}_${category}`], `${language}: ${base}_${category}`).toBeTruthy();
        }
      }
    }
  });

  it('pick the right Lithuanian word for a count', () => {
    const rules = new Intl.PluralRules('lt');
    const word = (count: number) =>
      lt[`map.locationCount_${rules.select(count)}` as keyof typeof lt].replace('{{count}}', String(count));
    expect([1, 2, 10, 21].map(word)).toEqual(['1 vieta', '2 vietos', '10 vietų', '21 vieta']);
  });
});
