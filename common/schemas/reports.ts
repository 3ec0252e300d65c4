import { z } from 'zod';
import { SpotSchema } from './spots.ts';
import { VisitSchema } from './visits.ts';

/** What may be reported: a public spot, a public visit, or a photo of a public spot or visit (ADR 0078). */
export const ReportTargetTypeSchema = z.enum(['spot', 'visit', 'photo']);
export type ReportTargetType = z.infer<typeof ReportTargetTypeSchema>;

/** Why: spam; wrong or misleading; offensive; dangerous or on private land; other (then with a text). */
export const ReportReasonSchema = z.enum(['spam', 'wrong', 'offensive', 'dangerous', 'other']);
export type ReportReason = z.infer<typeof ReportReasonSchema>;

export const REPORT_TEXT_MAX = 1000;

/** `POST /api/v1/reports`: 201 with the report; the same person's second report of the same item: 200 with the first. */
export const CreateReportSchema = z
  .strictObject({
    target_type: ReportTargetTypeSchema,
    target_id: z.uuid(),
    reason: ReportReasonSchema,
    text: z.string().trim().max(REPORT_TEXT_MAX).optional(),
  })
  .refine((report) => report.reason !== 'other' || (report.text ?? '') !== '', {
    path: ['text'],
    message: 'Say what is wrong when the reason is "other"',
  });
export type CreateReport = z.infer<typeof CreateReportSchema>;

/** A report as its reporter sees it. */
export const ReportSchema = z.object({
  id: z.uuid(),
  target_type: ReportTargetTypeSchema,
  target_id: z.uuid(),
  reason: ReportReasonSchema,
  text: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type Report = z.infer<typeof ReportSchema>;

/** Hidden by an administrator: what the owner is shown on their spot, visit or photo (nobody else sees it at all). */
export const HiddenByAdminSchema = z.object({ reason: ReportReasonSchema });
export type HiddenByAdmin = z.infer<typeof HiddenByAdminSchema>;

/**
 * The reported content in the administrators' queue, as everyone on the server may see it, with its owner's display
 * name; null when it is gone or no longer public (then there is nothing an administrator may look at).
 */
export const ReportedContentSchema = z
  .object({
    owner_id: z.string(),
    owner_name: z.string().nullable(),
    spot: SpotSchema.optional(),
    visit: VisitSchema.optional(),
    photo: z.object({ id: z.uuid(), url: z.string(), thumbnail_url: z.string() }).optional(),
    /** Whether an administrator hid it (and it is not shown again). */
    hidden: z.boolean(),
  })
  .nullable();

export const AdminReportSchema = ReportSchema.extend({
  status: z.enum(['open', 'closed']),
  target: ReportedContentSchema,
});
export type AdminReport = z.infer<typeof AdminReportSchema>;

export const AdminReportListSchema = z.object({ items: z.array(AdminReportSchema) });

/** `PATCH /api/v1/admin/reports/:id`. */
export const ReportActionSchema = z.strictObject({ action: z.enum(['hide', 'dismiss']) });

/** `PATCH /api/v1/admin/hidden/:target_type/:target_id`: show it again. */
export const ShowAgainSchema = z.strictObject({ hidden: z.literal(false) });
