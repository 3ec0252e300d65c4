// Who may join the server and its defaults (ADR 0079): the sign-up policy the sign-in screen reads, the
// administrators' settings, and server invitations.
import { z } from 'zod';
import {
  INVITE_DAYS_DEFAULT,
  INVITE_DAYS_MAX,
  PHOTO_QUOTA_MB_MAX,
  SERVER_INVITE_USES_MAX,
  SIGNUP_DOMAIN_MAX,
  SIGNUP_DOMAINS_MAX,
} from '../limits.ts';

export const SIGNUP_POLICIES = ['open', 'invite', 'approval', 'closed'] as const;
/**
 * `open`: anyone may sign up; `invite`: only with a server invitation or a circle invitation; `approval`: anyone may
 * sign up and an administrator approves before the account can sign in; `closed`: administrators make accounts.
 */
export const SignupPolicySchema = z.enum(SIGNUP_POLICIES);
export type SignupPolicy = z.infer<typeof SignupPolicySchema>;

/**
 * `GET /api/v1/signup`: what the sign-in screen says about joining. `some_domains` says only that an administrator
 * listed domains whose addresses may always sign up, never which (ADR 0079).
 */
export const SignupInfoSchema = z.object({
  policy: SignupPolicySchema,
  some_domains: z
    .boolean()
    .describe(
      'Whether addresses of some domains may always sign up (never held for approval); the domains stay unsaid',
    ),
});
export type SignupInfo = z.infer<typeof SignupInfoSchema>;

/** A domain as it is kept: lower case, without the @, a DNS name's letters (`club.lt`, `mail.club.lt`). */
export const SignupDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(SIGNUP_DOMAIN_MAX)
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/,
    'A domain such as club.lt, without the @',
  );

export const AdminSettingsSchema = z.object({
  signup_policy: SignupPolicySchema,
  /** Addresses of these domains may always sign up, whatever the policy, and are never held for approval. */
  signup_domains: z.array(z.string()),
  /** The photo quota of an account without one of its own, in MB: PHOTO_QUOTA_MB until an administrator sets it. */
  photo_quota_mb: z.number().int(),
});
export type AdminSettings = z.infer<typeof AdminSettingsSchema>;

export const AdminSettingsPatchSchema = z.strictObject({
  signup_policy: SignupPolicySchema.optional(),
  signup_domains: z
    .array(SignupDomainSchema)
    .max(SIGNUP_DOMAINS_MAX)
    .transform((domains) => [...new Set(domains)])
    .optional(),
  photo_quota_mb: z.number().int().min(0).max(PHOTO_QUOTA_MB_MAX).optional(),
});
export type AdminSettingsPatch = z.input<typeof AdminSettingsPatchSchema>;

export const CreateServerInviteSchema = z.strictObject({
  expires_in_days: z.number().int().min(1).max(INVITE_DAYS_MAX).default(INVITE_DAYS_DEFAULT),
  /** How many accounts may be made with it; without it, any number until it expires. */
  max_uses: z.number().int().min(1).max(SERVER_INVITE_USES_MAX).nullish(),
  /** Mails the link to this address, and only this address may sign up with it (once). */
  email: z.email().max(254).optional(),
});
export type CreateServerInvite = z.input<typeof CreateServerInviteSchema>;

export const ServerInviteSchema = z.object({
  id: z.uuid(),
  /** The link to share (and show as a QR code): this server's /join/<token>. */
  url: z.string(),
  token: z.string(),
  expires_at: z.string(),
  max_uses: z.number().int().nullable(),
  /** Accounts made with it so far. */
  uses: z.number().int(),
  /** The address it was mailed to, or null. */
  email: z.string().nullable(),
  created_at: z.string(),
});
export type ServerInvite = z.infer<typeof ServerInviteSchema>;
export const ServerInviteListSchema = z.object({ items: z.array(ServerInviteSchema) });
export const ServerInviteParamsSchema = z.strictObject({ id: z.uuid() });
