import { z } from 'zod';
import { DISPLAY_NAME_MAX } from '../limits.ts';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacters } from './text.ts';
import { AudienceSchema, CircleIdsSchema, PrecisionSchema } from './spots.ts';

/** The name others see, chosen by its forager (ADR 0072): trimmed, 1–60 characters, no control characters. */
export const DisplayNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(DISPLAY_NAME_MAX, `must be at most ${DISPLAY_NAME_MAX} characters`)
  .refine((value) => !hasControlCharacters(value), CONTROL_CHARACTER_MESSAGE);

/**
 * `GET/PATCH /api/v1/me/settings`: Foray's own account settings (better-auth keeps the rest): the sharing a new spot
 * starts with in the add form (ADR 0056).
 */
export const AccountSettingsSchema = z.object({
  /** `default_audience` is "public" (kept for older apps). */
  default_public: z.boolean(),
  default_audience: AudienceSchema,
  /** With "circles": which; always circles one is in (leaving one takes it out of the default). */
  default_circle_ids: z.array(z.uuid()),
  /** How exactly others see a new spot at first. */
  default_precision: PrecisionSchema,
});
export type AccountSettings = z.infer<typeof AccountSettingsSchema>;

/**
 * A change of them. As for a spot: `default_public` and `default_audience` must agree when both are sent;
 * `default_circle_ids` go with "circles" (sent alone, they mean it), which needs at least one; `default_public:
 * false` alone (an older app's "only me") stops sharing with everyone and keeps the default circles.
 */
export const AccountSettingsPatchSchema = z
  .strictObject({
    default_public: z.boolean().optional(),
    default_audience: AudienceSchema.optional(),
    default_circle_ids: CircleIdsSchema.optional(),
    default_precision: PrecisionSchema.optional(),
  })
  .superRefine((patch, ctx) => {
    const { default_audience: audience, default_circle_ids: circleIds, default_public: isPublic } = patch;
    if (audience !== undefined && isPublic !== undefined && isPublic !== (audience === 'public')) {
      ctx.addIssue({
        code: 'custom',
        path: ['default_public'],
        message: 'default_public must agree with default_audience',
      });
    }
    const someCircles = circleIds !== undefined && circleIds.length > 0;
    if (someCircles && ((audience !== undefined && audience !== 'circles') || isPublic === true)) {
      ctx.addIssue({
        code: 'custom',
        path: ['default_circle_ids'],
        message: 'default_circle_ids go with default_audience "circles"',
      });
    }
    if (audience === 'circles' && !someCircles) {
      ctx.addIssue({ code: 'custom', path: ['default_circle_ids'], message: 'Choose at least one circle' });
    }
  });
export type AccountSettingsPatch = z.infer<typeof AccountSettingsPatchSchema>;

/** One signed-in session as the account page lists it: never its token. */
export const AccountSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_active_at: z.string(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;
export const AccountSessionsSchema = z.object({ sessions: z.array(AccountSessionSchema) });
