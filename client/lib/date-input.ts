// Date fields are typed YYYY-MM-DD in text fields (ADR 0015): the date a spot was found (add and edit), a
// visit's date and the filter's range. A native date input shows the browser's own locale (11/23/2026 in a
// Lithuanian Foray on an English phone) whatever the page's language; the ISO form reads the same in both
// languages and is Lithuania's standard way of writing a date.
import { DATE_FOUND_MIN, latestDateFound } from '../../common/limits.ts';
import { CalendarDateSchema } from '../../common/schemas/spots.ts';

/** The latest date the server accepts: tomorrow in UTC — the server's own rule, from common/. */
export { latestDateFound };
export const EARLIEST_DATE_FOUND = DATE_FOUND_MIN;

/**
 * What the user typed, tidied as they type: digits get their dashes ("20261123" → "2026-11-23"), so a phone's
 * number pad, which has no dash, is enough.
 */
export function tidyDateInput(typed: string): string {
  if (/[^\d\s-]/.test(typed)) return typed;
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)].filter(Boolean).join('-');
}

/** Whether the text is a real calendar date written YYYY-MM-DD: the contract's own rule (CalendarDateSchema). */
export function isCalendarDate(value: string): boolean {
  return CalendarDateSchema.safeParse(value).success;
}

/** Whether the text is a real calendar date the server will take for a find or a visit (DateFoundSchema's rule). */
export function isAcceptableDateFound(value: string, now = new Date()): boolean {
  return isCalendarDate(value) && value >= EARLIEST_DATE_FOUND && value <= latestDateFound(now);
}
