import fs from 'node:fs';
import type { Page } from 'playwright-core';
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

/** What Leaflet writes by itself, in English, unless Foray names it. */
const LEAFLET_ENGLISH = ['Zoom in', 'Zoom out', 'Close popup', 'A JavaScript library for interactive maps', 'Marker'];

/**
 * Every text and accessible name on the page (text nodes, aria-label, title, alt, placeholder) that is an
 * English string of Foray's or Leaflet's, for a check that a Lithuanian page holds none. Strings that read the
 * same in both languages ("Foray", "{{value}} MB") are not counted.
 */
/** Translation keys shown as text or accessible names instead of their words ("map.locateMe"). */
export async function keysLeftIn(page: Page): Promise<string[]> {
  const keys = new Set(Object.keys(dictionary('en')).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')));
  return (await shownTexts(page)).filter((value) => keys.has(value));
}

export async function englishLeftIn(page: Page): Promise<string[]> {
  const english = dictionary('en');
  const lithuanian = new Set(Object.values(dictionary('lt')));
  const patterns = [...Object.values(english).filter((value) => !lithuanian.has(value)), ...LEAFLET_ENGLISH].map(
    (value) =>
      new RegExp(`^${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{\s*\w+\s*\\\}\\\}/g, '.+')}$`),
  );
  const shown = await shownTexts(page);
  return [...new Set(shown.filter((value) => patterns.some((pattern) => pattern.test(value))))];
}

/** Every text and accessible name on the page. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, template')) continue;
      const text = node.textContent?.trim();
      if (text) found.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
      for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    return found;
  });
}
