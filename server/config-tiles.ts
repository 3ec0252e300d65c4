/**
 * The four base layers' defaults, with the attribution each provider's terms require. `cache` says whether
 * the service worker may keep viewed tiles: OpenStreetMap asks for it and OpenTopoMap allows it; Esri's and
 * CARTO's terms forbid storing their tiles.
 */
export const TILE_DEFAULTS = {
  street: {
    url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    maxZoom: 19,
    cache: true,
  },
  satellite: {
    url: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
    attribution: 'Tiles &copy; Esri &mdash; Source: Esri, Maxar, Earthstar Geographics, and the GIS User Community',
    maxZoom: 19,
    cache: false,
  },
  topo: {
    url: 'https://{s}.tile.opentopomap.org/{z}/{x}/{y}.png',
    attribution:
      'Map data: &copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors, SRTM | Map style: &copy; <a href="https://opentopomap.org">OpenTopoMap</a> (<a href="https://creativecommons.org/licenses/by-sa/3.0/">CC-BY-SA</a>)',
    maxZoom: 17,
    cache: true,
  },
  dark: {
    url: 'https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}{r}.png',
    attribution:
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors &copy; <a href="https://carto.com/attributions">CARTO</a>',
    maxZoom: 20,
    cache: false,
  },
} as const;

export type TileLayerConfig = {
  id: 'street' | 'satellite' | 'topo' | 'dark';
  url: string;
  attribution: string;
  maxZoom: number;
  /** Whether the provider's terms let phones keep the tiles they viewed (the service worker's tile cache). */
  cache: boolean;
};

/** The four base layers as configured: each one's URL, attribution and caching from the environment. */
export function tileLayers(e: {
  TILE_STREET_URL: string;
  TILE_STREET_ATTRIBUTION: string;
  TILE_STREET_CACHE: boolean;
  TILE_SATELLITE_URL: string;
  TILE_SATELLITE_ATTRIBUTION: string;
  TILE_SATELLITE_CACHE: boolean;
  TILE_TOPO_URL: string;
  TILE_TOPO_ATTRIBUTION: string;
  TILE_TOPO_CACHE: boolean;
  TILE_DARK_URL: string;
  TILE_DARK_ATTRIBUTION: string;
  TILE_DARK_CACHE: boolean;
}): TileLayerConfig[] {
  return [
    {
      id: 'street',
      url: e.TILE_STREET_URL,
      attribution: e.TILE_STREET_ATTRIBUTION,
      maxZoom: TILE_DEFAULTS.street.maxZoom,
      cache: e.TILE_STREET_CACHE,
    },
    {
      id: 'satellite',
      url: e.TILE_SATELLITE_URL,
      attribution: e.TILE_SATELLITE_ATTRIBUTION,
      maxZoom: TILE_DEFAULTS.satellite.maxZoom,
      cache: e.TILE_SATELLITE_CACHE,
    },
    {
      id: 'topo',
      url: e.TILE_TOPO_URL,
      attribution: e.TILE_TOPO_ATTRIBUTION,
      maxZoom: TILE_DEFAULTS.topo.maxZoom,
      cache: e.TILE_TOPO_CACHE,
    },
    {
      id: 'dark',
      url: e.TILE_DARK_URL,
      attribution: e.TILE_DARK_ATTRIBUTION,
      maxZoom: TILE_DEFAULTS.dark.maxZoom,
      cache: e.TILE_DARK_CACHE,
    },
  ];
}
