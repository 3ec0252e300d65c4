// The parts every section of the account panel is made of: a titled section, a save with its busy state and
// failure toast, and the save button.
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage, requestIdOf } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';

export function Section({ title, children, danger = false }: { title: string; children: ReactNode; danger?: boolean }) {
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

/** Runs a save with a busy state, and a toast with the server's message when it fails. */
export function useAction() {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<void>, failedTitle: string) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: failedTitle,
        description: errorMessage(error, t('common.somethingWentWrong')),
        requestId: requestIdOf(error),
      });
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}

export function SaveButton({
  busy,
  label,
  busyLabel,
  variant,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  variant?: 'primary' | 'destructive';
}) {
  return (
    <Button type="submit" variant={variant} disabled={busy} aria-busy={busy}>
      {busy && <Spinner />}
      {busy ? busyLabel : label}
    </Button>
  );
}
