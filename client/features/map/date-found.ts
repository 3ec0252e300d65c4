// The add form's date: typed as YYYY-MM-DD in a text field. A native date input shows the browser's own
// locale (11/23/2026 in a Lithuanian Foray on an English phone) whatever the page's language; the ISO form
// reads the same in both languages and is Lithuania's standard way of writing a date.
import { DATE_FOUND_MIN, latestDateFound } from '../../../common/limits.ts';

/** The latest date the server accepts: tomorrow in UTC — the server's own rule, from common/. */
export { latestDateFound };
// Shared with the filter's date fields.
export { tidyDateInput } from '../../lib/date-input.ts';

export const EARLIEST_DATE_FOUND = DATE_FOUND_MIN;

/** Whether the text is a real calendar date the server will take. */
export function isAcceptableDateFound(value: string, now = new Date()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) return false;
  return value >= EARLIEST_DATE_FOUND && value <= latestDateFound(now);
}
