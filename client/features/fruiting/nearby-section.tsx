// "Found nearby this week": species others found from public spots, as counts of coarse areas and floors of
// foragers (ADR 0059). Never kept on the device: with no signal it says it needs a connection.
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useNearby, type Position } from './fruiting-api.ts';
import { windowText } from './fruiting-words.ts';

type NearbySectionProps = {
  /** Where to look from: the forager's position, else the map's centre; null when neither is known. */
  centre: Position | null;
  aroundMapCentre: boolean;
  radiusKm: number;
  radii: readonly number[];
  onRadius: (km: number) => void;
};

export function NearbySection({ centre, aroundMapCentre, radiusKm, radii, onRadius }: NearbySectionProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const headingId = useId();
  const radiusLabelId = useId();
  const [attempt, setAttempt] = useState(0);
  const state = useNearby(centre, radiusKm, attempt);

  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="text-base font-semibold">
        {t('fruiting.nearbyTitle')}
      </h3>
      <div role="radiogroup" aria-labelledby={radiusLabelId} className="mt-2 flex flex-wrap items-center gap-3 text-sm">
        <span id={radiusLabelId}>{t('fruiting.radius')}</span>
        {radii.map((km) => (
          <label key={km} className="inline-flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="fruiting-radius"
              checked={radiusKm === km}
              onChange={() => onRadius(km)}
              className="size-5"
            />
            {t('fruiting.radiusKm', { km })}
          </label>
        ))}
      </div>
      {!centre ? (
        <p className="mt-2 text-sm text-stone-700">{t('fruiting.nearbyNeedsPosition')}</p>
      ) : state.status === 'offline' ? (
        <p className="mt-2 text-sm text-stone-800">{t('fruiting.nearbyOffline')}</p>
      ) : state.status === 'failed' ? (
        <div className="mt-2 text-sm text-stone-800">
          <p>{t('fruiting.nearbyFailed')}</p>
          <Button variant="secondary" className="mt-2" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </Button>
        </div>
      ) : state.status === 'loading' ? (
        <div className="flex justify-center p-4 text-green-800">
          <Spinner label={t('common.loading')} className="size-6" />
        </div>
      ) : (
        <>
          <p className="mt-2 text-sm text-stone-700">
            {t(aroundMapCentre ? 'fruiting.nearbyWindowMap' : 'fruiting.nearbyWindow', {
              days: windowText(state.nearby.window, language),
            })}
          </p>
          {state.nearby.items.length === 0 ? (
            <p className="mt-2 rounded-md border border-dashed border-stone-400 p-3 text-sm text-stone-800">
              {t('fruiting.nearbyEmpty')}
            </p>
          ) : (
            <ul aria-labelledby={headingId} className="mt-2 divide-y divide-stone-200">
              {state.nearby.items.map((item) => (
                <li key={item.species} className="py-2">
                  <span className="block font-medium text-stone-900">{item.species}</span>
                  <span className="block text-sm text-stone-700">
                    {t('fruiting.nearbyCounts', {
                      areas: t('fruiting.areas', { count: item.areas.length }),
                      foragers: t('fruiting.foragersAtLeast', {
                        count: Math.max(...item.areas.map((area) => area.foragers_at_least)),
                      }),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
