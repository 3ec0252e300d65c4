import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../i18n/translator.ts';
import { lastVisitText, windowText as formatted } from './fruiting-words.ts';

// Words as keys with their values, so the test reads the sentence's parts without the translator.
const t = ((key: string, values?: Record<string, string>) =>
  values ? `${key}(${Object.values(values).join('|')})` : key) as unknown as TFunction;

describe('lastVisitText', () => {
  it('says a recent visit in days, and an older one by its date', () => {
    expect(lastVisitText({ date: '2026-11-25', outcome: 'nothing', amount: null }, '2026-11-28', 'en', t)).toBe(
      'fruiting.lastVisit(fruiting.lastNothing|3 days ago)',
    );
    expect(lastVisitText({ date: '2026-11-27', outcome: 'found', amount: null }, '2026-11-28', 'en', t)).toBe(
      'fruiting.lastVisit(fruiting.lastFound|yesterday)',
    );
    expect(lastVisitText({ date: '2025-09-12', outcome: 'found', amount: 'some' }, '2026-11-28', 'en', t)).toBe(
      'fruiting.lastVisit(fruiting.lastFoundSome|Sep 12, 2025)',
    );
  });

  it('names the amount found', () => {
    const found = (amount: 'few' | 'many') =>
      lastVisitText({ date: '2026-11-28', outcome: 'found', amount }, '2026-11-28', 'lt', t);
    expect(found('few')).toBe('fruiting.lastVisit(fruiting.lastFoundFew|šiandien)');
    expect(found('many')).toBe('fruiting.lastVisit(fruiting.lastFoundMany|šiandien)');
  });
});

describe('windowText', () => {
  // ICU puts thin spaces around the dash: compared as plain spaces.
  const windowText = (...args: Parameters<typeof formatted>) => formatted(...args).replace(/\s/g, ' ');
  it('writes the week with the month once, in full in Lithuanian', () => {
    expect(windowText({ from: '2026-11-01', to: '2026-11-07' }, 'en')).toBe('Nov 1 – 7');
    expect(windowText({ from: '2026-11-01', to: '2026-11-07' }, 'lt')).toBe('lapkričio 1–7');
    expect(windowText({ from: '2026-12-29', to: '2027-01-04' }, 'en')).toBe('Dec 29, 2026 – Jan 4, 2027');
  });
});
