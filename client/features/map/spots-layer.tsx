// Draws the spots of the visible area from their pins (ADR 0065). Pins are grouped with supercluster and drawn as
// plain Leaflet markers created here, not one React component each: ten thousand spots in view stay smooth. A pin's
// popup reads its spot by id when it opens, but a new spot's, which the device holds whole.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useMap } from 'react-leaflet';
import L from 'leaflet';
import type { ShownPin } from '../../domain/spots/spot-types.ts';
import { CLUSTER_SPACING } from './marker-icons.ts';
import { countInView } from './overview-tiles.ts';
import { loadOnce } from '../../lib/load-once.ts';
import {
  CLUSTER_MAX_ZOOM,
  clusterMarker,
  pinName,
  spotMarker,
  type PinLabels,
  type SpotPoint,
} from './spot-markers.ts';

export { accuracyCircle } from './spot-markers.ts';

type SpotsLayerProps = {
  spots: ShownPin[];
  labels: PinLabels;
  /** The popup of a pin whose spot is on the server, read by id (popup-by-id.ts). */
  spotPopup: (id: string) => Promise<HTMLElement>;
  /** How many spots are inside the current view. */
  onVisibleCountChange: (count: number) => void;
};

type DrawnPin = { marker: L.Marker; drawnFrom: string; name: string };

/** Everything a pin and its popup are drawn from: the same text means the same pin. */
function pinSignature(spot: ShownPin): string {
  return JSON.stringify(spot);
}

/**
 * The clustering library, loaded when the map first draws spots rather than with the main screen (ADR 0067); kept
 * for every later draw. A failed load (no signal, an old cache) is tried again by the next layer that mounts.
 */
const clusterer = loadOnce(() => import('supercluster').then((module) => module.default));

export function SpotsLayer({ spots, labels, spotPopup, onVisibleCountChange }: SpotsLayerProps) {
  const map = useMap();
  const layerRef = useRef<L.LayerGroup | null>(null);
  // The newest popup reader for pins drawn earlier and kept: it knows whether the device is offline now, and what
  // waits in the outbox.
  const popupRef = useRef(spotPopup);
  // The newest words too, read when a popup or its circle is drawn: a pin is drawn again only when its own name
  // changes (another language), not whenever the words' object does (the circles list arriving, the outbox moving),
  // which would close and reopen an open popup under the forager's finger.
  const labelsRef = useRef(labels);
  useEffect(() => {
    popupRef.current = spotPopup;
    labelsRef.current = labels;
  });

  const [Clusterer, setClusterer] = useState(clusterer.now);
  useEffect(
    function loadTheClusterer() {
      if (Clusterer) return;
      let gone = false;
      clusterer
        .load()
        .then((loaded) => {
          if (!gone) setClusterer(() => loaded);
        })
        .catch(() => undefined);
      return () => {
        gone = true;
      };
    },
    [Clusterer],
  );

  const index = useMemo(() => {
    if (!Clusterer) return null;
    const cluster = new Clusterer<SpotPoint, SpotPoint>({ ...CLUSTER_SPACING, maxZoom: CLUSTER_MAX_ZOOM });
    cluster.load(
      spots.map((spot, i) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [spot.longitude, spot.latitude] },
        properties: { index: i },
      })),
    );
    return cluster;
  }, [spots, Clusterer]);

  // The pins drawn now, by spot id, with what each was drawn from. A redraw (a pan, a refetch, another
  // spot saved) keeps the pins whose spot did not change, so an open popup stays open and keeps its focus.
  const pinsRef = useRef(new Map<string, DrawnPin>());
  // The spots the last draw wanted: a pin kept only for its open details goes when they close.
  const wantedRef = useRef(new Set<string>());

  useEffect(
    function addLayerToMap() {
      const layer = L.layerGroup().addTo(map);
      const pins = pinsRef.current;
      layerRef.current = layer;
      return () => {
        layer.remove();
        pins.clear();
        layerRef.current = null;
      };
    },
    [map],
  );

  useEffect(
    function drawVisibleClusters() {
      if (!index) return;
      let clusters: L.Marker[] = [];
      const draw = () => {
        const layer = layerRef.current;
        if (!layer) return;
        const pins = pinsRef.current;
        const bounds = map.getBounds();
        const zoom = Math.round(map.getZoom());
        const bbox: [number, number, number, number] = [
          Math.max(-180, bounds.getWest()),
          Math.max(-90, bounds.getSouth()),
          Math.min(180, bounds.getEast()),
          Math.min(90, bounds.getNorth()),
        ];
        const features = index.getClusters(bbox, zoom);
        for (const cluster of clusters) layer.removeLayer(cluster);
        clusters = [];
        const wanted = new Set<string>();
        for (const feature of features) {
          const [lng, lat] = feature.geometry.coordinates as [number, number];
          const props = feature.properties;
          if ('cluster' in props && props.cluster) {
            const marker = clusterMarker(
              map,
              index,
              props.cluster_id,
              props.point_count,
              lat,
              lng,
              labels.cluster(props.point_count),
            );
            clusters.push(marker);
            layer.addLayer(marker);
          } else {
            const spot = spots[(props as SpotPoint).index];
            if (!spot) continue;
            wanted.add(spot.id);
            const drawnFrom = pinSignature(spot);
            const name = pinName(spot, labels);
            const drawn = pins.get(spot.id);
            if (drawn && drawn.drawnFrom === drawnFrom && drawn.name === name) continue;
            const reopen = drawn?.marker.isPopupOpen() ?? false;
            // What the open popup shows stays shown in the new one until the spot is read again: no "loading" flash,
            // and a button about to be tapped stays where it is.
            const shown = reopen ? drawn?.marker.getPopup()?.getContent() : undefined;
            if (drawn) layer.removeLayer(drawn.marker);
            const marker = spotMarker(
              map,
              spot,
              name,
              () => labelsRef.current,
              (id) => popupRef.current(id),
              shown instanceof HTMLElement ? shown : undefined,
            );
            pins.set(spot.id, { marker, drawnFrom, name });
            marker.on('popupclose', () => {
              if (wantedRef.current.has(spot.id) || pinsRef.current.get(spot.id)?.marker !== marker) return;
              layerRef.current?.removeLayer(marker);
              pinsRef.current.delete(spot.id);
            });
            layer.addLayer(marker);
            // The spot changed under its open popup (a visit recorded, an edit synced): show the new one.
            if (reopen) marker.openPopup();
          }
        }
        wantedRef.current = wanted;
        for (const [id, drawn] of pins) {
          if (wanted.has(id)) continue;
          // The pin whose details are open stays while its spot does, out of view or under a bubble: the details
          // close when the forager closes them, not when the map moves (for them, or under the forager's finger).
          const keep =
            drawn.marker.isPopupOpen() &&
            spots.some((spot) => spot.id === id && pinSignature(spot) === drawn.drawnFrom);
          if (keep) continue;
          layer.removeLayer(drawn.marker);
          pins.delete(id);
        }
        // Spot by spot, not by cluster: a cluster whose centre is in view may hold spots outside it (ADR 0062).
        onVisibleCountChange(countInView(spots, { west: bbox[0], south: bbox[1], east: bbox[2], north: bbox[3] }));
      };
      draw();
      map.on('moveend', draw);
      return () => {
        map.off('moveend', draw);
        for (const cluster of clusters) layerRef.current?.removeLayer(cluster);
      };
    },
    [map, index, spots, labels, onVisibleCountChange],
  );

  return null;
}
