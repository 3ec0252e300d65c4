// The region map on the Map tab (ADR 0018): draws it when chosen, from the device's copy if there is one, else
// from the server; and with no signal, switches to it by itself where the chosen layer has no kept tiles.
// A lazy chunk, loaded only when the operator offers a region map; the renderer is a further chunk.
import { useEffect, useState } from 'react';
import L from 'leaflet';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { MapRegion, TileLayer } from '../../../common/schemas/config.ts';
import { REGION_CHANGED_EVENT } from './download-task.ts';
import { shouldSwitchToRegion, tileUrlsInView } from './layer-choice.ts';
import type { StoredRegion } from './region-plan.ts';
import { openStoredRegion, readStoredRegion } from './region-store.ts';
import { useToast } from '../../ui/toast.tsx';

/** The service worker's cache of viewed tiles (client/service-worker/tile-cache.ts). */
const TILE_CACHE = 'map-tiles';

type RegionMapProps = {
  map: L.Map;
  region: MapRegion;
  regionChosen: boolean;
  /** The tile layer the forager chose, when it is not the region map. */
  chosenLayer: TileLayer | undefined;
  onSwitchToRegion: () => void;
  /** No network, or the server did not answer (lib/connectivity.ts). */
  offline: boolean;
};

export default function RegionMap({
  map,
  region,
  regionChosen,
  chosenLayer,
  onSwitchToRegion,
  offline,
}: RegionMapProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const onDevice = useStoredRegion();
  const language = i18n.resolvedLanguage ?? 'en';
  const localCopy = onDevice?.complete ? onDevice.etag : null;

  useEffect(
    function drawTheRegionMap() {
      if (!regionChosen || onDevice === undefined) return;
      let cancelled = false;
      let layer: L.Layer | null = null;
      void (async () => {
        const [{ makeRegionLayer }, local] = await Promise.all([
          import('./region-layer.ts'),
          localCopy ? openStoredRegion() : null,
        ]);
        // Online without a copy on the device, the layer reads the server's file in byte ranges.
        const made = await makeRegionLayer(local?.source ?? { url: region.url }, language);
        if (!cancelled) layer = made.addTo(map);
      })().catch(() => {
        if (!cancelled) toast({ variant: 'destructive', title: t('mapRegion.drawFailed') });
      });
      return () => {
        cancelled = true;
        layer?.remove();
      };
    },
    // The words are read when it fails; the layer is remade only for another file or language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [map, regionChosen, onDevice === undefined, localCopy, region.url, language],
  );

  // Said under the map for as long as it lasts, not in a passing toast: a forager looks up from the path later.
  const [switched, setSwitched] = useState(false);
  if (switched && !regionChosen) setSwitched(false);
  useEffect(
    function switchToTheRegionMapWithNoSignal() {
      if (!offline || !onDevice?.complete || regionChosen) return;
      let cancelled = false;
      const check = () =>
        void keptTilesInView(map, chosenLayer).then((kept) => {
          if (
            cancelled ||
            !shouldSwitchToRegion({ offline, regionOnDevice: true, regionChosen, keptTilesInView: kept })
          )
            return;
          onSwitchToRegion();
          setSwitched(true);
        });
      check();
      // Also where the forager goes next: kept tiles end where they last looked online.
      map.on('moveend', check);
      return () => {
        cancelled = true;
        map.off('moveend', check);
      };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the callback is a new function on every render
    [map, offline, onDevice?.complete, regionChosen, chosenLayer?.url],
  );

  return switched ? (
    <p role="status" className="text-sm font-medium text-stone-800">
      {t('mapRegion.switched', { name: region.name })}
    </p>
  ) : null;
}

/** What the device keeps (undefined while it is being read), read again whenever it changes. */
function useStoredRegion(): StoredRegion | null | undefined {
  const [stored, setStored] = useState<StoredRegion | null | undefined>(undefined);
  useEffect(function readTheCopyOnTheDevice() {
    let current = true;
    const read = () =>
      void readStoredRegion().then((value) => {
        if (current) setStored(value);
      });
    read();
    window.addEventListener(REGION_CHANGED_EVENT, read);
    return () => {
      current = false;
      window.removeEventListener(REGION_CHANGED_EVENT, read);
    };
  }, []);
  return stored;
}

/** How many tiles of the layer in view, at the map's zoom, the service worker keeps. */
async function keptTilesInView(map: L.Map, layer: TileLayer | undefined): Promise<number> {
  if (!layer?.cache || !('caches' in window) || !(await caches.has(TILE_CACHE))) return 0;
  const zoom = Math.round(map.getZoom());
  const range = L.bounds(
    map.getPixelBounds().min!.divideBy(256).floor(),
    map.getPixelBounds().max!.divideBy(256).floor(),
  );
  const tiles: Array<{ x: number; y: number }> = [];
  for (let x = range.min!.x; x <= range.max!.x; x += 1)
    for (let y = range.min!.y; y <= range.max!.y; y += 1) tiles.push({ x, y });
  const cache = await caches.open(TILE_CACHE);
  const found = await Promise.all(
    tileUrlsInView(layer.url, zoom, tiles, location.origin).map((url) => cache.match(url, { ignoreVary: true })),
  );
  return found.filter(Boolean).length;
}
