// A whole spot as the spots' map's pin (common/schemas/map-pins.ts), with no zod: the map's first draw uses it.
import type { MapPin } from './schemas/map-pins.ts';
import type { Spot } from './schemas/spots.ts';

/** A pin's coordinate: 6 decimals, as the server rounds it (about 0.1 m). */
export const toPinPrecision = (degrees: number): number => Math.round(degrees * 1e6) / 1e6;

/** A whole spot as its pin: what the map draws of a spot it holds in full (the device's own, one just saved). */
export function pinOf(spot: Spot): MapPin {
  return {
    id: spot.id,
    type: spot.type,
    mushroom_types: spot.mushroom_types,
    latitude: toPinPrecision(spot.latitude),
    longitude: toPinPrecision(spot.longitude),
    accuracy_m: spot.accuracy_m,
    precision: spot.precision,
    // A copy kept by a Foray from before circles has no area.
    area: spot.area ?? null,
    is_owner: spot.is_owner,
    version: spot.version,
  };
}
