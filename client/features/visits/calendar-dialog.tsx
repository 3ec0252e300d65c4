// The fruiting calendar across all of one's own spots, narrowed by species text with the filter bar's own
// matching rule (common/spot-filter.ts). Drawn on the device from the kept spots and one list of own visits.
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import { spotMatcher } from '../../../common/spot-filter.ts';
import { applyPending } from '../../domain/offline/pending-view.ts';
import { useOutbox } from '../../domain/offline/outbox-provider.tsx';
import { keptSpots } from '../../domain/offline/spot-cache.ts';
import { useMe } from '../../domain/session/session.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { CalendarView } from './calendar-view.tsx';
import { fruitingCalendar } from './fruiting-calendar.ts';
import { useOwnVisits, useReloadAfterUploads } from './visits-api.ts';
import { Input } from '../../ui/input.tsx';

export function CalendarDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const outbox = useOutbox();
  const inputId = useId();
  const [species, setSpecies] = useState('');
  const [kept, setKept] = useState<Spot[]>([]);
  const own = useOwnVisits();

  useEffect(
    function readTheKeptSpots() {
      let current = true;
      void keptSpots(me.id).then((spots) => current && setKept(spots.filter((spot) => spot.is_owner)));
      return () => {
        current = false;
      };
    },
    [me.id, own.data],
  );

  useReloadAfterUploads(outbox.entries.filter((entry) => entry.kind === 'visit').length, own.reload);

  const rows = useMemo(() => {
    const spots = applyPending(kept, outbox.entries, me.name).filter((spot) => spot.pending?.kind !== 'delete');
    const matches = spotMatcher({ q: species });
    const chosen = spots.filter(matches);
    const waiting = outbox.entries.flatMap((entry) =>
      entry.kind === 'visit' ? [{ ...entry.visit, location_id: entry.spotId }] : [],
    );
    const waitingIds = new Set(waiting.map((visit) => visit.id));
    const visits = [...waiting, ...(own.data ?? []).filter((visit) => !waitingIds.has(visit.id))];
    return fruitingCalendar(chosen, visits);
  }, [kept, outbox.entries, me.name, species, own.data]);

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('calendar.title')}
      description={t('calendar.description')}
    >
      <div className="max-h-[65dvh] space-y-4 overflow-y-auto">
        <div className="space-y-1">
          <label htmlFor={inputId} className="block text-sm font-medium text-stone-800">
            {t('calendar.species')}
          </label>
          <Input
            id={inputId}
            type="search"
            value={species}
            maxLength={100}
            onChange={(event) => setSpecies(event.target.value)}
          />
        </div>
        {own.isError && <p className="text-sm text-stone-700">{t('calendar.visitsUnavailable')}</p>}
        <CalendarView
          rows={rows}
          caption={
            species.trim() ? t('calendar.captionSpecies', { species: species.trim() }) : t('calendar.captionAll')
          }
        />
      </div>
    </Dialog>
  );
}
