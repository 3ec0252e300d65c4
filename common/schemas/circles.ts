// Circles (issue #20, ADR 0053): the people a forager shares chosen spots with. Members see each other's display
// names and roles, never e-mails; anyone outside a circle gets 404 for it, exactly as for one that does not exist.
import { z } from 'zod';
import { CIRCLE_NAME_MAX, INVITE_DAYS_DEFAULT, INVITE_DAYS_MAX, INVITE_USES_MAX } from '../limits.ts';
import { storableText } from './text.ts';

export const CircleRoleSchema = z.enum(['owner', 'admin', 'member']);
export type CircleRole = z.infer<typeof CircleRoleSchema>;

/** A circle's name: trimmed, 1 to CIRCLE_NAME_MAX characters. */
export const CircleNameSchema = storableText(CIRCLE_NAME_MAX)
  .transform((name) => name.trim())
  .pipe(z.string().min(1, 'must not be empty'));

export const CircleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The caller's own role in it. */
  role: CircleRoleSchema,
  member_count: z.number().int(),
});
export type Circle = z.infer<typeof CircleSchema>;
export const CircleListSchema = z.object({ items: z.array(CircleSchema) });
export type CircleList = z.infer<typeof CircleListSchema>;

export const CreateCircleSchema = z.strictObject({ name: CircleNameSchema });
/** Rename (any member may not: the owner only), or hand the circle to another member (`owner_id`). */
export const UpdateCircleSchema = z
  .strictObject({ name: CircleNameSchema.optional(), owner_id: z.string().min(1).max(200).optional() })
  .refine((patch) => (patch.name === undefined) !== (patch.owner_id === undefined), {
    message: 'Send either name or owner_id',
  });
export const CircleIdParamsSchema = z.strictObject({ id: z.uuid() });

/** `name`: the member's display name; null for one who has not chosen one (the app shows a neutral word, ADR 0072). */
export const MemberSchema = z.object({ user_id: z.string(), name: z.string().nullable(), role: CircleRoleSchema });
export type Member = z.infer<typeof MemberSchema>;
export const MemberListSchema = z.object({ items: z.array(MemberSchema) });
export const MemberParamsSchema = z.strictObject({ id: z.uuid(), user_id: z.string().min(1).max(200) });
/** A spot shared with a circle, as its owner and admins take it out (`DELETE /api/v1/circles/:id/spots/:spot_id`). */
export const CircleSpotParamsSchema = z.strictObject({ id: z.uuid(), spot_id: z.uuid() });
/** Admins invite and remove members; the owner makes and unmakes admins (a hand-over is PATCH on the circle). */
export const UpdateMemberSchema = z.strictObject({ role: z.enum(['admin', 'member']) });
export type UpdateMember = z.infer<typeof UpdateMemberSchema>;

export const CreateInviteSchema = z.strictObject({
  expires_in_days: z.number().int().min(1).max(INVITE_DAYS_MAX).default(INVITE_DAYS_DEFAULT),
  /** How many people may join with it; without it, anyone with the link until it expires. */
  max_uses: z.number().int().min(1).max(INVITE_USES_MAX).nullish(),
  /** Sends the link to this address; someone without an account signs up first. */
  email: z.email().max(254).optional(),
});
export type CreateInvite = z.input<typeof CreateInviteSchema>;

export const InviteSchema = z.object({
  id: z.uuid(),
  /** The link to share (and to show as a QR code): this server's /invite/<token>. */
  url: z.string(),
  token: z.string(),
  expires_at: z.string(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  /**
   * The address it was mailed to, for whoever sent it only (ADR 0069): null for the circle's other admins and owner,
   * and for a link that was not mailed.
   */
  email: z.string().nullable(),
  /** Mailed to one address (for that person only, once), whoever may see the address. */
  emailed: z.boolean(),
  /** The display name of the one who made it: null while they have chosen none (ADR 0072). */
  made_by: z.string().nullable(),
});
export type Invite = z.infer<typeof InviteSchema>;
export const InviteListSchema = z.object({ items: z.array(InviteSchema) });
export const InviteParamsSchema = z.strictObject({ id: z.uuid(), invite_id: z.uuid() });
/** A link's token as Foray makes them: base64url (anything else, a NUL byte among it, is no token). */
export const InviteTokenParamsSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'Not an invitation token'),
});

/** What a signed-in visitor with the link sees before joining: the circle's name and who invited them. */
export const InvitePreviewSchema = z.object({
  circle: z.object({ id: z.uuid(), name: z.string() }),
  /** The inviter's display name; null when they have chosen none. */
  invited_by: z.string().nullable(),
  /** Already a member: the app opens the circle instead of asking. */
  already_member: z.boolean(),
});
export type InvitePreview = z.infer<typeof InvitePreviewSchema>;
