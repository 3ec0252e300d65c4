// "Last visit 12 Oct 2026: nothing · 3 visits" on a card and in a map popup.
import type { TFunction } from '../../i18n/translator.ts';
import type { VisitSummary } from '../../../common/schemas/spots.ts';
import { formatDate } from '../../lib/format.ts';

/** Null before the first visit (a spot kept on the device by an older Foray has no summary either). */
export function visitSummaryText(summary: VisitSummary | undefined, language: string, t: TFunction): string | null {
  if (!summary?.last) return null;
  return t('visits.summary', {
    date: formatDate(summary.last.date, language, 'short'),
    outcome: t(summary.last.outcome === 'found' ? 'visits.outcomeFound' : 'visits.outcomeNothing'),
    visits: t('visits.count', { count: summary.count }),
  });
}
