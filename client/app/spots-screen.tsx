// The Spots tab with its export and import: three features put together by the shell. Loaded with the tab.
import { lazy, Suspense } from 'react';
import { ExportDialog } from '../features/export/export-dialog.tsx';
import SpotsTab from '../features/spots/spots-tab.tsx';

// The import's preview (a map, a list, the upload) loads only when the forager opens it.
const ImportDialog = lazy(() => import('../features/import/import-dialog.tsx'));

export default function SpotsScreen() {
  return (
    <SpotsTab
      exportDialog={(onClose) => <ExportDialog onClose={onClose} />}
      importDialog={(onClose) => (
        <Suspense fallback={null}>
          <ImportDialog onClose={onClose} />
        </Suspense>
      )}
    />
  );
}
