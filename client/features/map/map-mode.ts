// Which map the tab draws: counted cells where the view holds many spots, the spots themselves where it holds few
// (ADR 0034). The mode is decided on each view's tiles and kept while the next view's load; with no signal, spots
// from the device.
import { useState } from 'react';
import type L from 'leaflet';
import type { ClientConfig } from '../../../common/schemas/config.ts';
import { useMapOverview, type LoadedArea, type MapOverview } from './map-overview.ts';

export type MapMode = 'deciding' | 'overview' | 'spots';

export function useMapMode(
  map: L.Map | null,
  filterKey: string,
  offline: boolean,
  config: { data: ClientConfig | undefined; isError: boolean },
  /** The spots loaded whole for the spots' map: a view inside them is decided on them, asking nothing. */
  loaded: LoadedArea | null = null,
): { mode: MapMode; overview: MapOverview } {
  // A copy of the settings kept from before the overview existed has no threshold: spots, as then.
  const overviewFrom = config.data
    ? typeof config.data.map_overview_from === 'number'
      ? config.data.map_overview_from
      : Infinity
    : undefined;
  const overview = useMapOverview(map, filterKey, !offline && overviewFrom !== undefined, loaded, overviewFrom ?? -1);
  const decided =
    offline || overview.failed || config.isError
      ? 'spots'
      : overview.inView !== null && overviewFrom !== undefined
        ? overview.inView > overviewFrom
          ? 'overview'
          : 'spots'
        : null;
  const [mode, setMode] = useState<MapMode>('deciding');
  if (decided !== null && decided !== mode) setMode(decided);
  return { mode, overview };
}
