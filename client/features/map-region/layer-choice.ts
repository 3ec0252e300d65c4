// When Foray leaves the forager's chosen base layer for the region map by itself (ADR 0018).

export type LayerSituation = {
  /** No network, or the server did not answer. */
  offline: boolean;
  /** The region map is on the device in full. */
  regionOnDevice: boolean;
  /** The forager already looks at the region map. */
  regionChosen: boolean;
  /** How many tiles of the chosen layer in view the device keeps (the service worker's cache). */
  keptTilesInView: number;
};

/**
 * Switch only with no signal, only to a complete copy, and only when the chosen layer would show nothing here:
 * a forager who has kept tiles of this area sees the layer they picked.
 */
export function shouldSwitchToRegion(situation: LayerSituation): boolean {
  return situation.offline && situation.regionOnDevice && !situation.regionChosen && situation.keptTilesInView === 0;
}

/** The tile addresses of a layer for the tiles in view: `{s}` takes each of Leaflet's default subdomains. */
export function tileUrlsInView(
  template: string,
  zoom: number,
  tiles: ReadonlyArray<{ x: number; y: number }>,
  origin: string,
): string[] {
  const absolute = template.startsWith('/') && !template.startsWith('//') ? `${origin}${template}` : template;
  const subdomains = absolute.includes('{s}') ? ['a', 'b', 'c'] : [''];
  return tiles.flatMap(({ x, y }) =>
    subdomains.map((s) =>
      absolute
        .replaceAll('{s}', s)
        .replaceAll('{z}', String(zoom))
        .replaceAll('{x}', String(x))
        .replaceAll('{y}', String(y))
        .replaceAll('{-y}', String(2 ** zoom - 1 - y))
        .replaceAll('{r}', ''),
    ),
  );
}
