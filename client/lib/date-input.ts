// Date fields are typed YYYY-MM-DD in text fields (ADR 0015): the add form's date and the filter's range.

/**
 * What the user typed, tidied as they type: digits get their dashes ("20261123" → "2026-11-23"), so a phone's
 * number pad, which has no dash, is enough.
 */
export function tidyDateInput(typed: string): string {
  if (/[^\d\s-]/.test(typed)) return typed;
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)].filter(Boolean).join('-');
}

/** Whether the text is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}
