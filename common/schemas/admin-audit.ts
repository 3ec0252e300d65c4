import { z } from 'zod';

/** What an administrator did, as the audit log names it (`GET /api/v1/admin/audit`). More may be added. */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.approve',
  'user.refuse',
  'user.disable',
  'user.enable',
  'user.delete',
  'user.reset_two_step',
  'user.resend_confirmation',
  'user.role',
  'user.quota',
  'settings.update',
  'invite.create',
  'invite.revoke',
  'report.hide',
  'report.dismiss',
  'content.show',
] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

/** One entry: who (`actor_id`; null for `npm run admin` on the console), what, on whom, when, from where. */
export const AuditEntrySchema = z.object({
  at: z.iso.datetime({ offset: true }),
  actor_id: z.string().nullable(),
  action: AuditActionSchema,
  /** The account, invitation, report or content acted on; null for the server's settings. */
  subject_id: z.string().nullable(),
  /** The address the request came from, as the server sees it (TRUST_PROXY); null for `npm run admin`. */
  address: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  items: z.array(AuditEntrySchema),
  next_cursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
