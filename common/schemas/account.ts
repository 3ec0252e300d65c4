import { z } from 'zod';
import { DISPLAY_NAME_MAX } from '../limits.ts';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacters } from './text.ts';

/** The name others see instead of the e-mail's local part: trimmed, 1–60 characters, no control characters. */
export const DisplayNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(DISPLAY_NAME_MAX, `must be at most ${DISPLAY_NAME_MAX} characters`)
  .refine((value) => !hasControlCharacters(value), CONTROL_CHARACTER_MESSAGE);

/** `GET/PATCH /api/v1/me/settings`: Foray's own account settings (better-auth keeps the rest). */
export const AccountSettingsSchema = z.object({
  /** The sharing a new spot starts with in the add form. */
  default_public: z.boolean(),
});
export type AccountSettings = z.infer<typeof AccountSettingsSchema>;
export const AccountSettingsPatchSchema = AccountSettingsSchema.partial().strict();

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
