// Provides "edit this spot" and "compare my stale edit" to the whole main screen and shows the dialog asked for.
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import type { ShownSpot } from '../domain/spots/spot-types.ts';
import { SpotEditingContext } from '../domain/spots/spot-editing.ts';
import { withAllWords } from '../i18n/later-words.ts';

const EditDialogs = lazy(withAllWords(() => import('../features/spots/edit-dialogs.tsx')));

export function EditHost({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<{ kind: 'edit' | 'compare'; spot: ShownSpot } | null>(null);
  const editing = useMemo(
    () => ({
      edit: (spot: ShownSpot) => setOpen({ kind: 'edit', spot }),
      compare: (spot: ShownSpot) => setOpen({ kind: 'compare', spot }),
    }),
    [],
  );
  const close = () => setOpen(null);
  return (
    <SpotEditingContext value={editing}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <EditDialogs kind={open.kind} spot={open.spot} onClose={close} />
        </Suspense>
      )}
    </SpotEditingContext>
  );
}
