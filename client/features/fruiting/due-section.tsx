// "Due now": one's spots (and those one's circles share) that gave in earlier years around this date, best first.
// Each opens the spot's visits; with no signal the list is ranked on the device, the same for one's own spots.
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { DueItem } from '../../../common/schemas/fruiting.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import { useOpenVisits } from '../../domain/dialogs/visits-context.ts';
import { api } from '../../lib/api-client.ts';
import { todayLocal } from '../../lib/format.ts';
import { formatDistance } from '../../lib/geodesy.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useDue, type Position } from './fruiting-api.ts';
import { lastVisitText } from './fruiting-words.ts';

export function DueSection({ position }: { position: Position | null }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { due, spots } = useDue(position);

  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h3 id={headingId} className="text-base font-semibold">
        {t('fruiting.dueTitle')}
      </h3>
      <p className="text-sm text-stone-700">{t('fruiting.dueDescription')}</p>
      {due.status === 'loading' ? (
        <div className="flex justify-center p-4 text-green-800">
          <Spinner label={t('common.loading')} className="size-6" />
        </div>
      ) : (
        <>
          {due.from === 'device' && <p className="mt-2 text-sm text-stone-700">{t('fruiting.dueOnDevice')}</p>}
          {due.items.length === 0 ? (
            <p className="mt-2 rounded-md border border-dashed border-stone-400 p-3 text-sm text-stone-800">
              {t('fruiting.dueEmpty')}
            </p>
          ) : (
            <ol aria-labelledby={headingId} className="mt-2 divide-y divide-stone-200">
              {due.items.map((item) => (
                <DueRow key={item.location_id} item={item} kept={spots.find((spot) => spot.id === item.location_id)} />
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}

function DueRow({ item, kept }: { item: DueItem; kept: Spot | undefined }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const openVisits = useOpenVisits();
  const toast = useToast();
  const [opening, setOpening] = useState(false);
  const title = item.mushroom_types || t('locationTypes.mushroom_spot');

  const handleOpen = () => {
    if (kept) return openVisits({ kind: 'list', spot: kept });
    // Another forager's spot shared with one's circle is not kept on the device: asked for when opened.
    setOpening(true);
    api(`/api/v1/locations/${encodeURIComponent(item.location_id)}`, {
      schema: () => import('../../../common/schemas/spots.ts').then((contract) => contract.SpotSchema),
    })
      .then(
        (spot) => openVisits({ kind: 'list', spot }),
        () => toast({ variant: 'destructive', title: t('fruiting.openFailed') }),
      )
      .finally(() => setOpening(false));
  };

  return (
    <li className="py-2">
      <button
        type="button"
        onClick={handleOpen}
        disabled={opening}
        aria-busy={opening}
        className="w-full rounded-md p-2 text-left hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-green-800"
      >
        <span className="block font-medium text-stone-900">{title}</span>
        <span className="block text-sm text-stone-700">
          {item.last_visit && lastVisitText(item.last_visit, todayLocal(), language, t)}
        </span>
        <span className="block text-sm text-stone-700">
          {t('fruiting.foundYears', { years: item.found_years.join(', ') })}
          {item.distance_m !== null &&
            ` · ${t('fruiting.away', { distance: formatDistance(item.distance_m, language) })}`}
        </span>
      </button>
    </li>
  );
}
