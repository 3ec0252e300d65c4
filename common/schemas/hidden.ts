import { z } from 'zod';

/** Why something was reported: spam; wrong or misleading; offensive; dangerous or on private land; other. */
export const ReportReasonSchema = z.enum(['spam', 'wrong', 'offensive', 'dangerous', 'other']);
export type ReportReason = z.infer<typeof ReportReasonSchema>;

/**
 * Hidden by an administrator (ADR 0078): what the owner is shown on their spot, visit or photo — the reason of the
 * report that was acted on. Nobody else sees the item at all; the key is absent on anything not hidden.
 */
export const HiddenByAdminSchema = z.object({ reason: ReportReasonSchema });
export type HiddenByAdmin = z.infer<typeof HiddenByAdminSchema>;
