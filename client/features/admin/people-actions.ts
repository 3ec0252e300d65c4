// What the people's section and its rows share: the server's words for a refusal, an action that tells how it went,
// and megabytes as an administrator reads them.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useToast } from '../../ui/toast.tsx';
import { ADMIN_KEY } from './admin-api.ts';

export type T = ReturnType<typeof useTranslation>['t'];

/** The server's words for a refusal, or ours where its code means something else here. */
export function adminError(error: unknown, t: T): string {
  if (error instanceof ApiError && error.code === 'NOT_FOUND') return t('admin.people.gone');
  return errorMessage(error, t('common.somethingWentWrong'));
}

/** Runs an action, tells how it went, and reads the people and the audit log again. */
export function useAdminAction() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<unknown>, done: string, failed: string): Promise<boolean> {
    setBusy(true);
    try {
      await action();
      toast({ title: done });
      return true;
    } catch (error) {
      toast({ variant: 'destructive', title: failed, description: adminError(error, t) });
      return false;
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    }
  }
  return { busy, run };
}

export function formatMegabytes(bytes: number, language: string | undefined): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: bytes < 10 * 1024 * 1024 ? 1 : 0 }).format(
    bytes / (1024 * 1024),
  );
}
