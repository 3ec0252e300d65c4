// Provides "edit this spot" and "compare my stale edit" to the whole main screen and shows the dialog asked for.
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import type { ShownSpot } from '../lib/offline/outbox-model.ts';
import { SpotEditingContext } from '../lib/spot-editing.ts';

const EditSpotDialog = lazy(() => import('../features/map/edit-spot-dialog.tsx'));
const ConflictDialog = lazy(() => import('../features/map/conflict-dialog.tsx'));

export function EditHost({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<{ kind: 'edit' | 'compare'; spot: ShownSpot } | null>(null);
  const editing = useMemo(() => ({ edit: (spot: ShownSpot) => setOpen({ kind: 'edit', spot }), compare: (spot: ShownSpot) => setOpen({ kind: 'compare', spot }) }), []);
  const close = () => setOpen(null);
  return (
    <SpotEditingContext value={editing}>
      {children}
      <Suspense fallback={null}>
        {open?.kind === 'edit' && <EditSpotDialog spot={open.spot} onClose={close} />}
        {open?.kind === 'compare' && <ConflictDialog spot={open.spot} onClose={close} />}
      </Suspense>
    </SpotEditingContext>
  );
}
