// A spot's visits, newest first, with those still on the device on top; the owner may delete one. Below them,
// the spot's own fruiting calendar.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Visit } from '../../../common/schemas/visits.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import type { ShownSpot } from '../../lib/offline/outbox-model.ts';
import { useOutbox } from '../../lib/offline/outbox-provider.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { CalendarView } from './calendar-view.tsx';
import { fruitingCalendar } from './fruiting-calendar.ts';
import { deleteVisit, useReloadAfterUploads, useSpotVisits } from './visits-api.ts';

const AMOUNT_LABEL = { few: 'visits.amountFew', some: 'visits.amountSome', many: 'visits.amountMany' } as const;

type ShownVisit = Pick<Visit, 'id' | 'date' | 'outcome' | 'amount' | 'note'> & { waiting: boolean };

export function VisitsDialog({ spot, onClose, onChanged }: { spot: ShownSpot; onClose: () => void; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const outbox = useOutbox();
  // A spot still only on the device has nothing on the server to ask for.
  const stored = useSpotVisits(spot.id, spot.pending?.kind !== 'create');
  const [deleting, setDeleting] = useState<string | null>(null);
  const title = spot.mushroom_types || t(`locationTypes.${spot.type}`);
  const language = i18n.resolvedLanguage ?? 'en';

  const visits: ShownVisit[] = useMemo(() => {
    const waiting = outbox.entries.flatMap((entry) =>
      entry.kind === 'visit' && entry.spotId === spot.id ? [{ ...entry.visit, amount: entry.visit.amount ?? null, note: entry.visit.note ?? null, waiting: true }] : [],
    );
    const waitingIds = new Set(waiting.map((visit) => visit.id));
    const fromServer = (stored.data ?? []).filter((visit) => !waitingIds.has(visit.id)).map((visit) => ({ ...visit, waiting: false }));
    return [...waiting, ...fromServer].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  }, [outbox.entries, stored.data, spot.id]);

  useReloadAfterUploads(visits.filter((visit) => visit.waiting).length, stored.reload);

  const rows = useMemo(
    () => fruitingCalendar([spot], visits.map((visit) => ({ ...visit, location_id: spot.id }))),
    [spot, visits],
  );

  async function handleDelete(visit: ShownVisit) {
    setDeleting(visit.id);
    try {
      await deleteVisit(spot.id, visit.id);
      toast({ title: t('visits.deleted') });
      stored.reload();
      onChanged();
    } catch (error) {
      toast({ variant: 'destructive', title: t('visits.notDeleted'), description: errorMessage(error, t('common.somethingWentWrong')) });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('visits.listTitle')} description={title}>
      <div className="max-h-[60dvh] space-y-4 overflow-y-auto">
        {stored.isPending && spot.pending?.kind !== 'create' && visits.length === 0 ? (
          <div className="flex justify-center p-4 text-green-800">
            <Spinner label={t('common.loading')} className="size-6" />
          </div>
        ) : visits.length === 0 ? (
          <p className="text-sm text-stone-700">{stored.isError ? t('visits.loadFailed') : t('visits.none')}</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {visits.map((visit) => (
              <li key={visit.id} className="flex items-start gap-2 py-2">
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium">
                    {formatDate(visit.date, language, 'long')}:{' '}
                    {visit.outcome === 'found'
                      ? visit.amount
                        ? `${t('visits.outcomeFound')} (${t(AMOUNT_LABEL[visit.amount])})`
                        : t('visits.outcomeFound')
                      : t('visits.outcomeNothing')}
                  </p>
                  {visit.note && <p className="whitespace-pre-line text-stone-700">{visit.note}</p>}
                  {visit.waiting && <p className="text-amber-900">{t('offline.waitingToUpload')}</p>}
                </div>
                {spot.is_owner && !visit.waiting && (
                  <Button
                    variant="secondary"
                    className="px-3 py-1 text-red-800"
                    disabled={deleting === visit.id}
                    aria-busy={deleting === visit.id}
                    aria-label={t('visits.deleteVisit', { date: formatDate(visit.date, language, 'long') })}
                    onClick={() => void handleDelete(visit)}
                  >
                    {t('locations.delete')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        <section aria-label={t('calendar.title')}>
          <h3 className="mb-2 font-semibold">{t('calendar.title')}</h3>
          <CalendarView rows={rows} caption={t('calendar.captionSpot', { title })} />
        </section>
      </div>
    </Dialog>
  );
}
