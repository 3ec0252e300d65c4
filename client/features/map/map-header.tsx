// The line above the map: how many spots are in view (and that more are there when zoomed in), the two ways to add
// a spot, and the base-layer choice.
import type { ComponentProps } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { LayerSelect } from './layer-select.tsx';

export function MapHeader({
  busy,
  count,
  truncated,
  canAddAtCentre,
  onAddAtCentre,
  onAddAtMyPosition,
  layerSelect,
}: {
  /** Spots or the overview are being read: a spinner by the count. */
  busy: boolean;
  count: number;
  /** The spots loaded were cut short: "zoom in to see all". */
  truncated: boolean;
  canAddAtCentre: boolean;
  onAddAtCentre: () => void;
  onAddAtMyPosition: () => void;
  layerSelect: ComponentProps<typeof LayerSelect>;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="flex items-center gap-2 text-sm font-medium text-stone-800" aria-live="polite">
        {busy && <Spinner />}
        {t('map.locationCount', { count })}
        {truncated && <span className="font-normal text-stone-700">· {t('map.zoomInForAll')}</span>}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" className="px-3 py-1.5" disabled={!canAddAtCentre} onClick={onAddAtCentre}>
          {t('map.addAtCentre')}
        </Button>
        <Button variant="secondary" className="px-3 py-1.5" onClick={onAddAtMyPosition}>
          {t('map.addAtMyPosition')}
        </Button>
        <LayerSelect {...layerSelect} />
      </div>
    </div>
  );
}
