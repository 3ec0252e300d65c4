import { z } from 'zod';
export * from '../spot-field-types.ts';
// The list's query (a box of the map, the filter bar), with the spots' other schemas.
export * from './spot-list-query.ts';
import { HiddenByAdminSchema } from './hidden.ts';
import { CHECK_IDS_MAX, FINDER_MAX, MUSHROOM_TYPES_MAX, PHOTOS_PER_SPOT_MAX } from '../limits.ts';
import { sharingFieldSchemas, spotFieldSchemas, spotOutputShape } from '../spot-fields.ts';
import { DateFoundSchema, SpotTypeSchema, type Audience, type SpotType } from '../spot-field-types.ts';
import { storableText } from './text.ts';

/**
 * `audience` and `is_public` must agree when both are sent; `circle_ids` belong to `audience: circles` (sent alone,
 * they mean it), and that audience needs at least one.
 */
function sharingAgrees(
  input: { audience?: Audience | undefined; circle_ids?: string[] | undefined; is_public?: boolean | undefined },
  ctx: z.RefinementCtx,
) {
  const { audience, circle_ids: circleIds, is_public: isPublic } = input;
  if (audience !== undefined && isPublic !== undefined && isPublic !== (audience === 'public')) {
    ctx.addIssue({ code: 'custom', path: ['is_public'], message: 'is_public must agree with audience' });
  }
  if (circleIds !== undefined && circleIds.length > 0 && audience !== undefined && audience !== 'circles') {
    ctx.addIssue({ code: 'custom', path: ['circle_ids'], message: 'circle_ids go with audience "circles"' });
  }
  if (circleIds !== undefined && circleIds.length > 0 && isPublic === true) {
    ctx.addIssue({ code: 'custom', path: ['circle_ids'], message: 'A public spot is seen by everyone: no circle_ids' });
  }
  if (audience === 'circles' && (circleIds === undefined || circleIds.length === 0)) {
    ctx.addIssue({ code: 'custom', path: ['circle_ids'], message: 'Choose at least one circle to share with' });
  }
}

/**
 * A mushroom spot names its mushrooms and its finder; a car park needs neither. The one statement of that rule: the
 * server's create and edit refuse a spot without them (400 MISSING_INFORMATION), the add form and the edit dialog
 * check it before anything is saved on the device (SpotFormSchema). An import asks the name only (importLacksName).
 */
export function lacksTypesOrFinder(spot: {
  type: SpotType;
  mushroom_types?: string | null | undefined;
  finder?: string | null | undefined;
}): boolean {
  return spot.type === 'mushroom_spot' && (!spot.mushroom_types?.trim() || !spot.finder?.trim());
}

/** The same rule as a refinement, its issues at `mushroom_types` and `finder`. */
export function typesAndFinderFilledIn(
  spot: { type: SpotType; mushroom_types: string; finder: string },
  ctx: z.RefinementCtx,
) {
  if (spot.type !== 'mushroom_spot') return;
  for (const key of ['mushroom_types', 'finder'] as const) {
    if (!spot[key].trim())
      ctx.addIssue({ code: 'custom', path: [key], message: `${key}: required for a mushroom spot` });
  }
}

/** What the add form and the edit dialog check before saving: the rules the server would refuse the spot by. */
export const SpotFormSchema = z
  .object({ type: SpotTypeSchema, mushroom_types: z.string(), finder: z.string(), date_found: DateFoundSchema })
  .superRefine(typesAndFinderFilledIn);

/** What the owner sends to create a spot (JSON, or the text fields of a multipart form). */
export const CreateSpotSchema = z
  .strictObject({
    id: z.uuid().optional(),
    ...spotFieldSchemas,
    mushroom_types: spotFieldSchemas.mushroom_types.default(''),
    finder: spotFieldSchemas.finder.default(''),
    is_public: spotFieldSchemas.is_public.optional(),
    precision: spotFieldSchemas.precision.default('exact'),
    ...sharingFieldSchemas,
    /** The id of the spot's first photo (multipart with a photo only), made by the client like the spot's. */
    photo_id: z.uuid().optional(),
  })
  .superRefine(sharingAgrees);
export type CreateSpotInput = z.input<typeof CreateSpotSchema>;

/** Text with something in it besides spaces: a mushroom spot's types and finder (blank ones are 400 MISSING_INFORMATION). */
const filledIn = (max: number, what: string) =>
  storableText(max)
    .regex(/\S/, `${what}: required for a mushroom spot`)
    .describe(`Required for a mushroom spot, not blank`);

/**
 * CreateSpot as the OpenAPI document states it (ADR 0075): one shape for each type, so a client generated from the
 * document knows that a mushroom spot needs `mushroom_types` and `finder` and a car park does not. The server reads
 * a create with CreateSpotSchema and then that rule (400 MISSING_INFORMATION, spot-input.ts): the same request,
 * told in one place for the document.
 */
export const CreateSpotDocumentSchema = z.discriminatedUnion('type', [
  z.strictObject({
    ...CreateSpotSchema.shape,
    type: z.literal('mushroom_spot'),
    mushroom_types: filledIn(MUSHROOM_TYPES_MAX, 'mushroom_types'),
    finder: filledIn(FINDER_MAX, 'finder'),
  }),
  z.strictObject({ ...CreateSpotSchema.shape, type: z.literal('car_park') }),
]);
export type CreateSpot = z.output<typeof CreateSpotSchema>;

/**
 * What the owner sends to edit a spot: any of its fields, with the same rules as creating it.
 * `base_version` is the spot's `version` the edit was made on; when the spot has changed since, the edit is
 * refused with 409 STALE and the spot as it is now. Without it (clients that only share) the edit applies
 * to whatever is current. A new position without `accuracy_m` was placed by hand: its accuracy becomes null.
 */
export const UpdateSpotSchema = z
  .strictObject({
    ...z.object(spotFieldSchemas).partial().shape,
    ...sharingFieldSchemas,
    base_version: z.number().int().min(1).max(2_147_483_647).optional(),
  })
  .refine((patch) => Object.keys(patch).some((key) => key !== 'base_version'), {
    message: 'Send at least one field to change',
  })
  .refine((patch) => (patch.latitude === undefined) === (patch.longitude === undefined), {
    message: 'latitude and longitude change together',
    path: ['latitude'],
  })
  .refine((patch) => patch.accuracy_m === undefined || patch.latitude !== undefined, {
    message: 'accuracy_m belongs to a new position: send it with latitude and longitude',
    path: ['accuracy_m'],
  })
  .superRefine(sharingAgrees);
export type UpdateSpot = z.infer<typeof UpdateSpotSchema>;

/** One of a spot's photos; its URLs answer only those who may see the spot. */
export const PhotoSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  thumbnail_url: z.string(),
  /** Only on the owner's own photo that an administrator hid (ADR 0078); nobody else is given it at all. */
  hidden: HiddenByAdminSchema.optional(),
});
export type Photo = z.infer<typeof PhotoSchema>;
/** What a return to a spot gave: mushrooms, or nothing this time (a first-class answer, not a missing one). */
export const VisitOutcomeSchema = z.enum(['found', 'nothing']);
export type VisitOutcome = z.infer<typeof VisitOutcomeSchema>;

/** Part of every Spot: how often the spot was visited and how the latest visit went (common/schemas/visits.ts). */
export const VisitSummarySchema = z.object({
  count: z.number().int(),
  last: z.object({ date: z.string(), outcome: VisitOutcomeSchema }).nullable(),
});
export type VisitSummary = z.infer<typeof VisitSummarySchema>;

export const SpotSchema = z.object({
  id: z.uuid(),
  ...spotOutputShape,
  /** An approximate spot seen by someone else: its grid cell, [min_lng, min_lat, max_lng, max_lat]; else null. */
  area: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  /** The cover: the first of `photos` (kept for clients that know one photo only). */
  photo_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  /** At most PHOTOS_PER_SPOT_MAX, in the owner's order; the first is the cover. */
  photos: z.array(PhotoSchema),
  created_at: z.string(),
  /**
   * When the spot last changed (created_at until its first edit). Someone else's spot: when something they are shown
   * last changed (ADR 0070).
   */
  updated_at: z.string(),
  /**
   * 1 when created, one more with each change: what an edit names as its `base_version`. Someone else's spot: one
   * more with each change of something they are shown, so a move inside an approximate spot's cell leaves it as it
   * was (ADR 0070).
   */
  version: z.number().int(),
  is_owner: z.boolean(),
  /** The owner's display name; null when they have chosen none (never anything from their e-mail, ADR 0072). */
  owner_name: z.string().nullable(),
  visits: VisitSummarySchema,
  /** Only on the owner's own spot that an administrator hid (ADR 0078): nobody else is shown the spot at all. */
  hidden: HiddenByAdminSchema.nullable().optional(),
});
export type Spot = z.infer<typeof SpotSchema>;

/** 409 STALE: the edit was made on an older version; `details.current` is the spot as it is now. */
export const StaleSpotErrorSchema = z.object({
  error: z.object({
    code: z.literal('STALE'),
    message: z.string(),
    details: z.object({ current: SpotSchema }),
  }),
});

export const SpotPageSchema = z.object({
  items: z.array(SpotSchema),
  next_cursor: z.string().nullable(),
});
export type SpotPage = z.infer<typeof SpotPageSchema>;

/** `POST /api/v1/locations/check`: the ids a device keeps; the answer names those the caller may still see. */
export const CheckSpotsSchema = z.strictObject({ ids: z.array(z.uuid()).max(CHECK_IDS_MAX) });
export const CheckedSpotsSchema = z.object({
  /**
   * Each id still visible, with its version as the caller is given it (someone else's spot: the shown one, ADR 0070):
   * an id missing here is to be dropped from the device.
   */
  items: z.array(z.object({ id: z.uuid(), version: z.number().int() })),
});
export type CheckedSpots = z.infer<typeof CheckedSpotsSchema>;

export const SpotIdParamsSchema = z.strictObject({ id: z.uuid() });
export const SpotPhotoParamsSchema = z.strictObject({ id: z.uuid(), photoId: z.uuid() });

/** The text fields of `POST /api/v1/locations/:id/photos` (multipart, with the file in `photo`). */
export const AddPhotoFieldsSchema = z.strictObject({
  /** Made by the client: the same id again is a retry, answered with the spot as it is. */
  id: z.uuid().optional(),
});

/** `PUT /api/v1/locations/:id/photos/order`: every photo id of the spot, once each, cover first. */
export const PhotoOrderSchema = z.strictObject({
  photo_ids: z.array(z.uuid()).max(PHOTOS_PER_SPOT_MAX),
});
export type PhotoOrder = z.infer<typeof PhotoOrderSchema>;
