import { z } from 'zod';
import { AudienceSchema, PrecisionSchema } from './spots.ts';

export const BASE_LAYER_IDS = ['street', 'satellite', 'topo', 'dark'] as const;
export type BaseLayerId = (typeof BASE_LAYER_IDS)[number];

export const TileLayerSchema = z.object({
  id: z.enum(BASE_LAYER_IDS),
  url: z.string(),
  attribution: z.string(),
  max_zoom: z.number().int(),
  /** Whether the app's service worker may keep this layer's viewed tiles (the provider's terms allow it). */
  cache: z.boolean(),
});
export type TileLayer = z.infer<typeof TileLayerSchema>;

/**
 * The operator's region map (ADR 0017): one PMTiles archive of vector tiles for use with no signal. `url` is
 * served to signed-in users only, with byte ranges; `etag` and `bytes` tell a phone whether its copy is current.
 */
export const MapRegionSchema = z.object({
  name: z.string(),
  url: z.string(),
  bytes: z.number().int(),
  etag: z.string(),
});
export type MapRegion = z.infer<typeof MapRegionSchema>;

/** Settings the web app reads at start: `GET /api/v1/config`. */
export const ClientConfigSchema = z.object({
  tile_layers: z.array(TileLayerSchema),
  photo_max_bytes: z.number().int(),
  /** null when the operator has set no MAP_REGION_FILE. */
  map_region: MapRegionSchema.nullable(),
  /** Past this many spots in view the map shows counted cells from `/api/v1/map/tiles` instead of pins. */
  map_overview_from: z.number().int().min(0),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;

/** `GET /api/v1/me`: the signed-in user, as the app shows them. */
export const MeSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The display name others see; null until the user chooses one (the app asks), never made from the address. */
  name: z.string().nullable(),
  /**
   * `admin` runs the server: the app shows the administration page (ADR 0077). Absent in a user kept on the device by
   * an older version: a user.
   */
  role: z.enum(['admin', 'user']).optional(),
  /**
   * The sharing the add form starts with (AccountSettingsSchema); each absent in a user kept on the device by an
   * older version.
   */
  default_public: z.boolean().optional(),
  default_audience: AudienceSchema.optional(),
  default_circle_ids: z.array(z.uuid()).optional(),
  default_precision: PrecisionSchema.optional(),
});
export type Me = z.infer<typeof MeSchema>;

/** `GET /api/v1/session`: who is signed in, `null` for a signed-out visitor (200 either way). */
export const SessionSchema = z.object({ user: MeSchema.nullable() });
export type Session = z.infer<typeof SessionSchema>;

export const TranslationsSchema = z.record(z.string(), z.string());
