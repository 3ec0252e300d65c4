// The Spots tab with its export, import and "what is fruiting now": features put together by the shell. Loaded
// with the tab.
import { lazy, Suspense, useEffect } from 'react';
import { ExportDialog } from '../features/export/export-dialog.tsx';
import SpotsTab from '../features/spots/spots-tab.tsx';
import { whenIdle } from '../lib/when-idle.ts';
import { Spinner } from '../ui/spinner.tsx';
import { useMe } from '../domain/session/session.tsx';

// The import's preview (a map, a list, the upload) loads only when the forager opens it.
const ImportDialog = lazy(() => import('../features/import/import-dialog.tsx'));
// "Due now" and "found nearby" load when first opened (ADR 0059).
const loadFruiting = () => import('../features/fruiting/fruiting-panel.tsx');
const FruitingPanel = lazy(loadFruiting);

export default function SpotsScreen() {
  const me = useMe();

  useEffect(
    function keepOwnVisitsOnTheDevice() {
      // While there is signal, so "due now" ranks one's spots in the forest with none. Once the list has drawn.
      const controller = new AbortController();
      void whenIdle()
        .then(() => import('../domain/offline/kept-visits.ts'))
        .then((kept) => (controller.signal.aborted ? undefined : kept.refreshOwnVisits(me.id, controller.signal)))
        .then(() => loadFruiting())
        .catch(() => undefined);
      return () => controller.abort();
    },
    [me.id],
  );

  return (
    <SpotsTab
      exportDialog={(onClose) => <ExportDialog onClose={onClose} />}
      importDialog={(onClose) => (
        <Suspense fallback={null}>
          <ImportDialog onClose={onClose} />
        </Suspense>
      )}
      fruitingPanel={(onClose) => (
        <Suspense fallback={<Spinner className="size-6 text-green-800" />}>
          <FruitingPanel onClose={onClose} />
        </Suspense>
      )}
    />
  );
}
