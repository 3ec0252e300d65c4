// How "due now" and "found nearby" read: the last visit in words, the years that gave, the window's days.
import type { TFunction } from '../../i18n/translator.ts';
import type { DueItem } from '../../../common/schemas/fruiting.ts';
import { formatDate } from '../../lib/format.ts';

const DAY_MS = 86_400_000;
/** Up to this many days ago a visit reads "3 days ago"; older, by its date. */
export const RECENT_DAYS = 7;

const dayNumber = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / DAY_MS;

/** "found some, 12 Sep 2025" / "nothing, 3 days ago" / "found, yesterday". */
export function lastVisitText(
  last: NonNullable<DueItem['last_visit']>,
  today: string,
  language: string,
  t: TFunction,
): string {
  const outcome =
    last.outcome === 'nothing'
      ? t('fruiting.lastNothing')
      : last.amount === 'few'
        ? t('fruiting.lastFoundFew')
        : last.amount === 'some'
          ? t('fruiting.lastFoundSome')
          : last.amount === 'many'
            ? t('fruiting.lastFoundMany')
            : t('fruiting.lastFound');
  const daysAgo = dayNumber(today) - dayNumber(last.date);
  const when =
    daysAgo >= 0 && daysAgo <= RECENT_DAYS
      ? new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-daysAgo, 'day')
      : formatDate(last.date, language, 'short');
  return t('fruiting.lastVisit', { outcome, when });
}

/**
 * "Nov 1 – 7" (or "Oct 28 – Nov 3"), the language's way; the year only when the window crosses one. Lithuanian
 * writes the month in full ("lapkričio 1–7"): browsers write a short Lithuanian month in digits.
 */
export function windowText(window: { from: string; to: string }, language: string): string {
  const parse = (date: string) => new Date(`${date}T12:00:00Z`);
  const sameYear = window.from.slice(0, 4) === window.to.slice(0, 4);
  const format = new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    day: 'numeric',
    month: language.split('-')[0] === 'lt' ? 'long' : 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
  return format.formatRange(parse(window.from), parse(window.to));
}
