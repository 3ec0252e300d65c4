import fs from 'node:fs';
import path from 'node:path';
import { FORAY_ROOT } from './foray-server.ts';

const LOCALES = path.join(FORAY_ROOT, 'locales');
const cache = new Map<string, Record<string, string>>();

function dictionary(language: 'en' | 'lt'): Record<string, string> {
  let words = cache.get(language);
  if (!words) {
    words = JSON.parse(fs.readFileSync(path.join(LOCALES, `${language}.json`), 'utf8')) as Record<string, string>;
    cache.set(language, words);
  }
  return words;
}

/**
 * The words a user sees, read from the locale files the app is built from, so tests find controls by the
 * same accessible names and a rewording does not break them. An unknown key fails the test at once.
 */
export function text(key: string, values: Record<string, string | number> = {}, language: 'en' | 'lt' = 'en'): string {
  const template = dictionary(language)[key];
  if (template === undefined || template === '') throw new Error(`No "${key}" in locales/${language}.json`);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`"${key}" needs a value for {{${name}}}`);
    return String(values[name]);
  });
}

export const en = (key: string, values?: Record<string, string | number>) => text(key, values, 'en');
export const lt = (key: string, values?: Record<string, string | number>) => text(key, values, 'lt');

/** Matches the text exactly, for getByRole({ name }) and toHaveText. */
export function exactly(value: string): RegExp {
  return new RegExp(`^\\s*${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}
