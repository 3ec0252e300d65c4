// Sending a report (POST /api/v1/reports). Online only: a report is not queued on the device to be sent later.
import type { CreateReport } from '../../../common/schemas/reports.ts';
import { api } from '../../lib/api-client.ts';

/** 'sent': a new report; 'already': this forager had reported it before (the server answers 200 with the first). */
export async function sendReport(report: CreateReport): Promise<'sent' | 'already'> {
  let status = 0;
  await api('/api/v1/reports', {
    method: 'POST',
    json: report,
    onStatus: (answered) => (status = answered),
    schema: () => import('../../../common/schemas/reports.ts').then((contract) => contract.ReportSchema),
  });
  return status === 201 ? 'sent' : 'already';
}
