// The import's preview: what the file holds, its pins on a small map, how its fields map, each spot's type
// (the forager may change a guess) and the records that cannot be used. Shown by import-dialog.tsx.
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { ImportPreview, ImportSpot } from '../../../common/schemas/import.ts';
import type { SpotType } from '../../../common/schemas/spots.ts';
import { useClientConfig } from '../../domain/session/client-config.ts';

/** Rows of the preview's list drawn at once: a 20,000-spot file is summed up, not listed whole. */
const LISTED_MAX = 100;
const PROBLEMS_LISTED_MAX = 50;

/** One of the forager's spots already, or a repeat of an earlier record of the same file. */
export const isDuplicate = (spot: ImportSpot) => spot.duplicate_of !== null || spot.duplicate_of_index !== null;

/** The file's spots as the forager checks them before confirming; `children` are the confirm's choices. */
export function PreviewSection({
  preview,
  types,
  onType,
  disabled,
  children,
}: {
  preview: ImportPreview;
  types: Record<number, SpotType>;
  onType: (index: number, type: SpotType) => void;
  disabled: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const duplicates = preview.spots.filter(isDuplicate).length;
  const photos = preview.spots.reduce((sum, spot) => sum + spot.photos, 0);
  const visits = preview.spots.reduce((sum, spot) => sum + spot.visits, 0);
  const mapped = (Object.entries(preview.mapping) as Array<[keyof ImportPreview['mapping'], string | null]>).filter(
    ([, source]) => source,
  );
  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-800" role="status">
        <strong>{t('import.summary', { count: preview.spots.length, name: preview.file_name })}</strong>
        {duplicates > 0 && <> · {t('import.summaryDuplicates', { count: duplicates })}</>}
        {preview.invalid.length > 0 && <> · {t('import.summaryInvalid', { count: preview.invalid.length })}</>}
        {preview.skipped_geometries > 0 && <> · {t('import.summarySkipped', { count: preview.skipped_geometries })}</>}
        {visits > 0 && <> · {t('visits.count', { count: visits })}</>}
        {photos > 0 && <> · {t('import.summaryPhotos', { count: photos })}</>}
        {preview.photos_missing > 0 && <> · {t('import.summaryPhotosMissing', { count: preview.photos_missing })}</>}
      </p>
      {preview.spots.length > 0 && <PreviewMap spots={preview.spots} />}
      {mapped.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-stone-900">{t('import.mappingTitle')}</h3>
          <ul className="mt-1 text-sm text-stone-800">
            {mapped.map(([field, source]) => (
              <li key={field}>
                <code className="rounded bg-stone-100 px-1">{source}</code> → {t(`import.fields.${field}`)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {children}
      {preview.spots.length > 0 && (
        <details open={preview.spots.length <= 10}>
          <summary className="cursor-pointer text-sm font-semibold text-stone-900">{t('import.spotsTitle')}</summary>
          <ul className="mt-2 divide-y divide-stone-200 text-sm">
            {preview.spots.slice(0, LISTED_MAX).map((spot) => (
              <SpotRow
                key={spot.index}
                spot={spot}
                type={types[spot.index] ?? spot.type}
                onType={(type) => onType(spot.index, type)}
                disabled={disabled}
              />
            ))}
          </ul>
          {preview.spots.length > LISTED_MAX && (
            <p className="mt-2 text-sm text-stone-700">
              {t('import.more', { count: preview.spots.length - LISTED_MAX })}
            </p>
          )}
        </details>
      )}
      {preview.invalid.length > 0 && (
        <details>
          <summary className="cursor-pointer text-sm font-semibold text-red-800">
            {t('import.invalidTitle', { count: preview.invalid.length })}
          </summary>
          <ul className="mt-2 space-y-1 text-sm text-stone-800">
            {preview.invalid.slice(0, PROBLEMS_LISTED_MAX).map((problem) => (
              <li key={`${problem.where.kind}-${problem.where.number}-${problem.code}`}>
                <span className="font-medium">
                  {t(`import.where.${problem.where.kind}`, { number: problem.where.number })}:
                </span>{' '}
                {problem.message}
              </li>
            ))}
          </ul>
          {preview.invalid.length > PROBLEMS_LISTED_MAX && (
            <p className="mt-1 text-sm text-stone-700">
              {t('import.more', { count: preview.invalid.length - PROBLEMS_LISTED_MAX })}
            </p>
          )}
        </details>
      )}
    </div>
  );
}

function SpotRow({
  spot,
  type,
  onType,
  disabled,
}: {
  spot: ImportSpot;
  type: SpotType;
  onType: (type: SpotType) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const selectId = useId();
  const name = spot.mushroom_types || t(`locationTypes.${type}`);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{name}</p>
        <p className="text-stone-700">
          {spot.date_found}
          {spot.visits > 0 && <> · {t('visits.count', { count: spot.visits })}</>}
          {spot.photos > 0 && <> · {t('import.rowPhotos', { count: spot.photos })}</>}
          {spot.duplicate_of && (
            <>
              {' '}
              · <span className="font-medium text-amber-800">{t('import.duplicate')}</span>
            </>
          )}
          {!spot.duplicate_of && spot.duplicate_of_index !== null && (
            <>
              {' '}
              · <span className="font-medium text-amber-800">{t('import.duplicateInFile')}</span>
            </>
          )}
        </p>
      </div>
      <label htmlFor={selectId} className="sr-only">
        {t('import.typeOf', { name })}
      </label>
      <select
        id={selectId}
        value={type}
        disabled={disabled}
        onChange={(event) => onType(event.target.value as SpotType)}
        className={`rounded-md border bg-white px-2 py-1 text-sm ${spot.type_guessed ? 'border-amber-600' : 'border-stone-400'}`}
      >
        <option value="mushroom_spot">{t('locationTypes.mushroom_spot')}</option>
        <option value="car_park">{t('locationTypes.car_park')}</option>
      </select>
      {spot.type_guessed && <span className="text-xs text-amber-800">{t('import.guessed')}</span>}
    </li>
  );
}

/** The file's spots as dots on a small map, drawn on one canvas so that thousands cost one layer. */
function PreviewMap({ spots }: { spots: ImportSpot[] }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const config = useClientConfig();
  const layer = config.data?.tile_layers[0];
  const points = useMemo(() => spots.map((spot) => ({ at: L.latLng(spot.latitude, spot.longitude), spot })), [spots]);

  useEffect(
    function drawTheSpots() {
      if (!box.current) return;
      const map = L.map(box.current, { zoomControl: true, attributionControl: Boolean(layer), preferCanvas: true });
      if (layer)
        L.tileLayer(layer.url, {
          attribution: layer.attribution,
          maxZoom: layer.max_zoom,
          crossOrigin: 'anonymous',
        }).addTo(map);
      const renderer = L.canvas({ padding: 0.2 });
      for (const { at, spot } of points) {
        L.circleMarker(at, {
          renderer,
          radius: 5,
          weight: 1,
          color: '#fff',
          fillOpacity: 0.9,
          fillColor: isDuplicate(spot) ? '#78716c' : spot.type === 'car_park' ? '#2563eb' : '#157a3d',
        }).addTo(map);
      }
      map.fitBounds(L.latLngBounds(points.map((point) => point.at)), { padding: [16, 16], maxZoom: 15 });
      return () => {
        map.remove();
      };
    },
    [points, layer],
  );

  return (
    <div
      ref={box}
      role="img"
      aria-label={t('import.mapLabel', { count: spots.length })}
      className="h-56 w-full overflow-hidden rounded-md border border-stone-300"
    />
  );
}
