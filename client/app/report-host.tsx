// Provides "report this" to the whole main screen and shows the lazy report dialog when asked.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ReportContext, type ReportRequest } from '../domain/dialogs/report-context.ts';
import { withAllWords } from '../i18n/later-words.ts';

const ReportDialog = lazy(withAllWords(() => import('../features/reports/report-dialog.tsx')));

export function ReportHost({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ReportRequest | null>(null);
  return (
    <ReportContext.Provider value={setRequest}>
      {children}
      {request && (
        <Suspense fallback={null}>
          <ReportDialog
            key={`${request.target_type}:${request.target_id}`}
            request={request}
            onClose={() => setRequest(null)}
          />
        </Suspense>
      )}
    </ReportContext.Provider>
  );
}
