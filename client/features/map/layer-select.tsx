// The base-layer choice above the map: the operator's tile layers, and the region map when there is one.
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { BaseLayerId, MapRegion, TileLayer } from '../../../common/schemas/config.ts';

export function LayerSelect({
  layers,
  region,
  value,
  onChange,
}: {
  layers: TileLayer[];
  region: MapRegion | null;
  value: string;
  onChange: (layer: BaseLayerId | 'region') => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    // One unit when the row wraps: a label on one line and its select on the next read as two things.
    <div className="flex items-center gap-2 whitespace-nowrap">
      <label htmlFor={id} className="text-sm text-stone-800">
        {t('map.baseLayer')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as BaseLayerId | 'region')}
        className="rounded-md border border-stone-400 bg-white px-2 py-1.5 text-sm"
      >
        {layers.map((layer) => (
          <option key={layer.id} value={layer.id}>
            {t(`map.layers.${layer.id}`)}
          </option>
        ))}
        {region && <option value="region">{t('mapRegion.layer', { name: region.name })}</option>}
      </select>
    </div>
  );
}
