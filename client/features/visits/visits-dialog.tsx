// A spot's visits, newest first, with those still on the device on top, each with its photos (opened large);
// the owner may delete one, with or without signal. Below them, the spot's own fruiting calendar.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Photo } from '../../../common/schemas/spots.ts';
import type { Visit } from '../../../common/schemas/visits.ts';
import { isOnline } from '../../lib/connectivity.ts';
import { formatDate } from '../../lib/format.ts';
import type { ShownSpot } from '../../domain/spots/spot-types.ts';
import { useOutbox } from '../../domain/offline/outbox-provider.tsx';
import { hiddenOf, hiddenText } from '../../domain/spots/hidden.ts';
import { mayReport, useOpenReport } from '../../domain/dialogs/report-context.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import PhotoViewer from '../../ui/photo-viewer.tsx';
import { CalendarView } from './calendar-view.tsx';
import { fruitingCalendar } from './fruiting-calendar.ts';
import { useReloadAfterUploads, useSpotVisits } from './visits-api.ts';

const AMOUNT_LABEL = { few: 'visits.amountFew', some: 'visits.amountSome', many: 'visits.amountMany' } as const;

type ShownVisit = Pick<Visit, 'id' | 'date' | 'outcome' | 'amount' | 'note' | 'photos'> & { waiting: boolean };

/** Object URLs for the photos of visits still on the device, released when they change or the dialog closes. */
function useWaitingPhotoUrls(blobs: Array<{ id: string; photo: Blob }>): Map<string, string> {
  const urls = useMemo(() => new Map(blobs.map((blob) => [blob.id, URL.createObjectURL(blob.photo)])), [blobs]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

export function VisitsDialog({
  spot,
  onClose,
  onChanged,
}: {
  spot: ShownSpot;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const outbox = useOutbox();
  // A spot still only on the device has nothing on the server to ask for.
  const stored = useSpotVisits(spot.id, spot.pending?.kind !== 'create');
  const [deleting, setDeleting] = useState<string | null>(null);
  const [viewing, setViewing] = useState<{ photos: Photo[]; index: number; date: string } | null>(null);
  const openReport = useOpenReport();
  // Someone else's public spot: its visits and their photos may be reported (issue #34).
  const reportable = mayReport(spot);
  const title = spot.mushroom_types || t(`locationTypes.${spot.type}`);
  const language = i18n.resolvedLanguage ?? 'en';

  const waitingBlobs = useMemo(
    () =>
      outbox.entries.flatMap((entry) =>
        entry.kind === 'visit' && entry.spotId === spot.id ? (entry.photos ?? []) : [],
      ),
    [outbox.entries, spot.id],
  );
  const blobUrls = useWaitingPhotoUrls(waitingBlobs);

  const visits: ShownVisit[] = useMemo(() => {
    const deleted = new Set(
      outbox.entries.flatMap((entry) =>
        entry.kind === 'delete-visit' && entry.spotId === spot.id ? [entry.visitId] : [],
      ),
    );
    const waiting = outbox.entries.flatMap((entry) =>
      entry.kind === 'visit' && entry.spotId === spot.id
        ? [
            {
              ...entry.visit,
              amount: entry.visit.amount ?? null,
              note: entry.visit.note ?? null,
              photos: (entry.photos ?? []).flatMap((photo) => {
                const url = blobUrls.get(photo.id);
                return url ? [{ id: photo.id, url, thumbnail_url: url }] : [];
              }),
              waiting: true,
            },
          ]
        : [],
    );
    const waitingIds = new Set(waiting.map((visit) => visit.id));
    const fromServer = (stored.data ?? [])
      .filter((visit) => !waitingIds.has(visit.id))
      .map((visit) => ({ ...visit, waiting: false }));
    return [...waiting, ...fromServer]
      .filter((visit) => !deleted.has(visit.id))
      .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  }, [outbox.entries, stored.data, spot.id, blobUrls]);

  // Ask again once a waiting visit, or a waiting delete, has reached the server.
  const waitingChanges = outbox.entries.filter(
    (entry) => (entry.kind === 'visit' || entry.kind === 'delete-visit') && entry.spotId === spot.id,
  ).length;
  useReloadAfterUploads(waitingChanges, stored.reload);

  const rows = useMemo(
    () =>
      fruitingCalendar(
        [spot],
        visits.map((visit) => ({ ...visit, location_id: spot.id })),
      ),
    [spot, visits],
  );

  async function handleDelete(visit: ShownVisit) {
    setDeleting(visit.id);
    try {
      // Through the outbox like every change: with no signal it waits, and a visit still on the device just goes.
      await outbox.record({ kind: 'delete-visit', spotId: spot.id, visitId: visit.id });
      toast(
        isOnline()
          ? { title: t('visits.deleted') }
          : { title: t('visits.deleted'), description: t('visits.deleteWaits') },
      );
      onChanged();
    } catch {
      toast({ variant: 'destructive', title: t('visits.notDeleted'), description: t('offline.deviceStorageFailed') });
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
          <p className="text-sm text-stone-700">
            {stored.isError && !stored.data ? t('visits.loadFailed') : t('visits.none')}
          </p>
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
                  {visit.photos.length > 0 && (
                    <ul className="mt-1 flex flex-wrap gap-1">
                      {visit.photos.map((photo, index) => (
                        <li key={photo.id}>
                          <button
                            type="button"
                            className="block rounded-md focus-visible:outline-3 focus-visible:outline-blue-700"
                            aria-label={t('visits.viewPhoto', {
                              position: index + 1,
                              date: formatDate(visit.date, language, 'long'),
                            })}
                            onClick={() => setViewing({ photos: visit.photos, index, date: visit.date })}
                          >
                            <img
                              src={photo.thumbnail_url}
                              alt=""
                              className="size-16 rounded-md border border-stone-300 object-cover"
                            />
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                  {visit.waiting && <p className="text-amber-900">{t('offline.waitingToUpload')}</p>}
                  {spot.is_owner && hiddenOf(visit) && (
                    <p role="note" className="mt-1 rounded-md bg-red-50 px-2 py-1 text-red-950">
                      {hiddenText(hiddenOf(visit)!, t)}. {t('reports.hiddenNote')}
                    </p>
                  )}
                </div>
                {reportable && !visit.waiting && (
                  <Button
                    variant="ghost"
                    className="px-3 py-1 text-stone-700"
                    aria-label={t('reports.reportVisit', { date: formatDate(visit.date, language, 'long') })}
                    onClick={() =>
                      openReport({
                        target_type: 'visit',
                        target_id: visit.id,
                        what: t('reports.whatVisit', { title, date: formatDate(visit.date, language, 'long') }),
                      })
                    }
                  >
                    {t('reports.report')}
                  </Button>
                )}
                {spot.is_owner && (
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
      {viewing && (
        <PhotoViewer
          title={title}
          photos={viewing.photos}
          startAt={viewing.index}
          onClose={() => setViewing(null)}
          action={
            reportable
              ? {
                  label: t('reports.reportPhoto'),
                  onSelect: (photo, position) =>
                    openReport({
                      target_type: 'photo',
                      target_id: photo.id,
                      what: t('reports.whatPhoto', {
                        title: t('reports.whatVisit', { title, date: formatDate(viewing.date, language, 'long') }),
                        position,
                        total: viewing.photos.length,
                      }),
                    }),
                }
              : undefined
          }
        />
      )}
    </Dialog>
  );
}
