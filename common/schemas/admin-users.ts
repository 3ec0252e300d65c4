import { z } from 'zod';
import { DisplayNameSchema } from './account.ts';

/** An account's standing: `pending` waits for an administrator's approval, `disabled` was stopped by one. */
export const AccountStatusSchema = z.enum(['active', 'pending', 'disabled']);
export type AccountStatus = z.infer<typeof AccountStatusSchema>;
export const AccountRoleSchema = z.enum(['admin', 'user']);
export type AccountRole = z.infer<typeof AccountRoleSchema>;

/** The largest photo quota an administrator may give one account, in MB (1 TB): a typo, not a plan, beyond it. */
export const PHOTO_QUOTA_MB_MAX = 1_048_576;

/**
 * One person on the server as administrators see them (`GET /api/v1/admin/users`): account facts and counts, never
 * content (ADR 0077).
 */
export const AdminUserSchema = z.object({
  id: z.string(),
  /** The display name they chose; null while they have chosen none. */
  name: z.string().nullable(),
  email: z.string(),
  role: AccountRoleSchema,
  status: AccountStatusSchema,
  /** Whether the address was confirmed (by the confirmation link, or by setting the first password from a mailed link). */
  email_verified: z.boolean(),
  /** Whether sign-in asks this account for a code from an authenticator app. */
  two_step: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
  /** When a session of theirs was last used (written at most hourly); null if never. */
  last_active_at: z.iso.datetime({ offset: true }).nullable(),
  /** How many spots they have, private ones included: a count, never which or where. */
  spots: z.number().int().nonnegative(),
  /** The bytes of their stored photos. */
  photo_bytes: z.number().int().nonnegative(),
  /**
   * The quota in force for them, in MB: their own when an administrator set one, else the server's default
   * (`photo_quota_is_default` says which). Always a number, so a tool never has to look the default up.
   */
  photo_quota_mb: z.number().int().nonnegative(),
  /** True when `photo_quota_mb` is the server's default (no quota of their own). */
  photo_quota_is_default: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersQuerySchema = z.object({
  /** `next_cursor` of the page before; absent for the first page. */
  cursor: z.string().max(500).optional(),
  /** Words found in the display name or the e-mail address (case-insensitive). */
  q: z.string().trim().max(200).optional(),
  status: AccountStatusSchema.optional(),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

/** Newest accounts first, 50 a page; `next_cursor` null on the last page. */
export const AdminUsersPageSchema = z.object({
  items: z.array(AdminUserSchema),
  next_cursor: z.string().nullable(),
});
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>;

/** `POST /api/v1/admin/users`: an account made by an administrator; the person is mailed a link to set a password. */
export const CreateAdminUserSchema = z.strictObject({
  email: z.email().max(320),
  name: DisplayNameSchema,
});
export type CreateAdminUser = z.infer<typeof CreateAdminUserSchema>;

/**
 * `PATCH /api/v1/admin/users/:id`. `status: active` approves a pending account or enables a disabled one;
 * `status: disabled` disables it. `photo_quota_mb: null` gives the account the server's default again.
 */
export const AdminUserPatchSchema = z
  .strictObject({
    status: AccountStatusSchema.optional(),
    role: AccountRoleSchema.optional(),
    photo_quota_mb: z.number().int().min(0).max(PHOTO_QUOTA_MB_MAX).nullable().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, 'Send at least one of status, role, photo_quota_mb');
export type AdminUserPatch = z.infer<typeof AdminUserPatchSchema>;

export const AdminUserParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** The answer of the actions that change nothing shown in the list (reset two-step, resend confirmation). */
export const AdminActionDoneSchema = z.object({ ok: z.literal(true) });

export const AuditQuerySchema = z.object({ cursor: z.string().max(500).optional() });
