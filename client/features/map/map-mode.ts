// Which map the tab draws: counted cells where the view holds many spots, the spots themselves where it holds few
// (ADR 0034). The mode is decided on each view's tiles and kept while the next view's load; with no signal, spots
// from the device.
import { useState } from 'react';
import type L from 'leaflet';
import type { ClientConfig } from '../../../common/schemas/config.ts';
import { useMapOverview, type MapOverview } from './map-overview.ts';

export type MapMode = 'deciding' | 'overview' | 'spots';

export function useMapMode(
  map: L.Map | null,
  filterKey: string,
  offline: boolean,
  config: { data: ClientConfig | undefined; isError: boolean },
): { mode: MapMode; overview: MapOverview } {
  // A copy of the settings kept from before the overview existed has no threshold: spots, as then.
  const overviewFrom = config.data
    ? typeof config.data.map_overview_from === 'number'
      ? config.data.map_overview_from
      : Infinity
    : undefined;
  const overview = useMapOverview(map, filterKey, !offline && overviewFrom !== undefined);
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
