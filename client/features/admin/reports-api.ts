// The administrators' queue of reports (issue #34): the reports, and what an administrator does with one. Answers are
// checked against common/schemas/reports.ts, loaded with the first request (the panel is a lazy chunk).
import type { ReportTargetType } from '../../../common/schemas/reports.ts';
import { api } from '../../lib/api-client.ts';

export type ReportStatus = 'open' | 'closed';

export const reportsKey = (status: ReportStatus) => ['admin', 'reports', status] as const;

export const listReports = (status: ReportStatus, signal?: AbortSignal) =>
  api(`/api/v1/admin/reports?status=${status}`, {
    signal,
    schema: () => import('../../../common/schemas/reports.ts').then((contract) => contract.AdminReportListSchema),
  }).then((list) => list.items);

/** Hide the reported content from everyone but its owner, or dismiss the report; either closes it. */
export const actOnReport = (reportId: string, action: 'hide' | 'dismiss') =>
  api<unknown>(`/api/v1/admin/reports/${encodeURIComponent(reportId)}`, { method: 'PATCH', json: { action } });

/** Show hidden content to everyone who may see it again. */
export const showAgain = (type: ReportTargetType, id: string) =>
  api<unknown>(`/api/v1/admin/hidden/${encodeURIComponent(type)}/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: { hidden: false },
  });

/** Disable an account: its sessions end and its content is shown to nobody else until it is enabled again. */
export const disableAccount = (userId: string) =>
  api<unknown>(`/api/v1/admin/users/${encodeURIComponent(userId)}`, { method: 'PATCH', json: { status: 'disabled' } });
