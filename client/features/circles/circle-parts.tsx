// What the circle screens are made of: a titled section, a request with its busy state and failure toast, the
// refresh after a change, a confirmation dialog, and a role's badge.
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useQueryClient } from '@tanstack/react-query';
import type { CircleRole } from '../../../common/schemas/circles.ts';
import { circleKeys } from '../../domain/sharing/circles.ts';
import { spotKeys } from '../../domain/spots/spot-keys.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { circleErrorMessage } from './circle-errors.ts';
import { requestIdOf } from '../../lib/api-client.ts';

export function PanelSection({
  title,
  children,
  danger = false,
}: {
  title: string;
  children: ReactNode;
  danger?: boolean;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={danger ? 'rounded-lg border border-red-300 p-4' : ''}>
      <h3 id={id} className={`mb-3 text-base font-semibold ${danger ? 'text-red-800' : 'text-green-900'}`}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Runs a request with a busy state; when it fails, a toast titled `failedTitle` with the reason. Resolves to whether it worked. */
export function useCircleAction() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<void>, failedTitle: string): Promise<boolean> {
    setBusy(true);
    try {
      await action();
      return true;
    } catch (error) {
      toast({
        variant: 'destructive',
        title: failedTitle,
        description: circleErrorMessage(error),
        requestId: requestIdOf(error),
      });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}

/**
 * After a change: the circles (list, the circle, its members and invitations) are read again; after one that
 * changes who sees which spots (joining, leaving, a removal, a deletion), the spots on the map and list too.
 * A circle the forager can no longer see is dropped from the cache first, so it is not asked for again (a 404).
 */
export function useCirclesChanged() {
  const queryClient = useQueryClient();
  return async (options: { spots?: boolean; gone?: string } = {}) => {
    if (options.gone) queryClient.removeQueries({ queryKey: circleKeys.one(options.gone) });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: circleKeys.all }),
      options.spots ? queryClient.invalidateQueries({ queryKey: spotKeys.all }) : undefined,
    ]);
  };
}

/** A question before something that cannot be undone; focus starts on Cancel. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  destructive = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onCancel()} title={title} description={description}>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button
          variant={destructive ? 'destructive' : 'primary'}
          disabled={busy}
          aria-busy={busy}
          onClick={() => {
            setBusy(true);
            void onConfirm().finally(() => setBusy(false));
          }}
        >
          {busy && <Spinner />}
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

export function RoleBadge({ role }: { role: CircleRole }) {
  const { t } = useTranslation();
  const look =
    role === 'owner'
      ? 'bg-green-800 text-white'
      : role === 'admin'
        ? 'bg-green-100 text-green-900'
        : 'bg-stone-100 text-stone-800';
  return <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${look}`}>{t(`circles.role.${role}`)}</span>;
}
