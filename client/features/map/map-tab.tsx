// The Map tab: the line above the map (map-header.tsx), the map, and the add form beside or below it.
import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type L from 'leaflet';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { BaseLayerId, MapRegion, TileLayer } from '../../../common/schemas/config.ts';
import type { MapPin } from '../../../common/schemas/map-pins.ts';
import type { BBox } from '../../../common/schemas/spots.ts';
import { useOffline } from '../../lib/connectivity.ts';
import type { ShownPin, ShownSpot } from '../../domain/spots/spot-types.ts';
import { pinsWithPending } from '../../domain/offline/pending-view.ts';
import { useOutbox } from '../../domain/offline/outbox-provider.tsx';
import { useMe } from '../../domain/session/session.tsx';
import { useFilteredPins, useSpotFilter } from '../../domain/spots/spot-filter-url.ts';
import { randomId } from '../../lib/uuid.ts';
import { afterFirstDraw } from '../../lib/after-first-draw.ts';
import { loadPopupBuilder } from './popup-builder.ts';
import { useToast } from '../../ui/toast.tsx';
import type { Selection } from './add-spot-form.tsx';
import { useCentreOnUserAtStart } from './geolocation.ts';
import { useClientConfig } from '../../domain/session/client-config.ts';
import { MapView, type UserPosition } from './map-view.tsx';
import { useShownAreaReport, useSpotsInArea } from './spots-in-view.ts';
import { areaFits, areaHolds, countInView } from './overview-tiles.ts';
import { useMapMode } from './map-mode.ts';
import type { LoadedArea } from './map-overview.ts';
import { useOverviewLayer } from './overview-layer.ts';
import { useSpotPopupById } from './popup-by-id.ts';
import { AddSpotForm, bringIntoSight, MoveSpotPanel, PositionFixer, preloadSheets, Sheet } from './map-sheets.tsx';
import { MapHeader } from './map-header.tsx';
import { usePopupLabels } from './popup-labels.ts';
import type { Circle } from '../../../common/schemas/circles.ts';

const NO_SPOTS: MapPin[] = [];
// Loaded when first asked for: the main screen's first code stays within its budget.
const TakeOutDialog = lazy(() =>
  import('../../domain/sharing/take-out-of-circle.tsx').then((module) => ({ default: module.TakeOutDialog })),
);

/** What the region map (features/map-region, handed in by the app shell) is given to draw itself on the map. */
export type RegionMapProps = {
  map: L.Map;
  region: MapRegion;
  regionChosen: boolean;
  /** The tile layer the forager chose, when it is not the region map. */
  chosenLayer: TileLayer | undefined;
  onSwitchToRegion: () => void;
  offline: boolean;
};

export function MapTab({
  regionMap,
  onShownArea,
}: {
  regionMap: (props: RegionMapProps) => ReactNode;
  /** Told the area on screen whenever the map comes to rest, for what acts on it (the export). */
  onShownArea?: (area: BBox) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const formRef = useRef<HTMLDivElement>(null);
  const fixerRef = useRef<HTMLDivElement>(null);
  const moveRef = useRef<HTMLDivElement>(null);

  const [map, setMap] = useState<L.Map | null>(null);
  // What the map's arrival sets going (its mode, overview and spots) renders in a later task than the map's own
  // creation, in slices, so the phone's first frame with a map is not one long block.
  const mapReady = useCallback((created: L.Map) => startTransition(() => setMap(created)), []);
  const [baseLayerId, setBaseLayerId] = useState<BaseLayerId | 'region'>('street');
  const [area, setArea] = useState<BBox | null>(null);
  const [visibleCount, setVisibleCount] = useState(0);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [fixing, setFixing] = useState(false);
  const [userPosition, setUserPosition] = useState<UserPosition | null>(null);
  const [moving, setMoving] = useState<ShownSpot | null>(null);

  const me = useMe();
  const { entries, photoUrls } = useOutbox();
  const config = useClientConfig();
  const offline = useOffline();
  const { filter, key: filterKey } = useSpotFilter();
  // The area whose spots are all loaded: a pan inside it is counted from them and asks the server nothing.
  const [loadedArea, setLoadedArea] = useState<LoadedArea | null>(null);
  const { mode, overview } = useMapMode(map, filterKey, offline, config, loadedArea);
  // The spots' map asks for the area loaded, while it holds the view, or for one asked for this view — never for one
  // reported for an earlier view (the country's, on a zoom from the overview straight into a city): until the area
  // of this view is reported, it waits.
  const spotsArea =
    mode === 'spots' &&
    area &&
    (!overview.bounds ||
      (area === loadedArea?.area ? areaHolds(area, overview.bounds) : areaFits(area, overview.bounds)))
      ? area
      : null;
  const spotsQuery = useSpotsInArea(spotsArea, me.id, filter);
  // Only the spots' map draws loaded spots: in the overview the query keeps the last area's as its placeholder.
  const loaded = mode === 'spots' ? (spotsQuery.data?.items ?? NO_SPOTS) : NO_SPOTS;
  // What waits on the device is drawn too: new spots as pending pins; a spot being deleted is gone already.
  const shown = useMemo(
    // With nothing waiting, the loaded array itself: the clusters are only rebuilt when spots change.
    (): ShownPin[] =>
      entries.length === 0 && !moving
        ? loaded
        : // The pin being moved is drawn by the move panel, draggable, instead.
          pinsWithPending(loaded, entries, me.name, photoUrls).filter(
            (spot) => spot.pending?.kind !== 'delete' && spot.id !== moving?.id,
          ),
    [loaded, entries, me.name, photoUrls, moving],
  );
  const spots = useFilteredPins(shown, filter, filterKey);
  const truncated = mode === 'spots' && spotsQuery.data ? spotsQuery.data.truncated : false;
  const complete =
    mode === 'spots' && spotsQuery.data?.from === 'server' && !spotsQuery.isPlaceholderData && !truncated
      ? spotsQuery.data
      : null;
  // Set while rendering (React's way to derive state from what changed), not in an effect: no extra draw.
  const loadedNow = complete && spotsArea ? { area: spotsArea, filterKey, spots: complete.items } : null;
  if (
    loadedNow?.spots !== loadedArea?.spots ||
    loadedNow?.area !== loadedArea?.area ||
    loadedNow?.filterKey !== loadedArea?.filterKey
  ) {
    setLoadedArea(loadedNow);
  }
  const layers = config.data?.tile_layers ?? [];
  const baseLayer = layers.find((layer) => layer.id === baseLayerId) ?? layers[0];
  const region = config.data?.map_region ?? null;
  const regionChosen = region !== null && baseLayerId === 'region';

  useCentreOnUserAtStart(map);

  useEffect(
    function preloadTheForm() {
      // Fetched once the map is up, so the first tap on the map opens the form at once, signal or not.
      // Once the map has drawn: its first tiles come first.
      if (map) {
        afterFirstDraw(loadPopupBuilder).catch(() => undefined);
        afterFirstDraw(preloadSheets).catch(() => undefined);
      }
    },
    [map],
  );

  useShownAreaReport(map, onShownArea);

  useEffect(
    function reportLoadFailures() {
      if (spotsQuery.isError) toast({ variant: 'destructive', title: t('locations.errorFetchingLocations') });
    },
    // Once per failure, not on every render or language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [spotsQuery.isError, spotsQuery.errorUpdatedAt],
  );
  useEffect(
    function reportConfigFailure() {
      if (config.isError) toast({ variant: 'destructive', title: t('map.configFailed') });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failure
    [config.isError],
  );

  const handleMove = useCallback((spot: ShownSpot) => {
    setSelection(null);
    setFixing(false);
    setMoving(spot);
    bringIntoSight(moveRef);
  }, []);
  // "Take out of <circle>" on someone else's pin: asked in a dialog of the shell's.
  const [takingOut, setTakingOut] = useState<{ spot: ShownSpot; circle: Circle } | null>(null);
  const handleTakeOut = useCallback((spot: ShownSpot, circle: Circle) => setTakingOut({ spot, circle }), []);
  const labels = usePopupLabels(handleMove, handleTakeOut);

  const overviewTiles = mode === 'overview' ? overview.drawn : null;
  const spotPopup = useSpotPopupById(labels, { me, offline, entries, photoUrls });
  useOverviewLayer(map, overviewTiles, labels, spotPopup);
  // The header's number, exact (ADR 0062): the spots drawn in the view, counted one by one, when they are all loaded
  // (or kept on the device); in the overview, or where the spots loaded were cut short, the server's count of the
  // view with what waits on the device laid over it (the drawn spots in view less the loaded ones: new spots added,
  // deleted ones taken off).
  const shownCount =
    (mode === 'overview' || truncated || !spotsArea) && overview.counted !== null && overview.bounds
      ? overview.counted + visibleCount - countInView(loaded, overview.bounds)
      : visibleCount;

  const handleSelect = useCallback((lat: number, lng: number, accuracy?: number) => {
    setFixing(false);
    setMoving(null);
    setSelection({ lat, lng, id: randomId(), accuracy });
    bringIntoSight(formRef);
  }, []);

  return (
    <div className={selection || fixing || moving ? 'grid gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]' : ''}>
      {takingOut && (
        <Suspense fallback={null}>
          <TakeOutDialog spot={takingOut.spot} circle={takingOut.circle} onClose={() => setTakingOut(null)} />
        </Suspense>
      )}
      <div className="min-w-0 space-y-2">
        <MapHeader
          busy={
            spotsQuery.isFetching ||
            (mode !== 'spots' && (overview.tiles === null || overview.inView === null) && !overview.failed)
          }
          count={shownCount}
          truncated={truncated}
          canAddAtCentre={map !== null}
          onAddAtCentre={() => {
            const centre = map?.getCenter();
            if (centre) handleSelect(centre.lat, centre.lng);
          }}
          onAddAtMyPosition={() => {
            setSelection(null);
            setFixing(true);
            bringIntoSight(fixerRef);
          }}
          layerSelect={{
            layers,
            region,
            value: regionChosen ? 'region' : (baseLayer?.id ?? baseLayerId),
            onChange: setBaseLayerId,
          }}
        />
        <MapView
          map={map}
          onMapReady={mapReady}
          baseLayer={regionChosen ? undefined : baseLayer}
          spots={spots}
          spotPopup={spotPopup}
          labels={labels}
          onVisibleCountChange={setVisibleCount}
          // Only an area whose spots are all loaded spares a report: otherwise every view at rest reports its own.
          area={loadedArea?.area ?? null}
          truncated={truncated}
          onArea={setArea}
          selection={selection}
          onSelect={handleSelect}
          userPosition={userPosition}
          onUserLocated={setUserPosition}
        />
        <p className="text-xs text-stone-700">{t('map.clickHint')}</p>
        {region && map && (
          <Suspense fallback={null}>
            {regionMap({
              map,
              region,
              regionChosen,
              chosenLayer: baseLayer,
              onSwitchToRegion: () => setBaseLayerId('region'),
              offline,
            })}
          </Suspense>
        )}
      </div>
      {moving && map && (
        <Sheet ref={moveRef}>
          <MoveSpotPanel key={moving.id} map={map} spot={moving} onClose={() => setMoving(null)} />
        </Sheet>
      )}
      {fixing && !selection && (
        <Sheet ref={fixerRef}>
          <PositionFixer
            onUse={(fix) => {
              handleSelect(fix.latitude, fix.longitude, fix.accuracy);
              map?.setView([fix.latitude, fix.longitude], Math.max(map.getZoom(), 16));
            }}
            onCancel={() => setFixing(false)}
          />
        </Sheet>
      )}
      {selection && (
        <Sheet ref={formRef}>
          <AddSpotForm
            selection={selection}
            onClose={() => setSelection(null)}
            onPlace={(point) => {
              setSelection(
                (current) => current && { ...current, lat: point.lat, lng: point.lng, accuracy: point.accuracy },
              );
              map?.setView([point.lat, point.lng], Math.max(map.getZoom(), 15));
            }}
          />
        </Sheet>
      )}
    </div>
  );
}
